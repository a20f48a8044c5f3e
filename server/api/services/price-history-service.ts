import type { LowestPoint, PriceHistory, PricePoint, StoreLine } from '../../../shared/api/price-history-schemas';
import type { CountryCode } from '../../../shared/countries';
import { deliveryPrice, offerTotal } from '../../../shared/free-delivery';
import { DAY_MS, honestPrice, lowestBuyable, type PriceChange } from '../../../shared/reference-price';
import { notFound } from '../../lib/http-error';
import { logChange } from '../catalog/honest-offers';
import type { Queryable } from '../db/database';
import { siteThresholds } from './product-reader';

// A size variant's price history on one country's site, read from the change log
// (price_history: one row per price or availability change, not one per day), and what the
// honest-price rule makes of it. The log is read whole for the one size variant: pruning keeps
// it to about 400 days, which is a few dozen rows for a real item.
//
// Issue 28 (decision 0079): beside it, a line per store selling the same size on that site
// (size variants sharing canonical_id) and the lowest total across them per day. A total is
// the day's price plus delivery by the one rule (shared/free-delivery.ts) applied with today's
// delivery facts (the feed's shipping price, the store's threshold and delivery price): the
// log keeps prices, not the shipping a feed gave on a past day. A withdrawn offer's line ends
// the day it was withdrawn, so the lowest of a past day still counts the store that had it.

/** Rows older than this are pruned (the last one before the cut stays: it says what was in force). */
export const PRICE_HISTORY_KEEP_DAYS = 400;

type ChangeRow = { at: Date; currency_code: string; msrp: number; sale_price: number; status: number | null };
type ChangeRowOf = ChangeRow & { size_variant_id: number };
/** One store's offer of the size on the site: its price row (withdrawn or not) and its store's delivery facts there. */
type OfferRow = {
  id: number;
  guid: string;
  currency_code: string;
  msrp: number;
  sale_price: number;
  status: number;
  shipping_price: number | null;
  withdrawn_at: Date | string | null;
  store_id: number;
  store_name: string;
  store_slug: string;
  store_country: string;
  free_delivery_gb: number | null;
  free_delivery_us: number | null;
  free_delivery_international: number | null;
  store_delivery: number | null;
};

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
    // This size variant first, then the other stores' offers of its size (theirs withdrawn too).
    const offers = await this.db.query<OfferRow>(
      `SELECT sv.id, sv.guid::text AS guid, pr.currency_code, pr.msrp, pr.sale_price, pr.status, pr.shipping_price, pr.withdrawn_at,
              s.id AS store_id, s.name AS store_name, s.slug AS store_slug, s.country_code AS store_country,
              s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international, (s.delivery_prices ->> $2)::numeric AS store_delivery
         FROM size_variants me
         JOIN stores ms ON ms.id = me.store_id AND (NOT ms.admin_only OR $3)
         JOIN size_variants sv ON sv.canonical_id = me.canonical_id
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
         JOIN stores s ON s.id = sv.store_id AND (NOT s.admin_only OR $3)
        WHERE me.guid = $1::uuid
        ORDER BY sv.id <> me.id, sv.id`,
      [guid, country, adminView],
    );
    const current = offers[0];
    if (current?.guid !== guid || current.withdrawn_at !== null) throw notFound('No such product on this country site');
    const rows = await this.db.query<ChangeRowOf>(
      `SELECT size_variant_id, recorded_at AS at, currency_code, msrp, sale_price, status
         FROM price_history
        WHERE size_variant_id = ANY($1::int[]) AND country_code = $2
        ORDER BY recorded_at, id`,
      [offers.map((o) => o.id), country],
    );
    const now = this.now();
    const logOf = (offer: OfferRow) => rows.filter((r) => r.size_variant_id === offer.id).map(logChange);
    const changes = withToday(logOf(current), current, now);
    const today = changes[changes.length - 1]!;

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
      ...acrossStores(offers, (offer) => (offer === current ? changes : offer.withdrawn_at === null ? withToday(logOf(offer), offer, now) : logOf(offer)), {
        currency: today.currency,
        country,
        now,
        days,
      }),
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

/**
 * The price row is the truth; a log without its latest state (rows written before the log
 * existed) gets it as of now, so the answer never contradicts the product page.
 */
function withToday(changes: PriceChange[], offer: OfferRow, now: number): PriceChange[] {
  const today: PriceChange = { at: now, currency: offer.currency_code, sale: minor(offer.sale_price), msrp: minor(offer.msrp), available: buyable(offer.status) };
  const last = changes[changes.length - 1];
  if (!last || last.sale !== today.sale || last.msrp !== today.msrp || last.currency !== today.currency || last.available !== today.available) {
    changes.push(today);
  }
  return changes;
}

/**
 * Each store's line (a store with no day in the span, or none in the site's currency now, is
 * left out) and the lowest total per day across them, from the first day a line starts.
 */
function acrossStores(
  offers: readonly OfferRow[],
  changesOf: (offer: OfferRow) => PriceChange[],
  at: { currency: string; country: CountryCode; now: number; days: number },
): { stores: StoreLine[]; lowest: LowestPoint[] } {
  const stores: StoreLine[] = [];
  for (const offer of offers) {
    const changes = changesOf(offer);
    // Prices in an earlier currency are not comparable (as for the honest price).
    const comparable = changes.slice(changes.findLastIndex((c) => c.currency !== at.currency) + 1);
    const withdrawn = offer.withdrawn_at === null ? null : utcDay(new Date(offer.withdrawn_at).getTime());
    const points = comparable.length ? dailyPoints(comparable, at.now, at.days).filter(([, date]) => withdrawn === null || date <= withdrawn) : [];
    if (!points.length) continue;
    const thresholds = siteThresholds(offer, at.country);
    const delivery = (salePrice: number) => deliveryPrice({ salePrice, shippingPrice: offer.shipping_price }, thresholds, offer.store_delivery, at.country);
    stores.push({
      guid: offer.guid,
      store: { id: offer.store_id, name: offer.store_name, slug: offer.store_slug },
      delivery: delivery(offer.sale_price),
      points: points.map(([c, date]) => {
        const salePrice = major(c.sale);
        return { date, salePrice, total: offerTotal(salePrice, delivery(salePrice)), available: c.available };
      }),
      withdrawn,
    });
  }
  const lowest: LowestPoint[] = [];
  const byDate = stores.map((line) => new Map(line.points.map((p) => [p.date, p])));
  const first = Math.min(...stores.map((line) => Date.parse(`${line.points[0]!.date}T00:00:00Z`)));
  for (let dayStart = first; dayStart <= startOfDay(at.now); dayStart += DAY_MS) {
    const date = utcDay(dayStart);
    let low: LowestPoint = { date, total: null, guid: null };
    stores.forEach((line, i) => {
      const point = byDate[i]!.get(date);
      if (point?.available && (low.total === null || point.total < low.total)) low = { date, total: point.total, guid: line.guid };
    });
    lowest.push(low);
  }
  return { stores, lowest };
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
