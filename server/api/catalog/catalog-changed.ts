import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';

// Every api instance follows the catalogue on one channel (search-engine/index-follower.ts,
// http/shared-answers.ts). Whatever changes what pages show (a feed import, a stores manifest
// that changes a store, a re-measure of offers) sends its notice in the transaction that makes
// the change, so a listener hears of it once the change is committed.

/** The channel a search index listens on to follow catalogue changes. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** What changed: a store, on one country's site when a feed says so, with its counts. */
export type CatalogChangedNotice = { store: string; country?: CountryCode; imported?: number; updated?: number; withdrawn?: number };

export async function notifyCatalogChanged(tx: Queryable, notice: CatalogChangedNotice): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, JSON.stringify(notice)]);
}
