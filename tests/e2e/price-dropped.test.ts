import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ProductCard } from '../../shared/api/product-schemas';
import { DealsSchema, SearchResponseSchema, type SearchResponse } from '../../shared/api/search-schemas';
import { startProduct, type RunningProduct } from '../../scripts/lib/processes';
import { demoCatalogDir, generateDemoDay, importIntoRunning, productCutOnDay2 } from '../support/demo-days';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations, waitForHydration } from '../support/browser';
import { pollUntil } from '../support/poll';
import { TEST_BUILD_DIR } from '../support/test-build';
import * as SEARCH_API from '../../shared/api/search-paths';

// The "Price Dropped" deal and sort in a real browser: a store's day-2 GB feed from the demo,
// handed to the running api by the import CLI, cuts prices of products first seen on day 1; the
// listing's Deals group then offers Price Dropped with their count, ticking it lists exactly
// them, the sort menu orders them by the drop, and axe finds nothing serious on the result.
// Without JavaScript both are plain links. One feed, so one catalogue notice: once the index
// shows a drop it has followed the whole import, and every count after is final.

const browser = browserForFile();
let product: RunningProduct;

/** The GB feed file of a store one of whose in-stock products is cheaper on day 2. */
async function feedWithCutsOnDay2(catalogDir: string): Promise<string> {
  const cut = await productCutOnDay2(catalogDir);
  const file = ['tsv', 'xml'].map((ext) => path.join(catalogDir, 'feeds', `${cut.store.slug}.gb.${ext}`)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no GB feed of ${cut.store.slug}`);
  return file;
}

beforeAll(async () => {
  product = await startProduct({ template: inject('smallDemo'), buildDir: TEST_BUILD_DIR });
  // The data directory is the api's, so the CLI finds it running and hands the file over.
  await generateDemoDay(product, 2);
  await importIntoRunning(product, await feedWithCutsOnDay2(demoCatalogDir(product)));
  // The index follows the import in its own time: the deal count is the signal it has.
  await pollUntil('the index shows the day-2 price drops', async () => ((await droppedCount()) > 0 ? true : undefined), 60_000);
});
afterAll(async () => {
  await product?.stop();
});

async function droppedCount(): Promise<number> {
  const res = await fetch(`${product.apiUrl}${SEARCH_API.deals}?country=GB`);
  expect(res.status).toBe(200);
  return DealsSchema.parse(((await res.json()) as { data: unknown }).data).deals.find((d) => d.key === 'pricedropped')!.docCount;
}

/** What the api itself answers for the GB listing of every product (up to 100). */
async function apiListing(query: Record<string, string>): Promise<SearchResponse> {
  const res = await fetch(`${product.apiUrl}${SEARCH_API.list}?${new URLSearchParams({ country: 'GB', perPage: '100', ...query })}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(((await res.json()) as { data: unknown }).data);
}

const params = (page: Page) => new URL(page.url()).searchParams;
const group = (page: Page, title: string): Locator => page.locator('details.filter-group', { has: page.locator('summary', { hasText: new RegExp(`^${title}$`) }) });
/** The product page a card links to, as the listing draws it for the shown colour's first size. */
const cardPath = (p: ProductCard) => `/${p.category_slug}/${p.subcategory_slug}/${p.variants[p.variant_index]!.size_variants[0]!.slug}`;
const shownPaths = (page: Page) => page.locator('.listing-results .product-card-title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function totalCount(page: Page): Promise<number> {
  const text = await page.locator('.listing-count').innerText();
  return Number(/\(([\d,]+) products?\)/.exec(text)![1]!.replace(/,/g, ''));
}

describe('Price Dropped', () => {
  it('is a deal with its count, lists the cut products when ticked, sorts them by the drop, and passes axe', async () => {
    const count = await droppedCount();
    const dropped = await apiListing({ pricedropped: 'true', sort: 'dropped' });
    expect(dropped.totalCount).toBe(count);
    // axe is injected as a script, which our CSP rightly refuses: the test context bypasses it.
    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, `${product.webUrl}/search`);
    await waitForHydration(page);

    // The Deals group offers it with the count from the listing's own pass.
    const deal = group(page, 'Deals').getByRole('link', { name: `Price Dropped (${count})`, exact: true });
    await deal.click();
    await page.waitForURL((url) => url.searchParams.get('pricedropped') === 'true');
    await page.getByRole('link', { name: 'Remove Price Dropped' }).waitFor();
    expect(await totalCount(page)).toBe(count);
    await expect(deal.getAttribute('aria-current')).resolves.toBe('true');

    // The sort menu: the biggest drop first, as the api orders them.
    await page.getByLabel('Sort by').selectOption('dropped');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'dropped');
    // Filter links carry the listing's state: once they say sort=dropped, the sorted cards are drawn.
    await page.locator('a.colour-swatch[href*="sort=dropped"]').first().waitFor({ state: 'attached' });
    expect(params(page).get('pricedropped')).toBe('true');
    const shown = await shownPaths(page);
    expect(shown.length).toBe(Math.min(count, 40));
    expect(shown).toEqual(dropped.products.slice(0, shown.length).map(cardPath));

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is a real link in the Deals group and in the Sort group without JavaScript', async () => {
    const context = await browser().newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.webUrl}/search`);
    await group(page, 'Deals').getByRole('link', { name: /^Price Dropped \(\d+\)$/ }).click();
    await page.waitForURL(`${product.webUrl}/search?pricedropped=true`);
    expect(await totalCount(page)).toBe(await droppedCount());
    // The Sort group is closed by default; its summary opens it without script.
    const sort = group(page, 'Sort');
    await sort.locator('summary').click();
    await sort.getByRole('link', { name: 'Price Dropped' }).click();
    await page.waitForURL(`${product.webUrl}/search?pricedropped=true&sort=dropped`);
    const dropped = await apiListing({ pricedropped: 'true', sort: 'dropped' });
    const shown = await shownPaths(page);
    expect(shown).toEqual(dropped.products.slice(0, shown.length).map(cardPath));
    expect(shown.length).toBe(Math.min(dropped.totalCount, 40));
    await context.close();
  });
});
