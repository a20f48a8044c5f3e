import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../scripts/lib/processes';
import { latestCursor, type CatalogChange } from '../../../server/api/catalog/catalog-changes';
import { demoCatalogFiles, IMPORTED_MARKER, readDemoCatalogInfo, writeDemoCatalog } from '../../../server/demo/catalog/generate-demo-catalog';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { validateFeedRecord } from '../../../server/api/catalog/feed-item';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { importPath, type ImportPathSummary } from '../../../server/api/catalog/import-files';
import { feedTargetFromFileName, readFeed } from '../../../server/api/catalog/importer';
import type { Database } from '../../../server/api/db/database';
import { openTestDatabase } from '../../../tests/support/test-database';
import { changesSince } from '../../support/change-log';

// The demo's day 2 (`npm run generate-catalog -- --day 2`): the same catalogue's feeds the
// next morning. Imported after day 1, its changes reach the change log, where the alerts
// evaluator reads them: price cuts (new sales among them), sizes sold out, sizes back in stock,
// and items the feeds no longer carry, withdrawn (logged as out of stock). Day 3 brings some of
// those back, and one of its feeds is shrunken below the guard: held, not applied.

type Kind = 'cut' | 'new sale' | 'sold out' | 'back in stock';

/** Every item of a day's feeds: `${guid} ${country}` → its list price, sale price and availability. */
function feedItems(day: number, skip?: { store: string; country: string }): Map<string, { msrp: number; sale: number; availability: string }> {
  const items = new Map<string, { msrp: number; sale: number; availability: string }>();
  for (const file of demoCatalogFiles(SMALL_DEMO, day)) {
    const target = feedTargetFromFileName(file.path);
    if (!file.path.startsWith('feeds/') || !target) continue;
    if (skip && target.store === skip.store && target.country === skip.country) continue;
    for (const record of readFeed(file.content, target.format).records) {
      const v = validateFeedRecord(record);
      if (!v.ok) throw new Error(`${file.path} line ${v.line}: ${v.reason}`);
      const msrp = v.item.price.minor;
      items.set(`${sizeVariantGuid(target.store, v.item.id)} ${target.country}`, {
        msrp,
        sale: v.item.salePrice?.minor ?? msrp,
        availability: v.item.availability,
      });
    }
  }
  return items;
}

function kindsOf(before: { msrp: number; sale: number; availability: string }, after: { msrp: number; sale: number; availability: string }): Kind[] {
  const kinds: Kind[] = [];
  if (after.sale < before.sale) kinds.push('cut');
  if (before.sale === before.msrp && after.sale < after.msrp) kinds.push('new sale');
  if (before.availability === 'in_stock' && after.availability === 'out_of_stock') kinds.push('sold out');
  if (before.availability === 'out_of_stock' && after.availability === 'in_stock') kinds.push('back in stock');
  return kinds;
}

const minor = (major: number) => Math.round(major * 100);

// The same seed and days always give these (SMALL_DEMO).
const WITHDRAWN_ON_DAY_2 = 50;
const WITHDRAWN_BY_COUNTRY = { GB: 36, AE: 8, US: 6 };
/** Store, country, items it carries, items the day before, withdrawn: held, so none. */
const HELD_ON_DAY_3: [string, string, number, number, number] = ['yardley-and-ashby', 'IN', 28, 111, 0];
const RETURNED_ON_DAY_3 = 36;
const RETURNED_IN_STOCK_ON_DAY_3 = 34;

let db: Database;
let dir: string;
let dayTwo: CatalogChange[];
let dayTwoImport: ImportPathSummary;

/** `${guid} ${country}` of the items one day's feeds carry and the next day's do not. */
function leftOut(from: number, to: number): Map<string, { availability: string }> {
  const next = feedItems(to);
  return new Map([...feedItems(from)].filter(([key]) => !next.has(key)));
}

const countriesOf = (keys: Iterable<string>) => {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const country = key.split(' ')[1]!;
    out[country] = (out[country] ?? 0) + 1;
  }
  return out;
};


