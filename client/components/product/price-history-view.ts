import type { LowestPoint, PriceHistory, PricePoint } from '../../../shared/api/price-history-schemas';
import { PRICE_HISTORY_SPANS } from '../../../shared/api/price-history-paths';
import type { Translate } from '../../../shared/i18n/translator';

// What the product page's price history shows, worked out from the api's answer without React:
// the spans offered, the chart's lines in SVG coordinates, the text summary and the table's
// rows (one per change, not one per day). The chart is drawn on the server as SVG; nothing
// here needs a chart library. Its words are whole sentences of the catalogue in the page's
// language (issue 29), so a translation can order them as its language does.

export type Span = (typeof PRICE_HISTORY_SPANS)[number];

/** The chart's drawing area, in SVG user units. */
export const CHART = { width: 640, height: 220, left: 8, right: 8, top: 12, bottom: 12 } as const;

/** The spans worth offering: 30 days always; a longer one only once the history (its days) is longer than the one before. */
export function spansOffered(points: readonly unknown[]): Span[] {
  return PRICE_HISTORY_SPANS.filter((_span, i) => i === 0 || points.length > PRICE_HISTORY_SPANS[i - 1]!);
}

/** The last `span` days of the points. */
export const lastDays = <T>(points: readonly T[], span: number): T[] => points.slice(Math.max(0, points.length - span));

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

/** The plot's scale for `count` days whose prices are `prices` (at least one). */
function plotScale(prices: readonly number[], count: number) {
  const lowest = Math.min(...prices);
  const highest = Math.max(...prices);
  // A little room above and below; a flat line sits in the middle.
  const pad = highest > lowest ? (highest - lowest) * 0.1 : Math.max(1, highest * 0.1);
  const low = Math.max(0, lowest - pad);
  const high = highest + pad;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const step = plotWidth / count;
  const x = (index: number) => round(CHART.left + index * step);
  const y = (price: number) => round(CHART.top + ((high - price) / (high - low)) * plotHeight);
  /**
   * A step line through one value a day (null: not drawn that day). A level run is one
   * horizontal stroke, so a year of a steady price is a few commands rather than one per day.
   */
  const line = (values: readonly (number | null)[]) => {
    let d = '';
    let level: number | undefined;
    values.forEach((value, i) => {
      if (value === null) {
        if (level !== undefined) d += ` H${x(i)}`;
        level = undefined;
        return;
      }
      const at = y(value);
      if (level === undefined) d += `${d ? ' ' : ''}M${x(i)} ${at}`;
      else if (at !== level) d += ` H${x(i)} V${at}`;
      level = at;
    });
    if (level !== undefined) d += ` H${x(values.length)}`;
    return d;
  };
  return { low, high, x, line, at: (index: number, price: number) => ({ x: round(x(index) + step / 2), y: y(price) }) };
}

/** The chart's lines for these days (oldest first, at least one). Each day is a step one day wide. */
export function chartGeometry(points: readonly PricePoint[]): ChartGeometry {
  const { low, high, x, line, at } = plotScale(
    points.flatMap((p) => [p.salePrice, p.msrp]),
    points.length,
  );

  const gaps: { x: number; width: number }[] = [];
  points.forEach((p, i) => {
    if (p.available) return;
    const last = gaps[gaps.length - 1];
    if (last && round(last.x + last.width) === x(i)) last.width = round(x(i + 1) - last.x);
    else gaps.push({ x: x(i), width: round(x(i + 1) - x(i)) });
  });

  return {
    sale: line(points.map((p) => (p.available ? p.salePrice : null))),
    msrp: line(points.map((p) => p.msrp)),
    gaps,
    low,
    high,
    at,
  };
}

/** The chart across stores (issue 28): the lowest total's line and one per store, each named for the legend. */
export type StoresChart = {
  /** The days drawn (the lowest series' last `span`). */
  days: LowestPoint[];
  lowest: string;
  stores: { guid: string; name: string; line: string }[];
  low: number;
  high: number;
  /** Today's lowest total and the store that has it; null when no store has it to buy today. */
  today: { total: number; store: string; delivery: number | null } | null;
};

