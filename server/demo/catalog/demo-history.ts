import { DAY_MS } from '../../../shared/constants';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { AVAILABILITY_STATUS, type Availability } from '../../api/catalog/feed-values';
import type { DemoProduct, DemoSize } from './demo-catalog';
import { listPrice, salePrice } from './demo-pricing';
import { Prng } from './prng';

// The demo's past: a year (or `days`) of price and stock changes before the day the feeds
// describe, so the price charts, the 30-day reference prices and the honest discounts have
// something to show on first start. It is written as a change log, one row per change of a
// size variant on a country's site (never one per day), and it ends exactly at the feed's
// price and availability: the newest row of every item agrees with the feed, or the log would
// show a change nobody made. The loader (demo-loader.ts) writes these rows straight into
// price_history, dated back from the import.
//
// What happens in the year, drawn from a seeded stream of its own:
// - each store runs two season's sales (2-4 weeks, on part of its range, some marked down
//   further half-way through) and one short event (a few days, one percentage);
// - the feed's current sale began a few days to six weeks ago; a few "sales" have held since
//   the item was first seen (a permanent sale, which the honest rule does not count);
// - some list prices change for good (a markdown, or a rise);
// - a few items' "was" price (msrp) was raised a week or two before their current sale, so
//   the feed claims more off than the lowest price of the 30 days before the sale allows;
// - some sizes sell out for a while; a size the feed has out of stock sold out recently;
// - most items were on sale from the start of the history; some arrived during it.
//
// Each change is logged when its store's feed for that country came in that day: every store
// and country has its usual hour, and each day's import lands within an hour of it, as a
// merchant's daily feed does (a log dated at one time of day would say nobody imported it).
// An item on sale before the history began has no first sighting in it: its first row is the
// state the log begins with, and when it last changed before that is not known.

/** How much history the demo's first start writes: a year, so the charts' 365-day view is full. */
export const DEMO_HISTORY_DAYS = 365;

/** The history rows' file, beside the feeds (not in feeds/, nor a .tsv where the importer looks). */
export const HISTORY_FILE = 'history/price-history.tsv';

export const HISTORY_COLUMNS = ['store', 'id', 'country', 'days_ago', 'time', 'first_seen', 'currency', 'price', 'sale_price', 'availability'] as const;

const DAY_SECONDS = DAY_MS / 1000;
/** Each day's import of a store's feed comes in within this many seconds after its usual time. */
const FEED_WINDOW_SECONDS = 3600;

/** One change: the state of a size variant on one country's site from `daysAgo` days before the feeds' day. */
export type HistoryRow = {
  store: string;
  itemId: string;
  country: CountryCode;
  /** Whole days before the feeds' day, 1 or more: the feed itself is the state of day 0. */
  daysAgo: number;
  /** When in that day (UTC, seconds from midnight) the store's feed for the country was imported. */
  secondOfDay: number;
  /**
   * The item's first sighting on the country's site (it arrived during the history); false on
   * every other row, and on the first row of an item on sale before the history began.
   */
  firstSeen: boolean;
  currency: string;
  /** Minor units. */
  msrp: number;
  /** Minor units; the msrp when not on sale (as the importer logs a feed without a sale price). */
  sale: number;
  availability: Availability;
};

/** A product whose feed "was" price was raised shortly before its current sale. */
export type InflatedWas = { store: string; country: CountryCode; groupKey: string; itemIds: string[]; raisedDaysAgo: number; saleDaysAgo: number };

export type DemoHistory = { rows: HistoryRow[]; inflated: InflatedWas[] };

type SaleEvent = { start: number; end: number; share: number; percents: readonly number[]; deeperBy: readonly number[] };
type ProductPlan = {
  firstSeen: number;
  /** The current sale took effect this many days ago (0: not on sale in the feed). */
  saleSince: number;
  /** Sale events this product took part in: their span, percent and a deeper markdown half-way. */
  events: { start: number; end: number; percent: number; deeper: number }[];
  /** The list price was `factor` × today's before this many days ago (undefined: never changed). */
  listChange: { daysAgo: number; factor: number } | undefined;
};

