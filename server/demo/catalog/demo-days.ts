import type { CountryCode } from '../../../shared/countries';
import type { DemoProduct } from './demo-catalog';
import { Prng } from './prng';

// The demo's later days: what merchants' feeds say the next morning. Day 1 is the catalogue
// as generated; each later day starts from the one before and, drawn from its own seeded
// stream, cuts some prices (a new sale, a deeper one, or a lower list price), sells some
// sizes out and brings most sold-out sizes back. Most items stay as they were, as in a real
// day's feed. The same seed and day always give the same feeds, so the demo (import day 2,
// receive the alert) plays the same on every machine.

/** Per product and day: the chance its price is cut, and how it is cut. */
const NEW_OR_DEEPER_SALE = 0.03;
const LIST_PRICE_CUT = 0.01;
/** Per size and day. */
const SELL_OUT = 0.02;
const RESTOCK = 0.35;

const NEW_SALE_PERCENTS = [20, 25, 30, 40, 50] as const;
const DEEPER_BY = [10, 15, 20] as const;
const MAX_DISCOUNT = 70;

/** One day's changes over the day before. */
function nextDay(products: readonly DemoProduct[], rng: Prng): DemoProduct[] {
  return products.map((product) => {
    // Every product draws the same count of numbers whatever happens to it, so one change
    // does not reshuffle the rest of the day.
    const roll = rng.next();
    const percentDraw = rng.next();
    let { discount, baseGbp } = product;
    if (roll < NEW_OR_DEEPER_SALE) {
      discount =
        discount === 0
          ? NEW_SALE_PERCENTS[Math.floor(percentDraw * NEW_SALE_PERCENTS.length)]!
          : Math.min(MAX_DISCOUNT, discount + DEEPER_BY[Math.floor(percentDraw * DEEPER_BY.length)]!);
    } else if (roll < NEW_OR_DEEPER_SALE + LIST_PRICE_CUT) {
      // A lower list price, about a sixth off: below the next price point in every currency.
      baseGbp = Math.round(baseGbp * 83) / 100;
    }
    const variants = product.variants.map((variant) => ({
      ...variant,
      sizes: variant.sizes.map((size) => {
        const draw = rng.next();
        if (size.availability === 'in_stock' && draw < SELL_OUT) return { ...size, availability: 'out_of_stock' as const };
        if (size.availability === 'out_of_stock' && draw < RESTOCK) return { ...size, availability: 'in_stock' as const };
        return size;
      }),
    }));
    return { ...product, discount, baseGbp, variants };
  });
}

/** The products as day `day`'s feeds state them (day 1: as generated). */
export function demoProductsOnDay(products: readonly DemoProduct[], seed: number, day: number): DemoProduct[] {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`day must be a whole number from 1, not ${day}`);
  let current = [...products];
  const days = new Prng(seed).fork('days');
  for (let d = 2; d <= day; d++) current = nextDay(current, days.fork(`day-${d}`));
  return current;
}

// Issue 27: stores also stop selling things. On day 2 some products leave their store's feeds
// (every size, every country: withdrawn by the full feed's import), and from day 3 about half
// of those still gone come back each day (the import brings them back with their ids and
// history). Drawn from a stream of their own, so the prices and stock above are the same with
// or without them. Day 3 also has one shrunken feed: a store-country whose feed carries under a
// third of its items, as a broken export would, which the import's shrink guard holds.

/** Per product on day 2: the chance its store stops listing it. */
const WITHDRAW = 0.02;
/** Per product still withdrawn, on each later day: the chance its store lists it again. */
const RETURN = 0.5;
/** Day 2 withdraws at most this share of a store's products: no demo feed shrinks below the guard by itself. */
const MOST_WITHDRAWN = 0.25;
/** The day whose one feed is shrunken, and the share of its store's items that feed still carries. */
export const SHRUNKEN_FEED_DAY = 3;
const SHRUNKEN_SHARE = 0.3;

/** What a day's feeds leave out: products (by index in the catalogue) and one shrunken feed. */
export type DemoListings = {
  /** Products no feed of their store carries that day. */
  withdrawn: ReadonlySet<number>;
  /** The one feed that carries only its first products, or undefined. */
  shrunken: { store: number; country: CountryCode; products: ReadonlySet<number> } | undefined;
};

const itemsOf = (product: DemoProduct) => product.variants.reduce((n, v) => n + v.sizes.length, 0);

/** The listings of day `day` (1: everything listed). */
export function demoListingsOnDay(products: readonly DemoProduct[], seed: number, day: number): DemoListings {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`day must be a whole number from 1, not ${day}`);
  const withdrawn = new Set<number>();
  const listings = new Prng(seed).fork('listings');
  for (let d = 2; d <= day; d++) {
    const rng = listings.fork(`day-${d}`);
    const byStore = new Map<number, number>();
    const storeSize = new Map<number, number>();
    for (const p of products) storeSize.set(p.store.index, (storeSize.get(p.store.index) ?? 0) + 1);
    products.forEach((product, i) => {
      // One draw per product and day, whatever happens to it.
      const draw = rng.next();
      if (withdrawn.has(i)) {
        if (draw < RETURN) withdrawn.delete(i);
      } else if (d === 2 && draw < WITHDRAW) {
        const store = product.store.index;
        const taken = byStore.get(store) ?? 0;
        if (taken + 1 <= Math.floor(storeSize.get(store)! * MOST_WITHDRAWN)) {
          withdrawn.add(i);
          byStore.set(store, taken + 1);
        }
      }
    });
  }
  return { withdrawn, shrunken: day === SHRUNKEN_FEED_DAY ? shrunkenFeed(products, withdrawn) : undefined };
}

/**
 * The shrunken feed: the first store that sells abroad and lists ten products or more, in the
 * last country it sells to; it carries its first products up to under SHRUNKEN_SHARE of its items.
 */
function shrunkenFeed(products: readonly DemoProduct[], withdrawn: ReadonlySet<number>): DemoListings['shrunken'] {
  const listed = new Map<number, number[]>();
  products.forEach((p, i) => {
    if (withdrawn.has(i)) return;
    const list = listed.get(p.store.index) ?? [];
    list.push(i);
    listed.set(p.store.index, list);
  });
  const stores = [...new Set(products.map((p) => p.store))].sort((a, b) => a.index - b.index);
  const store = stores.find((s) => s.sellsTo.length > 1 && (listed.get(s.index)?.length ?? 0) >= 10);
  if (!store) return undefined;
  const own = listed.get(store.index)!;
  const total = own.reduce((n, i) => n + itemsOf(products[i]!), 0);
  const kept = new Set<number>();
  let items = 0;
  for (const i of own) {
    const next = items + itemsOf(products[i]!);
    if (next >= total * SHRUNKEN_SHARE) break;
    kept.add(i);
    items = next;
  }
  return { store: store.index, country: store.sellsTo[store.sellsTo.length - 1]!, products: kept };
}
