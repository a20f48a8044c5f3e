import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../scripts/lib/processes';
import { latestCursor, MAX_CHANGES_PER_READ, readChangesSince, type CatalogChange } from '../../../server/api/catalog/catalog-changes';
import { demoCatalogFiles, IMPORTED_MARKER, readDemoCatalogInfo, writeDemoCatalog } from '../../../server/demo/catalog/generate-demo-catalog';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { validateFeedRecord } from '../../../server/api/catalog/feed-item';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { importPath } from '../../../server/api/catalog/import-files';
import { feedTargetFromFileName, readFeed } from '../../../server/api/catalog/importer';
import type { Database } from '../../../server/api/db/database';
import { openTestDatabase } from '../../../tests/support/test-database';

// The demo's day 2 (`npm run generate-catalog -- --day 2`): the same catalogue's feeds the
// next morning. Imported after day 1, its changes reach the change log, where the alerts
// evaluator reads them: price cuts (new sales among them), sizes sold out, sizes back in stock.

type Kind = 'cut' | 'new sale' | 'sold out' | 'back in stock';

/** Every item of a day's feeds: `${guid} ${country}` → its list price, sale price and availability. */
function feedItems(day: number): Map<string, { msrp: number; sale: number; availability: string }> {
  const items = new Map<string, { msrp: number; sale: number; availability: string }>();
  for (const file of demoCatalogFiles(SMALL_DEMO, day)) {
    const target = feedTargetFromFileName(file.path);
    if (!file.path.startsWith('feeds/') || !target) continue;
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

let db: Database;
let dir: string;
let dayTwo: CatalogChange[];

beforeAll(async () => {
  db = await openTestDatabase();
  dir = path.join(tempDataDir(), 'demo-catalog');
  await writeDemoCatalog(dir, SMALL_DEMO);
  await importPath(db, dir, {}, () => {});
  fs.writeFileSync(path.join(dir, IMPORTED_MARKER), '{}\n');
  const cursor = await latestCursor(db);
  await writeDemoCatalog(dir, SMALL_DEMO, 2);
  await importPath(db, dir, {}, () => {});
  dayTwo = [];
  for (let from = cursor; ; ) {
    const page = await readChangesSince(db, from, MAX_CHANGES_PER_READ);
    if (!page.changes.length) break;
    dayTwo.push(...page.changes);
    from = page.cursor;
  }
});
afterAll(async () => {
  await db.close();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('the demo catalogue on day 2', () => {
  it('logs exactly the changes between the two days’ feeds', () => {
    const day1 = feedItems(1);
    const day2 = feedItems(2);
    const expected = [...day2]
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
    for (const c of dayTwo) {
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
      cut: { AE: 31, GB: 28, SG: 17, IN: 15, US: 14, AU: 2 },
      'new sale': { GB: 19, AE: 8, US: 5, IN: 3, AU: 2, SG: 1 },
      'sold out': { GB: 9, AE: 6, US: 4, CA: 4, IN: 3 },
      'back in stock': { AE: 17, GB: 16, IN: 14, CA: 8, US: 5, SG: 5, AU: 2, HK: 2 },
    });
  });

  it('leaves most items as they were: about one in eleven changes', async () => {
    const [prices] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM size_variant_prices');
    expect([dayTwo.length, prices!.n]).toEqual([200, 2182]);
  });

  it('keeps the imported marker and says which day the feeds hold', async () => {
    expect(fs.existsSync(path.join(dir, IMPORTED_MARKER))).toBe(true);
    expect((await readDemoCatalogInfo(dir))?.day).toBe(2);
  });
});
