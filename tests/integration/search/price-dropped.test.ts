import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealsSchema, ListingPageSchema, SearchResponseSchema } from '../../../shared/api/search-schemas';
import { DAY_MS } from '../../../shared/reference-price';
import { remeasureOffers } from '../../../server/api/catalog/honest-offers';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import type { Running } from '../../support/listen';
import { SEARCH_ENGINES, apiOverEngine, type StartedEngine } from '../../support/search-engines';
import { dressFeed, type DressRow } from '../../support/feed-fixtures';
import { openTestDatabase } from '../../support/test-database';
import * as SEARCH_API from '../../../shared/api/search-paths';

// "Price Dropped": items whose price fell in the last 7 days (shared/reference-price.ts
// priceDrop). A feed is imported, its change log aged ten days (the clock this test sets), and
// the same feed imported again with some prices cut: the importer stores each size's drop,
// both engines list exactly the cut products under pricedropped, count them in the deals group
// from the same pass, sort them by drop, and a daily re-measure a week later clears them.

const MANIFEST = { stores: [{ slug: 'larch-linen', name: 'Larch Linen', countryCode: 'GB' }] };

const BEFORE: DressRow[] = [
  { id: 'LL-LINEN', title: 'Linen Midi Dress', price: '100.00' },
  { id: 'LL-SILK', title: 'Silk Wrap Dress', price: '50.00' },
  { id: 'LL-WOOL', title: 'Wool Shift Dress', price: '60.00' },
  { id: 'LL-COTTON', title: 'Cotton Shirt Dress', price: '40.00' },
  // One product, two sizes: only the large is cut, and its drop is the product's.
  { id: 'LL-TWEED-S', group: 'LL-TWEED', size: 'S', title: 'Tweed Pinafore Dress', price: '70.00' },
  { id: 'LL-TWEED-L', group: 'LL-TWEED', size: 'L', title: 'Tweed Pinafore Dress', price: '70.00' },
  { id: 'LL-VELVET', title: 'Velvet Slip Dress', price: '90.00' },
];

/** The same feed a week and a half later: four cuts, one raise, one cut of an item sold out. */
const AFTER: DressRow[] = [
  { id: 'LL-LINEN', title: 'Linen Midi Dress', price: '80.00' },
  { id: 'LL-SILK', title: 'Silk Wrap Dress', price: '45.00' },
  { id: 'LL-WOOL', title: 'Wool Shift Dress', price: '60.00' },
  { id: 'LL-COTTON', title: 'Cotton Shirt Dress', price: '44.00' },
  { id: 'LL-TWEED-S', group: 'LL-TWEED', size: 'S', title: 'Tweed Pinafore Dress', price: '70.00' },
  { id: 'LL-TWEED-L', group: 'LL-TWEED', size: 'L', title: 'Tweed Pinafore Dress', price: '35.00' },
  { id: 'LL-VELVET', title: 'Velvet Slip Dress', price: '60.00', availability: 'out_of_stock' },
];