/** Share of items that arrived during the history; the rest were on sale before it starts. */
const NEW_ITEMS = 0.15;
const PERMANENT_SALE = 0.05;
const INFLATED_WAS = 0.03;
const LIST_PRICE_CHANGE = 0.12;
const STOCK_GAP = 0.12;
/** The inflated "was" is about a third above the earlier list price. */
const INFLATED_FACTOR = 0.75;
/** No sale goes deeper than this, as on the demo's later days. */
const MAX_DISCOUNT = 70;

function storeEvents(rng: Prng): SaleEvent[] {
  const season = (from: number, to: number): SaleEvent => {
    const start = rng.int(from, to);
    return { start, end: start - rng.int(14, 28), share: 0.15 + rng.next() * 0.1, percents: [20, 25, 30, 40, 50], deeperBy: [10, 15, 20] };
  };
  const event = rng.int(55, 75);
  return [
    season(300, 345),
    season(150, 190),
    { start: event, end: event - rng.int(3, 5), share: 0.1 + rng.next() * 0.1, percents: [rng.pick([20, 25, 30])], deeperBy: [] },
  ];
}

function planProduct(product: DemoProduct, events: readonly SaleEvent[], days: number, rng: Prng): ProductPlan {
  // The same count of draws for every product, whatever it gets, so one choice does not
  // reshuffle the rest of the catalogue's history.
  const draws = Array.from({ length: 16 }, () => rng.next());
  const at = (i: number) => draws[i]!;
  const firstSeen = at(0) < NEW_ITEMS ? Math.max(1, Math.min(days, 20 + Math.floor(at(1) * 300))) : days;
  let saleSince = 0;
  if (product.discount > 0) {
    saleSince = at(2) < PERMANENT_SALE ? firstSeen : Math.min(firstSeen, 2 + Math.floor(at(3) * 44));
  }
  const planned: ProductPlan['events'] = [];
  for (const [i, event] of events.entries()) {
    const draw = at(10 + i);
    if (draw >= event.share) continue;
    const percent = event.percents[Math.floor((draw / event.share) * event.percents.length)]!;
    const deeper = event.deeperBy.length && at(13 + i) < 0.3 ? event.deeperBy[Math.floor(at(4 + i) * event.deeperBy.length)]! : 0;
    planned.push({ start: event.start, end: event.end, percent, deeper });
  }
  let listChange: ProductPlan['listChange'];
  const earliest = Math.max(saleSince, 1) + 5;
  if (at(7) < LIST_PRICE_CHANGE && firstSeen - 5 > earliest) {
    listChange = { daysAgo: earliest + Math.floor(at(8) * (firstSeen - 5 - earliest)), factor: at(9) < 0.6 ? 1 / 0.85 : 0.9 };
  }
  return { firstSeen, saleSince, events: planned, listChange };
}

/** The product's list price (GBP) and percent off on the day `t` days before the feeds' day. */
function productState(product: DemoProduct, plan: ProductPlan, t: number): { baseGbp: number; discount: number } {
  const baseGbp = plan.listChange && t > plan.listChange.daysAgo ? product.baseGbp * plan.listChange.factor : product.baseGbp;
  if (plan.saleSince && t <= plan.saleSince) return { baseGbp, discount: product.discount };
  for (const e of plan.events) {
    if (t > e.end && t <= e.start) {
      const half = e.start - Math.floor((e.start - e.end) / 2);
      return { baseGbp, discount: Math.min(MAX_DISCOUNT, e.percent + (t <= half ? e.deeper : 0)) };
    }
  }
  return { baseGbp, discount: 0 };
}

/** When a size was out of stock: from `from` days ago until `to` days ago (0: still is). */
function stockGaps(size: DemoSize, firstSeen: number, rng: Prng): [number, number][] {
  const draws = [rng.next(), rng.next(), rng.next()];
  if (size.availability === 'out_of_stock') return [[Math.min(firstSeen, 1 + Math.floor(draws[0]! * 30)), 0]];
  if (size.availability !== 'in_stock' || draws[1]! >= STOCK_GAP || firstSeen < 12) return [];
  const start = 10 + Math.floor(draws[2]! * (firstSeen - 10));
  return [[start, Math.max(1, start - 4 - Math.floor(draws[0]! * 22))]];
}

