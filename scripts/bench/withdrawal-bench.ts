import fs from 'node:fs';
import { upsertCategoryTree } from '../../server/api/catalog/category-table';
import { importFeed } from '../../server/api/catalog/importer';
import { importStores } from '../../server/api/catalog/store-manifest';
import { openDatabase } from '../../server/api/db/open-database';
import { writeFeed } from '../../server/demo/catalog/demo-feeds';
import { FULL_DEMO } from '../../server/demo/catalog/demo-world';
import { buildDemoCatalog } from '../../server/demo/catalog/generate-demo-catalog';
import { tempDataDir } from '../lib/processes';
import { median } from './load';

// Issue 27: what withdrawing costs an import. The demo's largest store, as two stores with the
// same range on the embedded database, each imported once; then each round imports, side by
// side, store A's feed again (a full feed with no withdrawals: the usual morning, nothing gone)
// and store B's feed without one product in ten (a full feed that withdraws those items), then
// B's whole feed again untimed (they come back), so every round starts from the same state.
// Medians of the rounds; the ratio is the figure to read.

export type WithdrawalBenchOptions = { products: number; rounds: number; log: (line: string) => void };

export async function runWithdrawalBench({ products, rounds, log }: WithdrawalBenchOptions): Promise<void> {
  const dataDir = tempDataDir();
  const db = await openDatabase({ dataDir });
  try {
    await upsertCategoryTree(db);
    const { world, products: all } = buildDemoCatalog({ ...FULL_DEMO, products });
    const sizes = new Map<number, number>();
    for (const p of all) sizes.set(p.store.index, (sizes.get(p.store.index) ?? 0) + 1);
    const store = world.stores.reduce((a, b) => ((sizes.get(b.index) ?? 0) > (sizes.get(a.index) ?? 0) ? b : a));
    const range = all.filter((p) => p.store.index === store.index);
    const country = store.country;
    const full = writeFeed(store, country, range);
    const cut = writeFeed(store, country, range.filter((_, i) => i % 10 !== 0));
    const slugs = { steady: 'bench-steady', shrinking: 'bench-shrinking' };
    await importStores(db, { stores: Object.values(slugs).map((slug) => ({ slug, name: slug, countryCode: country })) });
    const load = (slug: string, text: string) => importFeed(db, { text, store: slug, country, format: store.format });
    const first = await load(slugs.steady, full);
    await load(slugs.shrinking, full);

    const without: number[] = [];
    const withWithdrawals: number[] = [];
    let withdrawn = 0;
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      await load(slugs.steady, full);
      without.push(performance.now() - started);
      started = performance.now();
      const report = await load(slugs.shrinking, cut);
      withWithdrawals.push(performance.now() - started);
      withdrawn = report.withdrawn;
      const back = await load(slugs.shrinking, full);
      if (back.returned !== withdrawn) throw new Error(`round ${round + 1}: ${withdrawn} withdrawn but ${back.returned} came back`);
    }
    const a = median(without);
    const b = median(withWithdrawals);
    log(`7. Feed import with withdrawals (PGlite; ${store.slug}'s ${country} feed, ${first.carried} items; medians of ${rounds} rounds)`);
    const row = (label: string, value: string) => log(`   ${label.padEnd(40)}${value.padStart(8)}`);
    row('full feed, nothing withdrawn', `${a.toFixed(0)} ms`);
    row(`full feed, ${withdrawn} items withdrawn`, `${b.toFixed(0)} ms`);
    row('with withdrawals / without', (b / a).toFixed(2));
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
