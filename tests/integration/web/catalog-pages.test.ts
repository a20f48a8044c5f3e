import { COUNTRY_CODES } from '../../../shared/countries';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from '../../../server/demo/catalog/special-products';
import { BrandListSchema, ProductDetailSchema, SITEMAP_PAGE_SIZE, SitemapUrlsSchema, StoreListSchema } from '../../../shared/api/product-schemas';
import { COUNTRIES, countryPrefix, type CountryCode } from '../../../shared/countries';
import { PAGE_STEP, PER_PAGE } from '../../../shared/constants';
import { SITEMAP_LINKS_PER_PAGE } from '../../../client/routes/sitemap.route';
import { everySite, sitePath } from '../../../shared/i18n/languages';
import { offersOf, readPayload, visibleMarkup, type ProductLd } from '../../support/page';
import { demoStackForFile } from '../../support/demo-stack';
import type { Reply } from '../../support/recording-upstream';
import { withWebOverUpstream } from '../../support/web-over-upstream';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';

// The catalogue pages beside the listing (spec section 2), through the real web and api on
// the small demo catalogue: the product landing page, the click-through to the retailer,
// brand and store directories, the HTML sitemap, robots.txt and the XML sitemaps.

const SITE = 'https://www.vitrine.example';
/** The sites where the small demo has more than one page of clothing (products, one card for a match of store copies: AE has 39). */
const CLOTHING_PAGE_TWO_SITES: CountryCode[] = ['GB', 'IN'];
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const stack = demoStackForFile('catalog', { SITE_URL: SITE });

/** The api's product detail for a size variant guid, in a country. */
async function detailOf(guid: string, country = 'GB') {
  const res = await request(stack.api.url).get(`${PRODUCT_API.detailByGuid(guid)}?country=${country}`).expect(200);
  return ProductDetailSchema.parse(res.body.data);
}

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

const productLd = (html: string) => jsonLd(html).find((d) => d['@type'] === 'ProductGroup') as ProductLd | undefined;

/** A size variant (guid, stored url, its availability there) of a store with this affiliate id, and a country it is priced in (GB first). */
async function sizeVariantOfAffiliate(affiliate: number, where = 'TRUE') {
  const [row] = await stack.db.query<{ guid: string; url: string; status: number; country: CountryCode }>(
    `SELECT sv.guid::text AS guid, sv.url, pr.status, pr.country_code AS country
       FROM size_variants sv JOIN stores s ON s.id = sv.store_id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
      WHERE s.affiliate_id = $1 AND ${where}
      ORDER BY pr.country_code = 'GB' DESC, sv.id LIMIT 1`,
    [affiliate],
  );
  if (!row) throw new Error(`no size variant of affiliate ${affiliate} in the demo`);
  return { ...row, prefix: countryPrefix(row.country) };
}

async function clicksOf(guid: string): Promise<number> {
  const [row] = await stack.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM product_clicks c JOIN size_variants sv ON sv.id = c.size_variant_id WHERE sv.guid = $1::uuid',
    [guid],
  );
  return row!.n;
}

/** The URL of the page's meta refresh, as the browser reads it. */
function refreshTarget(html: string): string | undefined {
  const content = /<meta http-equiv="refresh" content="0; url=([^"]*)"/.exec(html)?.[1];
  return content?.replaceAll('&amp;', '&');
}

/**
 * A small XML well-formedness check (no parser in the dependencies): one declaration,
 * balanced and properly nested elements, text without "<" and with "&" only as an entity.
 */
