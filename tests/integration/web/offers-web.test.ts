import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { ProductDetailSchema } from '../../../shared/api/product-schemas';
import type { Database } from '../../../server/api/db/database';
import { startApi } from '../../support/api-server';
import { GTIN, MPN, guidOf, seedOffersCatalog, type StoreSlug } from '../../support/offers-catalog';
import { visibleMarkup } from '../../support/page';
import { openTestDatabase } from '../../support/test-database';
import { startWeb } from '../../support/web-server';

// Issue 28's product page as a crawler or a shopper without JavaScript gets it, through the real
// web and api: "Compare N offers" for the page's size (cheapest total first and marked, each row a
// tracked click-through), rel=canonical naming the oldest copy's page on every store's copy, the
// ProductGroup JSON-LD, and the XML sitemap naming canonical pages only. Catalogue:
// tests/support/offers-catalog.ts (one dress, four stores).

const SITE = 'https://www.vitrine.example';
const BROWSER = 'Mozilla/5.0 Chrome/130';

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;
/** Each store copy's page path (no leading slash), by store and item. */
const pathOf = new Map<string, string>();
const path = (store: StoreSlug, item: string) => pathOf.get(`${store}/${item}`)!;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedOffersCatalog(db);
  api = await startApi(db);
  web = await startWeb(api.url, { SITE_URL: SITE });
  for (const [store, item] of [['alder-ash', 'LINEN-S'], ['alder-ash', 'LINEN-M'], ['alder-ash', 'SILK'], ['birch-row', 'LINEN-S'], ['birch-row', 'LINEN-M'], ['cedar-lane', 'LINEN-S']] as const) {
    const res = await request(api.url).get(`${PRODUCT_API.detailByGuid(guidOf(store, item))}?country=GB`).expect(200);
    pathOf.set(`${store}/${item}`, ProductDetailSchema.parse(res.body.data).canonicalUrl);
  }
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
});

const page = (p: string) => request(web.url).get(`/${p}`).set('User-Agent', BROWSER).expect(200);

type Row = { guid: string; store: string; cheapest: boolean; cells: string[]; buy: { href: string; label: string } };

/** The offers table's rows, as the markup has them: the store, whether it is marked, its cells' text and its link. */
function offerRows(html: string): Row[] {
  const table = /<table class="product-offers-table"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<tr data-offer="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, guid, row]) => {
    const text = (markup: string) => markup.replace(/<time[\s\S]*?<\/time>/g, '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').trim();
    const head = /<th scope="row">([\s\S]*?)<\/th>/.exec(row!)![1]!;
    const link = /<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(row!)!;
    return {
      guid: guid!,
      store: text(head.split('<')[0]!),
      cheapest: head.includes('<strong class="product-offers-cheapest">Cheapest</strong>'),
      cells: [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]!)).slice(0, 4),
      buy: { href: link[1]!, label: text(link[2]!) },
    };
  });
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe('"Compare N offers" on the product page, without JavaScript', () => {
  it("lists the size's offers in every store, cheapest total first and marked, each a tracked click-through", async () => {
    const html = visibleMarkup((await page(path('birch-row', 'LINEN-S'))).text);
    expect(html).toContain('<h2 id="product-offers-title">Compare 3 offers</h2>');
    expect(offerRows(html)).toEqual([
      {
        guid: guidOf('cedar-lane', 'LINEN-S'),
        store: 'Cedar Lane',
        cheapest: true,
        cells: ['£84', 'Free delivery', '£84', 'In stock'],
        buy: { href: `/products/loadRetailerProductPage/${guidOf('cedar-lane', 'LINEN-S')}`, label: 'Buy at Cedar Lane (opens in a new tab)' },
      },
      {
        guid: guidOf('alder-ash', 'LINEN-S'),
        store: 'Alder & Ash',
        cheapest: false,
        cells: ['£80', '£4.95', '£84.95', 'In stock'],
        buy: { href: `/products/loadRetailerProductPage/${guidOf('alder-ash', 'LINEN-S')}`, label: 'Buy at Alder & Ash (opens in a new tab)' },
      },
      {
        guid: guidOf('birch-row', 'LINEN-S'),
        store: 'Birch Row',
        cheapest: false,
        cells: ['£78', '£9', '£87', 'In stock'],
        buy: { href: `/products/loadRetailerProductPage/${guidOf('birch-row', 'LINEN-S')}`, label: 'Buy at Birch Row (opens in a new tab)' },
      },
    ]);
    // Each row says how old its store's price is, as the page's own price does.
    expect(html.match(/<th scope="row">[^<]*(?:<strong[^>]*>Cheapest<\/strong>)?<p class="product-price-age">Price checked <time dateTime="/g)).toHaveLength(3);
  });

  it("shows another size's offers on that size's page: delivery not shown, and a sold-out offer last, unmarked", async () => {
    const html = visibleMarkup((await page(path('birch-row', 'LINEN-M'))).text);
    expect(offerRows(html).map((r) => [r.store, r.cheapest, ...r.cells, r.buy.label])).toEqual([
      ['Birch Row', true, '£79', 'Delivery not shown', '£79 + delivery', 'In stock', 'Buy at Birch Row (opens in a new tab)'],
      ['Cedar Lane', false, '£84', 'Free delivery', '£84', 'In stock', 'Buy at Cedar Lane (opens in a new tab)'],
      ['Alder & Ash', false, '£82', '£4.95', '£86.95', 'Out of stock', 'Browse Alder & Ash'],
    ]);
  });

  it('records the click of a row and sends the shopper on to that store', async () => {
    const [cheapest] = offerRows(visibleMarkup((await page(path('alder-ash', 'LINEN-S'))).text));
    const res = await request(web.url).get(cheapest!.buy.href).set('User-Agent', BROWSER).expect(200);
    expect(/<meta http-equiv="refresh" content="0; url=([^"]*)"/.exec(res.text)?.[1]).toBe('https://shop.example/LINEN-S');
    const [clicks] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_clicks c JOIN size_variants sv ON sv.id = c.size_variant_id WHERE sv.guid = $1::uuid',
      [guidOf('cedar-lane', 'LINEN-S')],
    );
    expect(clicks!.n).toBe(1);
  });

  it('shows no comparison for an item one store sells', async () => {
    const html = visibleMarkup((await page(path('alder-ash', 'SILK'))).text);
    expect(html).not.toContain('product-offers');
  });
});

