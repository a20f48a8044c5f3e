// Honest discounts: the one rule for what a reduction is measured against.
//
// A feed's "was" price (msrp) is the retailer's claim, and retailers can raise it for a few days
// before a sale. The EU's Omnibus Directive (Article 6a of the Price Indication Directive) and
// the UK's pricing-practices guidance measure a reduction against the lowest price of the 30
// days before it; so does every discount this site shows (the card's badge, the product page,
// the '{n}% OFF' tag of My Sales, the Highest Discount sort and the offers filter).
//
// The rule, for one size variant in one country:
// - The current price is the sale price of the latest change. The current reduction began when
//   that price took effect: the start of the latest run of changes at that same price.
//   Successive reductions (100, then 80, then 60) are each measured on their own: 60 against
//   the lowest of the 30 days before 60 began (80), the smaller and so the safer claim.
// - The reference price is the lowest sale price the shopper could have paid during the 30
//   days before the reduction began: the price in force at the window's start counts, prices
//   while the item was unavailable do not, and neither do prices in another currency (a
//   country's currency changing makes earlier prices incomparable).
// - While the history does not reach back 30 days before the reduction began, the days it has
//   are used ('partial'); with none (or nothing buyable in them) the msrp stands in ('msrp').
//   The basis says which, so a page can say so too.
// - A price unchanged since records began is the regular price once it has held for 30 days,
//   whatever the feed's "was" says (a permanent "sale" is no reduction); before that it is
//   measured against the msrp.
// - The discount shown is measured against the lower of the reference and the msrp: a feed
//   whose msrp claims less than the history would allow is taken at its word.
//
// Amounts are in minor units (integer cents) so equal prices compare equal; times are epoch
// milliseconds.

import { DAY_MS } from './constants';

export const REFERENCE_WINDOW_DAYS = 30;
// One day, defined once with the other constants; re-exported for the price code's callers.
export { DAY_MS };

/** One row of the change log (price_history): what changed, and when. */
export type PriceChange = {
  at: number;
  currency: string;
  /** Minor units. */
  sale: number;
  /** Minor units. */
  msrp: number;
  /** False while the item could not be bought (out of stock, withdrawn). */
  available: boolean;
};

export type ReferenceBasis =
  /** The lowest price of the 30 days before the reduction began. */
  | 'history'
  /** Some, but not 30, days of history before the reduction: their lowest, or the msrp if lower. */
  | 'partial'
  /** No buyable price on record before the reduction: the feed's list price stands in. */
  | 'msrp';

export type HonestPrice = {
  /** The current sale price, minor units. */
  sale: number;
  msrp: number;
  /** What the discount is measured against, minor units. */
  reference: number;
  basis: ReferenceBasis;
  /** When the current price took effect (epoch ms). */
  since: number;
  /** Where the comparable history starts (epoch ms): the first change in the current currency. */
  known: number;
  /** Whole per cent, 0 when there is no reduction. */
  discount: number;
  /** What the msrp alone would claim: larger than discount when the "was" price is inflated. */
  msrpDiscount: number;
};

/** Whole per cent off, as the importer has always rounded: 1 to 100, or 0 for no reduction. */
export function percentOff(reference: number, sale: number): number {
  if (reference <= 0 || sale >= reference) return 0;
  return Math.min(100, Math.max(1, Math.round(((reference - sale) * 100) / reference)));
}

/**
 * The lowest price that could be paid at some moment in [from, to), given the changes sorted by
 * time: the change in force at `from` counts, unavailable stretches and other currencies do not.
 * Undefined when nothing was buyable in that span.
 */
export function lowestBuyable(changes: readonly PriceChange[], from: number, to: number, currency: string): number | undefined {
  let lowest: number | undefined;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const next = changes[i + 1];
    const end = next ? Math.min(next.at, to) : to;
    const start = Math.max(change.at, from);
    if (end <= start || !change.available || change.currency !== currency) continue;
    if (lowest === undefined || change.sale < lowest) lowest = change.sale;
  }
  return lowest;
}

/**
 * The honest price of one size variant in one country as of `now`, from its change log
 * (sorted by time, oldest first, at least one change).
 */
export function honestPrice(changes: readonly PriceChange[], now: number): HonestPrice {
  const last = changes[changes.length - 1];
  if (!last) throw new Error('honestPrice needs at least one price change');
  const comparable = (c: PriceChange) => c.currency === last.currency;
  let first = changes.length - 1;
  while (first > 0 && changes[first - 1]!.sale === last.sale && comparable(changes[first - 1]!)) first--;
  let oldest = first;
  while (oldest > 0 && comparable(changes[oldest - 1]!)) oldest--;
  const since = changes[first]!.at;
  const known = changes[oldest]!.at;
  const msrpDiscount = percentOff(last.msrp, last.sale);
  const answer = (reference: number, basis: ReferenceBasis): HonestPrice => ({
    sale: last.sale, msrp: last.msrp, reference, basis, since, known, discount: percentOff(reference, last.sale), msrpDiscount,
  });

  const window = REFERENCE_WINDOW_DAYS * DAY_MS;
  if (since === known) {
    // The price has not changed since records began. Held for 30 days or more, it is the
    // regular price, whatever the feed's "was" says; before that, we cannot tell yet.
    const held = now - known >= window ? lowestBuyable(changes, known, now, last.currency) : undefined;
    return held === undefined ? answer(last.msrp, 'msrp') : answer(Math.min(held, last.msrp), 'history');
  }
  const from = Math.max(known, since - window);
  const lowest = lowestBuyable(changes, from, since, last.currency);
  if (lowest === undefined) return answer(last.msrp, 'msrp');
  return answer(Math.min(lowest, last.msrp), from === since - window ? 'history' : 'partial');
}

// "Price Dropped" (the listing filter and sort): a size variant's price on a country's site
// dropped when it is buyable today and today's sale price is below the sale price in force
// 7 days ago: the last change at or before the window's start (in stock or not: a price cut
// while the item was away still fell), or, for a size variant first seen inside the window,
// its first price. Only the window's start is compared with, never the highest price inside
// the week, so a "was" price raised for a few days and then cut makes no bigger drop than the
// fall from where the week began. A price in another currency is incomparable: no drop.

export const DROP_WINDOW_DAYS = 7;

/**
 * How far the price fell over the last DROP_WINDOW_DAYS as of `now`, in whole per cent rounded
 * down, 0 when it did not fall; from the size variant's change log sorted by time, oldest first,
 * whose last change is today's price.
 */
export function priceDrop(changes: readonly PriceChange[], now: number): number {
  const today = changes[changes.length - 1];
  if (!today?.available) return 0;
  const start = now - DROP_WINDOW_DAYS * DAY_MS;
  let before = changes[0]!;
  for (const change of changes) {
    if (change.at > start) break;
    before = change;
  }
  if (before.currency !== today.currency || before.sale <= 0 || today.sale >= before.sale) return 0;
  return Math.floor(((before.sale - today.sale) * 100) / before.sale);
}
