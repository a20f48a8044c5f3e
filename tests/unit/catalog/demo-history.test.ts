import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { honestPrice, type PriceChange } from '../../../shared/reference-price';
import { buildDemoHistory, HISTORY_FILE, readHistoryTsv, writeHistoryTsv, type HistoryRow } from '../../../server/demo/catalog/demo-history';
import { buildDemoWorld, SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { buildDemoCatalog, demoCatalogFiles, INFO_FILE, type DemoCatalogInfo, type DemoFile } from '../../../server/demo/catalog/generate-demo-catalog';
import { validateFeedRecord } from '../../../server/api/catalog/feed-item';
import { feedTargetFromFileName, readFeed } from '../../../server/api/catalog/importer';

// The demo's generated year of price history: deterministic, one row per change, ending at the
// feeds' prices, with the sale cycles and the raised "was" prices the honest discount is for.

const DAYS = 365;
const DAY_MS = 86_400_000;
/** SMALL_DEMO's year: the times of day its 5,939 changes were logged at (16 stores, a year of days). */
const DISTINCT_TIMES_OF_DAY = 935;
/** SMALL_DEMO's size variants and countries on sale before its year began (of 2,126; the rest arrived during it). */
const ITEMS_BEFORE_THE_HISTORY = 1867;

const digest = (files: Iterable<DemoFile>) => {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.path).update('\0').update(f.content).update('\0');
  return hash.digest('hex');
};

/** Each size variant and country's rows, oldest first, in the order the file lists them. */
function byItem(rows: readonly HistoryRow[]): Map<string, HistoryRow[]> {
  const items = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const key = `${row.store}/${row.itemId}/${row.country}`;
    items.set(key, [...(items.get(key) ?? []), row]);
  }
  return items;
}

