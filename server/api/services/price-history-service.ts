import type { PriceHistory, PricePoint } from '../../../shared/api/price-history-schemas';
import type { CountryCode } from '../../../shared/countries';
import { DAY_MS, honestPrice, lowestBuyable, type PriceChange } from '../../../shared/reference-price';
import { notFound } from '../../lib/http-error';
import { logChange } from '../catalog/honest-offers';
import type { Queryable } from '../db/database';

// A size variant's price history on one country's site, read from the change log
// (price_history: one row per price or availability change, not one per day), and what the
// honest-price rule makes of it. The log is read whole for the one size variant: pruning keeps
// it to about 400 days, which is a few dozen rows for a real item.

/** Rows older than this are pruned (the last one before the cut stays: it says what was in force). */
export const PRICE_HISTORY_KEEP_DAYS = 400;

type ChangeRow = { at: Date; currency_code: string; msrp: number; sale_price: number; status: number | null };
type CurrentRow = { id: number; currency_code: string; msrp: number; sale_price: number; status: number };

const minor = (amount: number) => Math.round(amount * 100);
const major = (minorUnits: number) => minorUnits / 100;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => ms - (ms % DAY_MS);
// Status 0 is out of stock (as logChange reads the log).
const buyable = (status: number) => status !== 0;

export class PriceHistoryService {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  /** An admin-only store's size variant is found only in the admin view (spec section 6). */
  async history(guid: string, country: CountryCode, days: number, adminView = false): Promise<PriceHistory> {
    const [current] = await this.db.query<CurrentRow>(
      `SELECT sv.id, pr.currency_code, pr.msrp, pr.sale_price, pr.status
         FROM size_variants sv
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
         JOIN stores s ON s.id = sv.store_id
        WHERE sv.guid = $1::uuid AND (NOT s.admin_only OR $3)`,
      [guid, country, adminView],
    );
    if (!current) throw notFound('No such product on this country site');
    const rows = await this.db.query<ChangeRow>(
      `SELECT recorded_at AS at, currency_code, msrp, sale_price, status
         FROM price_history
        WHERE size_variant_id = $1 AND country_code = $2
        ORDER BY recorded_at, id`,
      [current.id, country],
    );
    const now = this.now();
    const changes: PriceChange[] = rows.map(logChange);
    // The price row is the truth; a log without its latest state (rows written before the log
    // existed) gets it as of now, so the answer never contradicts the product page.
    const today: PriceChange = { at: now, currency: current.currency_code, sale: minor(current.sale_price), msrp: minor(current.msrp), available: buyable(current.status) };
    const last = changes[changes.length - 1];
    if (!last || last.sale !== today.sale || last.msrp !== today.msrp || last.currency !== today.currency || last.available !== today.available) {
      changes.push(today);
    }

    const honest = honestPrice(changes, now);
    // Prices in an earlier currency are not comparable: the chart starts where the rule's does.
    const comparable = changes.filter((c) => c.at >= honest.known);
    const point = (c: PriceChange, date: string): PricePoint => ({ date, salePrice: major(c.sale), msrp: major(c.msrp), available: c.available });
    const low = (span: number) => {
      const from = now - span * DAY_MS;
      const price = lowestBuyable(comparable, from, now + 1, today.currency);
      if (price === undefined) return null;
      // The last day it could be bought at that price: the latest change at it (later changes
      // are all inside the span, so the first found from the end is in it).
      const i = comparable.findLastIndex((c) => c.available && c.sale === price);
      const until = Math.min(now, (comparable[i + 1]?.at ?? now + 1) - 1);
      return { price: major(price), date: utcDay(until) };
    };
    const reaches90 = honest.known <= now - 90 * DAY_MS;
    const lowest90 = reaches90 ? low(90) : null;

    return {
      guid,
      country,
      currencyCode: today.currency,
      days,
      points: dailyPoints(comparable, now, days).map(([c, date]) => point(c, date)),
      current: point(today, utcDay(now)),
      lowest30: low(30),
      lowest90,
      lowestIn90Days: today.available && lowest90 !== null && today.sale <= minor(lowest90.price),
      reference: {
        price: major(honest.reference),
        basis: honest.basis,
        since: utcDay(honest.since),
        known: utcDay(honest.known),
        discount: honest.discount,
        msrpDiscount: honest.msrpDiscount,
      },
    };
  }

  /**
   * Drops log rows older than PRICE_HISTORY_KEEP_DAYS, keeping for each size variant and
   * country the newest row before the cut (the price in force there). Returns how many went.
   */
  async prune(): Promise<number> {
    const cut = new Date(this.now() - PRICE_HISTORY_KEEP_DAYS * DAY_MS);
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM price_history h
          WHERE h.recorded_at < $1
            AND EXISTS (SELECT 1 FROM price_history n
                         WHERE n.size_variant_id = h.size_variant_id AND n.country_code = h.country_code
                           AND n.recorded_at < $1 AND (n.recorded_at, n.id) > (h.recorded_at, h.id))
         RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      [cut],
    );
    return row!.n;
  }
}

/** One point per UTC day, from the first day on record (at most `days` back) to today: the last change of that day. */
function dailyPoints(changes: readonly PriceChange[], now: number, days: number): [PriceChange, string][] {
  const today = startOfDay(now);
  const first = Math.max(startOfDay(changes[0]!.at), today - (days - 1) * DAY_MS);
  const points: [PriceChange, string][] = [];
  let i = 0;
  for (let dayStart = first; dayStart <= today; dayStart += DAY_MS) {
    const end = dayStart + DAY_MS;
    while (i + 1 < changes.length && changes[i + 1]!.at < end) i++;
    if (changes[i]!.at < end) points.push([changes[i]!, utcDay(dayStart)]);
  }
  return points;
}
