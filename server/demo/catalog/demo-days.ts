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
