import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { upsertCategoryTree } from './category-table';
import { DEMO_HISTORY_DAYS, HISTORY_FILE, historyRowTime, readHistoryTsv, type HistoryRow } from '../../demo/catalog/demo-history';
import { buildDemoSite } from '../../demo/catalog/demo-site';
import { buildDemoWorld, FULL_DEMO } from '../../demo/catalog/demo-world';
import { DEMO_GENERATOR_VERSION, IMPORTED_MARKER, readDemoCatalogInfo, writeDemoCatalog } from '../../demo/catalog/generate-demo-catalog';
import { AVAILABILITY_STATUS, minorToDecimal } from './feed-values';
import { remeasureOffers } from './honest-offers';
import { listFeedFiles } from './import-files';
import { importFeed } from './importer';
import { hasSiteContent, importSiteContent } from './site-content';
import { importStores } from './store-manifest';
import { analyseTables } from '../db/planner-statistics';

// First start (ARCHITECTURE.md "Data"): an empty catalogue is filled with the generated demo,
// through the same importer a merchant's feed goes through. The generated files are kept
// in `${dataDir}/demo-catalog` and reused while the generator version is unchanged (a
// catalogue of another size generated there beforehand, `npm run generate-catalog --
// --out .data/demo-catalog --products 5000`, is used as it is). A catalogue generated with
// price history (the first start's own has a year of it) gets that history written straight
// into the change log once its feeds are in, dated back from the import, and every price is
// measured again against it: a year of changes as rows, not a year of imports.

const PROGRESS_INTERVAL_MS = 1000;

// IMPORTED_MARKER is written into the generated directory once every feed has been imported.
// A start that finds products and a generated catalogue without it was stopped mid-import
// (kill -9, power cut) and imports the feeds again: feeds already in are no-ops, the rest load.

const count = (n: number) => n.toLocaleString('en-GB');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function ensureDemoCatalog(db: Database, dataDir: string, progress: (line: string) => void): Promise<void> {
  await upsertCategoryTree(db);
  const dir = path.join(dataDir, 'demo-catalog');
  const [state] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM products) AS any');
  const interrupted = Boolean(state?.any) && (await isInterrupted(dir));
  if (state?.any && !interrupted) {
    if (!(await hasSiteContent(db))) {
      const info = await readDemoCatalogInfo(dir);
      const site = info
        ? JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'))
        : buildDemoSite(buildDemoWorld(FULL_DEMO));
      await importSiteContent(db, site);
      progress('Demo site content (menu and home page) loaded');
    }
    return;
  }

  const started = performance.now();
  let info = await readDemoCatalogInfo(dir);
  if (interrupted && info) {
    progress(`Resuming the demo catalog import from ${dir}: an earlier start stopped before it finished`);
  } else if (info?.version !== DEMO_GENERATOR_VERSION) {
    progress(`Generating the demo catalog into ${dir} …`);
    info = await writeDemoCatalog(dir, FULL_DEMO, 1, { historyDays: DEMO_HISTORY_DAYS });
    progress(
      `Generated ${count(info.products)} products of ${count(info.brands)} brands in ${count(info.stores)} stores ` +
        `(${info.feeds} feeds${info.history ? `, ${count(info.history.rows)} price changes over ${info.history.days} days` : ''}) ` +
        `in ${seconds(performance.now() - started)}`,
    );
  } else {
    progress(`Using the demo catalog generated in ${dir} (${count(info.products)} products, ${info.feeds} feeds)`);
  }

  const importStarted = performance.now();
  await importStores(db, JSON.parse(await fs.readFile(path.join(dir, 'stores.json'), 'utf8')), { baseDir: dir });
  await importSiteContent(db, JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8')));
  const feeds = await listFeedFiles(dir);
  let products = 0;
  let items = 0;
  const rejected: string[] = [];
  let lastProgress = performance.now();
  for (const [index, file] of feeds.entries()) {
    const report = await importFeed(db, { file });
    products += report.created.products;
    items += report.imported;
    for (const r of report.rejected) rejected.push(`${path.basename(file)} line ${r.line}: ${r.reason}`);
    const now = performance.now();
    if (now - lastProgress >= PROGRESS_INTERVAL_MS || index === feeds.length - 1) {
      lastProgress = now;
      progress(`Importing demo catalog: feed ${index + 1}/${feeds.length} · ${count(products)} products`);
    }
  }
  if (info.history) {
    const historyStarted = performance.now();
    const written = await writeDemoHistory(db, readHistoryTsv(await fs.readFile(path.join(dir, HISTORY_FILE), 'utf8')));
    // The import measured every price against an empty log, so against its msrp: the most any
    // history can allow. History only ever lowers a discount, so the prices the import gave
    // none keep none, and measuring those it gave one (about a third) is all it takes; the
    // integration test checks that measuring all of them again changes nothing.
    const remeasured = await remeasureOffers(db, Date.now());
    progress(
      `Demo price history: ${count(written)} changes over ${info.history.days} days written, ` +
        `${count(remeasured)} discounts measured again against it (${seconds(performance.now() - historyStarted)})`,
    );
  }
  await setDemoPopularity(db);
  await analyseTables(db);
  await fs.writeFile(path.join(dir, IMPORTED_MARKER), `${JSON.stringify({ version: info.version, feeds: feeds.length })}\n`);
  for (const line of rejected.slice(0, 10)) progress(`Demo catalog row rejected: ${line}`);
  progress(
    `Demo catalog ready: ${count(products)} products, ${count(items)} priced items from ${feeds.length} feeds ` +
      `(import ${seconds(performance.now() - importStarted)}, total ${seconds(performance.now() - started)})` +
      `${rejected.length ? `; ${rejected.length} rows rejected` : ''}`,
  );
}