describe('canonical links and structured data of store copies', () => {
  it("names the oldest copy's page of the same size as rel=canonical on every copy, each answering 200", async () => {
    for (const store of ['alder-ash', 'birch-row', 'cedar-lane'] as const) {
      const html = (await page(path(store, 'LINEN-S'))).text;
      expect(html).toContain(`<link rel="canonical" href="${SITE}/${path('alder-ash', 'LINEN-S')}"/>`);
    }
    // Only the canonical page names its other country sites (the copies' alternates would name theirs).
    expect((await page(path('alder-ash', 'LINEN-S'))).text).toContain('hrefLang="en-GB"');
    expect((await page(path('birch-row', 'LINEN-S'))).text).not.toContain('hrefLang=');
    expect((await page(path('birch-row', 'LINEN-M'))).text).toContain(`<link rel="canonical" href="${SITE}/${path('alder-ash', 'LINEN-M')}"/>`);
  });

  it('marks up the colour as a ProductGroup varying by size, each size with its GTIN, MPN and every store offer', async () => {
    const ld = jsonLd((await page(path('cedar-lane', 'LINEN-S'))).text).find((d) => d['@type'] === 'ProductGroup')!;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', name: 'Linen Midi Dress', variesBy: ['https://schema.org/size'], url: `${SITE}/${path('alder-ash', 'LINEN-S')}` });
    expect(typeof ld.productGroupID).toBe('string');
    const offer = (store: string, price: string, slug: string, availability = 'InStock') => ({
      '@type': 'Offer',
      url: `${SITE}/${slug}`,
      price,
      priceCurrency: 'GBP',
      itemCondition: 'https://schema.org/NewCondition',
      availability: `https://schema.org/${availability}`,
      seller: { '@type': 'Organization', name: store },
    });
    expect(ld.hasVariant).toEqual([
      {
        '@type': 'Product',
        name: 'Linen Midi Dress, size S',
        sku: guidOf('cedar-lane', 'LINEN-S'),
        gtin: GTIN.S,
        mpn: MPN,
        size: 'S',
        url: `${SITE}/${path('alder-ash', 'LINEN-S')}`,
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'GBP',
          lowPrice: '78.00',
          highPrice: '84.00',
          offerCount: 3,
          offers: [offer('Cedar Lane', '84.00', path('cedar-lane', 'LINEN-S')), offer('Alder & Ash', '80.00', path('alder-ash', 'LINEN-S')), offer('Birch Row', '78.00', path('birch-row', 'LINEN-S'))],
        },
      },
      expect.objectContaining({ name: 'Linen Midi Dress, size M', gtin: GTIN.M, size: 'M', offers: expect.objectContaining({ '@type': 'AggregateOffer', offerCount: 3, lowPrice: '79.00', highPrice: '84.00' }) }),
    ]);
    // Product snippets, not merchant listings: no checkout or return policy mark-up.
    expect(JSON.stringify(ld)).not.toMatch(/hasMerchantReturnPolicy|shippingDetails|BuyAction/);
  });

  it('gives an item one store sells one Offer and no identifiers it does not have', async () => {
    const ld = jsonLd((await page(path('alder-ash', 'SILK'))).text).find((d) => d['@type'] === 'ProductGroup')!;
    const [variant] = ld.hasVariant as Record<string, unknown>[];
    expect(variant).not.toHaveProperty('gtin');
    expect(variant).not.toHaveProperty('mpn');
    expect(variant!.offers).toMatchObject({ '@type': 'Offer', price: '60.00', seller: { '@type': 'Organization', name: 'Alder & Ash' } });
  });

  it('lists in the XML sitemap only the canonical page of a product sold by several stores', async () => {
    const res = await request(web.url).get('/sitemap-gb-products-1.xml').expect(200);
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${SITE}/${path('alder-ash', 'LINEN-S')}`, `${SITE}/${path('alder-ash', 'SILK')}`]);
  });
});
