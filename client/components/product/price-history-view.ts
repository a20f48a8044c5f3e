import type { PriceHistory, PricePoint } from '../../../shared/api/price-history-schemas';
import { PRICE_HISTORY_SPANS } from '../../../shared/api/price-history-paths';

// What the product page's price history shows, worked out from the api's answer without React:
// the spans offered, the chart's lines in SVG coordinates, the text summary and the table's
// rows (one per change, not one per day). The chart is drawn on the server as SVG; nothing
// here needs a chart library.

export type Span = (typeof PRICE_HISTORY_SPANS)[number];

/** The chart's drawing area, in SVG user units. */
export const CHART = { width: 640, height: 220, left: 8, right: 8, top: 12, bottom: 12 } as const;

/** The spans worth offering: 30 days always; a longer one only once the history is longer than the one before. */
export function spansOffered(points: readonly PricePoint[]): Span[] {
  return PRICE_HISTORY_SPANS.filter((_span, i) => i === 0 || points.length > PRICE_HISTORY_SPANS[i - 1]!);
}

/** The last `span` days of the points. */
export const lastDays = (points: readonly PricePoint[], span: number) => points.slice(Math.max(0, points.length - span));

export type ChartGeometry = {
  /** Step lines of the sale price, one per stretch it could be bought. */
  sale: string;
  /** Step line of the list price (msrp) over the whole span. */
  msrp: string;
  /** Unavailable stretches as x ranges. */
  gaps: { x: number; width: number }[];
  /** The axis' bounds, for its labels. */
  low: number;
  high: number;
  /** Where a day's price sits, for markers. */
  at(index: number, price: number): { x: number; y: number };
};

const round = (n: number) => Math.round(n * 10) / 10;

/** The chart's lines for these days (oldest first, at least one). Each day is a step one day wide. */
export function chartGeometry(points: readonly PricePoint[]): ChartGeometry {
  const prices = points.flatMap((p) => [p.salePrice, p.msrp]);
  const lowest = Math.min(...prices);
  const highest = Math.max(...prices);
  // A little room above and below; a flat line sits in the middle.
  const pad = highest > lowest ? (highest - lowest) * 0.1 : Math.max(1, highest * 0.1);
  const low = Math.max(0, lowest - pad);
  const high = highest + pad;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const step = plotWidth / points.length;
  const x = (index: number) => round(CHART.left + index * step);
  const y = (price: number) => round(CHART.top + ((high - price) / (high - low)) * plotHeight);

  // A step line: a level run is one horizontal stroke, so a year of a steady price is a few
  // commands rather than one per day; a stretch that is not included breaks the line.
  const line = (value: (p: PricePoint) => number, include: (p: PricePoint) => boolean) => {
    let d = '';
    let level: number | undefined;
    points.forEach((p, i) => {
      if (!include(p)) {
        if (level !== undefined) d += ` H${x(i)}`;
        level = undefined;
        return;
      }
      const at = y(value(p));
      if (level === undefined) d += `${d ? ' ' : ''}M${x(i)} ${at}`;
      else if (at !== level) d += ` H${x(i)} V${at}`;
      level = at;
    });
    if (level !== undefined) d += ` H${x(points.length)}`;
    return d;
  };

  const gaps: { x: number; width: number }[] = [];
  points.forEach((p, i) => {
    if (p.available) return;
    const last = gaps[gaps.length - 1];
    if (last && round(last.x + last.width) === x(i)) last.width = round(x(i + 1) - last.x);
    else gaps.push({ x: x(i), width: round(x(i + 1) - x(i)) });
  });

  return {
    sale: line((p) => p.salePrice, (p) => p.available),
    msrp: line((p) => p.msrp, () => true),
    gaps,
    low,
    high,
    at: (index, price) => ({ x: round(x(index) + step / 2), y: y(price) }),
  };
}

/** One row per change: from which day a price (or availability) held. */
export type HistoryRow = { from: string; salePrice: number; msrp: number; available: boolean };

export function historyRows(points: readonly PricePoint[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const p of points) {
    const last = rows[rows.length - 1];
    if (last && last.salePrice === p.salePrice && last.msrp === p.msrp && last.available === p.available) continue;
    rows.push({ from: p.date, salePrice: p.salePrice, msrp: p.msrp, available: p.available });
  }
  return rows;
}

/** "12 Nov" (or "12 Nov 2025" outside the current year) in the site's locale, read as a UTC day. */
export function dayLabel(date: string, locale: string, today: string): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export type Money = (amount: number) => string;

/**
 * The sentences under the chart: the 30-day low and today's price against it, the good time
 * to buy, and how the discount is measured (both figures where the feed's claim is bigger).
 */
export function historySummary(history: PriceHistory, money: Money, day: (date: string) => string): string[] {
  const lines: string[] = [];
  const { current, lowest30, reference } = history;
  if (!current.available) lines.push('Out of stock at the retailer today.');
  if (history.lowestIn90Days) lines.push(`This is the lowest price in 90 days: a good time to buy.`);
  else if (lowest30) lines.push(`Lowest in 30 days: ${money(lowest30.price)} (${day(lowest30.date)}). Today: ${money(current.salePrice)}.`);
  if (reference.discount > 0) {
    const against =
      reference.basis === 'history'
        ? `the lowest price of the 30 days before this price began on ${day(reference.since)} (${money(reference.price)})`
        : reference.basis === 'partial'
          ? `the lowest price since we began tracking it on ${day(reference.known)} (${money(reference.price)})`
          : `the retailer's list price (${money(reference.price)}): we have less than 30 days of its price history`;
    lines.push(`${reference.discount}% off, measured against ${against}.`);
    if (reference.msrpDiscount > reference.discount) {
      lines.push(`The retailer's list price of ${money(current.msrp)} would make it ${reference.msrpDiscount}% off; we show the smaller figure.`);
    }
  } else if (reference.msrpDiscount > 0) {
    const before = reference.basis === 'partial' ? `since ${day(reference.known)}` : 'in the 30 days before';
    lines.push(
      `The retailer shows a list price of ${money(current.msrp)} (${reference.msrpDiscount}% off), but ${money(current.salePrice)} is no reduction on what it cost ${before} (lowest ${money(reference.price)}), so we show no discount.`,
    );
  }
  return lines;
}
