import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';
import type { ChangeEntry } from './catalog-changes';
import { AVAILABILITY_STATUS } from './feed-values';
import type { FeedMode } from './store-manifest';

// What the importer and the feed refresh know of each store's feed for a country (issue 27,
// migration 0020's feed_states): when a feed last confirmed its prices, what the last applied
// import carried, withdrew and rejected, and a full feed the shrink guard holds. Written in the
// import's own transaction, so several api instances (and the metrics each one serves) agree.

/** FEED_SHRINK_GUARD's default: a full feed carrying fewer than half the items the last one did is held. */
export const DEFAULT_FEED_SHRINK_GUARD = 50;

export type FeedState = {
  itemsCarried: number;
  heldAt: Date | null;
  heldItems: number | null;
  heldSha256: string | null;
};

/** The feed state of a store and country, or undefined before its first feed. */
export async function readFeedState(tx: Queryable, storeId: number, country: CountryCode): Promise<FeedState | undefined> {
  const [row] = await tx.query<{ items_carried: number; held_at: Date | null; held_items: number | null; held_sha256: string | null }>(
    'SELECT items_carried, held_at, held_items, held_sha256 FROM feed_states WHERE store_id = $1 AND country_code = $2',
    [storeId, country],
  );
  return row && { itemsCarried: row.items_carried, heldAt: row.held_at, heldItems: row.held_items, heldSha256: row.held_sha256 };
}

/**
 * Whether the shrink guard holds a full feed carrying `carried` items: fewer than `guardPercent`
 * of what the last applied feed carried. A store's first feed, an incremental feed and a guard
 * of 0 are never held.
 */
export function shrinkGuardHolds(mode: FeedMode, carried: number, previous: FeedState | undefined, guardPercent: number): boolean {
  if (mode !== 'full' || guardPercent <= 0 || !previous || previous.itemsCarried <= 0) return false;
  return carried * 100 < guardPercent * previous.itemsCarried;
}

/** Records a feed the guard held: nothing else of the catalogue changes. */
export async function recordHeldFeed(tx: Queryable, storeId: number, country: CountryCode, items: number, sha256: string): Promise<void> {
  await tx.query(
    `INSERT INTO feed_states AS f (store_id, country_code, held_at, held_items, held_sha256)
     VALUES ($1, $2, now(), $3, $4)
     ON CONFLICT (store_id, country_code) DO UPDATE
        SET held_at = now(), held_items = EXCLUDED.held_items, held_sha256 = EXCLUDED.held_sha256`,
    [storeId, country, items, sha256],
  );
}

export type AppliedFeed = {
  mode: FeedMode;
  carried: number;
  withdrawn: number;
  rejected: number;
  /** The applied bytes' SHA-256. */
  sha256: string;
  /** Whether the import wrote any of the store's own rows (a product, colour or size new or changed). */
  rowsChanged: boolean;
};

/** Records an applied import: its prices are confirmed now, its counts and bytes kept, any hold cleared. */
export async function recordAppliedFeed(tx: Queryable, storeId: number, country: CountryCode, feed: AppliedFeed): Promise<void> {
  await tx.query(
    `INSERT INTO feed_states AS f (store_id, country_code, mode, confirmed_at, imported_at, items_carried, items_withdrawn, items_rejected,
                                   applied_sha256, rows_changed_at)
     VALUES ($1, $2, $3, now(), now(), $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END)
     ON CONFLICT (store_id, country_code) DO UPDATE
        SET mode = EXCLUDED.mode, confirmed_at = now(), imported_at = now(), items_carried = EXCLUDED.items_carried,
            items_withdrawn = EXCLUDED.items_withdrawn, items_rejected = EXCLUDED.items_rejected,
            applied_sha256 = EXCLUDED.applied_sha256, rows_changed_at = coalesce(EXCLUDED.rows_changed_at, f.rows_changed_at),
            held_at = NULL, held_items = NULL, held_sha256 = NULL`,
    [storeId, country, feed.mode, feed.carried, feed.withdrawn, feed.rejected, feed.sha256, feed.rowsChanged],
  );
}

/** The last applied import of a store and country, when a feed of the same bytes confirmed it again. */
export type RepeatedFeed = { storeId: number; mode: FeedMode; appliedAt: Date; carried: number; rejected: number };

/**
 * A feed whose bytes are the last applied import's (issue 30) would write nothing but the
 * time its prices were confirmed: every row it governs still holds what those bytes wrote.
 * That holds while the store's feed mode is the one they were applied in (a full feed now
 * withdraws what an incremental one left), nothing is held (the hold is cleared by an apply)
 * and no feed of the store for another country has changed the store's rows since (products,
 * colours and sizes are the store's, shared by its countries' feeds: the full import would
 * write this feed's values back over that one's). Then this confirms the prices in one statement and
 * says what was applied; else it changes nothing and returns undefined. One statement, so
 * an import of the same store and country applied meanwhile is seen: a server re-checks the
 * row it waited for, and PGlite runs one statement at a time.
 */