/**
 * What the chart draws when more than one store sells the size: totals (price plus delivery),
 * the lowest across stores and each store's, on one scale; null with one store, where the
 * chart stays the single store's price and list price.
 */
export function storesChart(history: PriceHistory, span: number): StoresChart | null {
  if (history.stores.length < 2) return null;
  const days = lastDays(history.lowest, span);
  if (!days.length) return null;
  const lines = history.stores.map((store) => {
    const byDate = new Map(store.points.map((p) => [p.date, p]));
    return { store, totals: days.map((d) => byDate.get(d.date)).map((p) => (p?.available ? p.total : null)) };
  });
  const lows = days.map((d) => d.total);
  const { low, high, line } = plotScale(
    [...lows, ...lines.flatMap((l) => l.totals)].filter((t): t is number => t !== null),
    days.length,
  );
  const last = days[days.length - 1]!;
  const cheapest = history.stores.find((s) => s.guid === last.guid);
  return {
    days,
    lowest: line(lows),
    stores: lines.map(({ store, totals }) => ({ guid: store.guid, name: store.store.name, line: line(totals) })),
    low,
    high,
    today: last.total !== null && cheapest ? { total: last.total, store: cheapest.store.name, delivery: cheapest.delivery } : null,
  };
}

/** The chart's words for the lowest across stores: its text alternative and the line under the summary. */
export function storesSummary(t: Translate, chart: StoresChart, storeCount: number, money: Money): string {
  if (!chart.today) return t('product.history.storesNone', { stores: storeCount });
  const { delivery } = chart.today;
  const deliveryWords =
    delivery === null
      ? t('product.history.deliveryNotShown')
      : delivery === 0
        ? t('product.history.freeDelivery')
        : t('product.history.deliveryPrice', { price: money(delivery) });
  return t('product.history.storesLowest', { stores: storeCount, total: money(chart.today.total), store: chart.today.store, delivery: deliveryWords });
}

/** One row per change of the lowest total: from which day, how much, and which store had it. */
export type LowestRow = { from: string; total: number | null; store: string | null };

export function lowestRows(chart: StoresChart, history: PriceHistory): LowestRow[] {
  const names = new Map(history.stores.map((s) => [s.guid, s.store.name]));
  const rows: LowestRow[] = [];
  for (const d of chart.days) {
    const store = d.guid === null ? null : (names.get(d.guid) ?? null);
    const last = rows[rows.length - 1];
    if (last && last.total === d.total && last.store === store) continue;
    rows.push({ from: d.date, total: d.total, store });
  }
  return rows;
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
export function historySummary(t: Translate, history: PriceHistory, money: Money, day: (date: string) => string): string[] {
  const lines: string[] = [];
  const { current, lowest30, reference } = history;
  if (!current.available) lines.push(t('product.history.outOfStockToday'));
  if (history.lowestIn90Days) lines.push(t('product.history.lowestIn90'));
  else if (lowest30) lines.push(t('product.history.lowest30', { price: money(lowest30.price), date: day(lowest30.date), today: money(current.salePrice) }));
  if (reference.discount > 0) {
    const percent = reference.discount;
    const price = money(reference.price);
    lines.push(
      reference.basis === 'history'
        ? t('product.history.discountHistory', { percent, date: day(reference.since), price })
        : reference.basis === 'partial'
          ? t('product.history.discountPartial', { percent, date: day(reference.known), price })
          : t('product.history.discountMsrp', { percent, price }),
    );
    if (reference.msrpDiscount > reference.discount) {
      lines.push(t('product.history.msrpClaim', { msrp: money(current.msrp), percent: reference.msrpDiscount }));
    }
  } else if (reference.msrpDiscount > 0) {
    const facts = { msrp: money(current.msrp), percent: reference.msrpDiscount, price: money(current.salePrice), lowest: money(reference.price) };
    lines.push(
      reference.basis === 'partial'
        ? t('product.history.noReductionSince', { ...facts, date: day(reference.known) })
        : t('product.history.noReduction30', facts),
    );
  }
  return lines;
}