function assertWellFormedXml(xml: string): void {
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML: ${why}`);
  };
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) fail('no XML declaration');
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const stack: string[] = [];
  let roots = 0;
  const TAG = /^<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>$/;
  for (const part of body.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const tag = TAG.exec(part) ?? fail(`malformed tag ${part}`);
      const [, close, name, , selfClosing] = tag;
      if (close) {
        if (stack.pop() !== name) fail(`</${name}> closes another element`);
      } else if (!selfClosing) {
        if (stack.length === 0) roots++;
        stack.push(name!);
      }
    } else {
      if (/[<>]/.test(part)) fail(`stray angle bracket in ${part}`);
      if (part.replace(/&(amp|lt|gt|quot|apos);/g, '').includes('&')) fail(`bare & in ${part}`);
      if (stack.length === 0 && part.trim() !== '') fail(`text outside the root: ${part}`);
    }
  }
  if (stack.length) fail(`unclosed ${stack.join(', ')}`);
  expect(roots).toBe(1);
}

describe('the product landing page', () => {
  it('renders the product with its price, sizes, store and ProductGroup JSON-LD', async () => {
    const detail = await detailOf(SCRIPT_TITLE_PRODUCT.guid);
    const res = await request(stack.web.url).get(`/${detail.canonicalUrl}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const html = visibleMarkup(res.text);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/${detail.canonicalUrl}"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('Maison Harlow');
    const variant = detail.product.variants[detail.selected.variant_index]!;
    // Every size of the colour is a link to its own page, with its price.
    for (const size of variant.size_variants) {
      expect(html).toContain(`href="/${detail.product.category_slug}/${detail.product.subcategory_slug}/${size.slug}"`);
    }
    expect(html).toContain(`£${variant.size_variants[0]!.saleprice.toFixed(2).replace(/\.00$/, '')}`);
    const ld = productLd(res.text)!;
    expect(ld).toBeDefined();
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld.name).toBe(SCRIPT_TITLE_PRODUCT.title);
    expect(ld.url).toBe(`${SITE}/${detail.canonicalUrl}`);
    // Its pictures are the JPEG cards the social tags name (merchant listings take no SVG), one per picture of the colour.
    const ogImages = [...res.text.matchAll(/<meta property="og:image" content="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(ld.image).toEqual(ogImages);
    expect(ogImages.filter((src) => !/^https:\/\/www\.vitrine\.example\/images\/v\d+\/card\/product\/.+\.jpg$/.test(src!))).toEqual([]);
    expect(ogImages.length).toBe(new Set([variant.images.productimage, ...variant.additional_images]).size);
    // One variant per size of the colour, each with its own offers (issue 28: sizes no longer mixed).
    expect(ld.variesBy).toEqual(['https://schema.org/size']);
    expect(ld.hasVariant.map((v) => v.sku)).toEqual(variant.size_variants.map((s) => s.guid));
    const offers = ld.hasVariant.flatMap(offersOf);
    expect(offers).toHaveLength(variant.size_variants.length);
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe('GBP');
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder)$/);
      expect(offer.seller).toEqual({ '@type': 'Organization', name: 'Maison Harlow' });
    }
    // Product snippets, not merchant listings: no checkout or return policy mark-up.
    expect(JSON.stringify(ld)).not.toMatch(/hasMerchantReturnPolicy|shippingDetails|BuyAction/);
    // The breadcrumb too.
    expect(jsonLd(res.text).some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it("shows the selected size's price history to a crawler: in words, as a chart and as a table", async () => {
    // A reduced size variant whose log says: the list price for months, cut ten days ago. One
    // store sells it (no other store's copy of the size): its history is that store's one line,
    // where a size sold by several draws the lowest total across them (tests/e2e/price-history).
    const [row] = await stack.db.query<{ id: number; guid: string; msrp: number; sale: number }>(
      `SELECT sv.id, sv.guid::text AS guid, pr.msrp, pr.sale_price AS sale
         FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB'
        WHERE pr.offers >= 10 AND pr.status = 1
          AND NOT EXISTS (SELECT 1 FROM size_variants other WHERE other.canonical_id = sv.canonical_id AND other.id <> sv.id)
        ORDER BY sv.id DESC LIMIT 1`,
    );
    const { id, guid, msrp, sale } = row!;
    const now = Date.now();
    await stack.db.query(`DELETE FROM price_history WHERE size_variant_id = $1 AND country_code = 'GB'`, [id]);
    for (const [ago, price, first] of [[120, msrp, true], [10, sale, false]] as const) {
      await stack.db.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
         VALUES ($1, 'GB', 'GBP', $2, $3, 1, $4, $5)`,
        [id, msrp, price, first, new Date(now - ago * 86_400_000)],
      );
    }
    const detail = await detailOf(guid);
    const html = visibleMarkup((await request(stack.web.url).get(`/${detail.canonicalUrl}`).expect(200)).text);
    const gbp = (n: number) => `£${n.toFixed(2).replace(/\.00$/, '')}`;
    const cut = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(now - 10 * 86_400_000));
    const off = Math.round(((msrp - sale) * 100) / msrp);
    expect(html).toContain('<h2 id="');
    expect(html).toContain('>Price history</h2>');
    expect(html).toContain('This is the lowest price in 90 days: a good time to buy.');
    expect(html).toContain(`${off}% off, measured against the lowest price of the 30 days before this price began on ${cut} (${gbp(msrp)}).`);
    // The chart: an SVG image with its title, the sale and list price lines.
    expect(html).toMatch(/<svg viewBox="0 0 640 220" role="img" aria-labelledby="[^"]+"><title id="[^"]+">Price over the last 90 days<\/title>/);
    expect(html).toMatch(/<path class="price-history-msrp" d="M8 [\d.]+ H632"><\/path><path class="price-history-sale" d="M8 [\d.]+ H[\d.]+ V[\d.]+ H632"><\/path>/);
    // The table: one row per change in the 90 days shown (the list price, then the cut).
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => m.slice(1));
    expect(rows.map((r) => r.slice(1))).toEqual([
      [gbp(msrp), gbp(msrp), 'In stock'],
      [gbp(sale), gbp(msrp), 'In stock'],
    ]);
    expect(rows[1]![0]).toBe(cut);
  });

  it('prices the page in the country currency under a country prefix', async () => {
    const [row] = await stack.db.query<{ guid: string }>(
      `SELECT sv.guid::text AS guid FROM size_variants sv
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'US'
        ORDER BY sv.id LIMIT 1`,
    );
    const detail = await detailOf(row!.guid, 'US');
    const res = await request(stack.web.url).get(`/us/${detail.canonicalUrl}`).expect(200);
    const ld = productLd(res.text)!;
    const currencies = new Set(ld.hasVariant.flatMap(offersOf).map((o) => o.priceCurrency));
    expect([...currencies]).toEqual(['USD']);
    expect(ld.url).toBe(`${SITE}/us/${detail.canonicalUrl}`);
    expect(visibleMarkup(res.text)).toMatch(/class="product-sale-price">\$[\d,.]+</);
  });

  it('keeps at most 10 pictures in the social tags', async () => {
    const detail = await detailOf(SCRIPT_TITLE_PRODUCT.guid);
    const res = await request(stack.web.url).get(`/${detail.canonicalUrl}`).expect(200);
    const images = [...res.text.matchAll(/<meta property="og:image" content="([^"]*)"/g)];
    // Its one colour's picture and the one more the feed gives: this product does not reach the cap.
    expect(images).toHaveLength(2);
  });

  it('escapes a hostile title in the heading, the meta tags, the JSON-LD and the payload', async () => {
    const detail = await detailOf(SCRIPT_TITLE_PRODUCT.guid);
    const res = await request(stack.web.url).get(`/${detail.canonicalUrl}`).expect(200);
    expect(res.text).not.toContain('</script><script>alert(1)</script>');
    expect(res.text).toContain('Ruched Satin Midi Dress &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const [, body] of res.text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(body).not.toMatch(/<|\u2028|\u2029/);
    }
    expect(productLd(res.text)!.name).toBe(SCRIPT_TITLE_PRODUCT.title);
    const { payload } = readPayload(res.text);
    expect(JSON.stringify(payload)).toContain('alert(1)');
  });

  it('keeps U+2028 out of every script and intact in the data', async () => {
    const detail = await detailOf(LINE_SEPARATOR_PRODUCT.guid);
    const res = await request(stack.web.url).get(`/${detail.canonicalUrl}`).expect(200);
    for (const [, body] of res.text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(productLd(res.text)!.name).toBe(LINE_SEPARATOR_PRODUCT.title);
  });

  it('sends a known slug under another path to its canonical path, once', async () => {
    const detail = await detailOf(SCRIPT_TITLE_PRODUCT.guid);
    const slug = detail.canonicalUrl.split('/').pop();
    const res = await request(stack.web.url).get(`/shoes/sneakers/${slug}?ref=x`).expect(301);
    expect(res.headers.location).toBe(`/${detail.canonicalUrl}?ref=x`);
  });

  it('names as hreflang alternates only the country sites that sell the product, each of which answers', async () => {
    // In the demo a store's item sold in two countries is one size variant priced in both. One
    // store sells it: a store's copy of an item other stores sell names the canonical copy's page
    // as rel=canonical where that one is on offer, and no alternates (issue 28).
    const [partial] = await stack.db.query<{ guid: string; countries: string[] }>(
      `SELECT sv.guid::text AS guid, array_agg(pr.country_code ORDER BY pr.country_code) AS countries
         FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
        WHERE NOT EXISTS (SELECT 1 FROM size_variants other WHERE other.canonical_id = sv.canonical_id AND other.id <> sv.id)
        GROUP BY sv.id HAVING count(*) BETWEEN 2 AND 7 LIMIT 1`,
    );
    expect(partial).toBeDefined();
    const sold = COUNTRY_CODES.filter((code) => partial!.countries.includes(code));
    const detail = await detailOf(partial!.guid, sold[0]);
    expect(detail.soldIn).toEqual(sold);
    const prefix = (code: string) => (code === 'GB' ? '' : `/${code.toLowerCase()}`);
    const res = await request(stack.web.url).get(`${prefix(sold[0]!)}/${detail.canonicalUrl}`).expect(200);
    const alternates = [...res.text.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => ({ lang: m[1]!, href: m[2]! }));
    const hrefs = new Set(alternates.filter((a) => a.lang !== 'x-default').map((a) => a.href));
    // Each selling site in each of its languages (issue 29).
    expect([...hrefs].sort()).toEqual(everySite(sold).map(({ country, language }) => `${SITE}${sitePath(country, language.segment, `/${detail.canonicalUrl}`)}`).sort());
    expect(alternates.find((a) => a.lang === 'x-default')?.href).toBe(`${SITE}${prefix(sold[0]!)}/${detail.canonicalUrl}`);
    for (const href of hrefs) await request(stack.web.url).get(new URL(href).pathname).expect(200);
    // A site that does not sell it is not named, and would have answered 404.
    const other = COUNTRY_CODES.find((code) => !sold.includes(code))!;
    await request(stack.web.url).get(`${prefix(other)}/${detail.canonicalUrl}`).expect(404);
  });

  it('is the not-found page with a 404 for an unknown product', async () => {
    const res = await request(stack.web.url).get('/clothing/midi-dresses/no-such-product-here').expect(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(visibleMarkup(res.text)).toContain('Page Not Found');
    await request(stack.web.url).get('/clothing/midi-dresses/NOT_A_SLUG').expect(404);
  });

  it('still shows listing pages for three-segment shop paths', async () => {
    const res = await request(stack.web.url).get('/shop/red/dresses');
    expect(res.status).toBe(200);
    expect(productLd(res.text)).toBeUndefined();
  });

  it('offers the Buy control the spec gives for each status and affiliate', async () => {
    const buy = await sizeVariantOfAffiliate(1, 'pr.status = 1');
    const detail = await detailOf(buy.guid, buy.country);
    const page = visibleMarkup((await request(stack.web.url).get(`${buy.prefix}/${detail.canonicalUrl}`).expect(200)).text);
    expect(page).toMatch(
      new RegExp(`<a href="${buy.prefix}/products/loadRetailerProductPage/${buy.guid}" target="_blank" rel="noopener nofollow" class="button button-primary product-buy">Buy at `),
    );

    const cart = await sizeVariantOfAffiliate(5, 'pr.status <> 0');
    const cartDetail = await detailOf(cart.guid, cart.country);
    const cartPage = visibleMarkup((await request(stack.web.url).get(`${cart.prefix}/${cartDetail.canonicalUrl}`).expect(200)).text);
    expect(cartPage).toMatch(new RegExp(`href="${cart.prefix}/products/loadRetailerProductPage/${cart.guid}"[^>]*>Add to Cart`));

    const browse = await sizeVariantOfAffiliate(1, 'pr.status = 0');
    const browseDetail = await detailOf(browse.guid, browse.country);
    const browsePage = visibleMarkup((await request(stack.web.url).get(`${browse.prefix}/${browseDetail.canonicalUrl}`).expect(200)).text);
    expect(browsePage).toMatch(new RegExp(`href="${browse.prefix}/store/${browseDetail.product.store_slug}" class="button product-buy">Browse `));
  });
});

describe('the click-through to the retailer', () => {
  it('records the click and sends affiliate 5 straight to the stored retailer URL, without header or footer', async () => {
    const { guid, url, prefix } = await sizeVariantOfAffiliate(5);
    const before = await clicksOf(guid);
    const res = await request(stack.web.url).get(`${prefix}/products/loadRetailerProductPage/${guid}`).expect(200);
    // Click tracking is a personal call (one click per visitor), so the page is private too.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(refreshTarget(res.text)).toBe(new URL(url).href);
    const html = visibleMarkup(res.text);
    expect(html).toMatch(/<a class="button button-primary" href="[^"]+" rel="noopener nofollow">Continue to /);
    expect(html).not.toContain('class="site-header');
    expect(html).not.toContain('class="site-footer');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(await clicksOf(guid)).toBe(before + 1);
  });

  it('sends affiliate 6 through the retailer currency switch with the encoded URL', async () => {
    const { guid, url, prefix, country } = await sizeVariantOfAffiliate(6);
    const res = await request(stack.web.url).get(`${prefix}/products/loadRetailerProductPage/${guid}`).expect(200);
    const target = new URL(refreshTarget(res.text)!);
    expect(target.origin).toBe(new URL(url).origin);
    expect(target.pathname).toBe('/currency/switch');
    expect(target.searchParams.get('currency')).toBe(COUNTRIES[country].info.currencyCode);
    expect(target.searchParams.get('return_url')).toBe(new URL(url).href);
    expect(refreshTarget(res.text)).toContain(`return_url=${encodeURIComponent(new URL(url).href)}`);
  });

  it('uses the shopper country currency for the switch, and the shop/ alias', async () => {
    const { guid } = await sizeVariantOfAffiliate(6);
    const res = await request(stack.web.url).get(`/in/shop/products/loadRetailerProductPage/${guid}`).expect(200);
    expect(new URL(refreshTarget(res.text)!).searchParams.get('currency')).toBe('INR');
  });

  it('does not count crawler visits or HEAD requests as clicks', async () => {
    const { guid, prefix } = await sizeVariantOfAffiliate(5);
    const before = await clicksOf(guid);
    await request(stack.web.url).get(`${prefix}/products/loadRetailerProductPage/${guid}`).set('User-Agent', GOOGLEBOT).expect(200);
    await request(stack.web.url).head(`${prefix}/products/loadRetailerProductPage/${guid}`).expect(200);
    expect(await clicksOf(guid)).toBe(before);
  });

  it('is a 404 with the not-found page for an unknown or malformed guid, and redirects nowhere', async () => {
    for (const guid of ['00000000-0000-4000-8000-000000000000', 'javascript:alert(1)', 'https%3A%2F%2Fevil.example']) {
      const res = await request(stack.web.url).get(`/products/loadRetailerProductPage/${guid}`).expect(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.location).toBeUndefined();
      expect(refreshTarget(res.text)).toBeUndefined();
      expect(visibleMarkup(res.text)).toContain('Page Not Found');
      // The not-found page keeps the shell, so the shopper has a way back.
      expect(res.text).toContain('class="site-header');
      expect(res.text).toContain('<footer');
    }
  });

  it('ignores any address in the query string', async () => {
    const { guid, url, prefix } = await sizeVariantOfAffiliate(5);
    const res = await request(stack.web.url).get(`${prefix}/products/loadRetailerProductPage/${guid}?url=https://evil.example/&redirect=https://evil.example/`).expect(200);
    expect(refreshTarget(res.text)).toBe(new URL(url).href);
    expect(res.text).not.toContain('evil.example');
  });
});

