import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import { SitemapUrlsSchema } from '../../../shared/api/product-schemas';
import { DAY_MS, percentOff } from '../../../shared/reference-price';
import { ensureDemoCatalog } from '../../../server/api/catalog/demo-loader';
import { remeasureOffers } from '../../../server/api/catalog/honest-offers';
import { buildDemoHistory, historyRowTime, type DemoHistory, type HistoryRow } from '../../../server/demo/catalog/demo-history';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { buildDemoCatalog, writeDemoCatalog, type DemoCatalogInfo } from '../../../server/demo/catalog/generate-demo-catalog';
import { AVAILABILITY_STATUS } from '../../../server/api/catalog/feed-values';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import type { Database } from '../../../server/api/db/database';
import { startApi } from '../../support/api-server';
import { BOTH_ENGINES } from '../../support/test-database';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';

// The small demo catalogue with a year of generated price history, loaded the way a first start
// loads the full one: the feeds through the importer, then the history written straight into
// the change log as one row per change, then every price measured again against it.

/** SMALL_DEMO's year: 5,939 changes for its 2,126 size variants and countries (one row a day would be 775,990). */
const SMALL_DEMO_YEAR_ROWS = 5939;
/**
 * SMALL_DEMO's GB sitemap products (canonical copies only, issue 28: 94 of its 141 store copies on
 * offer there) none of whose items changed during the year (each on sale before it).
 */
const UNDATED_GB_PRODUCTS = 15;
/** The times of day of the other GB sitemap products' lastmod. */
const GB_LASTMOD_TIMES_OF_DAY = 57;
/** On-disk bytes per change-log row, heap and both indexes (about 143 on either engine at this size: 82 heap, 61 indexes). */
const MAX_BYTES_PER_ROW = 160;

let dataDir: string;
let info: DemoCatalogInfo;
let generated: DemoHistory;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-demo-history-'));
  info = await writeDemoCatalog(path.join(dataDir, 'demo-catalog'), SMALL_DEMO, 1, { historyDays: 365 });
  generated = buildDemoHistory(buildDemoCatalog(SMALL_DEMO).products, SMALL_DEMO.seed, 365);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type LogLine = [store: string, itemId: string, country: string, recordedAt: string, firstSeen: boolean, currency: string, msrp: number, sale: number, status: number];
const byItem = (a: LogLine, b: LogLine) =>
  a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]) || a[3].localeCompare(b[3]);

/** The demo import's time: the history is dated back from its day. */
async function importedAt(db: Database): Promise<Date> {
  const [row] = await db.query<{ at: Date | string }>('SELECT min(created_at) AS at FROM products');
  return new Date(row!.at);
}

/** The change log as (store, item, country, when, first sighting, currency, msrp, sale, status). */
async function changeLog(db: Database): Promise<LogLine[]> {
  const rows = await db.query<{ store: string; item_id: string; country_code: string; recorded_at: Date | string; first_seen: boolean; currency_code: string; msrp: number; sale_price: number; status: number }>(
    `SELECT s.slug AS store, sv.item_id, h.country_code, h.recorded_at, h.first_seen, h.currency_code, h.msrp, h.sale_price, h.status
       FROM price_history h
       JOIN size_variants sv ON sv.id = h.size_variant_id
       JOIN stores s ON s.id = sv.store_id`,
  );
  return rows
    .map((r): LogLine => [r.store, r.item_id, r.country_code, new Date(r.recorded_at).toISOString(), r.first_seen, r.currency_code, Number(r.msrp), Number(r.sale_price), r.status])
    .sort(byItem);
}

