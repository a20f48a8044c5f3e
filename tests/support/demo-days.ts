import path from 'node:path';
import { buildDemoCatalog, readDemoCatalogInfo } from '../../server/demo/catalog/generate-demo-catalog';
import type { RunningProduct } from '../../scripts/lib/processes';
import { runBuiltScript } from './import-cli';

/**
 * How long a browser test that imports a later demo day may take: each day is about 195
 * feeds handed to the api one by one, 7 s alone and up to five times that in a full run,
 * where the other tiers share the two cores (a 60 s limit failed CI once, full runs twice).
 */
export const DEMO_DAY_TEST_MS = 180_000;

/** Where a running product keeps its demo catalogue (the api generated it there). */
export const demoCatalogDir = (product: RunningProduct) => path.join(product.dataDir, 'demo-catalog');

/** The environment the CLI scripts need to find a running product's api and data directory. */
const cliEnv = (product: RunningProduct) => ({ ...process.env, DATA_DIR: product.dataDir, API_PORT: new URL(product.apiUrl).port, LOG_LEVEL: 'silent' });

/** Generates day `day` of a running product's demo into its catalogue directory (`npm run generate-catalog -- --day`). */
export async function generateDemoDay(product: RunningProduct, day: number): Promise<void> {
  await runBuiltScript('generate-catalog.js', ['--out', demoCatalogDir(product), '--day', String(day)], cliEnv(product));
}

/**
 * Hands a feed file or a directory to a running product's api with the import CLI (the
 * README's way: the api holds the data directory, so the CLI finds it running and uses the
 * operator secret it keeps there). Resolves to what the CLI printed.
 */
export function importIntoRunning(product: RunningProduct, file: string): Promise<string> {
  return runBuiltScript('import-feed.js', [file], cliEnv(product));
}

/** Generates day `day` of a running product's demo and hands every feed to its api; resolves to what the CLI printed. */
export async function importDemoDay(product: RunningProduct, day: number): Promise<string> {
  await generateDemoDay(product, day);
  return importIntoRunning(product, demoCatalogDir(product));
}

/**
 * The first product of the demo catalogue generated in `catalogDir` that is on sale in GB, has
 * a size in stock, and is cut further on day 2 (and still listed then) (`npm run generate-catalog -- --day 2`): what
 * an import of that store's day-2 GB feed makes fire, drop or change.
 */
export async function productCutOnDay2(catalogDir: string) {
  const info = await readDemoCatalogInfo(catalogDir);
  if (!info) throw new Error('the product has no generated demo catalogue');
  const day1 = buildDemoCatalog(info.options, 1).products;
  const { products: day2, listings } = buildDemoCatalog(info.options, 2);
  const cut = day2.find(
    (p, i) =>
      !listings.withdrawn.has(i) &&
      p.discount > day1[i]!.discount &&
      p.store.sellsTo.includes('GB') &&
      p.variants.some((v) => v.sizes.some((s) => s.availability === 'in_stock')),
  );
  if (!cut) throw new Error('day 2 of this catalogue cuts no GB price');
  return cut;
}
