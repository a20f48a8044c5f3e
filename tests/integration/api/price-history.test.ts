import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import { DAY_MS } from '../../../shared/reference-price';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { remeasureOffers } from '../../../server/api/catalog/honest-offers';
import { CATALOG_CHANGED_CHANNEL } from '../../../server/api/catalog/catalog-changed';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { PRICE_HISTORY_KEEP_DAYS, PriceHistoryService } from '../../../server/api/services/price-history-service';
import { startApi } from '../../support/api-server';
import { fixtureManifest, readFixture } from '../../support/feed-fixtures';
import { BOTH_ENGINES } from '../../support/test-database';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import { pathPrefix } from '../../support/api-paths';

// GET /api/products/price-history/{guid}: a size variant's days on one country's site read from
// the change log, the honest reference price, caching and invalidation, pruning, and the
// discount an import stores; on both engines.

const NORTHLANE_GB = readFixture('good/northlane.gb.tsv');
const DRESS = sizeVariantGuid('northlane', 'NL100-BLK-S');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(BOTH_ENGINES)('on %s', (_engine, open) => {
  let db: Database;
  let api: Awaited<ReturnType<typeof startApi>>;
  let sizeVariantId: number;

  /** The dress's GB log, replaced by these changes (days ago, sale, msrp, status). */
  const writeHistory = (rows: [daysAgo: number, sale: number, msrp: number, status: number][]) => writeHistoryOf(DRESS, rows);

  /** A size variant's GB log, replaced by these changes. */
  async function writeHistoryOf(guid: string, rows: [daysAgo: number, sale: number, msrp: number, status: number][]): Promise<void> {
    const now = Date.now();
    const [{ id: sizeVariantId }] = (await db.query<{ id: number }>('SELECT id FROM size_variants WHERE guid = $1::uuid', [guid])) as [{ id: number }];
    await db.query(`DELETE FROM price_history WHERE size_variant_id = $1 AND country_code = 'GB'`, [sizeVariantId]);
    for (const [i, [ago, sale, msrp, status]] of rows.entries()) {
      await db.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
         VALUES ($1, 'GB', 'GBP', $2, $3, $4, $5, $6)`,
        [sizeVariantId, msrp, sale, status, i === 0, new Date(now - ago * DAY_MS)],
      );
    }
  }

  async function history(query: string): Promise<{ status: number; body: { data?: PriceHistory; message?: string }; etag: string | null; cacheControl: string | null }> {
    const res = await fetch(`${api.url}${pathPrefix(priceHistoryPath)}${query}`);
    return { status: res.status, body: (await res.json()) as { data?: PriceHistory }, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control') };
  }

  beforeAll(async () => {
    db = await open();
    await upsertCategoryTree(db);
    await importStores(db, fixtureManifest());
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    [{ id: sizeVariantId }] = (await db.query<{ id: number }>('SELECT id FROM size_variants WHERE guid = $1::uuid', [DRESS])) as [{ id: number }];
    // Today's price (59, list 89, in stock) is the feed's; before it: 89 for months, a week at 79
    // from 40 days ago, then 89 again until the cut to 59 ten days ago.
    await writeHistory([
      [120, 89, 89, 1],
      [40, 79, 89, 1],
      [33, 89, 89, 1],
      [10, 59, 89, 1],
    ]);
    api = await startApi(db);
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  describe('price history', () => {
    it('gives one point per day, the lows, and the discount measured against the lowest price of the 30 days before the cut', async () => {
      const now = Date.now();
      const { status, body, cacheControl } = await history(`${DRESS}?country=GB&days=30`);
      expect(status).toBe(200);
      expect(cacheControl).toBe('public, max-age=60, stale-while-revalidate=300');
      const data = body.data!;
      expect(data.points.length).toBe(30);
      expect(data.points[0]).toEqual({ date: day(now - 29 * DAY_MS), salePrice: 89, msrp: 89, available: true });
      expect(data.points.at(-1)).toEqual({ date: day(now), salePrice: 59, msrp: 89, available: true });
      expect(data.points.find((p) => p.date === day(now - 10 * DAY_MS))!.salePrice).toBe(59);
      expect(data.points.find((p) => p.date === day(now - 11 * DAY_MS))!.salePrice).toBe(89);
      expect(data.current).toEqual({ date: day(now), salePrice: 59, msrp: 89, available: true });
      expect(data.lowest30).toEqual({ price: 59, date: day(now) });
      expect(data.lowest90).toEqual({ price: 59, date: day(now) });
      expect(data.lowestIn90Days).toBe(true);
      expect(data.reference).toEqual({
        price: 79, basis: 'history', since: day(now - 10 * DAY_MS), known: day(now - 120 * DAY_MS), discount: 25, msrpDiscount: 34,
      });
      // A year asked for, 121 days on record: from the first day it was priced here.
      const year = (await history(`${DRESS}?country=GB&days=365`)).body.data!;
      expect(year.points.length).toBe(121);
      expect(year.points[0]!.date).toBe(day(now - 120 * DAY_MS));
      expect(year.points.filter((p) => p.salePrice === 79).length).toBe(7);
      // Sold by Northlane alone: its line is the lowest (free delivery over its £50 threshold).
      expect(data.stores.map((line) => [line.guid, line.store.name, line.delivery, line.withdrawn])).toEqual([[DRESS, 'Northlane', 0, null]]);
      expect(data.lowest).toEqual(data.points.map((p) => ({ date: p.date, total: p.salePrice, guid: DRESS })));
    });

    it('turns bad input away with a clear message and an unknown or unpriced size variant with a 404', async () => {
      const bad = {
        [`${DRESS}?days=0`]: 'days must be a whole number from 1 to 365',
        [`${DRESS}?days=366`]: 'days must be a whole number from 1 to 365',
        [`${DRESS}?days=abc`]: 'days must be a whole number from 1 to 365',
        [`${DRESS}?country=ZZ`]: 'country must be one of',
        ['not-a-guid']: 'guid must be a size variant id (a UUID)',
      };
      for (const [query, message] of Object.entries(bad)) {
        const res = await history(query);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(res.body.message).toContain(message);
      }
      expect((await history('00000000-0000-5000-8000-000000000000?country=GB')).status).toBe(404);
      // Northlane's GB feed is all it has: the dress is not sold on the US site.
      expect((await history(`${DRESS}?country=US`)).status).toBe(404);
    });

    it('is answered from memory until an import changes the catalogue, then afresh', async () => {
      const url = `${DRESS}?country=GB&days=90`;
      const first = await history(url);
      const kept = await history(url);
      expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(kept.etag).toBe(first.etag);
      const heard = api.answers.nextChange();
      const cheaper = NORTHLANE_GB.replace(/^(NL100-BLK-S\t(?:[^\t]*\t){7})59\.00 GBP/m, '$149.00 GBP');
      expect(cheaper).not.toBe(NORTHLANE_GB);
      await importFeed(db, { text: cheaper, store: 'northlane', country: 'GB' });
      await heard;
      const after = await history(url);
      expect(after.etag).not.toBe(first.etag);
      expect(after.body.data!.current.salePrice).toBe(49);
      // Cut again today: measured against the lowest of the 30 days before today (59).
      expect(after.body.data!.reference).toMatchObject({ price: 59, basis: 'history', since: day(Date.now()), discount: 17 });
    });

    it('prunes rows older than the kept days, keeping the one in force at the cut', async () => {
      const keep = PRICE_HISTORY_KEEP_DAYS;
      await writeHistory([
        [keep + 100, 95, 95, 1],
        [keep + 50, 92, 95, 0],
        [keep + 20, 89, 89, 1],
        [100, 59, 89, 1],
      ]);
      const service = new PriceHistoryService(db);
      expect(await service.prune()).toBe(2);
      const left = await db.query<{ sale_price: number }>(
        `SELECT sale_price FROM price_history WHERE size_variant_id = $1 AND country_code = 'GB' ORDER BY recorded_at`,
        [sizeVariantId],
      );
      expect(left.map((r) => r.sale_price)).toEqual([89, 59]);
      expect(await service.prune()).toBe(0);
    });
  });

  describe('the discount an import stores', () => {
    const offersOf = async () =>
      (await db.query<{ offers: number }>(`SELECT offers FROM size_variant_prices WHERE size_variant_id = $1 AND country_code = 'GB'`, [sizeVariantId]))[0]!.offers;
    const feedWith = (price: string, sale: string) =>
      NORTHLANE_GB.replace(/^(NL100-BLK-S\t(?:[^\t]*\t){6})[^\t]*\t[^\t]*/m, `$1${price} GBP\t${sale} GBP`);

    it('measures a reduction against the lowest price of the 30 days before it, not against an inflated "was" price', async () => {
      // 60 for months; the feed now says "was 120, now 59": 51 % by the feed, 2 % in truth.
      await writeHistory([[120, 60, 60, 1]]);
      await importFeed(db, { text: feedWith('120.00', '59.00'), store: 'northlane', country: 'GB' });
      expect(await offersOf()).toBe(2);
      const detail = (await (await fetch(`${api.url}${PRODUCT_API.detailByGuid(DRESS)}?country=GB`)).json()) as {
        data: { product: { variants: { size_variants: { guid: string; offers: number }[] }[] } };
      };
      const size = detail.data.product.variants.flatMap((v) => v.size_variants).find((s) => s.guid === DRESS)!;
      expect(size.offers).toBe(2);
    });

    it("keeps the feed's figure for a first sighting, and the list price caps a higher history", async () => {
      await writeHistory([[120, 130, 130, 1]]);
      await importFeed(db, { text: feedWith('120.00', '60.00'), store: 'northlane', country: 'GB' });
      // The list price (120) is lower than the history (130): it caps the reference.
      expect(await offersOf()).toBe(50);
      await db.query(`DELETE FROM price_history WHERE size_variant_id = $1`, [sizeVariantId]);
      await importFeed(db, { text: feedWith('100.00', '75.00'), store: 'northlane', country: 'GB' });
      expect(await offersOf()).toBe(25);
    });
  });
  describe('discounts that time alone changes', () => {
    it('measures a price first seen 20 days ago against its list price, and as the regular price once it has held 30 days', async () => {
      await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      await writeHistory([[20, 59, 89, 1]]);
      const offers = async () =>
        (await db.query<{ offers: number }>(`SELECT offers FROM size_variant_prices WHERE size_variant_id = $1 AND country_code = 'GB'`, [sizeVariantId]))[0]!.offers;
      const now = Date.now();
      // Its notice is heard before listening below (a late one would be counted there).
      const first = api.answers.nextChange();
      expect(await remeasureOffers(db, now)).toBe(1);
      await first;
      expect(await offers()).toBe(34);
      const notices: string[] = [];
      const unlisten = await db.listen(CATALOG_CHANGED_CHANNEL, (payload) => notices.push(payload));
      const heard = api.answers.nextChange();
      expect(await remeasureOffers(db, now + 15 * DAY_MS)).toBe(1);
      expect(await offers()).toBe(0);
      await heard;
      expect(notices.map((n) => JSON.parse(n))).toEqual([{ store: 'northlane', country: 'GB', updated: 1, imported: 0 }]);
      await unlisten();
      // Nothing left to change.
      expect(await remeasureOffers(db, now + 15 * DAY_MS)).toBe(0);
    });
  });

  describe('across stores', () => {
    // Issue 28. The fixture's rows carry no GTIN, so the two other stores' copies are matched
    // here with SQL (same_as) as the matcher would match them; Lark's shipping and withdrawal are
    // set with its history.
    it('gives a line per store selling the size, withdrawn ones ending where they left, and the lowest total across them per day', async () => {
      const now = Date.now();
      await writeHistory([
        [120, 89, 89, 1],
        [40, 79, 89, 1],
        [33, 89, 89, 1],
        [10, 59, 89, 1],
      ]);
      const manifest = fixtureManifest();
      const northlane = manifest.stores.find((s) => s.slug === 'northlane')!;
      manifest.stores.push(
        {
          ...northlane,
          slug: 'rivington',
          name: 'Rivington',
          affiliateId: 9,
          coupons: [],
          freeDelivery: { GB: 100, US: null, INTERNATIONAL: null },
          deliveryPrices: { GB: 4.95 },
        },
        { ...northlane, slug: 'lark', name: 'Lark', affiliateId: 10, coupons: [] },
      );
      await importStores(db, manifest);
      const [header, ...lines] = NORTHLANE_GB.split('\n');
      const dress = lines.find((line) => line.startsWith('NL100-BLK-S\t'))!;
      const copies: Record<string, string> = {};
      for (const [store, id] of [['rivington', 'RV100-S'], ['lark', 'LK100-S']] as const) {
        // Its notice empties the kept answers (the first test's among them) before the reads below.
        const heard = api.answers.nextChange();
        // Rivington's copy says nothing of shipping: its delivery is its stores.json price.
        const copy = dress.replace(/^NL100-BLK-S\tNL100/, `${id}\t${id}`);
        const row = store === 'rivington' ? copy.replace('\tGB:::0.00 GBP', '\t') : copy;
        await importFeed(db, { text: [header, row].join('\n'), store, country: 'GB' });
        await heard;
        copies[store] = sizeVariantGuid(store, id);
        await db.query('UPDATE size_variants SET same_as = $1 WHERE guid = $2', [sizeVariantId, copies[store]]);
        await db.query(
          `UPDATE products SET same_as = (SELECT v.product_id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.id = $1)
            WHERE id = (SELECT v.product_id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.guid = $2)`,
          [sizeVariantId, copies[store]],
        );
      }
      // Rivington: 65 from 20 days ago, 52 from 5 days ago (delivery 4.95: under its £100
      // threshold). Lark: 50 from 15 days ago with the feed's shipping at 2, sold out and
      // withdrawn 3 days ago.
      await writeHistoryOf(copies.rivington!, [
        [20, 65, 89, 1],
        [5, 52, 89, 1],
      ]);
      await db.query(`UPDATE size_variant_prices SET sale_price = 52 WHERE country_code = 'GB' AND size_variant_id = (SELECT id FROM size_variants WHERE guid = $1)`, [copies.rivington]);
      await writeHistoryOf(copies.lark!, [
        [15, 50, 89, 1],
        [3, 50, 89, 0],
      ]);
      await db.query(
        `UPDATE size_variant_prices SET sale_price = 50, shipping_price = 2, status = 0, withdrawn_at = $2 WHERE country_code = 'GB' AND size_variant_id = (SELECT id FROM size_variants WHERE guid = $1)`,
        [copies.lark, new Date(now - 3 * DAY_MS)],
      );

      const data = (await history(`${DRESS}?country=GB&days=30`)).body.data!;
      expect(data.current.salePrice).toBe(59);
      expect(data.stores.map((line) => [line.store.name, line.guid, line.delivery, line.withdrawn, line.points.length])).toEqual([
        ['Northlane', DRESS, 0, null, 30],
        ['Rivington', copies.rivington, 4.95, null, 21],
        ['Lark', copies.lark, 2, day(now - 3 * DAY_MS), 13],
      ]);
      expect(data.stores[1]!.points.slice(-7, -5)).toEqual([
        { date: day(now - 6 * DAY_MS), salePrice: 65, total: 69.95, available: true },
        { date: day(now - 5 * DAY_MS), salePrice: 52, total: 56.95, available: true },
      ]);
      expect(data.stores[2]!.points.at(-1)).toEqual({ date: day(now - 3 * DAY_MS), salePrice: 50, total: 52, available: false });
      // The lowest total, run by run: Northlane's 89, Rivington's 69.95, Lark's 52 until it
      // sold out, then Rivington's 56.95 below Northlane's 59.
      const runs: [number, number | null, string | null][] = [];
      for (const p of data.lowest) {
        const last = runs[runs.length - 1];
        if (last && last[1] === p.total && last[2] === p.guid) last[0]++;
        else runs.push([1, p.total, p.guid]);
      }
      expect(data.lowest[0]!.date).toBe(day(now - 29 * DAY_MS));
      expect(runs).toEqual([
        [9, 89, DRESS],
        [5, 69.95, copies.rivington],
        [12, 52, copies.lark],
        [4, 56.95, copies.rivington],
      ]);
      // A copy's own history names the same stores, its own first.
      const rivington = (await history(`${copies.rivington}?country=GB&days=30`)).body.data!;
      expect(rivington.stores.map((line) => line.store.name)).toEqual(['Rivington', 'Northlane', 'Lark']);
      expect(rivington.lowest).toEqual(data.lowest);
      // The withdrawn copy has no history of its own on the site.
      expect((await history(`${copies.lark}?country=GB`)).status).toBe(404);
    });
  });
});