/** A transaction holding an id, open in another database of the tier's PostgreSQL server until `end()`. */
async function transactionElsewhere(): Promise<{ end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT txid_current()');
  return {
    async end() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe.each(BOTH_ENGINES)('a year of demo price history on %s', (_engine, open) => {
  let db: Database;
  let api: Awaited<ReturnType<typeof startApi>>;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await open();
    // On a server, a transaction that began elsewhere before the loader drops the import's
    // first sightings (another file's work on the tier's shared server, another database's
    // on a real one) must not keep them on disk: it made DELETE and VACUUM FULL keep them.
    const elsewhere = db.kind === 'postgres' ? await transactionElsewhere() : undefined;
    try {
      await ensureDemoCatalog(db, dataDir, (line) => lines.push(line));
    } finally {
      await elsewhere?.end();
    }
    api = await startApi(db);
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  it('writes the generated changes into the change log, one row per change and none a day', async () => {
    expect(info.history).toEqual({ days: 365, rows: SMALL_DEMO_YEAR_ROWS });
    expect(generated.rows.length).toBe(SMALL_DEMO_YEAR_ROWS);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Demo price history: ${SMALL_DEMO_YEAR_ROWS.toLocaleString('en-GB')} changes over 365 days written, [\\d,]+ discounts measured again against it \\([\\d.]+ s\\)$`)));
    // Each change at the time of day its store's feed came in, that many days before the import's day.
    const anchor = await importedAt(db);
    const expected = generated.rows
      .map((r): LogLine => [r.store, r.itemId, r.country, historyRowTime(anchor, r).toISOString(), r.firstSeen, r.currency, r.msrp / 100, r.sale / 100, AVAILABILITY_STATUS[r.availability]])
      .sort(byItem);
    // The import's own first sightings repeated the history's newest rows and are gone.
    expect(await changeLog(db)).toEqual(expected);
    // First sightings only of the items that arrived during the year; the rest were on sale before it.
    const [pairs] = await db.query<{ n: number; first: number }>(
      'SELECT count(DISTINCT (size_variant_id, country_code))::int AS n, count(*) FILTER (WHERE first_seen)::int AS first FROM price_history',
    );
    expect(pairs).toEqual({ n: 2126, first: 259 });
  });

  it('leaves every price measured against its history: measuring all of them again changes none', async () => {
    expect(await remeasureOffers(db, Date.now(), { all: true })).toBe(0);
    const prices = await db.query<{ msrp: number; sale_price: number; offers: number }>('SELECT msrp, sale_price, offers FROM size_variant_prices');
    const claims = prices.map((p) => ({ offers: p.offers, claim: percentOff(Math.round(p.msrp * 100), Math.round(p.sale_price * 100)) }));
    // Most sales began after a regular price and are what the feed says; a permanent "sale" is
    // none, and a sale soon after another, or after a raised "was" price, is less than claimed.
    expect({
      claimed: claims.filter((c) => c.claim > 0).length,
      honest: claims.filter((c) => c.offers > 0 && c.offers === c.claim).length,
      smaller: claims.filter((c) => c.offers > 0 && c.offers < c.claim).length,
      none: claims.filter((c) => c.claim > 0 && c.offers === 0).length,
      more: claims.filter((c) => c.offers > c.claim).length,
    }).toEqual({ claimed: 564, honest: 484, smaller: 20, none: 60, more: 0 });
  });

  it('keeps the log compact on disk', async () => {
    const [size] = await db.query<{ bytes: number; rows: number; heap: number; indexes: number }>(
      `SELECT pg_total_relation_size('price_history')::int AS bytes, (SELECT count(*)::int FROM price_history) AS rows,
              pg_relation_size('price_history')::int AS heap, pg_indexes_size('price_history')::int AS indexes`,
    );
    expect(size!.rows).toBe(SMALL_DEMO_YEAR_ROWS);
    // On a size over, the parts say where the room went.
    expect(size!.bytes / size!.rows, `bytes a row; heap and indexes: ${JSON.stringify(size)}`).toBeLessThan(MAX_BYTES_PER_ROW);
  });

  it('answers the price history endpoint with a point for each of the 365 days', async () => {
    const inflated = generated.inflated[0]!;
    const guid = sizeVariantGuid(inflated.store, inflated.itemIds[0]!);
    const res = await fetch(`${api.url}${priceHistoryPath(guid)}?country=${inflated.country}&days=365`);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: PriceHistory }).data;
    expect(data.points.length).toBe(365);
    expect(data.points[0]!.date).toBe(new Date(Date.now() - 364 * DAY_MS).toISOString().slice(0, 10));
    expect(data.reference.basis).toBe('history');
  });

  it("stores the honest discount of an item whose 'was' price was raised before its sale, smaller than the feed's claim", async () => {
    const inflated = generated.inflated[0]!;
    const rows = await db.query<{ item_id: string; msrp: number; sale_price: number; offers: number }>(
      `SELECT sv.item_id, p.msrp, p.sale_price, p.offers
         FROM size_variant_prices p JOIN size_variants sv ON sv.id = p.size_variant_id JOIN stores s ON s.id = sv.store_id
        WHERE s.slug = $1 AND sv.item_id = ANY($2::text[]) AND p.country_code = $3
        ORDER BY sv.item_id`,
      [inflated.store, inflated.itemIds, inflated.country],
    );
    expect(rows.length).toBe(inflated.itemIds.length);
    for (const row of rows) {
      const claim = percentOff(Math.round(row.msrp * 100), Math.round(row.sale_price * 100));
      // Measured against the list price before it was raised: the lowest price of the 30 days before the sale.
      const before = generated.rows
        .filter((r) => r.store === inflated.store && r.itemId === row.item_id && r.country === inflated.country && r.daysAgo > inflated.raisedDaysAgo)
        .at(-1)!;
      expect(row.offers).toBe(percentOff(before.sale, Math.round(row.sale_price * 100)));
      expect(row.offers).toBeLessThan(claim);
    }
  });

  it("dates each product's sitemap lastmod at its last known change, when its store's feed came in, and leaves it out where the year does not say", async () => {
    const anchor = await importedAt(db);
    const items = await db.query<{ key: string; product_id: number; slug: string }>(
      "SELECT s.slug || '/' || sv.item_id AS key, v.product_id, sv.slug FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN stores s ON s.id = sv.store_id",
    );
    const productOf = new Map(items.map((i) => [i.key, i.product_id]));
    const productBySlug = new Map(items.map((i) => [i.slug, i.product_id]));
    // From the generated year, item by item on the GB site: its newest row is a known change,
    // unless it is the item's only row and no first sighting (the state the year began with).
    const logs = new Map<string, HistoryRow[]>();
    for (const row of generated.rows.filter((r) => r.country === 'GB')) logs.set(`${row.store}/${row.itemId}`, [...(logs.get(`${row.store}/${row.itemId}`) ?? []), row]);
    const expected = new Map<number, string | null>();
    for (const [key, log] of logs) {
      const newest = log.at(-1)!;
      const known = log.length > 1 || newest.firstSeen ? historyRowTime(anchor, newest).toISOString() : null;
      const product = productOf.get(key)!;
      const before = expected.get(product) ?? null;
      expected.set(product, known !== null && (before === null || known > before) ? known : before);
    }

    // The sitemap lists canonical pages only (issue 28, decision 0079): of each match of store
    // copies, the oldest copy on offer on the GB site from a store shown to everyone.
    const canonical = await db.query<{ id: number }>(
      `WITH on_offer AS (
         SELECT DISTINCT p.id, p.canonical_id FROM products p
           JOIN stores s ON s.id = p.store_id AND NOT s.admin_only
           JOIN variants v ON v.product_id = p.id
           JOIN size_variants sv ON sv.variant_id = v.id
           JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' AND pr.withdrawn_at IS NULL)
       SELECT o.id FROM on_offer o WHERE NOT EXISTS (SELECT 1 FROM on_offer older WHERE older.canonical_id = o.canonical_id AND older.id < o.id)`,
    );
    const listed = new Set(canonical.map((r) => r.id));
    for (const product of expected.keys()) if (!listed.has(product)) expected.delete(product);

    const res = await fetch(`${api.url}${PRODUCT_API.sitemap('products')}?country=GB&perPage=50000`);
    expect(res.status).toBe(200);
    const { urls } = SitemapUrlsSchema.parse(((await res.json()) as { data: unknown }).data);
    const dated = new Map(urls.map((u) => [productBySlug.get(u.path.split('/').pop()!)!, u.lastModified]));
    expect(dated).toEqual(expected);
    // Not one time of day counted back in whole days, nor the year's first day for what never changed in it.
    const times = urls.flatMap((u) => (u.lastModified ? [u.lastModified.slice(11)] : []));
    expect({ undated: urls.length - times.length, timesOfDay: new Set(times).size }).toEqual({ undated: UNDATED_GB_PRODUCTS, timesOfDay: GB_LASTMOD_TIMES_OF_DAY });
  });

  it('writes the history of a size variant that lost it the next time, once, when the start stopped before it finished', async () => {
    const complete = await changeLog(db);
    // As if the process had died while writing the history: one store's items have none yet
    // and the import-complete marker was never written.
    const store = generated.inflated[0]!.store;
    await db.query(
      `DELETE FROM price_history h USING size_variants sv, stores s
        WHERE sv.id = h.size_variant_id AND s.id = sv.store_id AND s.slug = $1`,
      [store],
    );
    fs.rmSync(path.join(dataDir, 'demo-catalog', 'imported.json'));
    expect((await changeLog(db)).length).toBeLessThan(complete.length);
    await ensureDemoCatalog(db, dataDir, () => {});
    expect(await changeLog(db)).toEqual(complete);
  });
});
