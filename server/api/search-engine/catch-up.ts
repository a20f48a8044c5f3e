import type { ChangeCursor } from '../catalog/catalog-changes';
import type { Queryable } from '../db/database';

// What an api instance re-reads after its listening connection was lost (index-follower.ts).
// Notices sent meanwhile are gone; the database still says what changed:
//
// - the change log (price_history after the cursor the follower had heard up to): every
//   price, list price, currency and availability change and every first sighting of a size
//   variant on a country's site, so new products too. Exact: the log's ids never skip.
// - what the log does not record (a title, description, colour, category, brand, picture,
//   link, coupon or free-delivery change; a store's name or delivery facts from a manifest)
//   only moves `updated_at` on its rows. Those rows carry the start time of the transaction
//   that wrote them (now()), which can be earlier than its commit: an import that was already
//   running when the connection was last heard from may commit after the loss. So rows are
//   looked at from CATCH_UP_MARGIN_MS before that moment, far longer than one feed's import.
//
// Deleted rows leave no trace in either (nothing in the product deletes catalogue rows today).

/** How far before the lost connection's last answer `updated_at` is looked at. */
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
       UNION SELECT store_id FROM products WHERE updated_at >= $2
       UNION SELECT p.store_id FROM variants v JOIN products p ON p.id = v.product_id WHERE v.updated_at >= $2
       UNION SELECT store_id FROM size_variants WHERE updated_at >= $2
       UNION SELECT sv.store_id FROM size_variant_prices pr JOIN size_variants sv ON sv.id = pr.size_variant_id
        WHERE pr.updated_at >= $2
     )
     SELECT (SELECT coalesce(max(id), 0) FROM price_history) AS cursor,
            coalesce((SELECT array_agg(s.slug ORDER BY s.slug) FROM stores s WHERE s.id IN (SELECT store_id FROM changed)), '{}') AS stores`,
    [cursor, since],
  );
  return { stores: row!.stores, cursor: row!.cursor };
}
