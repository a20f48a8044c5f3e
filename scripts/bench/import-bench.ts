import fs from 'node:fs';
import pg from 'pg';
import { upsertCategoryTree } from '../../server/api/catalog/category-table';
import { feedDigest, importFeed, readAndDraft } from '../../server/api/catalog/importer';
import { importStores } from '../../server/api/catalog/store-manifest';
import type { CountryCode } from '../../shared/countries';
import type { Database } from '../../server/api/db/database';
import { openDatabase } from '../../server/api/db/open-database';
import { FULL_DEMO } from '../../server/demo/catalog/demo-world';
import { demoCatalogFiles } from '../../server/demo/catalog/generate-demo-catalog';
import { freePort, startNodeProcess, tempDataDir, waitForUrl } from '../lib/processes';
import { median } from './load';
import { startBenchPostgres } from './throwaway-postgres';

// Issue 30: import throughput and the first start. The demo's feeds imported into a fresh
// database on each engine (every item new: a full feed of new items), then the same bytes
// again (nothing changes: each confirmed as a repeat of the last applied bytes, decision 0093),
// then the same items in other bytes (a line ending more: read and compared item by item,
// nothing changes); priced items a second, medians of the rounds, with the importer's read
// stage alone beside them (the most an import can reach on one core). Then the first start
// of an api on an empty data directory, the demo and its year of history generated and
// imported, until /readyz answers (the part of "fresh clone to serving" that is not npm ci,
// the build or the web's own start, which takes under a second).

export type ImportBenchOptions = { products: number; rounds: number; startRounds: number; log: (line: string) => void };

type Feed = { store: string; country: string; format: 'tsv' | 'xml'; text: string };
type Round = { items: number; newMs: number; sameMs: number; rereadMs: number };

