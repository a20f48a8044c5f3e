import type { Queryable } from '../db/database';

// The catalogue's generation (migration 0009): one number for the state of the catalogue and
// the site content. An import that changes what pages show bumps it in its own transaction,
// beside its notice; an api reads it before it re-reads the catalogue, so the number it
// reports is one its index holds. Pages kept by the web carry the number they were made from.

/** Counts one change, in the transaction that makes it. */
export async function bumpCatalogGeneration(tx: Queryable): Promise<void> {
  await tx.query('UPDATE catalog_generation SET n = n + 1');
}

/** The generation committed so far. */
export async function readCatalogGeneration(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: string | number }>('SELECT n FROM catalog_generation');
  return Number(row?.n ?? 0);
}
