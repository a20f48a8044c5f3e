import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, tempDataDir, type NodeProcess } from '../../../scripts/lib/processes';
import { LOG_START } from '../../../server/api/catalog/catalog-changes';
import { demoCatalogFiles, writeDemoCatalog } from '../../../server/demo/catalog/generate-demo-catalog';
import { FULL_DEMO } from '../../../server/demo/catalog/demo-world';
import { openDatabase } from '../../../server/api/db/open-database';
import { changesSince } from '../../support/change-log';
import { waitForOutput } from '../../support/process-output';
import { TEST_BUILD_DIR } from '../../support/test-build';

// The built api with FEED_REFRESH_MINUTES: the demo's stores.json names its own feed files as
// the stores' sources, so a later day written over them comes in by itself.

const OPTIONS = { ...FULL_DEMO, products: 300 };
const running: NodeProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * How many feeds the demo writes, how many of them differ between two days, and how many
 * (item, country) rows the change log gets: rows whose text changed, and rows left out while
 * not out of stock (a withdrawal is logged as out of stock).
 */
function feedsAndChanges(from: number, to: number): { feeds: number; changedFeeds: number; changed: number } {
  const rows = (day: number) => {
    const out = new Map<string, string>();
    for (const f of demoCatalogFiles(OPTIONS, day)) {
      if (!f.path.startsWith('feeds/')) continue;
      // An XML item is its text up to </item>: the last one is not followed by the channel's end.
      const items = f.path.endsWith('.xml') ? f.content.split('<item>').slice(1).map((item) => item.split('</item>')[0]!) : f.content.split('\n').slice(1, -1);
      for (const row of items) {
        const id = f.path.endsWith('.xml') ? /<g:id>([^<]*)<\/g:id>/.exec(row)![1]! : row.split('\t')[0]!;
        out.set(`${f.path}#${id}`, row);
      }
    }
    return out;
  };
  const before = rows(from);
  const after = rows(to);
  let changed = 0;
  for (const [key, row] of after) if (before.get(key) !== row) changed++;
  for (const [key, row] of before) if (!after.has(key) && !/\tout_of_stock\t|<g:availability>out_of_stock</.test(row)) changed++;
  const feedFiles = (day: number) => new Map([...demoCatalogFiles(OPTIONS, day)].filter((f) => f.path.startsWith('feeds/')).map((f) => [f.path, f.content]));
  const [a, b] = [feedFiles(from), feedFiles(to)];
  return { feeds: b.size, changedFeeds: [...b].filter(([file, content]) => a.get(file) !== content).length, changed };
}

describe('the api refreshing its feed sources', () => {
  it('imports the demo’s day 2 from the files its stores.json names', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const catalog = path.join(dataDir, 'demo-catalog');
    await writeDemoCatalog(catalog, OPTIONS);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: undefined, OPERATOR_SECRET: undefined };

    // First start: the demo is imported, no refresh (the demo's own refresh is turned off).
    const first = await startApiProcess({ ...env, FEED_REFRESH_MINUTES: '0' }, TEST_BUILD_DIR);
    running.push(first.proc);
    expect(await first.proc.stop('SIGTERM')).toBe(0);
    const db1 = await openDatabase({ dataDir });
    const [{ n: dayOne }] = (await db1.query<{ n: number }>('SELECT count(*)::int AS n FROM price_history')) as [{ n: number }];
    await db1.close();

    await writeDemoCatalog(catalog, OPTIONS, 2);
    const second = await startApiProcess({ ...env, FEED_REFRESH_MINUTES: '60' }, TEST_BUILD_DIR);
    running.push(second.proc);
    const [, imported, unchanged, failed] = await waitForOutput(
      second.proc,
      /feed refresh pass: (\d+) imported, (\d+) unchanged, (\d+) failed, 0 claimed elsewhere/,
    );
    const { feeds, changedFeeds, changed } = feedsAndChanges(1, 2);
    // The first start's import told each source what it imported: the refresher reads every
    // file once (it has no stamps yet) and imports only those day 2 changed.
    expect([Number(imported), Number(unchanged), Number(failed)]).toEqual([changedFeeds, feeds - changedFeeds, 0]);
    // The workload: of 194 feeds, day 2 changed 122 (the same seed always gives these).
    expect([feeds, changedFeeds]).toEqual([194, 122]);
    expect(await second.proc.stop('SIGTERM')).toBe(0);

    const db = await openDatabase({ dataDir });
    try {
      const changes = await changesSince(db, LOG_START);
      expect(changes.length - dayOne).toBe(changed);
      expect(changes.slice(dayOne).filter((c) => c.firstSeen)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
