import type { CountryCode } from '../../../shared/countries';
import type { Database, Queryable } from '../db/database';
import { AVAILABILITY_STATUS, minorToDecimal, type Availability } from './feed-values';

// The catalogue's change log (migration 0006): every price and availability change an import
// makes, per size variant and country, and every first sighting, in price_history, written in
// the import's own transaction. A consumer (the alert evaluator, in any api instance) reads
// "what changed after my cursor" and keeps its cursor in catalog_change_cursors, so one that
// was stopped reads everything logged meanwhile, whichever process imported it.
//
// The cursor is the row id. Ids alone are not enough on a PostgreSQL server: a transaction
// that drew id 7 may commit after one that drew id 8, and a reader that saw 8 first would
// skip 7 for ever. So appendChanges() takes one advisory lock just before it inserts and
// holds it until commit (transaction-scoped): log writers then draw ids and commit one after
// the other, and PostgreSQL makes a commit visible before it releases that transaction's
// locks. Whatever a reader sees is a gap-free prefix of the log (ids skipped by a rolled-back
// import never appear), and "after cursor C" is exact. The lock is taken last, after all of
// an import's other work, so imports of different stores still run side by side and only
// wait for each other for the moment it takes to insert their log rows and commit.

/**
 * SQL, aggregating one size variant's entries on one country's site (price_history rows `h`):
 * when its page last changed, as far as the log knows. That is its newest entry's time, unless
 * its only entry is neither a change nor a first sighting: the state an imported history began
 * with (the demo's items on sale before its history), which says nothing of when it changed.
 * Null then (sitemaps leave lastmod out, issue 25).
 */
export const LAST_KNOWN_CHANGE_SQL = 'CASE WHEN count(*) > 1 OR bool_or(h.first_seen) THEN max(h.recorded_at) END';

/** A position in the log: the id of the last entry dealt with. */
export type ChangeCursor = number;

/** Before the first entry: a consumer starting here reads the whole history. */
export const LOG_START: ChangeCursor = 0;

/** Notified, on commit, by every transaction that appended changes; the payload is a ChangeNotice. */
export const CATALOG_CHANGE_LOG_CHANNEL = 'catalog_change_logged';

/** A hint only (a notice is lost while nobody listens): the log is the truth. */
export type ChangeNotice = { cursor: ChangeCursor; changes: number };

// Beside the migration (73455001), per-store import (73455002), site content (73455003) and
// matching (73455005) locks.
const CHANGE_LOG_LOCK_KEY = 73_455_004;

/** Most entries one read returns. */
export const MAX_CHANGES_PER_READ = 10_000;

export type PriceState = {
  msrp: number;
  salePrice: number;
  /** Null on entries recorded before availability was logged. */
  availability: Availability | null;
};

export type CatalogChange = PriceState & {
  /** This entry's position: saving it as the cursor means "dealt with up to here". */
  cursor: ChangeCursor;
  sizeVariantId: number;
  guid: string;
  country: CountryCode;
  currency: string;
  /** When the import that made the change committed it (to within that transaction). */
  recordedAt: Date;
  /** The size variant's first price on this country's site, not a change of one. */
  firstSeen: boolean;
  /**
   * The state this entry replaced for the same size variant and country; null when first seen,
   * and when the log begins there (an imported history's opening state: neither).
   */
  previous: PriceState | null;
};

export type ChangePage = {
  changes: CatalogChange[];
  /** Where the next read starts: the last entry's cursor, or the one asked for when none came. */
  cursor: ChangeCursor;
};

/** One row to log: a size variant's state on the import's country site. */
export type ChangeEntry = {
  sizeVariantId: number;
  /** List price and sale price in minor units (pence, cents), as the importer holds them. */
  msrpMinor: number;
  saleMinor: number;
  status: number;
  firstSeen: boolean;
};

const AVAILABILITY_BY_STATUS = new Map<number, Availability>(
  Object.entries(AVAILABILITY_STATUS).map(([name, status]) => [status, name as Availability]),
);

function availabilityOf(status: number | null): Availability | null {
  if (status === null) return null;
  const availability = AVAILABILITY_BY_STATUS.get(status);
  if (!availability) throw new Error(`price_history holds an unknown availability status ${status}`);
  return availability;
}

