import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FOLLOW_API } from '../../shared/api/follow-paths';
import type { FollowedIds, FollowsPage } from '../../shared/api/follow-schemas';
import type { SalesPage } from '../../shared/api/alert-schemas';
import { UPSTREAM_HEADER } from '../../shared/constants';
import type { FollowKind } from '../../shared/validation/follow-rules';
import { FOLLOW_SECTIONS } from '../../client/components/follows/follow-sections';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations, siteContexts } from '../support/browser';
import { demoStackForFile } from '../support/demo-stack';
import { ALERT_API } from '../../shared/api/alert-paths';
import { testTranslator } from '../support/i18n';

/** What an English page says for a message id (the sections name their words by id, issue 29). */
const en = testTranslator().t;

// Follows in a real browser (spec sections 2 "My Brands", "My Stores", 3 "Follow"): a guest
// presses Follow on a brand's page, signs in, and the brand is followed (the button says
// Following, My Brands lists it); My Stores lists a followed store with its on-sale count and
// Unfollow takes it away; My Sales shows a followed brand's sale items; axe on My Brands. Its
// own stack, since the tests pick brands and stores from the database.

const browser = browserForFile();
const stack = demoStackForFile('catalog');

type Shopper = Awaited<ReturnType<typeof registerUser>>;
type Named = { id: number; name: string; slug: string };

// axe is injected as a script, which our CSP rightly refuses: the test contexts bypass it.
const contextFor = siteContexts(browser, () => stack.web.url, { ...DESKTOP, bypassCSP: true });

/** The brand (or store) with the most products on sale now in GB. */
async function mostOnSale(kind: FollowKind): Promise<Named> {
  const [row] = await stack.db.query<Named>(
    `SELECT t.id, t.name, t.slug FROM ${kind === 'brand' ? 'brands' : 'stores'} t
       JOIN products p ON p.${kind}_id = t.id
       JOIN variants v ON v.product_id = p.id
       JOIN size_variants sv ON sv.variant_id = v.id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB'
      WHERE pr.offers > 0 AND pr.status <> 0
      GROUP BY t.id ORDER BY count(DISTINCT p.id) DESC, t.id LIMIT 1`,
  );
  return row!;
}

/** A personal api call as the shopper. */
async function asShopper<T>(shopper: Shopper, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${stack.api.url}${path}`, {
    method,
    headers: { [UPSTREAM_HEADER.token]: shopper.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const onSaleWords = (n: number) => (n === 1 ? '1 product on sale now' : `${n} products on sale now`);

/** The product ids of a page's cards, from their hearts' no-JavaScript address (/wishlist/add/{id}). */
async function cardIds(page: Page, scope = '.product-grid'): Promise<number[]> {
  const hrefs = await page.locator(`${scope} a.icon-wishlist`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/\/wishlist\/add\/(\d+)\?/.exec(href)?.[1]));
}

describe('following', () => {
  it('lets a guest follow from a brand page: sign in, then the brand is followed and My Brands lists it', async () => {
    const brand = await mostOnSale('brand');
    const shopper = await registerUser({ url: stack.api.url });
    const context = await contextFor();
    const { page, problems } = await openPage(context, `${stack.web.url}/brand/${brand.slug}`);
    const head = page.locator('.listing-head');
    // The button's code has arrived (until then its form would post to the follow page).
    await head.locator(`[data-follow="brand-${brand.id}"][data-ready]`).waitFor();
    const follow = head.getByRole('button', { name: `Follow ${brand.name}`, exact: true });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();

    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.getByLabel('Email/Username').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Submit' }).click();

    await head.getByRole('button', { name: `Following ${brand.name}`, exact: true, pressed: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/brand/${brand.slug}`);
    expect(await asShopper<FollowedIds>(shopper, 'GET', FOLLOW_API.followed)).toEqual({ brands: [brand.id], stores: [] });

    // My Brands: the brand, its count on sale now and its newest products, as the api has them.
    const mine = await asShopper<FollowsPage>(shopper, 'GET', FOLLOW_API.list('brand', 'gb'));
    expect(mine.follows.map((f) => f.id)).toEqual([brand.id]);
    expect(mine.follows[0]!.onSale).toBeGreaterThan(0);
    await page.goto(`${stack.web.url}/user/${shopper.userName}/brands`);
    await page.getByRole('heading', { level: 1, name: en(FOLLOW_SECTIONS.brands.title) }).waitFor();
    const item = page.locator(`[data-followed="${brand.slug}"]`);
    await item.getByRole('heading', { level: 2, name: brand.name }).waitFor();
    expect(await item.locator('.followed-on-sale').textContent()).toBe(onSaleWords(mine.follows[0]!.onSale));
    expect(await cardIds(page, `[data-followed="${brand.slug}"] .product-grid`)).toEqual(mine.follows[0]!.products.map((p) => p.id));
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists a followed store in My Stores with its on-sale count, and Unfollow takes it away', async () => {
    const store = await mostOnSale('store');
    const shopper = await registerUser({ url: stack.api.url });
    await asShopper(shopper, 'POST', FOLLOW_API.follow('store'), { id: store.id });
    const context = await contextFor(shopper);

    // The store's own page says Following from the server on.
    const { page, problems } = await openPage(context, `${stack.web.url}/store/${store.slug}`);
    await page.locator('.listing-head').getByRole('button', { name: `Following ${store.name}`, exact: true, pressed: true }).waitFor();

    const mine = await asShopper<FollowsPage>(shopper, 'GET', FOLLOW_API.list('store', 'gb'));
    await page.goto(`${stack.web.url}/user/${shopper.userName}/stores`);
    await page.getByRole('heading', { level: 1, name: en(FOLLOW_SECTIONS.stores.title) }).waitFor();
    const item = page.locator(`[data-followed="${store.slug}"]`);
    await item.getByRole('heading', { level: 2, name: store.name }).waitFor();
    expect(mine.follows[0]!.onSale).toBeGreaterThan(0);
    expect(await item.locator('.followed-on-sale').textContent()).toBe(onSaleWords(mine.follows[0]!.onSale));

    await item.getByRole('button', { name: `Unfollow ${store.name}`, exact: true }).click();
    await page.getByText(en(FOLLOW_SECTIONS.stores.empty)).waitFor();
    expect(await page.locator('[data-followed]').count()).toBe(0);
    expect(await page.getByRole('link', { name: en(FOLLOW_SECTIONS.stores.find) }).getAttribute('href')).toBe('/stores');
    expect(await asShopper<FollowedIds>(shopper, 'GET', FOLLOW_API.followed)).toEqual({ brands: [], stores: [] });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a followed brand's sale items in My Sales", async () => {
    const brand = await mostOnSale('brand');
    const shopper = await registerUser({ url: stack.api.url });
    await asShopper(shopper, 'POST', FOLLOW_API.follow('brand'), { id: brand.id });
    const sales = await asShopper<SalesPage>(shopper, 'GET', ALERT_API.sales('gb'));
    expect(sales.products.length).toBeGreaterThan(0);
    expect(new Set(sales.products.map((p) => p.brand_id))).toEqual(new Set([brand.id]));

    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/user/${shopper.userName}/sales`);
    await page.getByRole('heading', { level: 1, name: 'My Sales' }).waitFor();
    expect(await cardIds(page)).toEqual(sales.products.map((p) => p.id));
    expect(problems).toEqual([]);
    await context.close();
  });
});
