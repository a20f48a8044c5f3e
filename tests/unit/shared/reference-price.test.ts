import { describe, expect, it } from 'vitest';
import { DAY_MS, honestPrice, lowestBuyable, percentOff, priceDrop, type PriceChange } from '../../../shared/reference-price';

// Day numbers from an arbitrary origin; "today" is day 400 unless a case says otherwise.
const day = (n: number) => Date.UTC(2026, 0, 1) + n * DAY_MS;
const TODAY = day(400);
const at = (n: number, sale: number, msrp = 10_000, extra: Partial<PriceChange> = {}): PriceChange => ({
  at: day(n), currency: 'GBP', sale, msrp, available: true, ...extra,
});

describe('percentOff', () => {
  it('rounds to whole per cent, at least 1 and at most 100, 0 without a reduction', () => {
    expect(percentOff(10_000, 5_400)).toBe(46);
    expect(percentOff(10_000, 9_990)).toBe(1);
    expect(percentOff(10_000, 0)).toBe(100);
    expect(percentOff(10_000, 10_000)).toBe(0);
    expect(percentOff(10_000, 12_000)).toBe(0);
    expect(percentOff(0, 100)).toBe(0);
  });
});

describe('lowestBuyable', () => {
  it('counts the price in force at the start of the span and no unavailable stretch', () => {
    const changes = [at(0, 8_000), at(20, 5_000, 10_000, { available: false }), at(25, 9_000), at(40, 7_000)];
    // Day 10 to 35: 8,000 in force at day 10, 5,000 while unavailable, then 9,000.
    expect(lowestBuyable(changes, day(10), day(35), 'GBP')).toBe(8_000);
    // A span inside the unavailable stretch has nothing buyable.
    expect(lowestBuyable(changes, day(21), day(24), 'GBP')).toBeUndefined();
    // The end is exclusive: 7,000 from day 40 does not count in a span ending at day 40.
    expect(lowestBuyable(changes, day(30), day(40), 'GBP')).toBe(9_000);
    expect(lowestBuyable(changes, day(30), day(41), 'GBP')).toBe(7_000);
  });
});

describe('honestPrice', () => {
  it('measures a reduction that started 10 days ago against the lowest of the 30 days before it', () => {
    // 80 for months, 70 for a week, back to 80, then cut to 50 ten days ago; msrp 100.
    const changes = [at(100, 8_000), at(375, 7_000), at(382, 8_000), at(390, 5_000)];
    const price = honestPrice(changes, TODAY);
    expect(price).toEqual({
      sale: 5_000, msrp: 10_000, reference: 7_000, basis: 'history', since: day(390), known: day(100), discount: 29, msrpDiscount: 50,
    });
  });

  it('shows the honest discount when the "was" price was inflated just before the sale', () => {
    // 60 for a long time, "was" raised to 120 three days before a "50% off" at 60... then 55.
    const changes = [at(200, 6_000, 6_000), at(385, 12_000, 12_000), at(388, 5_500, 12_000)];
    const price = honestPrice(changes, TODAY);
    expect(price.reference).toBe(6_000);
    expect(price.discount).toBe(8);
    expect(price.msrpDiscount).toBe(54);
    expect(price.basis).toBe('history');
  });

  it('finds no reduction when the price went up', () => {
    const changes = [at(100, 5_000), at(395, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 5_000, discount: 0, msrpDiscount: 40, basis: 'history' });
  });

  it('takes the msrp when it is lower than the history', () => {
    const changes = [at(100, 9_000, 7_000), at(395, 6_300, 7_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 7_000, discount: 10, msrpDiscount: 10 });
  });

  it('skips prices from while the item could not be bought', () => {
    // Out of stock at 40 for most of the window; back at 90, then cut to 60.
    const changes = [at(300, 9_000), at(362, 4_000, 10_000, { available: false }), at(385, 9_000), at(390, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 9_000, discount: 33, basis: 'history' });
  });

  it('falls back to the msrp when nothing in the window could be bought', () => {
    const changes = [at(300, 4_000, 10_000, { available: false }), at(390, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 10_000, discount: 40, basis: 'msrp' });
  });

  it('uses the days it has when history reaches back less than 30 days before the reduction', () => {
    const changes = [at(380, 8_000), at(390, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 8_000, discount: 25, basis: 'partial', known: day(380) });
  });

  it('measures a first sighting against the msrp until it has held 30 days, then sees no reduction', () => {
    const changes = [at(390, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 10_000, discount: 40, basis: 'msrp', since: day(390) });
    expect(honestPrice(changes, day(420))).toMatchObject({ reference: 6_000, discount: 0, basis: 'history' });
  });

  it('keeps a run of changes at the same price as one reduction (an availability change is not a new price)', () => {
    const changes = [at(300, 9_000), at(380, 6_000), at(385, 6_000, 10_000, { available: false }), at(390, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ since: day(380), reference: 9_000, discount: 33 });
  });

  it('measures successive reductions each against the 30 days before it', () => {
    const changes = [at(200, 10_000), at(380, 8_000), at(395, 6_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 8_000, discount: 25, basis: 'history' });
  });

  it('does not compare prices across a change of currency', () => {
    // The site priced in USD until 5 days ago; GBP prices since, so no comparable history.
    const changes = [at(100, 9_000, 10_000, { currency: 'USD' }), at(395, 6_000, 10_000)];
    expect(honestPrice(changes, TODAY)).toMatchObject({ reference: 10_000, basis: 'msrp', known: day(395) });
    const later = [...changes, at(398, 5_000)];
    expect(honestPrice(later, TODAY)).toMatchObject({ reference: 6_000, basis: 'partial', discount: 17 });
  });

  it('needs at least one change', () => {
    expect(() => honestPrice([], TODAY)).toThrow('at least one price change');
  });
});

