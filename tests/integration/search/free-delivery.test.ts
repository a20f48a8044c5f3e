import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema, type ProductCard } from '../../../shared/api/product-schemas';
import { DealsSchema, SearchResponseSchema } from '../../../shared/api/search-schemas';
import { hasFreeDelivery } from '../../../client/components/listing/product-card-rules';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { dressFeed } from '../../support/feed-fixtures';
import { SEARCH_ENGINES, apiOverEngineFor } from '../../support/search-engines';
import { openTestDatabase } from '../../support/test-database';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';

// Spec section 9: free delivery when the sale price reaches the store's threshold for the
// site. The size variant's free_delivery, the card's badge, the Free Delivery deal count and
// the freedelivery filter are one rule, in both search engines. The feeds here say the
// opposite of the rule on purpose (their shipping column), so an answer that still reads
// the feed's word shows.

const MANIFEST = {
  stores: [
    // A GB store whose GB threshold (95 GBP) sits between its two products' prices.
    { slug: 'fern-leather', name: 'Fern Leather', countryCode: 'GB', freeDelivery: { GB: 95, US: null, INTERNATIONAL: null } },
    // An AU store selling in GB too: its thresholds are in AUD, which a GBP price cannot be compared with.
    {
      slug: 'wattle-boutique',
      name: 'Wattle Boutique',
      countryCode: 'AU',
      isInternational: true,
      freeDelivery: { GB: 95, US: null, INTERNATIONAL: 95 },
    },
  ],
};

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await importStores(db, MANIFEST);
  await importFeed(db, {
    store: 'fern-leather',
    country: 'GB',
    text: dressFeed([
      // 93.99 is under 95, though the feed ships it free (the answer said true).
      { id: 'FL-UNDER', title: 'Leather Midi Dress', price: '93.99', shipping: 'GB:::0.00 GBP' },
      // 96.00 reaches 95, though the feed charges for it.
      { id: 'FL-OVER', title: 'Leather Wrap Dress', price: '96.00', shipping: 'GB:::4.95 GBP' },
      // One product, two sizes either side of 95: the card shows the cheaper, without the badge.
      { id: 'FL-SPLIT-S', group: 'FL-SPLIT', size: 'S', title: 'Leather Shirt Dress', price: '93.99', shipping: 'GB:::0.00 GBP' },
      { id: 'FL-SPLIT-L', group: 'FL-SPLIT', size: 'L', title: 'Leather Shirt Dress', price: '96.00', shipping: 'GB:::4.95 GBP' },
    ]),
  });
  await importFeed(db, {
    store: 'wattle-boutique',
    country: 'GB',
    text: dressFeed([{ id: 'WB-ABROAD', title: 'Leather Slip Dress', price: '120.00', shipping: 'GB:::0.00 GBP' }]),
  });
  await importFeed(db, {
    store: 'wattle-boutique',
    country: 'AU',
    text: dressFeed([{ id: 'WB-ABROAD', title: 'Leather Slip Dress', price: '120.00', shipping: 'AU:::9.95 AUD' }], 'AUD'),
  });
});

afterAll(async () => {
  await db?.close();
});

describe.each(SEARCH_ENGINES)('free delivery on %s', (_name, makeEngine) => {
  const api = apiOverEngineFor(() => db, makeEngine);

  async function search(query: string) {
    const res = await request(api.url()).get(`${SEARCH_API.list}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return SearchResponseSchema.parse(res.body.data);
  }

  async function freeDeliveryCount(query: string) {
    const res = await request(api.url()).get(`${SEARCH_API.deals}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return DealsSchema.parse(res.body.data).deals.find((d) => d.key === 'freedelivery')!.docCount;
  }

  /** Each card by its title: the size variant's flag and the badge the card draws. */
  const decided = (products: readonly ProductCard[], country: 'GB' | 'AU') =>
    Object.fromEntries(
      products.map((p) => {
        const size = p.variants[0]!.size_variants[0]!;
        return [p.variants[0]!.title, { flag: size.free_delivery, badge: hasFreeDelivery(p, size.saleprice, country) }];
      }),
    );

  it('agrees in GB: the flag, the badge, the deal count and the filter', async () => {
    const all = await search('q=leather&country=GB&sort=asc');
    expect(decided(all.products, 'GB')).toEqual({
      'Leather Midi Dress': { flag: false, badge: false },
      'Leather Wrap Dress': { flag: true, badge: true },
      'Leather Shirt Dress': { flag: false, badge: false },
      // Its thresholds are in AUD: no GB price is compared with them.
      'Leather Slip Dress': { flag: false, badge: false },
    });
    expect(await freeDeliveryCount('q=leather&country=GB')).toBe(1);
    const free = await search('q=leather&country=GB&freedelivery=true');
    expect(free.products.map((p) => p.variants[0]!.title)).toEqual(['Leather Wrap Dress']);
    expect(free.totalCount).toBe(1);
  });

  it('flags each size variant of the product page by its own price', async () => {
    const card = (await search('q=leather&country=GB')).products.find((p) => p.variants[0]!.title === 'Leather Shirt Dress')!;
    const guid = card.variants[0]!.size_variants[0]!.guid;
    const res = await request(api.url()).get(`${PRODUCT_API.detailByGuid(guid)}?country=GB`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sizes = ProductDetailSchema.parse(res.body.data).product.variants[0]!.size_variants;
    expect(sizes.map((z) => [z.saleprice, z.free_delivery])).toEqual([
      [93.99, false],
      [96, true],
    ]);
  });

  it('agrees in AU, where the AU store prices in its own currency (the INTERNATIONAL threshold)', async () => {
    const all = await search('q=leather&country=AU');
    expect(decided(all.products, 'AU')).toEqual({ 'Leather Slip Dress': { flag: true, badge: true } });
    expect(all.products[0]!.INTERNATIONAL).toBe(95);
    expect(await freeDeliveryCount('q=leather&country=AU')).toBe(1);
    expect((await search('q=leather&country=AU&freedelivery=true')).totalCount).toBe(1);
  });

  it('sends the thresholds that hold on the site: none for a store pricing in another currency', async () => {
    const all = await search('q=leather&country=GB');
    const thresholds = Object.fromEntries(all.products.map((p) => [p.storename, { GB: p.GB, US: p.US, INTERNATIONAL: p.INTERNATIONAL }]));
    expect(thresholds).toEqual({
      'Fern Leather': { GB: 95, US: null, INTERNATIONAL: null },
      'Wattle Boutique': { GB: null, US: null, INTERNATIONAL: null },
    });
  });
});
