import { createHash } from 'node:crypto';
import { importFeed, type ImportReport } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import type { Database } from '../../../server/api/db/database';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { demoCatalogFiles } from '../../../server/demo/catalog/generate-demo-catalog';

// Issue 30: what a sequence of imports leaves behind, in a form two importers can be compared
// by. The small demo's feeds of day 1 (every item new), day 2 (price cuts, sales, sizes sold
// out, items withdrawn and one shrunken feed held), day 2 again (nothing changes) and day 3
// (items back). The catalogue's rows are digested per table with their times reduced to
// "set or not" (the clock differs between runs, nothing else may), beside what each import
// reported: the counts, price drops and matches the notices and the CLI are made of. The
// change log's rows are what the alert evaluator and the index read, so equal logs fire the
// same alerts and move the same cards.

/** The days imported, in order. */
export const IMPORT_DAYS = [1, 2, 2, 3] as const;

/** The tables an import writes, each in a stable order. */
const TABLES = {
  products: 'id',
  variants: 'id',
  size_variants: 'id',
  size_variant_prices: 'size_variant_id, country_code',
  price_history: 'id',
  feed_states: 'store_id, country_code',
  brands: 'id',
} as const;

export type TableDigest = { rows: number; sha256: string };
/** Columns added after the outcome was recorded, left out of the digests: what they keep is tested on its own. */
const ADDED_COLUMNS: Partial<Record<keyof typeof TABLES, readonly string[]>> = {
  // The last applied bytes and when the store's rows last changed (issue 30's repeated feeds).
  feed_states: ['applied_sha256', 'rows_changed_at'],
};

export type ImportOutcome = {
  tables: Record<keyof typeof TABLES, TableDigest>;
  /** Per import, in order: `day store.cc` and what it reported. */
  reports: Record<string, unknown>[];
  /**
   * Per pass over a day's feeds (IMPORT_DAYS), the `store.cc` of each feed imported, and of
   * those that repeated the last applied bytes (ImportReport.repeat). Not recorded.
   */
  passes?: { feeds: string[]; repeated: string[] }[];
};

/**
 * What a report says, without its timing and its source's name. A feed that repeated the
 * last applied bytes was not read again: its rejected rows and warnings were listed when they
 * were applied, so only their numbers are compared (`listed`).
 */
function reported(day: number, report: ImportReport): Record<string, unknown> {
  const { durationMs: _duration, source: _source, held, repeat, ...rest } = report;
  const compared = { day, ...rest, held: held ? { items: held.items, previous: held.previous } : null };
  return repeat ? listed(compared, repeat.rejected) : compared;
}

/** A report's rejected rows as their number, its warnings as said before: how a repeated feed's report is compared. */
export function listed(report: Record<string, unknown>, rejected = (report.rejected as unknown[]).length): Record<string, unknown> {
  return { ...report, rejected, warnings: 'listed when applied' };
}

/** Times are the clock's: only whether one is set is compared. */
const stable = (value: unknown) => (value instanceof Date ? 'set' : value);

async function digest(db: Database, table: keyof typeof TABLES): Promise<TableDigest> {
  // Identifiers only: the table and its ordering come from TABLES above, never from input.
  const rows = await db.query(`SELECT * FROM ${table} ORDER BY ${TABLES[table]}`);
  const added = ADDED_COLUMNS[table] ?? [];
  const hash = createHash('sha256');
  for (const row of rows) {
    const kept = Object.entries(row).filter(([k]) => !added.includes(k));
    hash.update(`${JSON.stringify(kept.map(([k, v]) => [k, stable(v)]))}\n`);
  }
  return { rows: rows.length, sha256: hash.digest('hex') };
}

/** Imports the days' feeds into `db` (empty, migrated) and returns what they left behind. */
export async function importDemoDays(db: Database): Promise<ImportOutcome> {
  await upsertCategoryTree(db);
  const reports: Record<string, unknown>[] = [];
  const passes: NonNullable<ImportOutcome['passes']> = [];
  for (const [index, day] of IMPORT_DAYS.entries()) {
    const pass = { feeds: [] as string[], repeated: [] as string[] };
    passes.push(pass);
    for (const file of demoCatalogFiles(SMALL_DEMO, day)) {
      if (file.path === 'stores.json' && index === 0) await importStores(db, JSON.parse(file.content), { baseDir: '/nonexistent' });
      if (!file.path.startsWith('feeds/')) continue;
      const [store, country] = file.path.replace(/^feeds\//, '').split('.') as [string, string];
      const format = file.path.endsWith('.xml') ? 'xml' : 'tsv';
      const report = await importFeed(db, { text: file.content, store, country: country.toUpperCase(), format });
      reports.push(reported(day, report));
      pass.feeds.push(`${store}.${country}`);
      if (report.repeat) pass.repeated.push(`${store}.${country}`);
    }
  }
  const tables = {} as ImportOutcome['tables'];
  for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) tables[table] = await digest(db, table);
  return { tables, reports, passes };
}