describe('brand and store directories', () => {
  it('lists the brands of the country site on /brands, /shop/brands and /brands/a-to-z', async () => {
    const { brands } = BrandListSchema.parse((await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=GB`).expect(200)).body.data);
    // Every brand of the demo that lists products in GB (its private labels among them).
    expect(brands).toHaveLength(18);
    for (const path of ['/brands', '/shop/brands', '/brands/a-to-z']) {
      const res = await request(stack.web.url).get(path).expect(200);
      const html = visibleMarkup(res.text);
      for (const brand of brands.slice(0, 5)) expect(html).toContain(`href="/brand/${brand.slug}"`);
      expect(html).toContain(`<link rel="canonical" href="${SITE}${path === '/shop/brands' ? '/brands' : path}"/>`);
    }
    const az = visibleMarkup((await request(stack.web.url).get('/brands/a-to-z').expect(200)).text);
    expect(az).toContain('Brands A–Z');
    expect(az).toMatch(/<a href="#brands-[a-z]">[A-Z]<\/a>/);
  });

  it('filters brands by department', async () => {
    const { brands } = BrandListSchema.parse((await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=GB&department=men`).expect(200)).body.data);
    const html = visibleMarkup((await request(stack.web.url).get('/brands?department=men').expect(200)).text);
    // A plural as ICU words it (issue 29): "1 brand", never "1 brands".
    expect(html).toMatch(new RegExp(`>${brands.length} ${brands.length === 1 ? 'brand' : 'brands'}, `));
    expect(html).toMatch(/<a href="\/brands\?department=men" aria-current="page">Men<\/a>/);
  });

  it('lists the stores of the country site on /stores and /shop/stores, with the country prefix', async () => {
    const { stores } = StoreListSchema.parse((await request(stack.api.url).get(`${DIRECTORY_API.stores}?country=US`).expect(200)).body.data);
    // The demo's stores that list products in the US.
    expect(stores).toHaveLength(3);
    for (const path of ['/us/stores', '/us/shop/stores']) {
      const html = visibleMarkup((await request(stack.web.url).get(path).expect(200)).text);
      for (const store of stores) expect(html).toContain(`href="/us/store/${store.slug}"`);
    }
  });
});

