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

// Issue 27: what withdrawing costs an import. The demo's largest store on the embedded
// database, its whole feed imported once; then each round imports its feed without one product
// in ten twice, side by side: the first time it withdraws those items, the second time the same
// bytes find nothing left to withdraw (the same items upserted, unchanged: only the withdrawal
// differs). Then the whole feed again, untimed (they come back), so every round starts from the
// same state. Medians of the rounds; the ratio is the figure to read.

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
    await importStores(db, { stores: [{ slug: store.slug, name: store.name, countryCode: country }] });
    const load = (text: string) => importFeed(db, { text, store: store.slug, country, format: store.format });
    const first = await load(full);

    const without: number[] = [];
    const withWithdrawals: number[] = [];
    let withdrawn = 0;
    for (let round = 0; round < rounds; round++) {
      let started = performance.now();
      const report = await load(cut);
      withWithdrawals.push(performance.now() - started);
      withdrawn = report.withdrawn;
      started = performance.now();
      const again = await load(cut);
      without.push(performance.now() - started);
      if (again.withdrawn !== 0) throw new Error(`round ${round + 1}: the same feed withdrew ${again.withdrawn} more`);
      const back = await load(full);
      if (back.returned !== withdrawn) throw new Error(`round ${round + 1}: ${withdrawn} withdrawn but ${back.returned} came back`);
    }
    const a = median(without);
    const b = median(withWithdrawals);
    log(`7. Feed import with withdrawals (PGlite; ${store.slug}'s ${country} feed, ${first.carried} items less one product in ten; medians of ${rounds} rounds)`);
    const row = (label: string, value: string) => log(`   ${label.padEnd(44)}${value.padStart(8)}`);
    row(`full feed, ${withdrawn} items withdrawn`, `${b.toFixed(0)} ms`);
    row('the same feed again, nothing to withdraw', `${a.toFixed(0)} ms`);
    row('with withdrawals / without', (b / a).toFixed(2));
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
