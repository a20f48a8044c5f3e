import { describe, expect, it } from 'vitest';
import type { PriceHistory, PricePoint, StoreLine } from '../../../shared/api/price-history-schemas';
import {
  chartGeometry,
  dayLabel,
  historyRows,
  historySummary,
  lowestRows,
  spansOffered,
  storesChart,
  storesSummary,
} from '../../../client/components/product/price-history-view';
import { testTranslator } from '../../support/i18n';

const point = (date: string, salePrice: number, msrp = 100, available = true): PricePoint => ({ date, salePrice, msrp, available });
const days = (n: number, make: (i: number) => PricePoint) => Array.from({ length: n }, (_, i) => make(i));
const money = (n: number) => `£${n}`;
const day = (date: string) => date.slice(5);
const { t } = testTranslator();

type Overrides = Partial<Omit<PriceHistory, 'reference'>> & { reference?: Partial<PriceHistory['reference']> };

function history(overrides: Overrides = {}): PriceHistory {
  const { reference, ...rest } = overrides;
  return {
    guid: 'g',
    country: 'GB',
    currencyCode: 'GBP',
    days: 365,
    points: [point('2026-11-24', 60)],
    current: point('2026-11-24', 60),
    lowest30: { price: 60, date: '2026-11-24' },
    lowest90: null,
    lowestIn90Days: false,
    stores: [],
    lowest: [],
    ...rest,
    reference: { price: 80, basis: 'history', since: '2026-11-14', known: '2026-08-01', discount: 25, msrpDiscount: 40, ...reference },
  };
}

describe('spansOffered', () => {
  it('offers 30 days always, and a longer span only once the history outgrows the one before', () => {
    expect(spansOffered(days(12, () => point('d', 1)))).toEqual([30]);
    expect(spansOffered(days(30, () => point('d', 1)))).toEqual([30]);
    expect(spansOffered(days(31, () => point('d', 1)))).toEqual([30, 90]);
    expect(spansOffered(days(91, () => point('d', 1)))).toEqual([30, 90, 365]);
  });
});

describe('chartGeometry', () => {
  it('draws a level run as one stroke, breaks the sale line where it could not be bought and shades that stretch', () => {
    // Four days: 100, 100, out of stock, 50. The chart is 624 units wide inside its margins.
    const geometry = chartGeometry([point('a', 100), point('b', 100), point('c', 100, 100, false), point('d', 50)]);
    expect(geometry.low).toBe(45);
    expect(geometry.high).toBe(105);
    expect(geometry.sale).toBe('M8 28.3 H320 M476 191.7 H632');
    expect(geometry.msrp).toBe('M8 28.3 H632');
    expect(geometry.gaps).toEqual([{ x: 320, width: 156 }]);
    expect(geometry.at(3, 50)).toEqual({ x: 554, y: 191.7 });
  });

  it('keeps a flat price off the edges', () => {
    const geometry = chartGeometry([point('a', 100, 100), point('b', 100, 100)]);
    expect([geometry.low, geometry.high]).toEqual([90, 110]);
    expect(geometry.sale).toBe('M8 110 H632');
  });
});

describe('historyRows', () => {
  it('has one row per change of price, list price or availability', () => {
    const rows = historyRows([point('01', 80), point('02', 80), point('03', 80, 100, false), point('04', 80), point('05', 80, 90), point('06', 80, 90)]);
    expect(rows.map((r) => r.from)).toEqual(['01', '03', '04', '05']);
  });
});

describe('dayLabel', () => {
  it('names the day and month in the site locale, with the year when it is not this one', () => {
    expect(dayLabel('2026-11-12', 'en-GB', '2026-11-24')).toBe('12 Nov');
    expect(dayLabel('2026-11-12', 'en-US', '2026-11-24')).toBe('Nov 12');
    expect(dayLabel('2025-12-31', 'en-GB', '2026-11-24')).toBe('31 Dec 2025');
  });
});

