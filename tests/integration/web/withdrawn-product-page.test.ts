import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '../../../shared/api/product-schemas';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import type { Database } from '../../../server/api/db/database';
import { startApi } from '../../support/api-server';
import { guid, seedFeedTruthCatalog } from '../../support/feed-truth-catalog';
import { BOTH_ENGINES } from '../../support/test-database';
import { startWeb } from '../../support/web-server';

// Issue 27: the page of a product its store withdrew from a country's site, through the real
// web and api. It answers 410, kept by nobody and marked noindex, inside the shell, with the
// name, the picture, "No longer sold by {store}", Buy turned into the store's page and similar
// items still on sale there; the same path on a site that still sells it is the product page,
// and a product never sold on the site stays the not-found page. The click-through of a
// withdrawn size goes to the store's page. Catalogue: tests/support/feed-truth-catalog.ts.

const BROWSER = 'Mozilla/5.0 Chrome/130';

describe.each(BOTH_ENGINES)('on %s', (_database, open) => {
  let db: Database;
  let api: Awaited<ReturnType<typeof startApi>>;
  let web: Awaited<ReturnType<typeof startWeb>>;
  /** Each product's page path, without the country prefix or leading slash. */
  const pathOf = new Map<string, string>();

  beforeAll(async () => {
    db = await open();
    await seedFeedTruthCatalog(db);
    api = await startApi(db);
    web = await startWeb(api.url);
    for (const item of ['LL-SILK', 'LL-VELVET']) {
      const res = await request(api.url).get(`${PRODUCT_API.detailByGuid(guid(item))}?country=US`).expect(200);
      pathOf.set(item, ProductDetailSchema.parse(res.body.data).canonicalUrl);
    }
  });
  afterAll(async () => {
    await web?.close();
    await api?.close();
    await db?.close();
  });

  const page = (path: string) => request(web.url).get(path).set('User-Agent', BROWSER);

  it('answers a withdrawn product 410, kept by nobody and not indexed, with its name, picture, store and similar items', async () => {
    const res = await page(`/${pathOf.get('LL-SILK')}`);
    expect(res.status).toBe(410);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.text;
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(html).toContain('<h1 class="product-title">Ava Marlowe Silk Wrap Dress</h1>');
    expect(html).toContain('No longer sold by Larch Linen');
    expect(html).toMatch(/<img class="product-withdrawn-picture" src="\/images\/v1\/product\/dress\/black\/1\/full.svg"/);
    expect(html).toMatch(/<a[^>]*href="\/store\/larch-linen"[^>]*>Browse Larch Linen<\/a>/);
    // The shell: header and footer.
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    // Similar items a shopper can buy in GB: not Tweed (sold out there), not Silk itself.
    const similar = html.slice(html.indexOf('id="product-similar-title"'));
    for (const title of ['Cotton Shirt Dress', 'Linen Midi Dress', 'Wool Shift Dress']) expect(similar).toContain(title);
    expect(similar).not.toContain('Tweed Pinafore Dress');
    // No Buy link to the retailer's dead page (the similar items' cards have their own).
    expect(html.slice(html.indexOf('class="product-main"'), html.indexOf('id="product-similar-title"'))).not.toContain('loadRetailerProductPage');
  });

  it('is the product page on a site that still sells it, and the not-found page where it was never sold', async () => {
    const us = await page(`/us/${pathOf.get('LL-SILK')}`);
    expect(us.status).toBe(200);
    expect(us.text).not.toContain('No longer sold by');
    const velvet = await page(`/${pathOf.get('LL-VELVET')}`);
    expect(velvet.status).toBe(404);
    expect(velvet.text).toContain('Page Not Found');
  });

  it('sends the click-through of a withdrawn size to the store\'s page, and counts no click', async () => {
    const res = await page(`/products/loadRetailerProductPage/${guid('LL-SILK')}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/store/larch-linen');
    const us = await page(`/us/products/loadRetailerProductPage/${guid('LL-SILK')}`);
    expect(us.status).toBe(200);
    expect(us.text).toContain('https://shop.example/LL-SILK');
    const [clicks] = await db.query<{ country_code: string; n: number }>(
      `SELECT c.country_code, count(*)::int AS n FROM product_clicks c JOIN size_variants sv ON sv.id = c.size_variant_id
        WHERE sv.guid = $1::uuid GROUP BY c.country_code`,
      [guid('LL-SILK')],
    );
    expect(clicks).toEqual({ country_code: 'US', n: 1 });
  });
});
