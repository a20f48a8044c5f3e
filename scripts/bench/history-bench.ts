import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PriceHistorySchema } from '../../shared/api/price-history-schemas';
import { HISTORY_FILE, readHistoryTsv } from '../../server/demo/catalog/demo-history';
import { FULL_DEMO } from '../../server/demo/catalog/demo-world';
import type { DemoCatalogInfo } from '../../server/demo/catalog/generate-demo-catalog';
import { sizeVariantGuid } from '../../server/api/catalog/identifiers';
import { root, startApiProcess, tempDataDir, type NodeProcess } from '../lib/processes';
import { priceHistoryPath } from '../../shared/api/price-history-paths';

// `npm run bench`, the price history (called from scripts/bench.ts; `--history-only` runs it
// alone): a first start of the api on a demo catalogue generated with a year of history
// (`--history-products`, the full demo's 30,000 by default), how long that takes, then
// GET /api/products/price-history/{guid}?days=365 for the size variants with the busiest
// years (`--history-requests`, 400), each asked once in turn and then again: p50 and p95 of
// each pass. Speed is measured here, not asserted in tests (the machine is shared and noisy).

export type HistoryBenchOptions = { products: number; requests: number; log: (line: string) => void };

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function runHistoryBench({ products = FULL_DEMO.products, requests = 400, log }: Partial<HistoryBenchOptions> & Pick<HistoryBenchOptions, 'log'>): Promise<void> {
  const dataDir = tempDataDir();
  const processes: NodeProcess[] = [];
  try {
    const dir = path.join(dataDir, 'demo-catalog');
    const generated = spawnSync(
      process.execPath,
      [path.join(root, 'dist/scripts/generate-catalog.js'), '--out', dir, '--products', String(products), '--days', '365'],
      { cwd: root, encoding: 'utf8' },
    );
    if (generated.status !== 0) throw new Error(`generate-catalog failed: ${generated.stderr || generated.stdout}`);
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'generator.json'), 'utf8')) as DemoCatalogInfo;
    log(`Price history: ${info.products} products, ${info.items} size variants and countries, ${info.history?.rows} changes over 365 days`);

    const started = performance.now();
    const api = await startApiProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, undefined, 600_000);
    processes.push(api.proc);
    const firstStart = (performance.now() - started) / 1000;

    // The size variants whose year changed most, busiest first (ties in file order).
    const byItem = new Map<string, { guid: string; country: string; rows: number }>();
    for (const row of readHistoryTsv(fs.readFileSync(path.join(dir, HISTORY_FILE), 'utf8'))) {
      const key = `${row.store}\t${row.itemId}\t${row.country}`;
      const item = byItem.get(key) ?? { guid: sizeVariantGuid(row.store, row.itemId), country: row.country, rows: 0 };
      item.rows++;
      byItem.set(key, item);
    }
    const chosen = [...byItem.values()].sort((a, b) => b.rows - a.rows).slice(0, requests);

    const pass = async () => {
      const times: number[] = [];
      let failures = 0;
      let fullYears = 0;
      for (const item of chosen) {
        const t = performance.now();
        const res = await fetch(`${api.url}${priceHistoryPath(item.guid)}?country=${item.country}&days=365`);
        const body = await res.json();
        times.push(performance.now() - t);
        if (res.status !== 200) failures++;
        else if (PriceHistorySchema.parse((body as { data: unknown }).data).points.length === 365) fullYears++;
      }
      return { sorted: times.sort((a, b) => a - b), failures, fullYears };
    };
    const first = await pass();
    const again = await pass();
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    log(`\nPrice history: first start with the year written ${firstStart.toFixed(1)} s (load average ${load})`);
    log(`GET /api/products/price-history/{guid}?days=365, ${chosen.length} size variants with ${chosen.at(-1)?.rows}-${chosen[0]?.rows} changes each, one at a time`);
    for (const [name, r] of [['first ask', first], ['asked again', again]] as const) {
      log(
        `  ${name.padEnd(12)} p50 ${ms(percentile(r.sorted, 50))}, p95 ${ms(percentile(r.sorted, 95))}, slowest ${ms(r.sorted.at(-1) ?? 0)}` +
          ` (${r.fullYears} with 365 points, ${r.failures} not 200)`,
      );
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
