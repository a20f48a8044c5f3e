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
