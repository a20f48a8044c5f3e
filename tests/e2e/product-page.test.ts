import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ProductDetailSchema, type ProductCard, type ProductDetail } from '../../shared/api/product-schemas';
import { SearchResponseSchema } from '../../shared/api/search-schemas';
import { DESKTOP, MOBILE, openPage, saveScreenshot, seriousAxeViolations, waitForHydration, watchConsole, browserForFile } from '../support/browser';
import * as SEARCH_API from '../../shared/api/search-paths';
import { PRODUCT_PAGE_API } from '../../shared/api/product-page-paths';

// The product page in a real browser at desktop width (spec section 2 route table): it
// hydrates cleanly, sizes are links, and Buy opens the click-through in a new tab, which
// hands the shopper on to the retailer. Retailers are stood in for by route interception:
// nothing leaves the machine.

const browser = browserForFile();
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
/** The demo's retailer sites: https://www.{store}.example/… */
const RETAILER = /^https:\/\/www\.[a-z0-9-]+\.example\//;


/**
 * A GB product for the test: the search api's cards (affiliate, and each colour's cheapest
 * size with its status) pick candidates, their detail decides.
 */
async function findProduct(wanted: (detail: ProductDetail) => boolean, card: (p: ProductCard) => boolean = () => true): Promise<ProductDetail> {
  for (let page = 1; page <= 20; page++) {
    const res = await fetch(`${apiUrl}${SEARCH_API.list}?country=GB&page=${page}&perPage=100`);
    const { products } = SearchResponseSchema.parse(((await res.json()) as { data: unknown }).data);
    for (const p of products.filter(card)) {
      const size = p.variants[0]?.size_variants[0];
      if (!size) continue;
      const answer = await fetch(`${apiUrl}${PRODUCT_PAGE_API.detail(p.category_slug, p.subcategory_slug, size.slug)}?country=GB`);
      if (answer.status !== 200) continue;
      const detail = ProductDetailSchema.parse(((await answer.json()) as { data: unknown }).data);
      if (wanted(detail)) return detail;
    }
    if (products.length < 100) break;
  }
  throw new Error('no such product in the demo catalogue');
}

const selectedSize = (d: ProductDetail) => d.product.variants[d.selected.variant_index]!.size_variants.find((s) => s.guid === d.selected.guid)!;

/** A browser context where every retailer answers with a small page of its own. */
async function shopperContext(): Promise<{ context: BrowserContext; retailerHits: string[] }> {
  const context = await browser().newContext(DESKTOP);
  const retailerHits: string[] = [];
  await context.route(RETAILER, (route) => {
    retailerHits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><h1>The retailer</h1>' });
  });
  return { context, retailerHits };
}

/**
 * Counts the Intl objects a page makes before it is hydrated (`intlMade`) and after
 * (`intlMadeAfter`): the first one costs a renderer 18-34 ms of its main thread, and a whole
 * page's server render sends what Intl answered it (shared/i18n/intl-answers.ts). Run in the
 * page before its own scripts.
 */
function countIntlObjects() {
  const made: string[] = [];
  const after: string[] = [];
  Object.assign(window, { intlMade: made, intlMadeAfter: after });
  for (const name of ['NumberFormat', 'PluralRules', 'DateTimeFormat', 'RelativeTimeFormat', 'ListFormat'] as const) {
    const Made = Intl[name] as unknown as new (...args: unknown[]) => object;
    Object.defineProperty(Intl, name, {
      value: new Proxy(Made, {
        construct(target, args) {
          (document.documentElement.dataset.hydrated ? after : made).push(`${name} ${JSON.stringify(args)}`);
          return Reflect.construct(target, args) as object;
        },
      }),
    });
  }
}

