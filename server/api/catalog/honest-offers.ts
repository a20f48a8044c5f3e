import type { CountryCode } from '../../../shared/countries';
import { DAY_MS, DROP_WINDOW_DAYS, honestPrice, priceDrop, type PriceChange } from '../../../shared/reference-price';
import type { Database, Queryable } from '../db/database';
import { bumpCatalogGeneration } from './catalog-generation';
import { notifyCatalogChanged } from './catalog-changed';

// The discount a size variant carries on a country's site (size_variant_prices.offers, which
// the catalog index, its sorts and offer filters, the cards' badges and My Sales all read) is
// the honest one: measured by shared/reference-price.ts against the change log, not against
// the feed's "was" price alone. So is how far its price fell this week
// (size_variant_prices.dropped, the "Price Dropped" filter and sort). The importer works both
// out for every row it writes; remeasureOffers follows what time alone changes.

type LogRow = { size_variant_id: number; at: Date; currency_code: string; msrp: number; sale_price: number; status: number | null };

const minor = (amount: number) => Math.round(amount * 100);

/** A change-log row as the rule reads it: status 0 is out of stock; null (logged before availability was) counts as buyable. */
export function logChange(row: { at: Date; currency_code: string; msrp: number; sale_price: number; status: number | null }): PriceChange {
  return { at: row.at.getTime(), currency: row.currency_code, sale: minor(row.sale_price), msrp: minor(row.msrp), available: row.status !== 0 };
}

/** The change logs of these size variants on one country's site, oldest first. */
export async function readChangeLogs(q: Queryable, country: CountryCode, ids: readonly number[]): Promise<Map<number, PriceChange[]>> {
  const logs = new Map<number, PriceChange[]>();
  if (!ids.length) return logs;
  const rows = await q.query<LogRow>(
    `SELECT size_variant_id, recorded_at AS at, currency_code, msrp, sale_price, status
       FROM price_history
      WHERE country_code = $1 AND size_variant_id = ANY($2::int[])
      ORDER BY size_variant_id, recorded_at, id`,
    [country, ids],
  );
  for (const row of rows) {
    let log = logs.get(row.size_variant_id);
    if (!log) logs.set(row.size_variant_id, (log = []));
    log.push(logChange(row));
  }
  return logs;
}

/** The honest discount and this week's drop of a price as of `now`, given the size variant's log before it (possibly empty). */
export function measurePrice(log: readonly PriceChange[], price: Omit<PriceChange, 'at'>, now: number): { offers: number; dropped: number } {
  const changes = [...log, { ...price, at: now }];
  return { offers: honestPrice(changes, now).discount, dropped: priceDrop(changes, now) };
}

type PriceRow = {
  size_variant_id: number;
  country_code: CountryCode;
  currency_code: string;
  msrp: number;
  sale_price: number;
  status: number;
  offers: number;
  dropped: number;
  store: string;
};

/** Rows re-measured per transaction; the event loop gets a turn between them (PGlite runs on it). */
const REMEASURE_BATCH = 2000;

/**
 * Time alone changes a drop only when the 7-day window's start moves past a change in the log
 * (a cut a week old lapses; a price raised and then cut inside the week drops once the raise is
 * where the week begins). Prices with a change recorded between 14 and 7 days ago are measured
 * again: every such crossing of the last week, so runs missed for up to a week still catch it.
 */
const DROP_WINDOW_MS = DROP_WINDOW_DAYS * DAY_MS;

/**
 * Time alone changes one discount: a price unchanged since it was first seen is measured
 * against the feed's list price for 30 days, and is the regular price after that
 * (shared/reference-price.ts). It changes a drop too: a cut counts for a week. Without an
 * import of that store nothing would notice, so this re-measures every discounted or dropped
 * price, and every price whose log has a change the window's start passed in the last week,
 * against its log as of `now`,
 * writes those that changed and announces their stores as an import does (the index and the
 * kept answers follow). Returns how many prices changed. Run daily. `all` re-measures every
 * price: for history written straight into the log (the demo's generated year), which can
 * give a discount or a drop to a price the importer measured without it.
 */
export async function remeasureOffers(db: Database, now = Date.now(), { all = false } = {}): Promise<number> {
  let after: [number, string] = [0, ''];
  let changed = 0;
  for (;;) {
    const rows = await db.query<PriceRow>(
      `SELECT p.size_variant_id, p.country_code, p.currency_code, p.msrp, p.sale_price, p.status, p.offers, p.dropped, s.slug AS store
         FROM size_variant_prices p
         JOIN size_variants sv ON sv.id = p.size_variant_id
         JOIN stores s ON s.id = sv.store_id
        WHERE ($4::boolean OR p.offers > 0 OR p.dropped > 0
               OR EXISTS (SELECT 1 FROM price_history h
                           WHERE h.size_variant_id = p.size_variant_id AND h.country_code = p.country_code
                             AND h.recorded_at > $5 AND h.recorded_at <= $6))
          AND (p.size_variant_id, p.country_code) > ($1, $2)
        ORDER BY p.size_variant_id, p.country_code
        LIMIT $3`,
      [after[0], after[1], REMEASURE_BATCH, all, new Date(now - 2 * DROP_WINDOW_MS), new Date(now - DROP_WINDOW_MS)],
    );
    if (!rows.length) return changed;
    const last = rows[rows.length - 1]!;
    after = [last.size_variant_id, last.country_code];
    changed += await remeasureBatch(db, rows, now);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function remeasureBatch(db: Database, rows: readonly PriceRow[], now: number): Promise<number> {
  const byCountry = new Map<CountryCode, PriceRow[]>();
  for (const row of rows) byCountry.set(row.country_code, [...(byCountry.get(row.country_code) ?? []), row]);
  const updates: { row: PriceRow; offers: number; dropped: number }[] = [];
  for (const [country, group] of byCountry) {
    const logs = await readChangeLogs(db, country, group.map((r) => r.size_variant_id));
    for (const row of group) {
      const log = logs.get(row.size_variant_id);
      if (!log?.length) continue;
      const { offers, dropped } = measurePrice(log, { currency: row.currency_code, sale: minor(row.sale_price), msrp: minor(row.msrp), available: row.status !== 0 }, now);
      if (offers !== row.offers || dropped !== row.dropped) updates.push({ row, offers, dropped });
    }
  }
  if (!updates.length) return 0;
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE size_variant_prices p SET offers = t.offers, dropped = t.dropped, updated_at = now()
         FROM unnest($1::int[], $2::text[], $3::int2[], $4::int2[]) AS t(size_variant_id, country_code, offers, dropped)
        WHERE p.size_variant_id = t.size_variant_id AND p.country_code = t.country_code`,
      [updates.map((u) => u.row.size_variant_id), updates.map((u) => u.row.country_code), updates.map((u) => u.offers), updates.map((u) => u.dropped)],
    );
    await bumpCatalogGeneration(tx);
    // One notice per store and country, as an import of that feed would send.
    const announced = new Map<string, { store: string; country: CountryCode; updated: number }>();
    for (const { row } of updates) {
      const key = `${row.store}/${row.country_code}`;
      const notice = announced.get(key) ?? { store: row.store, country: row.country_code, updated: 0 };
      notice.updated++;
      announced.set(key, notice);
    }
    for (const notice of announced.values()) {
      await notifyCatalogChanged(tx, { ...notice, imported: 0 });
    }
  });
  return updates.length;
}