/** History rows per transaction: the event loop gets a turn between them (PGlite runs on it). */
const HISTORY_BATCH = 20_000;

/**
 * Writes the generated history into the change log, each row dated `daysAgo` days before the
 * day of the demo import (the earliest product's creation), at the time of day its store's
 * feed came in (historyRowTime), so the whole history comes before the import's own
 * first-sighting rows. Those rows then only repeat the history's newest row (the
 * history ends at the feeds' prices) and are dropped: the log keeps one row per change. A
 * size variant and country that already has history is left alone, and each batch holds whole
 * histories, so a start interrupted here writes the rest the next time. Returns the rows written.
 */
export async function writeDemoHistory(db: Database, rows: readonly HistoryRow[]): Promise<number> {
  const [first] = await db.query<{ at: Date | null }>('SELECT min(created_at) AS at FROM products');
  if (!first?.at) return 0;
  const anchor = first.at;
  const ids = new Map<string, number>();
  for (const r of await db.query<{ store: string; item_id: string; id: number }>(
    'SELECT s.slug AS store, sv.item_id, sv.id FROM size_variants sv JOIN stores s ON s.id = sv.store_id',
  )) {
    ids.set(`${r.store}\t${r.item_id}`, r.id);
  }
  const done = new Set<string>();
  for (const r of await db.query<{ size_variant_id: number; country_code: string }>(
    'SELECT DISTINCT size_variant_id, country_code FROM price_history WHERE recorded_at < $1',
    [anchor],
  )) {
    done.add(`${r.size_variant_id}/${r.country_code}`);
  }

  type Batch = { id: number[]; country: string[]; currency: string[]; msrp: string[]; sale: string[]; status: number[]; first: boolean[]; at: string[] };
  const empty = (): Batch => ({ id: [], country: [], currency: [], msrp: [], sale: [], status: [], first: [], at: [] });
  let batch = empty();
  let written = 0;
  const flush = async () => {
    if (!batch.id.length) return;
    const b = batch;
    batch = empty();
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
         SELECT t.size_variant_id, t.country_code, t.currency_code, t.msrp, t.sale_price, t.status, t.first_seen, t.recorded_at
           FROM unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::int2[], $7::bool[], $8::timestamptz[])
             AS t(size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)`,
        [b.id, b.country, b.currency, b.msrp, b.sale, b.status, b.first, b.at],
      );
    });
    written += b.id.length;
    await new Promise((resolve) => setImmediate(resolve));
  };

  let pair = '';
  let skip = false;
  for (const row of rows) {
    const id = ids.get(`${row.store}\t${row.itemId}`);
    const key = `${id}/${row.country}`;
    const starts = key !== pair;
    if (starts) {
      pair = key;
      // An item the import rejected has no size variant; one with history has had it written.
      skip = id === undefined || done.has(key);
      if (!skip && batch.id.length >= HISTORY_BATCH) await flush();
    }
    if (skip) continue;
    batch.id.push(id!);
    batch.country.push(row.country);
    batch.currency.push(row.currency);
    batch.msrp.push(minorToDecimal(row.msrp));
    batch.sale.push(minorToDecimal(row.sale));
    batch.status.push(AVAILABILITY_STATUS[row.availability]);
    batch.first.push(row.firstSeen);
    batch.at.push(historyRowTime(anchor, row).toISOString());
  }
  await flush();

  await dropRepeatedFirstSightings(db, anchor, written > 0);
  return written;
}

// The import's first sightings that the history's newest row already says (`$1`: the import's time).
const REPEATED_FIRST_SIGHTING = `
  h.first_seen AND h.recorded_at >= $1
  AND (h.currency_code, h.msrp, h.sale_price, h.status) =
      (SELECT e.currency_code, e.msrp, e.sale_price, e.status
         FROM price_history e
        WHERE e.size_variant_id = h.size_variant_id AND e.country_code = h.country_code AND e.recorded_at < $1
        ORDER BY e.recorded_at DESC, e.id DESC
        LIMIT 1)`;

/**
 * Drops the first sightings the history repeats and gives their room back: they were the
 * table's first rows, which a plain VACUUM cannot return, so the log is rewritten without them
 * and takes the room its rows need and no more (`rewrite`: history was written this time).
 * Embedded, DELETE then VACUUM FULL. On a server, VACUUM FULL keeps every deleted row that a
 * transaction anywhere on the server, in any database, began before the delete could still see:
 * there the log is copied aside, emptied, written back in id order and indexed anew in one
 * transaction (on PGlite that is half as slow again for the full demo: 35 s against 24).
 */
async function dropRepeatedFirstSightings(db: Database, anchor: Date, rewrite: boolean): Promise<void> {
  if (db.kind === 'pglite') {
    await db.query(`DELETE FROM price_history h WHERE ${REPEATED_FIRST_SIGHTING}`, [anchor]);
    if (rewrite) await db.query('VACUUM FULL price_history');
    return;
  }
  await db.transaction(async (tx) => {
    await tx.query(`CREATE TEMP TABLE demo_log_kept ON COMMIT DROP AS SELECT * FROM price_history h WHERE (${REPEATED_FIRST_SIGHTING}) IS NOT TRUE`, [anchor]);
    const [counts] = await tx.query<{ total: number; kept: number }>(
      'SELECT (SELECT count(*) FROM price_history)::int AS total, (SELECT count(*) FROM demo_log_kept)::int AS kept',
    );
    if (counts!.total === counts!.kept) return;
    await tx.query('TRUNCATE price_history');
    await tx.query('INSERT INTO price_history SELECT * FROM demo_log_kept ORDER BY id');
    await tx.query('REINDEX TABLE price_history');
  });
}

/** A generated catalogue is here but its import never finished. */
async function isInterrupted(dir: string): Promise<boolean> {
  if (!(await readDemoCatalogInfo(dir))) return false;
  return fs.access(path.join(dir, IMPORTED_MARKER)).then(
    () => false,
    () => true,
  );
}

/**
 * Demo popularity (the "Recommended" sort): feeds carry none, so it is made up, but
 * deterministically from the data: products of brands with bigger ranges score higher
 * (up to 500), and a hash of the store and group key (0–499) spreads products within a
 * brand. The same catalogue always gets the same order.
 */
export async function setDemoPopularity(db: Database): Promise<void> {
  await db.query(
    `UPDATE products p SET popularity = t.popularity
       FROM (SELECT p.id,
                    least(500, coalesce(b.n, 0))::int
                    + (('x' || substr(md5(s.slug || '/' || p.group_key), 1, 4))::bit(16)::int % 500) AS popularity
               FROM products p
               JOIN stores s ON s.id = p.store_id
               LEFT JOIN (SELECT brand_id, count(*) AS n FROM products GROUP BY brand_id) b ON b.brand_id = p.brand_id) t
      WHERE t.id = p.id AND p.popularity IS DISTINCT FROM t.popularity`,
  );
}