function checkCursor(cursor: ChangeCursor): void {
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError(`a change cursor is a whole number from 0, not ${cursor}`);
}

function checkConsumer(consumer: string): void {
  if (!/^[a-z][a-z0-9-]{0,62}$/.test(consumer)) {
    throw new RangeError(`a change-log consumer is named in lower-case letters, digits and hyphens, not "${consumer}"`);
  }
}

/**
 * Appends one import's entries to the log, in the order given, and notifies
 * CATALOG_CHANGE_LOG_CHANNEL. Call it inside the import's transaction, after everything else
 * the import writes: the lock it takes is held until that transaction ends.
 */
export async function appendChanges(
  tx: Queryable,
  country: CountryCode,
  currency: string,
  entries: readonly ChangeEntry[],
): Promise<ChangeNotice | null> {
  if (!entries.length) return null;
  await tx.query('SELECT pg_advisory_xact_lock($1)', [CHANGE_LOG_LOCK_KEY]);
  // statement_timestamp(): after the lock, so recorded_at rises with the id as entries commit.
  const [row] = await tx.query<{ cursor: number; changes: number }>(
    `WITH logged AS (
       INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
       SELECT size_variant_id, $1, $2, msrp, sale_price, status, first_seen, statement_timestamp()
         FROM unnest($3::int[], $4::numeric[], $5::numeric[], $6::int2[], $7::bool[]) WITH ORDINALITY
           AS t(size_variant_id, msrp, sale_price, status, first_seen, n)
        ORDER BY n
       RETURNING id
     ) SELECT max(id) AS cursor, count(*)::int AS changes FROM logged`,
    [
      country,
      currency,
      entries.map((e) => e.sizeVariantId),
      entries.map((e) => minorToDecimal(e.msrpMinor)),
      entries.map((e) => minorToDecimal(e.saleMinor)),
      entries.map((e) => e.status),
      entries.map((e) => e.firstSeen),
    ],
  );
  const notice: ChangeNotice = { cursor: row!.cursor, changes: row!.changes };
  await tx.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGE_LOG_CHANNEL, JSON.stringify(notice)]);
  return notice;
}

type ChangeRow = {
  id: number;
  size_variant_id: number;
  guid: string;
  country_code: CountryCode;
  currency_code: string;
  msrp: number;
  sale_price: number;
  status: number | null;
  first_seen: boolean;
  recorded_at: Date;
  previous_msrp: number | null;
  previous_sale_price: number | null;
  previous_status: number | null;
};

/** Up to `limit` entries after `cursor`, oldest first, each with the state it replaced. */
export async function readChangesSince(db: Queryable, cursor: ChangeCursor, limit: number): Promise<ChangePage> {
  checkCursor(cursor);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_CHANGES_PER_READ) {
    throw new RangeError(`read between 1 and ${MAX_CHANGES_PER_READ} changes at a time, not ${limit}`);
  }
  const rows = await db.query<ChangeRow>(
    `SELECT h.id, h.size_variant_id, s.guid::text AS guid, h.country_code, h.currency_code, h.msrp, h.sale_price,
            h.status, h.first_seen, h.recorded_at,
            prev.msrp AS previous_msrp, prev.sale_price AS previous_sale_price, prev.status AS previous_status
       FROM price_history h
       JOIN size_variants s ON s.id = h.size_variant_id
       LEFT JOIN LATERAL (
         SELECT e.msrp, e.sale_price, e.status
           FROM price_history e
          WHERE e.size_variant_id = h.size_variant_id AND e.country_code = h.country_code AND e.id < h.id
          ORDER BY e.id DESC
          LIMIT 1
       ) prev ON NOT h.first_seen
      WHERE h.id > $1
      ORDER BY h.id
      LIMIT $2`,
    [cursor, limit],
  );
  const changes = rows.map(
    (r): CatalogChange => ({
      cursor: r.id,
      sizeVariantId: r.size_variant_id,
      guid: r.guid,
      country: r.country_code,
      currency: r.currency_code,
      msrp: r.msrp,
      salePrice: r.sale_price,
      availability: availabilityOf(r.status),
      recordedAt: r.recorded_at,
      firstSeen: r.first_seen,
      previous:
        r.previous_msrp === null || r.previous_sale_price === null
          ? null
          : { msrp: r.previous_msrp, salePrice: r.previous_sale_price, availability: availabilityOf(r.previous_status) },
    }),
  );
  return { changes, cursor: changes.at(-1)?.cursor ?? cursor };
}