function availabilityOn(size: DemoSize, gaps: readonly [number, number][], t: number): Availability {
  if (size.availability !== 'in_stock' && size.availability !== 'out_of_stock') return size.availability;
  return gaps.some(([from, to]) => t <= from && t > to) ? 'out_of_stock' : 'in_stock';
}

/**
 * When each day's feed of a store for a country came in, by days before the feeds' day (seconds
 * from midnight, UTC): its usual time, then up to an hour later, day by day.
 */
function feedTimes(root: Prng, store: string, country: CountryCode, days: number): Uint32Array {
  const rng = root.fork(`feed-times-${store}-${country}`);
  const usual = Math.floor(rng.next() * (DAY_SECONDS - FEED_WINDOW_SECONDS));
  return Uint32Array.from({ length: days + 1 }, () => usual + Math.floor(rng.next() * FEED_WINDOW_SECONDS));
}

/**
 * The history of `days` days before the feeds of `products` (as buildDemoProducts makes them,
 * the first day's feeds), in the order the feeds list the items, each item's rows oldest first.
 */
export function buildDemoHistory(products: readonly DemoProduct[], seed: number, days: number): DemoHistory {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`history days must be a whole number from 0, not ${days}`);
  const rows: HistoryRow[] = [];
  const inflated: InflatedWas[] = [];
  if (days === 0) return { rows, inflated };
  const root = new Prng(seed).fork('history');
  const eventsOf = new Map<number, SaleEvent[]>();
  const plans = new Map<DemoProduct, ProductPlan>();
  const rng = root.fork('products');
  for (const product of products) {
    let events = eventsOf.get(product.store.index);
    if (!events) eventsOf.set(product.store.index, (events = storeEvents(root.fork(`store-${product.store.slug}`))));
    plans.set(product, planProduct(product, events, days, rng));
  }
  // A few discounted items had their "was" price raised 5-14 days before the sale began; at
  // least one, so the demo always shows the case.
  const inflate = (product: DemoProduct, plan: ProductPlan, draw: number) => {
    const raised = plan.saleSince + 5 + Math.floor(draw * 10);
    plan.listChange = { daysAgo: raised, factor: INFLATED_FACTOR };
    plan.events = plan.events.filter((e) => e.end >= raised + 30);
    inflated.push({
      store: product.store.slug,
      country: product.store.country,
      groupKey: product.groupKey,
      itemIds: product.variants.flatMap((v) => v.sizes.map((s) => s.itemId)),
      raisedDaysAgo: raised,
      saleDaysAgo: plan.saleSince,
    });
  };
  const eligible = (product: DemoProduct, plan: ProductPlan) =>
    product.discount >= 20 && plan.saleSince > 0 && plan.saleSince < plan.firstSeen && plan.saleSince + 45 <= plan.firstSeen;
  const chooser = root.fork('inflated');
  for (const [product, plan] of plans) {
    const draws = [chooser.next(), chooser.next()];
    if (eligible(product, plan) && draws[0]! < INFLATED_WAS) inflate(product, plan, draws[1]!);
  }
  if (!inflated.length) {
    const first = [...plans].find(([product, plan]) => eligible(product, plan));
    if (first) inflate(first[0], first[1], 0.5);
  }

  const stock = root.fork('stock');
  const times = new Map<string, Uint32Array>();
  const timesOf = (store: string, country: CountryCode) => {
    const key = `${store}/${country}`;
    let found = times.get(key);
    if (!found) times.set(key, (found = feedTimes(root, store, country, days)));
    return found;
  };
  for (const [product, plan] of plans) {
    const store = product.store;
    const priceDays = new Set<number>([plan.firstSeen]);
    const mark = (t: number) => {
      if (t >= 1 && t <= plan.firstSeen) priceDays.add(t);
    };
    mark(plan.saleSince);
    if (plan.listChange) mark(plan.listChange.daysAgo);
    for (const e of plan.events) {
      mark(e.start);
      mark(e.end);
      mark(e.start - Math.floor((e.start - e.end) / 2));
    }
    for (const variant of product.variants) {
      for (const size of variant.sizes) {
        const gaps = stockGaps(size, plan.firstSeen, stock);
        const changeDays = new Set(priceDays);
        for (const [from, to] of gaps) {
          if (from >= 1 && from <= plan.firstSeen) changeDays.add(from);
          if (to >= 1 && to <= plan.firstSeen) changeDays.add(to);
        }
        const ordered = [...changeDays].sort((a, b) => b - a);
        for (const country of store.sellsTo) {
          const currency = COUNTRIES[country].info.currencyCode;
          const abroad = country !== store.country;
          const at = timesOf(store.slug, country);
          let last: HistoryRow | undefined;
          for (const t of ordered) {
            const { baseGbp, discount } = productState(product, plan, t);
            const msrp = listPrice(country, baseGbp, abroad);
            const sale = salePrice(country, msrp, discount) ?? msrp;
            const availability = availabilityOn(size, gaps, t);
            if (last && last.msrp === msrp && last.sale === sale && last.availability === availability) continue;
            const firstSeen = !last && plan.firstSeen < days;
            last = { store: store.slug, itemId: size.itemId, country, daysAgo: t, secondOfDay: at[t]!, firstSeen, currency, msrp, sale, availability };
            rows.push(last);
          }
        }
      }
    }
  }
  return { rows, inflated };
}