describe.each(SEARCH_ENGINES)('price dropped on %s', (_name, makeEngine) => {
  let db: Database;
  let started: StartedEngine | undefined;
  let api: Running | undefined;

  /** An api over a freshly started engine: what the catalogue holds now. */
  async function serve(): Promise<void> {
    await api?.close();
    await started?.close();
    started = await makeEngine(db);
    api = await apiOverEngine(db, started.engine);
  }

  async function get(path: string): Promise<unknown> {
    const res = await request(api!.url).get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }
  const titles = async (query: string) => SearchResponseSchema.parse(await get(`${SEARCH_API.list}?${query}`)).products.map((p) => p.variants[0]!.title);
  const total = async (query: string) => SearchResponseSchema.parse(await get(`${SEARCH_API.list}?${query}`)).totalCount;
  const droppedCount = async (query: string) =>
    DealsSchema.parse(await get(`${SEARCH_API.deals}?${query}`)).deals.find((d) => d.key === 'pricedropped')!.docCount;
  const storedDrops = async () =>
    Object.fromEntries(
      (
        await db.query<{ id: string; dropped: number }>(
          `SELECT sv.item_id AS id, p.dropped FROM size_variant_prices p JOIN size_variants sv ON sv.id = p.size_variant_id ORDER BY sv.item_id`,
        )
      ).map((r) => [r.id, r.dropped]),
    );

  beforeAll(async () => {
    db = await openTestDatabase();
    await importStores(db, MANIFEST);
    await importFeed(db, { store: 'larch-linen', country: 'GB', text: dressFeed(BEFORE) });
    // Ten days pass: the first import's prices were in force when the week began.
    await db.query(`UPDATE price_history SET recorded_at = recorded_at - make_interval(days => 10)`);
    await importFeed(db, { store: 'larch-linen', country: 'GB', text: dressFeed(AFTER) });
    await serve();
  });

  afterAll(async () => {
    await api?.close();
    await started?.close();
    await db?.close();
  });

  it('stores each size variant\'s fall over the week: cuts only, in stock only, rounded down', async () => {
    expect(await storedDrops()).toEqual({
      'LL-COTTON': 0,
      'LL-LINEN': 20,
      'LL-SILK': 10,
      'LL-TWEED-L': 50,
      'LL-TWEED-S': 0,
      'LL-VELVET': 0,
      'LL-WOOL': 0,
    });
  });

  it('lists exactly the cut products under pricedropped, and counts them in the deals group', async () => {
    expect((await titles('pricedropped=true')).sort()).toEqual(['Linen Midi Dress', 'Silk Wrap Dress', 'Tweed Pinafore Dress']);
    expect(await total('pricedropped=true')).toBe(3);
    // The count beside the filter, with it off (the index adds up cells) and on (it scans): the listing's total.
    expect(await droppedCount('')).toBe(3);
    expect(await droppedCount('pricedropped=true')).toBe(3);
    // Words narrow both alike ("silk" is one product's; the store's name holds "linen").
    expect(await droppedCount('q=silk')).toBe(await total('q=silk&pricedropped=true'));
    expect(await total('q=silk&pricedropped=true')).toBe(1);
    // The whole-page answer's deals come from the pass that made its page.
    const page = ListingPageSchema.parse(await get(`${SEARCH_API.listing}?pricedropped=true`));
    expect(page.deals.deals.map((d) => [d.key, d.textKey, d.docCount])).toEqual([
      ['coupons', 'Coupon Code', 0],
      ['freedelivery', 'Free Delivery', 0],
      ['sale', 'All Offers', 0],
      ['pricedropped', 'Price Dropped', 3],
    ]);
    expect(page.pages[0]!.totalCount).toBe(3);
  });

  it('sorts by the biggest drop first, then everything else in the Recommended order', async () => {
    const recommended = await titles('');
    const sorted = await titles('sort=dropped');
    const dropped = ['Tweed Pinafore Dress', 'Linen Midi Dress', 'Silk Wrap Dress'];
    expect(sorted).toEqual([...dropped, ...recommended.filter((t) => !dropped.includes(t))]);
    expect(sorted.length).toBe(6);
    expect(await titles('sort=dropped&pricedropped=true')).toEqual(dropped);
  });

  it('lets the drops lapse a week after the cuts, when the daily re-measure runs', async () => {
    // Today's run changes nothing: the cuts are hours old.
    expect(await remeasureOffers(db, Date.now())).toBe(0);
    expect(await remeasureOffers(db, Date.now() + 8 * DAY_MS)).toBe(3);
    expect(Object.values(await storedDrops())).toEqual([0, 0, 0, 0, 0, 0, 0]);
    await serve();
    expect(await total('pricedropped=true')).toBe(0);
    expect(await droppedCount('')).toBe(0);
  });

  it('finds, on a daily run, the drop a raise leaving the week makes', async () => {
    // A month on, the cotton dress's log (written as the demo's history is): 40 for weeks,
    // raised to 50 nine days ago, cut to 44 two days ago. A week ago it was 50, so it dropped;
    // three days earlier the week began at 40, and it had not.
    const later = Date.now() + 30 * DAY_MS;
    const [{ id }] = (await db.query<{ id: number }>(`SELECT id FROM size_variants WHERE item_id = 'LL-COTTON'`)) as [{ id: number }];
    await db.query('DELETE FROM price_history WHERE size_variant_id = $1', [id]);
    for (const [daysAgo, price] of [[20, 40], [9, 50], [2, 44]] as const) {
      await db.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
         VALUES ($1, 'GB', 'GBP', $2, $2, 1, $3, $4)`,
        [id, price, daysAgo === 20, new Date(later - daysAgo * DAY_MS)],
      );
    }
    // Three days earlier every drop has lapsed (run alone, this test's first run clears the cuts).
    await remeasureOffers(db, later - 3 * DAY_MS);
    expect(Object.values(await storedDrops())).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await remeasureOffers(db, later)).toBe(1);
    expect((await storedDrops())['LL-COTTON']).toBe(12);
    await serve();
    expect(await titles('pricedropped=true')).toEqual(['Cotton Shirt Dress']);
  });
});
