import type { Queryable } from './database';

// PostgreSQL's planner needs table statistics to pick index plans. A server gathers them
// with autovacuum; PGlite runs none, so a freshly imported embedded catalogue had none and
// the product-card query of every listing walked a whole country's prices (about 100 ms
// instead of 1 ms at the demo's size). After a bulk import we gather them ourselves.

/** Gathers planner statistics for every table (seconds at the demo's size). */
export async function analyseTables(db: Queryable): Promise<void> {
  await db.query('ANALYZE');
}

/** Gathers them when the catalogue has never been analysed (a database imported before this existed). */
export async function ensurePlannerStatistics(db: Queryable): Promise<boolean> {
  // reltuples is -1 until a table was first analysed or vacuumed (PostgreSQL 14 and later).
  const [row] = await db.query<{ analysed: boolean }>(
    `SELECT reltuples >= 0 AS analysed FROM pg_class WHERE oid = 'size_variant_prices'::regclass`,
  );
  if (row?.analysed) return false;
  await analyseTables(db);
  return true;
}

// The tables a feed import reads back while it writes (feed-upsert.ts, offer-matching.ts,
// feed-states.ts): their per-feed lookups are index plans only once the planner knows their size.
const CATALOGUE_TABLES = ['products', 'variants', 'size_variants', 'size_variant_prices', 'price_history'] as const;

/**
 * Issue 30: a series of imports into a young catalogue (the demo's first start, a new store
 * network) outgrows its statistics feed by feed. Planned on none or on stale ones, every feed's
 * read-backs (the upserts' old rows, the matcher's partners) scanned whole tables, so each feed
 * cost more than the last (the demo's import was quadratic). Gathered again whenever the size
 * variants have doubled on disk since they were last gathered, they cost a few analyses in all
 * (their sizes add up to twice the final one); a catalogue grown by little waits for the daily
 * work or autovacuum as before.
 */
export async function analyseIfGrown(db: Queryable): Promise<boolean> {
  // relpages is what the last ANALYZE saw (0 before the first); the file's size is now.
  const [row] = await db.query<{ grown: boolean }>(
    `SELECT pg_relation_size(oid) / current_setting('block_size')::int >= greatest(2 * relpages, 1) AS grown
       FROM pg_class WHERE oid = 'size_variants'::regclass`,
  );
  if (!row?.grown) return false;
  for (const table of CATALOGUE_TABLES) await db.query(`ANALYZE ${table}`);
  return true;
}