describe('listings as crawlers read them', () => {
  /** Whether a page is indexed, its canonical and its hreflang alternates, in order. */
  async function metaOf(path: string) {
    const res = await request(stack.web.url).get(path).expect(200);
    return {
      indexed: !res.text.includes('<meta name="robots" content="noindex'),
      canonical: /<link rel="canonical" href="([^"]+)"/.exec(res.text)?.[1],
      alternates: [...res.text.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => ({ hreflang: m[1]!, href: m[2]! })),
    };
  }

  /** The alternates a page on `sites` names, the same on each of them: every site's hreflangs, then x-default (GB, else the first). */
  const alternatesOn = (path: string, sites: readonly CountryCode[]) => [
    ...everySite(sites).map(({ country, language }) => ({ hreflang: language.locale, href: `${SITE}${sitePath(country, language.segment, path)}` })),
    { hreflang: 'x-default', href: `${SITE}${countryPrefix(sites.includes('GB') ? 'GB' : sites[0]!)}${path}` },
  ];

  /** The country sites where the database prices products of a brand or store (of a store shown to everyone). */
  async function sitesSelling(path: string): Promise<CountryCode[]> {
    const [, kind, slug] = path.split('/');
    const rows = await stack.db.query<{ country: CountryCode }>(
      `SELECT DISTINCT pr.country_code AS country
         FROM products p
         JOIN ${kind === 'brand' ? 'brands named ON named.id = p.brand_id' : 'stores named ON named.id = p.store_id'}
         JOIN stores s ON s.id = p.store_id AND NOT s.admin_only
         JOIN variants v ON v.product_id = p.id
         JOIN size_variants sv ON sv.variant_id = v.id
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
        WHERE named.slug = $1`,
      [slug],
    );
    return COUNTRY_CODES.filter((code) => rows.some((r) => r.country === code));
  }

  /** Walks a page on all eight sites: exactly `sites` are indexed, each naming all of them as alternates; each alternate names it back. */
  async function expectReciprocal(path: string, sites: readonly CountryCode[]) {
    // Every site in every language (issue 29): each language's page names the same alternates.
    const all = everySite(COUNTRY_CODES);
    const pages = await Promise.all(all.map(async ({ country, language }) => ({ code: country, ...(await metaOf(sitePath(country, language.segment, path))) })));
    expect(pages.map(({ code, indexed, alternates }) => ({ code, indexed, alternates }))).toEqual(
      all.map(({ country: code }) => ({ code, indexed: sites.includes(code), alternates: sites.includes(code) ? alternatesOn(path, sites) : [] })),
    );
    const named = pages.filter((page) => page.indexed).flatMap((page) => page.alternates.map((alt) => ({ from: page.canonical, to: alt.href })));
    expect(named.filter(({ from, to }) => !pages.some((page) => page.canonical === to && page.indexed && page.alternates.some((alt) => alt.href === from)))).toEqual([]);
    expect(named.length).toBe(everySite(sites).length * alternatesOn(path, sites).length);
  }

  it('names as alternates of a brand or store page only the sites where it has products, each naming the same ones back; the others are noindex', async () => {
    // In the demo Finch & Langford sells on six sites (The Ivy Outfitters sells it in Canada) and The Ivy Outfitters on two.
    const brand = '/brand/finch-and-langford';
    const store = '/store/the-ivy-outfitters';
    expect({ brand: await sitesSelling(brand), store: await sitesSelling(store) }).toEqual({ brand: ['GB', 'US', 'IN', 'AE', 'CA', 'SG'], store: ['US', 'CA'] });
    await expectReciprocal(brand, ['GB', 'US', 'IN', 'AE', 'CA', 'SG']);
    await expectReciprocal(store, ['US', 'CA']);
  });

  it("names as alternates of a listing's later page only the sites that have that page", async () => {
    // Page 2 shows products 41 to 80: the sites with more than 40 clothing products, as the list
    // endpoint counts them. On the others it is past the last page: noindex, and no alternate.
    const totals = await Promise.all(
      COUNTRY_CODES.map(async (code) => (await request(stack.api.url).get(`${SEARCH_API.list}?link=/clothing&country=${code}&perPage=1`).expect(200)).body.data.totalCount as number),
    );
    const sites = COUNTRY_CODES.filter((_, i) => totals[i]! > PER_PAGE * PAGE_STEP);
    expect(sites).toEqual(CLOTHING_PAGE_TWO_SITES);
    await expectReciprocal('/clothing?page=2', sites);
  });

  it('gives search, brand and store listings a trail and a BreadcrumbList, as category listings have', async () => {
    const trail = async (path: string) => {
      const res = await request(stack.web.url).get(path).expect(200);
      expect(visibleMarkup(res.text), path).toContain('<nav aria-label="Breadcrumb" class="breadcrumb">');
      const list = jsonLd(res.text).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] } | undefined;
      return list?.itemListElement.map(({ position, name, item }) => [position, name, item]);
    };
    expect(await trail('/brand/finch-and-langford')).toEqual([
      [1, 'Home', `${SITE}/`],
      [2, 'Brands', `${SITE}/brands`],
      [3, 'Finch & Langford', `${SITE}/brand/finch-and-langford`],
    ]);
    expect(await trail('/us/store/the-ivy-outfitters')).toEqual([
      [1, 'Home', `${SITE}/us`],
      [2, 'Stores', `${SITE}/us/stores`],
      [3, 'The Ivy Outfitters', `${SITE}/us/store/the-ivy-outfitters`],
    ]);
    expect(await trail('/search?q=dress')).toEqual([
      [1, 'Home', `${SITE}/`],
      [2, 'Dress', `${SITE}/search?q=dress`],
    ]);
  });
});

