import type { ChangeCursor } from '../catalog/catalog-changes';
import type { Queryable } from '../db/database';

// What an api instance re-reads after its listening connection was lost (index-follower.ts),
// or when it starts from its index snapshot (memory-engine.ts). Notices sent meanwhile are
// gone; the database still says what changed:
//
// - the change log (price_history after the cursor the follower had heard up to): every
//   price, list price, currency and availability change and every first sighting of a size
//   variant on a country's site, so new products too. Exact: the log's ids never skip.
// - what the log does not record (a title, description, colour, category, brand, picture,
//   link, coupon or free-delivery change; a store's name or delivery facts from a manifest):
//   every statement writing products, variants, size_variants or size_variant_prices leaves
//   its stores in catalog_writes (migration 0026, its triggers), and a manifest moves its
//   store's `updated_at`. Both carry the start time of the transaction that wrote them
//   (now()), which can be earlier than its commit: an import that was already running when
//   the connection was last heard from may commit after the loss. So writes are looked at
//   from CATCH_UP_MARGIN_MS before that moment, far longer than one feed's import.
//
// A deleted row is a write too: its store is read again, and the row is gone from it.

/** How far before the lost connection's last answer (or the snapshot's build) writes are looked at. */
export const CATCH_UP_MARGIN_MS = 15 * 60_000;

export type CatchUp = {
  /** Slugs of the stores to re-read. */
  stores: string[];
  /** The end of the change log in the same snapshot: entries after it will be notified. */
  cursor: ChangeCursor;
};

/** The stores changed after change-log `cursor` or with rows written since `since`, and the log's end, in one snapshot. */
export async function storesChangedSince(db: Queryable, cursor: ChangeCursor, since: Date): Promise<CatchUp> {
  const [row] = await db.query<{ cursor: number; stores: string[] }>(
    `WITH changed AS (
       SELECT sv.store_id FROM price_history h JOIN size_variants sv ON sv.id = h.size_variant_id WHERE h.id > $1
       UNION SELECT id FROM stores WHERE updated_at >= $2
       UNION SELECT store_id FROM catalog_writes WHERE written_at >= $2
     )
     SELECT (SELECT coalesce(max(id), 0) FROM price_history) AS cursor,
            coalesce((SELECT array_agg(s.slug ORDER BY s.slug) FROM stores s WHERE s.id IN (SELECT store_id FROM changed)), '{}') AS stores`,
    [cursor, since],
  );
  return { stores: row!.stores, cursor: row!.cursor };
}

/**
 * Keeps only each store's newest row of catalog_writes: "written since" asks for the newest
 * write alone. One row a store and transaction accumulates as feeds refresh; run daily.
 */
export async function compactCatalogWrites(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM catalog_writes c
        USING (SELECT store_id, xact, row_number() OVER (PARTITION BY store_id ORDER BY written_at DESC, xact DESC) AS place
                 FROM catalog_writes) o
        WHERE o.place > 1 AND c.store_id = o.store_id AND c.xact = o.xact
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]!.n;
}