describe('historySummary', () => {
  it('says the 30-day low and how the discount is measured, with both figures when the list price claims more', () => {
    const h = history({ lowest30: { price: 55, date: '2026-11-02' } });
    expect(historySummary(t, h, money, day)).toEqual([
      'Lowest in 30 days: £55 (11-02). Today: £60.',
      '25% off, measured against the lowest price of the 30 days before this price began on 11-14 (£80).',
      "The retailer's list price of £100 would make it 40% off; we show the smaller figure.",
    ]);
  });

  it('calls the lowest price in 90 days a good time to buy', () => {
    expect(historySummary(t, history({ lowestIn90Days: true, reference: { msrpDiscount: 25 } }), money, day)).toEqual([
      'This is the lowest price in 90 days: a good time to buy.',
      '25% off, measured against the lowest price of the 30 days before this price began on 11-14 (£80).',
    ]);
  });

  it('says when the list price stands in, or when the days on record are fewer than 30', () => {
    const msrp = history({ lowest30: null, reference: { basis: 'msrp', price: 100, discount: 40 } });
    expect(historySummary(t, msrp, money, day)).toEqual(["40% off, measured against the retailer's list price (£100): we have less than 30 days of its price history."]);
    const partial = history({ lowest30: null, reference: { basis: 'partial', known: '2026-11-01', msrpDiscount: 25 } });
    expect(historySummary(t, partial, money, day)).toEqual(['25% off, measured against the lowest price since we began tracking it on 11-01 (£80).']);
  });

  it('shows no discount where the list price claims one but the price is no reduction', () => {
    const h = history({ lowest30: null, reference: { price: 60, discount: 0, msrpDiscount: 40 } });
    expect(historySummary(t, h, money, day)).toEqual([
      'The retailer shows a list price of £100 (40% off), but £60 is no reduction on what it cost in the 30 days before (lowest £60), so we show no discount.',
    ]);
  });

  it('says when it is out of stock today', () => {
    const h = history({ current: point('2026-11-24', 60, 100, false), lowest30: null, reference: { discount: 0, msrpDiscount: 0 } });
    expect(historySummary(t, h, money, day)).toEqual(['Out of stock at the retailer today.']);
  });
});

describe('storesChart (issue 28)', () => {
  // Four days: Northlane 60, 60, 60, 50 (free delivery); Rivington 55 + 4.95, sold out on day 3.
  const line = (guid: string, name: string, delivery: number | null, totals: (number | null)[]): StoreLine => ({
    guid,
    store: { id: guid.length, name, slug: name.toLowerCase() },
    delivery,
    points: totals.map((total, i) => ({ date: `2026-11-0${i + 1}`, salePrice: total ?? 55, total: total ?? 59.95, available: total !== null })),
    withdrawn: null,
  });
  const acrossStores = history({
    stores: [line('nl', 'Northlane', 0, [60, 60, 60, 50]), line('rv', 'Rivington', 4.95, [59.95, 59.95, null, 59.95])],
    lowest: [
      { date: '2026-11-01', total: 59.95, guid: 'rv' },
      { date: '2026-11-02', total: 59.95, guid: 'rv' },
      { date: '2026-11-03', total: 60, guid: 'nl' },
      { date: '2026-11-04', total: 50, guid: 'nl' },
    ],
  });

  it('draws the lowest total and each store’s total on one scale, a sold-out day breaking its line', () => {
    const chart = storesChart(acrossStores, 30)!;
    expect([chart.low, chart.high]).toEqual([49, 61]);
    expect(chart.lowest).toBe('M8 29.1 H320 V28.3 H476 V191.7 H632');
    expect(chart.stores).toEqual([
      { guid: 'nl', name: 'Northlane', line: 'M8 28.3 H476 V191.7 H632' },
      { guid: 'rv', name: 'Rivington', line: 'M8 29.1 H320 M476 29.1 H632' },
    ]);
    expect(chart.today).toEqual({ total: 50, store: 'Northlane', delivery: 0 });
  });

  it('states the lowest today with its store and delivery, and lists each change of the lowest with its store', () => {
    const chart = storesChart(acrossStores, 30)!;
    expect(storesSummary(t, chart, 2, money)).toBe('Lowest across 2 stores today: £50 at Northlane (free delivery).');
    expect(storesSummary(t, { ...chart, today: { total: 59.95, store: 'Rivington', delivery: 4.95 } }, 2, money)).toBe(
      'Lowest across 2 stores today: £59.95 at Rivington (£4.95 delivery).',
    );
    expect(storesSummary(t, { ...chart, today: null }, 2, money)).toBe('Not in stock at any of the 2 stores today.');
    expect(lowestRows(chart, acrossStores)).toEqual([
      { from: '2026-11-01', total: 59.95, store: 'Rivington' },
      { from: '2026-11-03', total: 60, store: 'Northlane' },
      { from: '2026-11-04', total: 50, store: 'Northlane' },
    ]);
  });

  it('keeps the single store’s chart when one store sells the size, and offers spans by the days across stores', () => {
    expect(storesChart(history({ stores: [acrossStores.stores[0]!], lowest: acrossStores.lowest }), 30)).toBeNull();
    expect(storesChart(acrossStores, 2)!.lowest).toBe('M8 28.3 H320 V191.7 H632');
    expect(spansOffered(Array.from({ length: 31 }, (_, i) => ({ date: `d${i}`, total: 1, guid: 'nl' })))).toEqual([30, 90]);
  });
});