describe('the HTML sitemap', () => {
  it('links its sections from /sitemap', async () => {
    const html = visibleMarkup((await request(stack.web.url).get('/sitemap').expect(200)).text);
    for (const section of ['all-categories', 'brands', 'designers', 'shops', 'all-products']) expect(html).toContain(`href="/sitemap/${section}"`);
  });

  it('lists categories, brands, designers, shops and products', async () => {
    const categories = visibleMarkup((await request(stack.web.url).get('/sitemap/all-categories').expect(200)).text);
    expect(categories).toContain('href="/midi-dresses"');
    expect(categories).toContain('href="/sitemap/category/women/midi-dresses"');
    for (const path of ['/sitemap/brands', '/sitemap/designers']) expect(visibleMarkup((await request(stack.web.url).get(path).expect(200)).text)).toMatch(/href="\/brand\/[a-z0-9-]+"/);
    for (const path of ['/sitemap/shops', '/sitemap/stores']) expect(visibleMarkup((await request(stack.web.url).get(path).expect(200)).text)).toContain('href="/store/maison-harlow"');
    // Paged at 100 links. The sitemap lists canonical pages only (issue 28): one per product, so
    // the GB site's 94 fit on one page and the US site's 151 take two.
    const totalIn = async (country: CountryCode) =>
      SitemapUrlsSchema.parse((await request(stack.api.url).get(`${PRODUCT_API.sitemap('products')}?country=${country}&perPage=1`).expect(200)).body.data).totalCount;
    const productLinks = (html: string, prefix: string) => html.match(new RegExp(`<li><a href="${prefix}/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+">`, 'g'))?.length ?? 0;
    expect({ GB: await totalIn('GB'), US: await totalIn('US') }).toEqual({ GB: 94, US: 151 });
    const gb = visibleMarkup((await request(stack.web.url).get('/sitemap/all-products').expect(200)).text);
    expect(productLinks(gb, '')).toBe(94);
    expect(gb).not.toContain('rel="next"');
    const us = visibleMarkup((await request(stack.web.url).get('/us/sitemap/all-products').expect(200)).text);
    expect(productLinks(us, '/us')).toBe(SITEMAP_LINKS_PER_PAGE);
    expect(us).toContain(`<link rel="next" href="${SITE}/us/sitemap/all-products?page=2"/>`);
    const last = visibleMarkup((await request(stack.web.url).get('/us/sitemap/all-products?page=2').expect(200)).text);
    expect(productLinks(last, '/us')).toBe(151 - SITEMAP_LINKS_PER_PAGE);
    expect(last).toContain(`<link rel="prev" href="${SITE}/us/sitemap/all-products"/>`);
    expect(last).not.toContain('rel="next"');
    await request(stack.web.url).get('/sitemap/all-products?page=2').expect(404);
    await request(stack.web.url).get('/us/sitemap/all-products?page=999').expect(404);
  });

  it('lists a category and a brand product by product', async () => {
    const category = visibleMarkup((await request(stack.web.url).get('/sitemap/category/women/midi-dresses').expect(200)).text);
    expect(category).toContain('Ruched Satin Midi Dress &lt;/script&gt;');
    const { brands } = BrandListSchema.parse((await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=GB`).expect(200)).body.data);
    const brand = visibleMarkup((await request(stack.web.url).get(`/sitemap/brand/${brands[0]!.slug}`).expect(200)).text);
    expect(brand).toMatch(/href="\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+"/);
  });

  it('is a 404 for names it does not know', async () => {
    await request(stack.web.url).get('/sitemap/nothing-here').expect(404);
    await request(stack.web.url).get('/sitemap/category/robots/midi-dresses').expect(404);
    await request(stack.web.url).get('/sitemap/brand/no-such-brand-at-all').expect(404);
  });
});

describe('robots.txt and the XML sitemaps', () => {
  it('serves robots.txt pointing at the sitemap index, keeping crawlers off the click-through', async () => {
    const res = await request(stack.web.url).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /products/loadRetailerProductPage/');
    expect(res.text).toContain('Disallow: /us/products/loadRetailerProductPage/');
    expect(res.text).toContain('Disallow: /ca/fr/products/loadRetailerProductPage/');
  });

  it('serves a sitemap index whose files are valid XML with at most 50,000 URLs each', async () => {
    const index = await request(stack.web.url).get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    assertWellFormedXml(index.text);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const entries = [...index.text.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/sitemap>/g)].map((m) => ({ file: m[1]!, lastmod: m[2] }));
    const files = entries.map((e) => e.file);
    expect(files).toContain(`${SITE}/sitemap-gb-products-1.xml`);
    expect(files).toContain(`${SITE}/sitemap-us-categories-1.xml`);
    // Every language URL is listed, each language in files of its own (issue 29).
    expect(files).toContain(`${SITE}/sitemap-ca-fr-products-1.xml`);
    expect(files).toContain(`${SITE}/sitemap-sg-ta-categories-1.xml`);
    const french = await request(stack.web.url).get('/sitemap-ca-fr-categories-1.xml').expect(200);
    const english = await request(stack.web.url).get('/sitemap-ca-categories-1.xml').expect(200);
    const frenchLocs = [...french.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const englishLocs = [...english.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(frenchLocs).toEqual(englishLocs.map((loc) => loc.replace(`${SITE}/ca/`, `${SITE}/ca/fr/`)));
    const seen = new Set<string>();
    for (const { file, lastmod } of entries) {
      expect(file.startsWith(`${SITE}/sitemap-`)).toBe(true);
      const res = await request(stack.web.url).get(file.slice(SITE.length)).expect(200);
      assertWellFormedXml(res.text);
      expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      // The index dates each file at its newest URL (every demo page has been seen, so has one).
      const lastmods = [...res.text.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!).sort();
      expect([file, lastmod]).toEqual([file, lastmods.at(-1)]);
      const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
      expect(locs.filter((loc) => !loc.startsWith(`${SITE}/`))).toEqual([]);
      for (const loc of locs) seen.add(loc);
    }
    // The URLs are pages that exist: a product, a brand, a store, a category.
    const product = [...seen].find((loc) => /^https:\/\/www\.vitrine\.example\/[a-z-]+\/[a-z0-9-]+\/[a-z0-9-]+$/.test(loc) && !loc.includes('/us/'))!;
    await request(stack.web.url).get(product.slice(SITE.length)).expect(200);
    const store = [...seen].find((loc) => loc.includes('/us/store/'))!;
    await request(stack.web.url).get(store.slice(SITE.length)).expect(200);
  });

  it('answers 404 for a sitemap file that does not exist', async () => {
    await request(stack.web.url).get('/sitemap-gb-products-99.xml').expect(404);
    await request(stack.web.url).get('/sitemap-zz-products-1.xml').expect(404);
    await request(stack.web.url).get('/sitemap-gb-widgets-1.xml').expect(404);
    // A language the country site lacks, and English by name (its files carry no segment).
    await request(stack.web.url).get('/sitemap-gb-fr-products-1.xml').expect(404);
    await request(stack.web.url).get('/sitemap-ca-en-products-1.xml').expect(404);
  });

  it('splits a catalogue of more than 50,000 URLs into files of 50,000, and answers 503 when the api fails', async () => {
    // A stand-in api with 120,001 products in GB and none elsewhere.
    const reply: Reply = (req, res) => {
      const url = new URL(req.url, 'http://stack.api.invalid');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (url.pathname === PRODUCT_API.sitemapIndex) {
        const gb = url.searchParams.get('country') === 'GB';
        const kinds = ['categories', 'brands', 'stores', 'products'].map((kind) => {
          const totalCount = gb && kind === 'products' ? 120_001 : 0;
          const pages = Math.ceil(totalCount / SITEMAP_PAGE_SIZE);
          return { kind, totalCount, pages, lastModified: Array.from({ length: pages }, (_, i) => (i === 1 ? null : `2025-06-0${i + 1}T00:00:00.000Z`)) };
        });
        res.end(JSON.stringify({ data: { pageSize: SITEMAP_PAGE_SIZE, kinds } }));
        return;
      }
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      const count = Math.max(0, Math.min(perPage, 120_001 - (page - 1) * perPage));
      const urls = Array.from({ length: count }, (_, i) => ({
        path: `clothing/dresses/dress-${(page - 1) * perPage + i}`,
        name: 'A & B <dress>',
        department: 'women',
        productCount: null,
        lastModified: '2025-06-01T00:00:00.000Z',
      }));
      res.end(JSON.stringify({ data: { kind: 'products', urls, totalCount: 120_001, page, perPage } }));
    };
    await withWebOverUpstream({ reply, env: { SITE_URL: SITE } }, async ({ upstream, web: fake }) => {
      const index = await request(fake.url).get('/sitemap.xml').expect(200);
      assertWellFormedXml(index.text);
      expect([...index.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([1, 2, 3].map((n) => `${SITE}/sitemap-gb-products-${n}.xml`));
      // A file none of whose URLs has a lastmod has none in the index either.
      expect(index.text).toContain(`<sitemap><loc>${SITE}/sitemap-gb-products-1.xml</loc><lastmod>2025-06-01T00:00:00.000Z</lastmod></sitemap>`);
      expect(index.text).toContain(`<sitemap><loc>${SITE}/sitemap-gb-products-2.xml</loc></sitemap>`);
      const second = await request(fake.url).get('/sitemap-gb-products-2.xml').expect(200);
      assertWellFormedXml(second.text);
      expect(second.text.match(/<url>/g)).toHaveLength(SITEMAP_PAGE_SIZE);
      expect(second.text).toContain(`<url><loc>${SITE}/clothing/dresses/dress-50000</loc><lastmod>2025-06-01T00:00:00.000Z</lastmod></url>`);
      const third = await request(fake.url).get('/sitemap-gb-products-3.xml').expect(200);
      expect(third.text.match(/<url>/g)).toHaveLength(20_001);
      expect(upstream.requests.some((r) => r.url === `${PRODUCT_API.sitemap('products')}?country=GB&page=2&perPage=${SITEMAP_PAGE_SIZE}`)).toBe(true);

      upstream.answer((_req, res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 500, message: 'internal server error' }));
      });
      const down = await request(fake.url).get('/sitemap.xml').expect(503);
      expect(down.headers['cache-control']).toBe('no-store');
      expect(down.text).not.toContain('internal');
    });
  });
});

describe("editor's picks and featured (listings)", () => {
  it('serves /editors-picks/{slug}, its aliases and /featured through the listing route', async () => {
    const lists = (await request(stack.api.url).get(WISHLIST_API.editorsPickLists).expect(200)).body.data.lists as { slug: string }[];
    // The four lists the migrations create.
    expect(lists.map((l) => l.slug)).toEqual(['wedding-guest', 'workwear', 'off-duty', 'holiday']);
    const slug = lists[0]!.slug;
    for (const path of [`/editors-picks/${slug}`, `/editors-pick/${slug}`, `/shop/editors-picks/${slug}`, '/featured', '/shop/featured']) {
      const res = await request(stack.web.url).get(path);
      expect(res.status, path).toBe(200);
      expect(productLd(res.text), path).toBeUndefined();
    }
    await request(stack.web.url).get('/editors-picks/no-such-pick').expect(404);
  });
});