describe('demo price history', () => {
  let files: DemoFile[];
  let rows: HistoryRow[];
  let items: Map<string, HistoryRow[]>;

  beforeAll(() => {
    files = [...demoCatalogFiles(SMALL_DEMO, 1, { historyDays: DAYS })];
    rows = readHistoryTsv(files.find((f) => f.path === HISTORY_FILE)!.content);
    items = byItem(rows);
  });

  it('writes the same bytes for the same options, other bytes for another seed, and nothing without days', () => {
    expect(digest(demoCatalogFiles(SMALL_DEMO, 1, { historyDays: DAYS }))).toBe(digest(files));
    const other = [...demoCatalogFiles({ ...SMALL_DEMO, seed: SMALL_DEMO.seed + 1 }, 1, { historyDays: DAYS })];
    expect(other.find((f) => f.path === HISTORY_FILE)!.content).not.toBe(files.find((f) => f.path === HISTORY_FILE)!.content);
    // Without history the catalogue is the one the other tests know, file for file.
    const plain = [...demoCatalogFiles(SMALL_DEMO)];
    expect(plain.map((f) => f.path)).toEqual(files.filter((f) => f.path !== HISTORY_FILE).map((f) => f.path));
    expect(plain.filter((f) => f.path !== INFO_FILE)).toEqual(files.filter((f) => f.path !== HISTORY_FILE && f.path !== INFO_FILE));
    const info = JSON.parse(files.find((f) => f.path === INFO_FILE)!.content) as DemoCatalogInfo;
    expect(info.history).toEqual({ days: DAYS, rows: rows.length });
    expect(writeHistoryTsv(rows)).toBe(files.find((f) => f.path === HISTORY_FILE)!.content);
  });

  it('is refused for a later day, whose feeds have moved on from the history', () => {
    expect(() => [...demoCatalogFiles(SMALL_DEMO, 2, { historyDays: DAYS })]).toThrow(RangeError);
  });

  it("ends at every feed item's price, list price and availability, and has a history for each", () => {
    let feedItems = 0;
    for (const file of files.filter((f) => f.path.startsWith('feeds/'))) {
      const target = feedTargetFromFileName(file.path)!;
      for (const record of readFeed(file.content, target.format).records) {
        const v = validateFeedRecord(record);
        if (!v.ok) throw new Error(v.reason);
        feedItems++;
        const newest = items.get(`${target.store}/${v.item.id}/${target.country}`)?.at(-1);
        expect({ store: target.store, id: v.item.id, newest }).toEqual({
          store: target.store,
          id: v.item.id,
          newest: expect.objectContaining({
            currency: v.item.price.currency,
            msrp: v.item.price.minor,
            sale: v.item.salePrice?.minor ?? v.item.price.minor,
            availability: v.item.availability,
          }),
        });
      }
    }
    expect(items.size).toBe(feedItems);
    expect(feedItems).toBe(2126);
  });

  it('holds one row per change: no row repeats the one before it, days run back no further than asked', () => {
    for (const log of items.values()) {
      for (let i = 1; i < log.length; i++) {
        const [before, row] = [log[i - 1]!, log[i]!];
        expect(row.daysAgo).toBeLessThan(before.daysAgo);
        expect([row.msrp, row.sale, row.availability, row.currency]).not.toEqual([before.msrp, before.sale, before.availability, before.currency]);
      }
      expect(log[0]!.daysAgo).toBeLessThanOrEqual(DAYS);
      expect(log.at(-1)!.daysAgo).toBeGreaterThanOrEqual(1);
    }
    // Sparse: 2,126 size variants and countries, 5,939 rows, most of them changing a few times.
    expect(rows.length).toBe(5939);
    const counts = [...items.values()].map((log) => log.length).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBe(2);
    expect(counts.at(-1)).toBe(10);
  });

  it("logs each change when its store's feed for the country came in that day, and first sightings only of items that arrived during it", () => {
    // One import a day per store and country: every change of that day at its one time.
    const imports = new Map<string, Set<number>>();
    for (const r of rows) {
      const key = `${r.store}/${r.country}/${r.daysAgo}`;
      imports.set(key, (imports.get(key) ?? new Set()).add(r.secondOfDay));
    }
    expect([...imports].filter(([, times]) => times.size > 1)).toEqual([]);
    // Stores and days differ: the log is not one time of day counted back in whole days.
    expect(new Set(rows.map((r) => r.secondOfDay)).size).toBe(DISTINCT_TIMES_OF_DAY);
    expect(rows.filter((r) => r.secondOfDay < 0 || r.secondOfDay >= DAY_MS / 1000)).toEqual([]);
    // An item on sale before the history began was not first seen in it: its first row is the
    // state the log begins with. One that arrived during it was first seen on its first row.
    const logs = [...items.values()];
    expect(rows.filter((r) => r.firstSeen).length).toBe(logs.filter((log) => log[0]!.daysAgo < DAYS).length);
    expect(logs.filter((log) => log[0]!.firstSeen !== log[0]!.daysAgo < DAYS || log.slice(1).some((r) => r.firstSeen))).toEqual([]);
    expect(logs.filter((log) => !log[0]!.firstSeen).length).toBe(ITEMS_BEFORE_THE_HISTORY);
  });

  it("has each store's sale cycles: season's sales of two to four weeks and short events of a few days", () => {
    const lengths: number[] = [];
    const storesWithSales = new Set<string>();
    for (const log of items.values()) {
      // Price changes only (a size selling out is not a sale): a reduction from the full price, and the return to it.
      const prices = log.filter((r, i) => i === 0 || r.sale !== log[i - 1]!.sale || r.msrp !== log[i - 1]!.msrp);
      let start: HistoryRow | undefined;
      for (let i = 1; i < prices.length; i++) {
        const [before, row] = [prices[i - 1]!, prices[i]!];
        if (before.sale === before.msrp && row.sale < row.msrp) start = row;
        if (start && before.sale < before.msrp && row.sale === row.msrp) {
          lengths.push(start.daysAgo - row.daysAgo);
          storesWithSales.add(row.store);
          start = undefined;
        }
      }
    }
    // Every store but the smallest (five items, none of them in a sale this year).
    expect(buildDemoWorld(SMALL_DEMO).stores.filter((s) => !storesWithSales.has(s.slug)).map((s) => s.slug)).toEqual(['the-pine-beauty-hall']);
    expect(lengths.filter((n) => n >= 3 && n <= 5).length).toBe(296);
    expect(lengths.filter((n) => n >= 14 && n <= 28).length).toBe(804);
    expect(lengths.filter((n) => (n < 3 || n > 5) && (n < 14 || n > 28))).toEqual([]);
  });

  it("raises a few items' 'was' price shortly before their sale, so the honest discount is smaller than the feed claims", () => {
    const { inflated, rows: again } = buildDemoHistory(buildDemoCatalog(SMALL_DEMO).products, SMALL_DEMO.seed, DAYS);
    expect(again).toEqual(rows);
    expect(inflated.map((i) => i.groupKey)).toEqual(['ES10002', 'DS10008', 'PBB10008', 'MB10014', 'IG10044', 'IO10031']);
    const now = Date.UTC(2026, 0, 1);
    for (const item of inflated) {
      expect(item.raisedDaysAgo - item.saleDaysAgo).toBeGreaterThanOrEqual(5);
      expect(item.raisedDaysAgo - item.saleDaysAgo).toBeLessThanOrEqual(14);
      for (const itemId of item.itemIds) {
        const log = items.get(`${item.store}/${itemId}/${item.country}`)!;
        const raise = log.find((r) => r.daysAgo === item.raisedDaysAgo)!;
        const before = log.filter((r) => r.daysAgo > item.raisedDaysAgo).at(-1)!;
        expect(raise.msrp).toBeGreaterThan(before.msrp);
        const changes: PriceChange[] = log.map((r) => ({
          at: now - r.daysAgo * DAY_MS, currency: r.currency, sale: r.sale, msrp: r.msrp, available: r.availability !== 'out_of_stock',
        }));
        const honest = honestPrice(changes, now);
        expect(honest.basis).toBe('history');
        expect(honest.reference).toBe(before.sale);
        expect(honest.discount).toBeLessThan(honest.msrpDiscount);
      }
    }
  });
});