describe('the price history in the page\'s language (issue 29)', () => {
  const lowestToday = (chart: ReturnType<typeof storesChart>, locale: string, delivery: number | null) =>
    storesSummary(testTranslator(locale).t, { ...chart!, today: { total: 59.95, store: 'Rivington', delivery } }, 2, money);
  const chart = storesChart(
    history({
      stores: [
        { guid: 'nl', store: { id: 1, name: 'Northlane', slug: 'northlane' }, delivery: 0, points: [{ date: '2026-11-01', salePrice: 60, total: 60, available: true }], withdrawn: null },
        { guid: 'rv', store: { id: 2, name: 'Rivington', slug: 'rivington' }, delivery: 4.95, points: [{ date: '2026-11-01', salePrice: 55, total: 59.95, available: true }], withdrawn: null },
      ],
      lowest: [{ date: '2026-11-01', total: 59.95, guid: 'rv' }],
    }),
    30,
  );

  it('says the lowest across stores with its store and delivery, in French, Traditional Chinese and Tamil', () => {
    expect(lowestToday(chart, 'fr-CA', 4.95)).toBe("Le plus bas parmi 2 magasins aujourd'hui\u00a0: £59.95 chez Rivington (livraison £4.95).");
    expect(lowestToday(chart, 'zh-HK', 0)).toBe('今日 2 間商店中最低價：Rivington 售 £59.95（免運費）。');
    expect(lowestToday(chart, 'ta-SG', null)).toBe('இன்று 2 கடைகளில் குறைந்தபட்சம்: Rivington கடையில் £59.95 (டெலிவரி கட்டணம் காட்டப்படவில்லை).');
    expect(storesSummary(testTranslator('ms-SG').t, { ...chart!, today: null }, 2, money)).toBe('Tiada stok di mana-mana 2 kedai hari ini.');
  });

  it('words how a discount is measured, and a list price that claims more, in the language', () => {
    const h = history({ lowest30: null, reference: { basis: 'partial', known: '2026-11-01' } });
    expect(historySummary(testTranslator('zh-SG').t, h, money, day)).toEqual([
      '25% 折扣，比较基准为我们自11-01开始追踪以来的最低价（£80）。',
      '按零售商标价 £100 计算可享 40% 折扣；我们显示较小的数字。',
    ]);
    expect(historySummary(testTranslator('ta-SG').t, history({ current: point('2026-11-24', 60, 100, false), lowest30: null, reference: { discount: 0, msrpDiscount: 0 } }), money, day)).toEqual([
      'இன்று சில்லறை விற்பனையாளரிடம் கையிருப்பில் இல்லை.',
    ]);
  });
});
