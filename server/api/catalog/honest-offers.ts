import type { CountryCode } from '../../../shared/countries';
import { honestPrice, type PriceChange } from '../../../shared/reference-price';
import type { Queryable } from '../db/database';

// The discount a size variant carries on a country's site (size_variant_prices.offers, which
// the catalog index, its sorts and offer filters, the cards' badges and My Sales all read) is
// the honest one: measured by shared/reference-price.ts against the change log, not against
// the feed's "was" price alone. The importer works it out for every row it writes.

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

/** The honest discount of a price as of `now`, given the size variant's log before it (possibly empty). */
export function honestOffers(log: readonly PriceChange[], price: Omit<PriceChange, 'at'>, now: number): number {
  return honestPrice([...log, { ...price, at: now }], now).discount;
}
