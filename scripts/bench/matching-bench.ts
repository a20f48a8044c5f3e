import fs from 'node:fs';
import { upsertCategoryTree } from '../../server/api/catalog/category-table';
import { importFeed } from '../../server/api/catalog/importer';
import { importStores } from '../../server/api/catalog/store-manifest';
import { openDatabase } from '../../server/api/db/open-database';
import { FULL_DEMO } from '../../server/demo/catalog/demo-world';
import { demoCatalogFiles } from '../../server/demo/catalog/generate-demo-catalog';
import { tempDataDir } from '../lib/processes';
import { median } from './load';

// Issue 28: what matching offers across stores costs the demo's import. The demo's feeds
// imported whole into a fresh embedded database, side by side: as generated (GTINs, MPNs and
// identifier_exists, so the matcher links about 40 % of branded items across stores), and the
// same bytes without those three attributes (the matcher finds nothing to link: the import as
// it was before the issue, on the same catalogue). Rounds alternate which goes first; medians.

export type MatchingBenchOptions = { products: number; rounds: number; log: (line: string) => void };

const IDENTIFIER_COLUMNS = new Set(['gtin', 'mpn', 'identifier_exists']);

/** A feed without the identifier attributes: TSV columns dropped, XML elements removed. */
function withoutIdentifiers(path: string, text: string): string {
  if (path.endsWith('.xml')) return text.replace(/\s*<g:(gtin|mpn|identifier_exists)>[^<]*<\/g:\1>/g, '');
  const lines = text.split('\n');
  const keep = lines[0]!.split('\t').map((column) => !IDENTIFIER_COLUMNS.has(column));
  return lines.map((line) => (line ? line.split('\t').filter((_, i) => keep[i]).join('\t') : line)).join('\n');
}

type Run = { ms: number; matched: number; products: number };

async function importAll(manifest: unknown, feeds: readonly { path: string; text: string }[]): Promise<Run> {
  const dataDir = tempDataDir();
  const db = await openDatabase({ dataDir });
  try {
    await upsertCategoryTree(db);
    // The manifest names each feed relative to its folder; nothing is read from there (no refresh here).
    await importStores(db, manifest, { baseDir: dataDir });
    const started = performance.now();
    let matched = 0;
    for (const feed of feeds) {
      const [store, country] = feed.path.replace(/^feeds\//, '').split('.') as [string, string];
      const report = await importFeed(db, { text: feed.text, store, country: country.toUpperCase(), format: feed.path.endsWith('.xml') ? 'xml' : 'tsv' });
      matched += report.matching.matched;
    }
    const ms = performance.now() - started;
    const [row] = await db.query<{ products: number }>('SELECT count(DISTINCT canonical_id)::int AS products FROM products');
    return { ms, matched, products: row!.products };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runMatchingBench({ products, rounds, log }: MatchingBenchOptions): Promise<void> {
  let manifest: unknown;
  const feeds: { path: string; text: string }[] = [];
  for (const file of demoCatalogFiles({ ...FULL_DEMO, products })) {
    if (file.path === 'stores.json') manifest = JSON.parse(file.content);
    else if (file.path.startsWith('feeds/')) feeds.push({ path: file.path, text: file.content });
  }
  const bare = feeds.map((feed) => ({ path: feed.path, text: withoutIdentifiers(feed.path, feed.text) }));
  const matching: Run[] = [];
  const plain: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      matching.push(await importAll(manifest, feeds));
      plain.push(await importAll(manifest, bare));
    } else {
      plain.push(await importAll(manifest, bare));
      matching.push(await importAll(manifest, feeds));
    }
  }
  const a = median(plain.map((r) => r.ms));
  const b = median(matching.map((r) => r.ms));
  log(`8. Demo import with matching (PGlite; ${feeds.length} feeds of the demo with ${products.toLocaleString('en-GB')} store copies; medians of ${rounds} rounds)`);
  const row = (label: string, value: string) => log(`   ${label.padEnd(52)}${value.padStart(10)}`);
  row(`with identifiers: ${matching[0]!.matched.toLocaleString('en-GB')} sizes matched, ${matching[0]!.products.toLocaleString('en-GB')} products`, `${(b / 1000).toFixed(1)} s`);
  row(`without them: ${plain[0]!.products.toLocaleString('en-GB')} products, one per store copy`, `${(a / 1000).toFixed(1)} s`);
  row('with / without', (b / a).toFixed(2));
}