describe('priceDrop', () => {
  it('measures a price cut 3 days ago against the price in force a week ago', () => {
    expect(priceDrop([at(300, 10_000), at(397, 8_000)], TODAY)).toBe(20);
  });

  it('finds no drop for a cut 8 days ago: the week began at the lower price', () => {
    expect(priceDrop([at(300, 10_000), at(392, 8_000)], TODAY)).toBe(0);
  });

  it('compares with the price at the week\'s start, not with a "was" raised inside the week', () => {
    // 100 a week ago, raised to 150 five days ago, "cut" to 90 two days ago: 10 %, not 40 %.
    expect(priceDrop([at(300, 10_000), at(395, 15_000), at(398, 9_000)], TODAY)).toBe(10);
    // Up and not back below where the week began: no drop at all.
    expect(priceDrop([at(300, 10_000), at(395, 15_000), at(398, 12_000)], TODAY)).toBe(0);
  });

  it('takes the first price of a size variant first seen inside the week', () => {
    expect(priceDrop([at(398, 10_000), at(399, 7_500)], TODAY)).toBe(25);
    // Seen once, today: nothing to have fallen from.
    expect(priceDrop([at(400, 7_500)], TODAY)).toBe(0);
  });

  it('finds no drop for an item out of stock today', () => {
    expect(priceDrop([at(300, 10_000), at(397, 8_000), at(399, 8_000, 10_000, { available: false })], TODAY)).toBe(0);
  });

  it('counts a cut made while the item was out of stock once it is buyable again', () => {
    expect(priceDrop([at(300, 10_000, 10_000, { available: false }), at(398, 8_000)], TODAY)).toBe(20);
  });

  it('finds no drop across a change of currency', () => {
    expect(priceDrop([at(300, 10_000, 10_000, { currency: 'EUR' }), at(397, 8_000)], TODAY)).toBe(0);
  });

  it('adds up two cuts inside the week, from the price the week began at', () => {
    expect(priceDrop([at(300, 10_000), at(395, 9_000), at(398, 7_000)], TODAY)).toBe(30);
  });

  it('rounds down to whole per cent, and the change at the week\'s very start is the one in force', () => {
    expect(priceDrop([at(300, 9_000), at(399, 6_000)], TODAY)).toBe(33);
    expect(priceDrop([at(300, 10_000), at(399, 9_999)], TODAY)).toBe(0);
    expect(priceDrop([at(300, 10_000), at(393, 9_000), at(399, 8_000)], TODAY)).toBe(11);
  });
});