beforeAll(async () => {
  db = await openTestDatabase();
  dir = path.join(tempDataDir(), 'demo-catalog');
  await writeDemoCatalog(dir, SMALL_DEMO);
  await importPath(db, dir, {}, () => {});
  fs.writeFileSync(path.join(dir, IMPORTED_MARKER), '{}\n');
  const cursor = await latestCursor(db);
  await writeDemoCatalog(dir, SMALL_DEMO, 2);
  dayTwoImport = await importPath(db, dir, {}, () => {});
  dayTwo = await changesSince(db, cursor);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('the demo catalogue on day 2', () => {
  it('logs exactly the changes between the two days’ feeds', () => {
    const day1 = feedItems(1);
    const day2 = feedItems(2);
    // A withdrawn item is out of stock on its country's site from then on.
    const withdrawn = [...leftOut(1, 2)].map(([key, before]): [string, { msrp: number; sale: number; availability: string }] => [
      key,
      { ...day1.get(key)!, availability: before.availability === 'out_of_stock' ? before.availability : 'out_of_stock' },
    ]);
    const expected = [...day2, ...withdrawn]
      .flatMap(([key, after]) => kindsOf(day1.get(key)!, after).map((kind) => `${kind} ${key}`))
      .sort();
    const logged = dayTwo
      .flatMap((c) =>
        kindsOf(
          { msrp: minor(c.previous!.msrp), sale: minor(c.previous!.salePrice), availability: c.previous!.availability! },
          { msrp: minor(c.msrp), sale: minor(c.salePrice), availability: c.availability! },
        ).map((kind) => `${kind} ${c.guid} ${c.country}`),
      )
      .sort();
    expect(logged).toEqual(expected);
    // Day 2 sells what day 1 did: no item appears for the first time.
    expect(dayTwo.filter((c) => c.firstSeen)).toEqual([]);
  });

  it('cuts prices, starts sales, sells sizes out and brings them back, in several countries', () => {
    const byKind: Record<string, Record<string, number>> = {};
    const withdrawn = leftOut(1, 2);
    for (const c of dayTwo) {
      if (withdrawn.has(`${c.guid} ${c.country}`)) continue;
      const kinds = kindsOf(
        { msrp: minor(c.previous!.msrp), sale: minor(c.previous!.salePrice), availability: c.previous!.availability! },
        { msrp: minor(c.msrp), sale: minor(c.salePrice), availability: c.availability! },
      );
      for (const kind of kinds) {
        const countries = (byKind[kind] ??= {});
        countries[c.country] = (countries[c.country] ?? 0) + 1;
      }
    }
    // The same seed and day always give these, per kind and country.
    expect(byKind).toEqual({
      cut: { CA: 14, US: 14, GB: 11, AE: 10, IN: 10, AU: 1 },
      'new sale': { CA: 6, GB: 6, US: 6, IN: 4, AE: 3 },
      'sold out': { GB: 8, US: 6, AE: 5, IN: 5, CA: 4 },
      'back in stock': { US: 14, GB: 13, AE: 10, CA: 6, IN: 5, SG: 2 },
    });
  });

  it('leaves most items as they were: about one in eleven changes, withdrawals included', async () => {
    const [prices] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM size_variant_prices');
    expect([dayTwo.length, prices!.n]).toEqual([185, 2126]);
  });

  it('keeps the imported marker and says which day the feeds hold', async () => {
    expect(fs.existsSync(path.join(dir, IMPORTED_MARKER))).toBe(true);
    expect((await readDemoCatalogInfo(dir))?.day).toBe(2);
  });
});

const withdrawnKeys = async () =>
  (
    await db.query<{ key: string }>(
      `SELECT sv.guid::text || ' ' || pr.country_code AS key
         FROM size_variant_prices pr JOIN size_variants sv ON sv.id = pr.size_variant_id
        WHERE pr.withdrawn_at IS NOT NULL`,
    )
  )
    .map((r) => r.key)
    .sort();

describe('withdrawals in the demo', () => {
  it('withdraws on day 2 exactly the items its feeds leave out, in each country their store sells to', async () => {
    const gone = leftOut(1, 2);
    expect(await withdrawnKeys()).toEqual([...gone.keys()].sort());
    expect(dayTwoImport.feeds.reduce((n, r) => n + r.withdrawn, 0)).toBe(gone.size);
    expect(dayTwoImport.feeds.filter((r) => r.held)).toEqual([]);
    // The same seed and day always give these.
    expect([gone.size, countriesOf(gone.keys())]).toEqual([WITHDRAWN_ON_DAY_2, WITHDRAWN_BY_COUNTRY]);
  });

  describe('on day 3', () => {
    let dayThree: ImportPathSummary;
    let changes: CatalogChange[];
    let withdrawnBefore: string[];

    beforeAll(async () => {
      withdrawnBefore = await withdrawnKeys();
      const cursor = await latestCursor(db);
      await writeDemoCatalog(dir, SMALL_DEMO, 3);
      dayThree = await importPath(db, dir, {}, () => {});
      changes = await changesSince(db, cursor);
    });

    it('holds the one shrunken feed: under half of what it carried the day before', () => {
      const held = dayThree.feeds.filter((r) => r.held);
      expect(held.map((r) => [r.store, r.country, r.held!.items, r.held!.previous, r.withdrawn])).toEqual([HELD_ON_DAY_3]);
    });

    it('brings back, as they were, the items the applied feeds carry again, and withdraws nothing more', async () => {
      const held = dayThree.feeds.find((r) => r.held)!;
      const applied = feedItems(3, { store: held.store, country: held.country });
      const back = withdrawnBefore.filter((key) => applied.has(key));
      expect(await withdrawnKeys()).toEqual(withdrawnBefore.filter((key) => !applied.has(key)));
      expect([back.length, dayThree.feeds.reduce((n, r) => n + r.returned, 0), dayThree.feeds.reduce((n, r) => n + r.withdrawn, 0)]).toEqual([
        RETURNED_ON_DAY_3,
        RETURNED_ON_DAY_3,
        0,
      ]);
      // Each one that comes back in stock is back in stock in the log, as the alerts read it.
      const inStock = back.filter((key) => applied.get(key)!.availability === 'in_stock').sort();
      const backInStock = changes
        .filter((c) => c.previous?.availability === 'out_of_stock' && c.availability === 'in_stock')
        .map((c) => `${c.guid} ${c.country}`);
      expect(inStock.every((key) => backInStock.includes(key))).toBe(true);
      expect(inStock.length).toBe(RETURNED_IN_STOCK_ON_DAY_3);
    });
  });
});