const decimal = (minor: number) => (minor / 100).toFixed(2);
const two = (n: number) => String(n).padStart(2, '0');
/** Seconds from midnight as HH:MM:SS. */
const clock = (seconds: number) => `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;

/** The history as a TSV file: a header, then one change a line. */
export function writeHistoryTsv(rows: readonly HistoryRow[]): string {
  const lines = [HISTORY_COLUMNS.join('\t')];
  for (const r of rows) {
    lines.push([r.store, r.itemId, r.country, r.daysAgo, clock(r.secondOfDay), r.firstSeen ? 1 : 0, r.currency, decimal(r.msrp), decimal(r.sale), r.availability].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** When a history row's change was logged: `daysAgo` days before the day of `anchor` (the feeds' import), at its time of day. */
export function historyRowTime(anchor: Date, row: Pick<HistoryRow, 'daysAgo' | 'secondOfDay'>): Date {
  const day = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
  return new Date(day - row.daysAgo * DAY_MS + row.secondOfDay * 1000);
}

/** Reads a file writeHistoryTsv wrote; a line that does not fit says where it is. */
export function readHistoryTsv(text: string): HistoryRow[] {
  const lines = text.split('\n');
  if (lines[0] !== HISTORY_COLUMNS.join('\t')) throw new Error(`${HISTORY_FILE}: not a demo price history (its header is "${lines[0]}")`);
  const rows: HistoryRow[] = [];
  const countries = new Set<string>(Object.keys(COUNTRIES));
  const availabilities = new Set<string>(Object.keys(AVAILABILITY_STATUS));
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (!line) continue;
    const [store, itemId, country, daysAgo, time, firstSeen, currency, msrp, sale, availability, ...rest] = line.split('\t');
    const days = Number(daysAgo);
    const minor = (v: string | undefined) => (v && /^\d+\.\d\d$/.test(v) ? Math.round(Number(v) * 100) : NaN);
    const hms = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(time ?? '');
    if (
      rest.length || !store || !itemId || !currency || !countries.has(country ?? '') || !availabilities.has(availability ?? '') ||
      !Number.isInteger(days) || days < 1 || !hms || (firstSeen !== '0' && firstSeen !== '1') || Number.isNaN(minor(msrp)) || Number.isNaN(minor(sale))
    ) {
      throw new Error(`${HISTORY_FILE} line ${n + 1}: not a history row`);
    }
    rows.push({
      store,
      itemId,
      country: country as CountryCode,
      daysAgo: days,
      secondOfDay: Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]),
      firstSeen: firstSeen === '1',
      currency,
      msrp: minor(msrp),
      sale: minor(sale),
      availability: availability as Availability,
    });
  }
  return rows;
}