function demoFeeds(products: number): { manifest: unknown; feeds: Feed[] } {
  let manifest: unknown;
  const feeds: Feed[] = [];
  for (const file of demoCatalogFiles({ ...FULL_DEMO, products })) {
    if (file.path === 'stores.json') manifest = JSON.parse(file.content);
    else if (file.path.startsWith('feeds/')) {
      const [store, country] = file.path.replace(/^feeds\//, '').split('.') as [string, string];
      feeds.push({ store, country: country.toUpperCase(), format: file.path.endsWith('.xml') ? 'xml' : 'tsv', text: file.content });
    }
  }
  return { manifest, feeds };
}

async function importAll(db: Database, feeds: readonly Feed[]): Promise<{ ms: number; items: number; changed: number; repeats: number }> {
  const started = performance.now();
  let items = 0;
  let changed = 0;
  let repeats = 0;
  for (const feed of feeds) {
    const report = await importFeed(db, { text: feed.text, store: feed.store, country: feed.country, format: feed.format });
    items += report.carried;
    changed += report.imported + report.updated + report.withdrawn;
    if (report.repeat) repeats++;
  }
  return { ms: performance.now() - started, items, changed, repeats };
}

/**
 * The importer's read stage alone, every feed as importFeed reads it before its first
 * statement (the bytes' hash, the parse, the drafts): the most items a second an import can
 * reach on one core whatever the database does, in milliseconds.
 */
function readStageMs(feeds: readonly Feed[]): number {
  const started = performance.now();
  for (const feed of feeds) {
    feedDigest(feed.text);
    readAndDraft(feed, { store: feed.store, country: feed.country as CountryCode, source: feed.store });
  }
  return performance.now() - started;
}

/** One round on a fresh database: every feed new, then every feed again unchanged. */
async function round(db: Database, manifest: unknown, feeds: readonly Feed[], baseDir: string): Promise<Round> {
  await upsertCategoryTree(db);
  await importStores(db, manifest, { baseDir });
  const fresh = await importAll(db, feeds);
  const again = await importAll(db, feeds);
  if (again.changed !== 0) throw new Error(`the unchanged feeds changed ${again.changed} items`);
  if (again.repeats !== feeds.length) throw new Error(`${feeds.length - again.repeats} of the same feeds were read again`);
  const reread = await importAll(db, feeds.map((feed) => ({ ...feed, text: `${feed.text}\n` })));
  if (reread.changed !== 0 || reread.repeats !== 0) throw new Error(`the same items in other bytes changed ${reread.changed} items, ${reread.repeats} feeds repeated`);
  return { items: fresh.items, newMs: fresh.ms, sameMs: again.ms, rereadMs: reread.ms };
}

async function pgliteRound(manifest: unknown, feeds: readonly Feed[]): Promise<Round> {
  const dataDir = tempDataDir();
  const db = await openDatabase({ dataDir });
  try {
    return await round(db, manifest, feeds, dataDir);
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRound(serverUrl: string, index: number, manifest: unknown, feeds: readonly Feed[]): Promise<Round> {
  const name = `import_bench_${index}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    const dataDir = tempDataDir();
    try {
      return await round(db, manifest, feeds, dataDir);
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Seconds from starting an api on an empty data directory to its /readyz answering, and the
 * lines its first start logged about the demo (where the time went).
 */
async function freshStart(): Promise<{ seconds: number; lines: string[] }> {
  const dataDir = tempDataDir();
  const port = await freePort();
  const started = performance.now();
  const api = startNodeProcess('dist/server/api.js', { API_PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  try {
    // A busy machine can take minutes: measured, not bounded like `npm start`.
    await waitForUrl(`http://127.0.0.1:${port}/readyz`, api, 600_000);
    const seconds = (performance.now() - started) / 1000;
    const lines = api
      .output()
      .split('\n')
      .flatMap((line) => {
        try {
          const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
          return /^(Generated|Demo|catalog loaded)/.test(msg) ? [msg] : [];
        } catch {
          return [];
        }
      });
    return { seconds, lines };
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runImportBench({ products, rounds, startRounds, log }: ImportBenchOptions): Promise<void> {
  const { manifest, feeds } = demoFeeds(products);
  const rate = (items: number, ms: number) => `${Math.round((items / ms) * 1000).toLocaleString('en-GB')} items/s`;
  const row = (label: string, value: string) => log(`   ${label.padEnd(52)}${value.padStart(18)}`);
  const report = (engine: string, runs: Round[]) => {
    const items = runs[0]!.items;
    row(`${engine}: ${items.toLocaleString('en-GB')} new items`, rate(items, median(runs.map((r) => r.newMs))));
    row(`${engine}: the same feeds again (bytes repeated)`, rate(items, median(runs.map((r) => r.sameMs))));
    row(`${engine}: the same items in other bytes`, rate(items, median(runs.map((r) => r.rereadMs))));
  };
  log(
    `9. Feed import (${feeds.length} demo feeds of ${products.toLocaleString('en-GB')} store copies into an empty database, ` +
      `then again, then again in other bytes; medians of ${rounds} rounds)`,
  );
  const embedded: Round[] = [];
  for (let i = 0; i < rounds; i++) embedded.push(await pgliteRound(manifest, feeds));
  report('PGlite', embedded);
  const readMs = median(Array.from({ length: rounds }, () => readStageMs(feeds)));
  row('the read stage alone (no database)', rate(embedded[0]!.items, readMs));
  const server = await startBenchPostgres();
  if (server) {
    try {
      const runs: Round[] = [];
      for (let i = 0; i < rounds; i++) runs.push(await postgresRound(server.url, i, manifest, feeds));
      report(server.describe, runs);
    } finally {
      await server.stop();
    }
  } else {
    row('PostgreSQL: no server (BENCH_DATABASE_URL, or initdb on PATH)', '-');
  }
  if (startRounds > 0) {
    const starts: { seconds: number; lines: string[] }[] = [];
    for (let i = 0; i < startRounds; i++) starts.push(await freshStart());
    row('first start on an empty data directory to /readyz', `${median(starts.map((s) => s.seconds)).toFixed(1)} s`);
    for (const line of starts.at(-1)!.lines) log(`      ${line}`);
  }
}