export async function confirmRepeatedFeed(db: Queryable, store: string, country: CountryCode, sha256: string): Promise<RepeatedFeed | undefined> {
  const [row] = await db.query<{ store_id: number; mode: FeedMode; imported_at: Date | string; items_carried: number; items_rejected: number }>(
    `UPDATE feed_states f SET confirmed_at = now()
       FROM stores s
      WHERE s.slug = $1 AND f.store_id = s.id AND f.country_code = $2
        AND f.applied_sha256 = $3 AND f.held_at IS NULL AND f.mode = s.feed_mode
        AND NOT EXISTS (SELECT 1 FROM feed_states o
                         WHERE o.store_id = f.store_id AND o.country_code <> f.country_code AND o.rows_changed_at >= f.imported_at)
      RETURNING f.store_id, f.mode, f.imported_at, f.items_carried, f.items_rejected`,
    [store, country, sha256],
  );
  if (!row) return undefined;
  return { storeId: row.store_id, mode: row.mode, appliedAt: new Date(row.imported_at), carried: row.items_carried, rejected: row.items_rejected };
}

/**
 * A feed fetched again unchanged (304, the same file stamp, the same bytes) confirms the prices
 * the last applied import wrote. Not while a feed is held: the source then says what the guard
 * would not apply, and the prices on the site are not the ones it confirms.
 */
export async function confirmFeed(db: Queryable, storeId: number, country: string): Promise<void> {
  await db.query('UPDATE feed_states SET confirmed_at = now() WHERE store_id = $1 AND country_code = $2 AND held_at IS NULL', [storeId, country]);
}

/**
 * The withdrawal stage of a full feed: every price row of the store and country whose size
 * variant the feed does not carry (`carried`) and that is not withdrawn yet gets withdrawn_at.
 * Its row, ids and history stay. Returns the change-log entries: a withdrawn item is out of
 * stock on that country's site (a row already out of stock says so in the log already), so
 * "back in stock" is one rule for a size restocked and for an item a feed carries again.
 */
export async function withdrawMissing(tx: Queryable, storeId: number, country: CountryCode, carried: readonly number[]): Promise<{ withdrawn: number; changes: ChangeEntry[] }> {
  const [result] = await tx.query<{ rows: [id: number, msrp: number, sale: number, status: number][] | null }>(
    // The store's size variants the feed does not carry, found as a set difference first and
    // their prices then looked up by key (issue 30): planned as one join, the planner, which
    // never sees this import's own rows in its statistics, walked the store's size variants
    // once per price row of the country.
    `WITH gone AS (
       UPDATE size_variant_prices p SET withdrawn_at = now()
        WHERE p.size_variant_id = ANY (ARRAY(SELECT id FROM size_variants WHERE store_id = $1 EXCEPT SELECT unnest($3::int[])))
          AND p.country_code = $2 AND p.withdrawn_at IS NULL
       RETURNING p.size_variant_id, p.msrp, p.sale_price, p.status
     )
     SELECT json_agg(json_build_array(size_variant_id, (msrp * 100)::bigint, (sale_price * 100)::bigint, status)
                     ORDER BY size_variant_id) AS rows
       FROM gone`,
    [storeId, country, carried],
  );
  const rows = result?.rows ?? [];
  const out = AVAILABILITY_STATUS.out_of_stock;
  return {
    withdrawn: rows.length,
    changes: rows
      .filter(([, , , status]) => status !== out)
      .map(([sizeVariantId, msrpMinor, saleMinor]) => ({ sizeVariantId, msrpMinor, saleMinor, status: out, firstSeen: false })),
  };
}

/** One row of feed_states as operators see it (the api's /metrics, feed-metrics.ts). */
export type FeedStateRow = {
  store: string;
  country: string;
  mode: FeedMode;
  confirmedAt: Date | null;
  importedAt: Date | null;
  itemsCarried: number;
  itemsWithdrawn: number;
  itemsRejected: number;
  heldItems: number | null;
};

export async function listFeedStates(db: Queryable): Promise<FeedStateRow[]> {
  const rows = await db.query<{
    store: string;
    country: string;
    mode: FeedMode;
    confirmed_at: Date | null;
    imported_at: Date | null;
    items_carried: number;
    items_withdrawn: number;
    items_rejected: number;
    held_items: number | null;
  }>(
    `SELECT s.slug AS store, f.country_code AS country, f.mode, f.confirmed_at, f.imported_at, f.items_carried,
            f.items_withdrawn, f.items_rejected, f.held_items
       FROM feed_states f JOIN stores s ON s.id = f.store_id
      ORDER BY s.slug, f.country_code`,
  );
  return rows.map((r) => ({
    store: r.store,
    country: r.country,
    mode: r.mode,
    confirmedAt: r.confirmed_at,
    importedAt: r.imported_at,
    itemsCarried: r.items_carried,
    itemsWithdrawn: r.items_withdrawn,
    itemsRejected: r.items_rejected,
    heldItems: r.held_items,
  }));
}