describe('the first load makes no Intl object before it is hydrated', () => {
  it('on the home page, a listing, the French listing and a product page, which hydrate cleanly', async () => {
    const html = await (await fetch(`${webUrl}/dresses`)).text();
    const product = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(html)?.[1];
    expect(product).toBeDefined();
    const context = await browser().newContext(MOBILE);
    await context.addInitScript(countIntlObjects);
    try {
      for (const path of ['/', '/dresses', '/ca/fr/dresses', product!]) {
        const { page, problems } = await openPage(context, `${webUrl}${path}`);
        expect({ path, made: await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), problems }).toEqual({ path, made: [], problems: [] });
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('nor after it, where the product page words its price\'s age relative to the clock: no formatter, plural rules at most', async () => {
    const html = await (await fetch(`${webUrl}/ca/fr/dresses`)).text();
    const product = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(html)?.[1];
    expect(product).toBeDefined();
    const context = await browser().newContext(MOBILE);
    await context.addInitScript(countIntlObjects);
    // The browser's clock five hours on: the demo's prices were checked when this run began,
    // under an hour ago, so the page says "5 hours ago", the words Intl's formatter wrote before.
    await context.clock.install({ time: Date.now() + 5 * 3_600_000 });
    try {
      const { page, problems } = await openPage(context, `${webUrl}${product!}`);
      // The server's absolute time ("le 28 nov. 2026, 04 h 40") becomes relative words once hydrated.
      // (The page's and each other store's price carry one.)
      const ages = () => page.locator('.product-price-age time').allTextContents();
      await expect(ages()).resolves.not.toEqual([]);
      await page.waitForFunction(() => [...document.querySelectorAll('.product-price-age time')].every((time) => !time.textContent?.startsWith('le ')));
      expect(new Set(await ages())).toEqual(new Set(['il y a 5 heures']));
      const after = await page.evaluate(() => (window as unknown as { intlMadeAfter: string[] }).intlMadeAfter);
      // Plural rules may be made (under a millisecond), or answered by the server's render already.
      expect({ formatters: after.filter((made) => !made.startsWith('PluralRules ')), problems }).toEqual({ formatters: [], problems: [] });
    } finally {
      await context.close();
    }
  });
});

describe('the product page in a real browser', () => {
  it('hydrates cleanly, then Buy opens the click-through, which sends the shopper to the retailer', async () => {
    const detail = await findProduct(
      (d) => selectedSize(d).status === 1 && d.product.variants[d.selected.variant_index]!.size_variants.length > 1,
      (p) => ![5, 6].includes(p.affiliate_id) && p.variants[0]?.size_variants[0]?.status === 1,
    );
    const { context, retailerHits } = await shopperContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(`${webUrl}/${detail.canonicalUrl}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const variant = detail.product.variants[detail.selected.variant_index]!;
    await page.getByRole('heading', { level: 1, name: variant.title }).waitFor();
    await expect(page.getByRole('link', { name: detail.product.storename, exact: true }).first().isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'product-page-desktop');

    // Another size is a link to its own page; the client navigates without a reload.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const other = variant.size_variants.find((s) => s.guid !== detail.selected.guid)!;
    const sizes = page.getByRole('region', { name: /^Size:/ });
    await sizes.getByRole('link', { name: new RegExp(`^${other.size}\\b`) }).click();
    await page.waitForURL(`**/${other.slug}`);
    await page.getByRole('heading', { name: `Size: ${other.size}` }).waitFor();
    await expect(sizes.getByRole('link', { name: new RegExp(`^${other.size}\\b`) }).getAttribute('aria-current')).resolves.toBe('true');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // Back to the in-stock size; Buy, from the keyboard, opens a new tab.
    await page.goBack();
    await page.waitForURL(`**/${detail.canonicalUrl.split('/').pop()}`);
    // The address changes before the page's data has come back: wait for that size's page.
    const selected = variant.size_variants.find((s) => s.guid === detail.selected.guid)!;
    await page.getByRole('heading', { name: `Size: ${selected.size}` }).waitFor();
    // The page's own Buy comes first: the same store's row of "Compare N offers" (issue 28) and a
    // similar product's card from that store carry the same name after it.
    const buy = page.getByRole('link', { name: `Buy at ${detail.product.storename} (opens in a new tab)` }).first();
    await expect(buy.evaluate((a) => a.closest('.product-offers, .product-similar') === null)).resolves.toBe(true);
    await buy.focus();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.waitForURL(RETAILER);
    expect(popup.url()).toBe(new URL(selectedSize(detail).url).href);
    await popup.getByRole('heading', { name: 'The retailer' }).waitFor();
    expect(retailerHits).toEqual([new URL(selectedSize(detail).url).href]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an affiliate 6 product through the retailer currency switch', async () => {
    const detail = await findProduct(
      (d) => selectedSize(d).status !== 0,
      (p) => p.affiliate_id === 6 && p.variants[0]?.size_variants[0]?.status !== 0,
    );
    const { context } = await shopperContext();
    const { page, problems } = await openPage(context, `${webUrl}/${detail.canonicalUrl}`);
    // The page's own Add to Cart comes first (the same store's row of "Compare N offers" and a similar product's card follow).
    const buy = page.getByRole('link', { name: 'Add to Cart (opens in a new tab)' }).first();
    await expect(buy.evaluate((a) => a.closest('.product-offers, .product-similar') === null)).resolves.toBe(true);
    const [popup] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await popup.waitForURL(RETAILER);
    const landed = new URL(popup.url());
    const stored = new URL(selectedSize(detail).url);
    expect(landed.origin).toBe(stored.origin);
    expect(landed.pathname).toBe('/currency/switch');
    expect(landed.searchParams.get('currency')).toBe('GBP');
    expect(landed.searchParams.get('return_url')).toBe(stored.href);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('goes from the product page to the retailer without JavaScript', async () => {
    const detail = await findProduct(
      (d) => selectedSize(d).status === 1,
      (p) => ![5, 6].includes(p.affiliate_id) && p.variants[0]?.size_variants[0]?.status === 1,
    );
    const context = await browser().newContext({ ...DESKTOP, javaScriptEnabled: false });
    const retailerHits: string[] = [];
    await context.route(RETAILER, (route) => {
      retailerHits.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><h1>The retailer</h1>' });
    });
    const page = await context.newPage();
    await page.goto(`${webUrl}/${detail.canonicalUrl}`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.locator('.product-info').getByRole('link', { name: /^Buy at / }).click()]);
    // The hand-over page's meta refresh needs no script.
    await popup.waitForURL(RETAILER);
    await popup.getByRole('heading', { name: 'The retailer' }).waitFor();
    expect(retailerHits).toEqual([new URL(selectedSize(detail).url).href]);
    await context.close();
  });
});

describe('accessibility of the catalog pages', () => {
  it('has no serious or critical axe violations on a product page, the brands A–Z and the sitemap, desktop and mobile', async () => {
    const detail = await findProduct(() => true);
    for (const options of [DESKTOP, MOBILE]) {
      // axe is injected as a script, which our CSP rightly refuses: the test context bypasses it.
      const context = await browser().newContext({ ...options, bypassCSP: true });
      for (const path of [`/${detail.canonicalUrl}`, '/brands/a-to-z', '/sitemap/all-categories']) {
        const { page, problems } = await openPage(context, `${webUrl}${path}`);
        if (options === MOBILE && path.startsWith(`/${detail.product.category_slug}/`)) await saveScreenshot(page, 'product-page-mobile');
        const violations = await seriousAxeViolations(page);
        expect(violations, path).toEqual([]);
        expect(problems, path).toEqual([]);
        await page.close();
      }
      await context.close();
    }
  });
});
