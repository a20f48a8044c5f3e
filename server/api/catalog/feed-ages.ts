import type { PriceAge } from '../../../shared/api/product-schemas';
import { isCountryCode, type CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';

// Prices with their age (issue 27). feed_states.confirmed_at (migration 0020) is the last time
// a feed confirmed a store's prices in a country: an applied import, or a refresh that found the
// feed unchanged. Older than FEED_STALE_HOURS, the store's prices there "may be out of date"
// (the product page says so); older than twice that, its items leave that country's listings
// until a feed arrives. No confirmation at all (a catalogue loaded before feed_states kept
// one) is no age: nothing is said and nothing is withheld. "Now" is the clock the api is given,
// so tests move time instead of waiting for it.

export const DEFAULT_FEED_STALE_HOURS = 72;
const HOUR_MS = 3_600_000;

/** The rule's two inputs: FEED_STALE_HOURS and what "now" is. */
export type FeedAges = { staleHours: number; clock: () => Date };

/** The rule with the system clock (the default wherever none is given). */
export function systemFeedAges(staleHours = DEFAULT_FEED_STALE_HOURS): FeedAges {
  return { staleHours, clock: () => new Date() };
}

/** Where a store's feed for a country stands: listed and current, listed with the note, or left out of listings. */
export type FeedAge = 'fresh' | 'stale' | 'withheld';

/** The age of a feed confirmed at `confirmedAt` (null: never), at `now`. */
export function feedAge(confirmedAt: Date | null, now: Date, staleHours: number): FeedAge {
  if (!confirmedAt) return 'fresh';
  const age = now.getTime() - confirmedAt.getTime();
  if (age > 2 * staleHours * HOUR_MS) return 'withheld';
  return age > staleHours * HOUR_MS ? 'stale' : 'fresh';
}

/** A confirmation before this moment is stale (`times` 1) or withheld (`times` 2): the same line feedAge draws. */
export function confirmedBefore(ages: FeedAges, times: 1 | 2, now = ages.clock()): Date {
  return new Date(now.getTime() - times * ages.staleHours * HOUR_MS);
}

/** One key per store and country, as loadDocuments reads the withheld set (search-engine/documents.ts). */
export function feedPairKey(storeId: number, country: string): string {
  return `${storeId}/${country}`;
}

/** The store of a feedPairKey. */
export function feedPairStore(key: string): number {
  return Number.parseInt(key, 10);
}

export type AgedFeed = { storeId: number; store: string; country: CountryCode; confirmedAt: Date; age: Exclude<FeedAge, 'fresh'> };

/** Every store and country whose feed was last confirmed longer ago than FEED_STALE_HOURS. */
export async function readAgedFeeds(db: Queryable, ages: FeedAges): Promise<AgedFeed[]> {
  const now = ages.clock();
  const rows = await db.query<{ store_id: number; slug: string; country_code: string; confirmed_at: Date | string }>(
    `SELECT f.store_id, s.slug, f.country_code, f.confirmed_at
       FROM feed_states f JOIN stores s ON s.id = f.store_id
      WHERE f.confirmed_at < $1::timestamptz
      ORDER BY f.store_id, f.country_code`,
    [confirmedBefore(ages, 1, now).toISOString()],
  );
  const aged: AgedFeed[] = [];
  for (const row of rows) {
    if (!isCountryCode(row.country_code)) continue;
    const confirmedAt = new Date(row.confirmed_at);
    const age = feedAge(confirmedAt, now, ages.staleHours);
    if (age !== 'fresh') aged.push({ storeId: row.store_id, store: row.slug, country: row.country_code, confirmedAt, age });
  }
  return aged;
}

/** The stores and countries (feedPairKey) whose items are left out of listings now. */
export async function withheldFeeds(db: Queryable, ages: FeedAges): Promise<Set<string>> {
  const aged = await readAgedFeeds(db, ages);
  return new Set(aged.filter((f) => f.age === 'withheld').map((f) => feedPairKey(f.storeId, f.country)));
}

/** How old a store's prices on a country's site are: what the product page says beside the price. */
export async function priceAge(db: Queryable, storeId: number, country: CountryCode, ages: FeedAges): Promise<PriceAge> {
  const [row] = await db.query<{ confirmed_at: Date | string | null }>(
    'SELECT confirmed_at FROM feed_states WHERE store_id = $1 AND country_code = $2',
    [storeId, country],
  );
  const checked = row?.confirmed_at ? new Date(row.confirmed_at) : null;
  return {
    checkedAt: checked?.toISOString() ?? null,
    mayBeOutOfDate: feedAge(checked, ages.clock(), ages.staleHours) !== 'fresh',
  };
}