/** The end of the log as this reader sees it: a new consumer that only wants what comes next starts here. */
export async function latestCursor(db: Queryable): Promise<ChangeCursor> {
  const [row] = await db.query<{ cursor: number }>('SELECT coalesce(max(id), 0) AS cursor FROM price_history');
  return row!.cursor;
}

/** The consumer's saved cursor; undefined when it has never saved one. */
export async function loadCursor(db: Queryable, consumer: string): Promise<ChangeCursor | undefined> {
  checkConsumer(consumer);
  const [row] = await db.query<{ position: number }>('SELECT position FROM catalog_change_cursors WHERE consumer = $1', [consumer]);
  return row?.position;
}

/** Saves the consumer's cursor (moving it back is allowed: a consumer may replay). */
export async function saveCursor(db: Queryable, consumer: string, cursor: ChangeCursor): Promise<void> {
  checkConsumer(consumer);
  checkCursor(cursor);
  await db.query(
    `INSERT INTO catalog_change_cursors (consumer, position) VALUES ($1, $2)
     ON CONFLICT (consumer) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [consumer, cursor],
  );
}

/**
 * Reads up to `limit` entries after the consumer's saved cursor (LOG_START for a new
 * consumer), hands them to `handle` with the transaction, and saves the new cursor, all in
 * one transaction. The consumer's cursor row stays locked meanwhile, so two api instances
 * running the same consumer never handle one entry twice; when `handle` throws, nothing it
 * wrote through `tx` is kept and the cursor does not move. Called with nothing to read,
 * `handle` is not called. Returns what was handled.
 */
export async function consumeChanges(
  db: Database,
  consumer: string,
  limit: number,
  handle: (changes: CatalogChange[], tx: Queryable) => Promise<void>,
): Promise<ChangePage> {
  checkConsumer(consumer);
  return db.transaction(async (tx) => {
    const position = await lockedCursor(tx, consumer);
    const page = await readChangesSince(tx, position, limit);
    if (page.changes.length) {
      await handle(page.changes, tx);
      await saveCursor(tx, consumer, page.cursor);
    }
    return page;
  });
}

/** The consumer's cursor (LOG_START for a new one), its row locked until the transaction ends. */
async function lockedCursor(tx: Queryable, consumer: string): Promise<ChangeCursor> {
  await tx.query('INSERT INTO catalog_change_cursors (consumer, position) VALUES ($1, $2) ON CONFLICT (consumer) DO NOTHING', [consumer, LOG_START]);
  const [row] = await tx.query<{ position: number }>('SELECT position FROM catalog_change_cursors WHERE consumer = $1 FOR UPDATE', [consumer]);
  return row!.position;
}

/**
 * Moves the consumer's cursor to the end of the log without reading the entries, when
 * `nothingToDo` says, in the same transaction and with the cursor row locked, that no entry
 * can concern it (the alert evaluator with no live alert: a demo's first start logs a year of
 * history, 339,598 entries, that it would otherwise read and match against nothing). Returns
 * how many entries it passed over, or null, moving nothing, when `nothingToDo` says no.
 */
export async function passOverChanges(db: Database, consumer: string, nothingToDo: (tx: Queryable) => Promise<boolean>): Promise<number | null> {
  checkConsumer(consumer);
  return db.transaction(async (tx) => {
    const position = await lockedCursor(tx, consumer);
    if (!(await nothingToDo(tx))) return null;
    const [unread] = await tx.query<{ entries: number; last: number }>(
      'SELECT count(*)::int AS entries, coalesce(max(id), $1) AS last FROM price_history WHERE id > $1',
      [position],
    );
    if (unread!.entries > 0) await saveCursor(tx, consumer, unread!.last);
    return unread!.entries;
  });
}
