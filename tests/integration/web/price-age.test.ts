import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { checkedOn } from '../../../client/components/product/price-age-view';
import { readAgedFeeds, systemFeedAges } from '../../../server/api/catalog/feed-ages';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { ProductDetailSchema } from '../../../shared/api/product-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { demoStackForFile } from '../../support/demo-stack';
import { testTranslator } from '../../support/i18n';
import { visibleMarkup } from '../../support/page';

// Prices with their age (issue 27), through the real web and api on the small demo catalogue:
// the api's product answer says when a feed last confirmed the store's prices in the country
// (feed_states.confirmed_at, set here by SQL as the feed-states part has an import record it),
// and the page says it beside the price, with "Prices may be out of date" past FEED_STALE_HOURS
// (72 by default). The page's own words are absolute (the server and the hydrating render
// agree); the relative ones come after hydration (tests/unit/web/price-age.test.tsx).

const HOUR_MS = 3_600_000;
const stack = demoStackForFile('catalog');

/** One size variant priced on a country's site (GB unless named) of each of the first public stores. */
async function productsOfStores(count: number, country: CountryCode = 'GB') {
  return stack.db.query<{ store_id: number; guid: string }>(
    `SELECT DISTINCT ON (s.id) s.id AS store_id, sv.guid::text AS guid
       FROM size_variants sv
       JOIN stores s ON s.id = sv.store_id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
      WHERE NOT s.admin_only
      ORDER BY s.id, sv.id
      LIMIT $1`,
    [count, country],
  );
}

/** Records that a feed confirmed the store's prices on a country's site (GB unless named) `hoursAgo`; returns that time as the api writes it. */
async function confirmed(storeId: number, hoursAgo: number, country: CountryCode = 'GB'): Promise<string> {
  const at = new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
  await stack.db.query(
    `INSERT INTO feed_states (store_id, country_code, confirmed_at) VALUES ($1, $3, $2::timestamptz)
     ON CONFLICT (store_id, country_code) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at`,
    [storeId, at, country],
  );
  return at;
}

async function detailOf(guid: string, country: CountryCode = 'GB') {
  const res = await request(stack.api.url).get(`${PRODUCT_API.detailByGuid(guid)}?country=${country}`).expect(200);
  return ProductDetailSchema.parse(res.body.data);
}

/** The product's page on a site ('' for GB, '/ca/fr' for Canada in French), as the shopper sees it. */
async function pageOf(guid: string, country: CountryCode = 'GB', prefix = ''): Promise<string> {
  const detail = await detailOf(guid, country);
  const res = await request(stack.web.url).get(`${prefix}/${detail.canonicalUrl}`).expect(200);
  return visibleMarkup(res.text);
}

const checkedLine = (at: string) => `<p class="product-price-age">Price checked <time dateTime="${at}">${checkedOn(testTranslator().t, at, COUNTRIES.GB)}</time></p>`;
const PRICES_MAY_BE_OUT_OF_DATE = 'Prices may be out of date';
const note = `<p class="product-price-stale" role="note">${PRICES_MAY_BE_OUT_OF_DATE}</p>`;

describe('the age of a product page price', () => {
  it('is never stale on a catalogue just imported, as npm start first imports its demo', async () => {
    expect(await readAgedFeeds(stack.db, systemFeedAges())).toEqual([]);
  });

  it('says when a feed last confirmed the price, in the site time, and past FEED_STALE_HOURS that prices may be out of date', async () => {
    // Before the first request of these pages: the api keeps product answers until a change notice.
    const [recent, old] = await productsOfStores(2);
    const recentAt = await confirmed(recent!.store_id, 3);
    const oldAt = await confirmed(old!.store_id, 73);

    expect((await detailOf(recent!.guid)).priceAge).toEqual({ checkedAt: recentAt, mayBeOutOfDate: false });
    expect((await detailOf(old!.guid)).priceAge).toEqual({ checkedAt: oldAt, mayBeOutOfDate: true });

    const recentPage = await pageOf(recent!.guid);
    expect(recentPage).toContain(checkedLine(recentAt));
    expect(recentPage).not.toContain(PRICES_MAY_BE_OUT_OF_DATE);
    const oldPage = await pageOf(old!.guid);
    expect(oldPage).toContain(`${checkedLine(oldAt)}${note}`);
  });

  it("keeps the page of a store whose feed is past twice FEED_STALE_HOURS (its items left the listing), with the note", async () => {
    const [, , gone] = await productsOfStores(3);
    const at = await confirmed(gone!.store_id, 145);
    expect((await detailOf(gone!.guid)).priceAge).toEqual({ checkedAt: at, mayBeOutOfDate: true });
    expect(await pageOf(gone!.guid)).toContain(`${checkedLine(at)}${note}`);
  });

  it("says it in the page's language: the French page of a Canadian product, its English page unchanged (issue 29)", async () => {
    const [product] = await productsOfStores(1, 'CA');
    const at = await confirmed(product!.store_id, 80, 'CA');
    const french = await pageOf(product!.guid, 'CA', '/ca/fr');
    const when = checkedOn(testTranslator('fr-CA').t, at, { ...COUNTRIES.CA, locale: 'fr-CA' });
    expect(when).toMatch(/^le \d+ [a-zé]+\.? \d{4}/);
    expect(french).toContain(`<p class="product-price-age">Prix vérifié <time dateTime="${at}">${when}</time></p><p class="product-price-stale" role="note">Les prix ne sont peut-être pas à jour</p>`);
    const english = await pageOf(product!.guid, 'CA', '/ca');
    expect(english).toContain(`<p class="product-price-age">Price checked <time dateTime="${at}">${checkedOn(testTranslator().t, at, COUNTRIES.CA)}</time></p>${note}`);
  });
});
