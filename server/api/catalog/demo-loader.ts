import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { upsertCategoryTree } from './category-tree';
import { buildDemoSite } from './demo/demo-site';
import { buildDemoWorld, FULL_DEMO } from './demo/demo-world';
import { DEMO_GENERATOR_VERSION, IMPORTED_MARKER, readDemoCatalogInfo, writeDemoCatalog } from './demo/generate-demo-catalog';
import { listFeedFiles } from './import-files';
import { importFeed } from './importer';
import { hasSiteContent, importSiteContent } from './site-content';
import { importStores } from './store-manifest';
import { analyseTables } from '../db/planner-statistics';

// First start (ARCHITECTURE.md "Data"): an empty catalogue is filled with the generated demo,
// through the same importer a merchant's feed goes through. The generated files are kept
// in `${dataDir}/demo-catalog` and reused while the generator version is unchanged (a
// catalogue of another size generated there beforehand, `npm run generate-catalog --
// --out .data/demo-catalog --products 5000`, is used as it is).

const PROGRESS_INTERVAL_MS = 1000;

// IMPORTED_MARKER is written into the generated directory once every feed has been imported.
// A start that finds products and a generated catalogue without it was stopped mid-import
// (kill -9, power cut) and imports the feeds again: feeds already in are no-ops, the rest load.

const count = (n: number) => n.toLocaleString('en-GB');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function ensureDemoCatalog(db: Database, dataDir: string, progress: (line: string) => void): Promise<void> {
  await upsertCategoryTree(db);
  const dir = path.join(dataDir, 'demo-catalog');
  const [state] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM products) AS any');
  const interrupted = Boolean(state?.any) && (await isInterrupted(dir));
  if (state?.any && !interrupted) {
    if (!(await hasSiteContent(db))) {
      const info = await readDemoCatalogInfo(dir);
      const site = info
        ? JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'))
        : buildDemoSite(buildDemoWorld(FULL_DEMO));
      await importSiteContent(db, site);
      progress('Demo site content (menu and home page) loaded');
    }
    return;
  }

  const started = performance.now();
  let info = await readDemoCatalogInfo(dir);
  if (interrupted && info) {
    progress(`Resuming the demo catalog import from ${dir}: an earlier start stopped before it finished`);
  } else if (info?.version !== DEMO_GENERATOR_VERSION) {
    progress(`Generating the demo catalog into ${dir} …`);
    info = await writeDemoCatalog(dir, FULL_DEMO);
    progress(
      `Generated ${count(info.products)} products of ${count(info.brands)} brands in ${count(info.stores)} stores ` +
        `(${info.feeds} feeds) in ${seconds(performance.now() - started)}`,
    );
  } else {
    progress(`Using the demo catalog generated in ${dir} (${count(info.products)} products, ${info.feeds} feeds)`);
  }

  const importStarted = performance.now();
  await importStores(db, JSON.parse(await fs.readFile(path.join(dir, 'stores.json'), 'utf8')), { baseDir: dir });
  await importSiteContent(db, JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8')));
  const feeds = await listFeedFiles(dir);
  let products = 0;
  let items = 0;
  const rejected: string[] = [];
  let lastProgress = performance.now();
  for (const [index, file] of feeds.entries()) {
    const report = await importFeed(db, { file });
    products += report.created.products;
    items += report.imported;
    for (const r of report.rejected) rejected.push(`${path.basename(file)} line ${r.line}: ${r.reason}`);
    const now = performance.now();
    if (now - lastProgress >= PROGRESS_INTERVAL_MS || index === feeds.length - 1) {
      lastProgress = now;
      progress(`Importing demo catalog: feed ${index + 1}/${feeds.length} · ${count(products)} products`);
    }
  }
  await setDemoPopularity(db);
  await analyseTables(db);
  await fs.writeFile(path.join(dir, IMPORTED_MARKER), `${JSON.stringify({ version: info.version, feeds: feeds.length })}\n`);
  for (const line of rejected.slice(0, 10)) progress(`Demo catalog row rejected: ${line}`);
  progress(
    `Demo catalog ready: ${count(products)} products, ${count(items)} priced items from ${feeds.length} feeds ` +
      `(import ${seconds(performance.now() - importStarted)}, total ${seconds(performance.now() - started)})` +
      `${rejected.length ? `; ${rejected.length} rows rejected` : ''}`,
  );
}

/** A generated catalogue is here but its import never finished. */
async function isInterrupted(dir: string): Promise<boolean> {
  if (!(await readDemoCatalogInfo(dir))) return false;
  return fs.access(path.join(dir, IMPORTED_MARKER)).then(
    () => false,
    () => true,
  );
}

/**
 * Demo popularity (the "Recommended" sort): feeds carry none, so it is made up, but
 * deterministically from the data: products of brands with bigger ranges score higher
 * (up to 500), and a hash of the store and group key (0–499) spreads products within a
 * brand. The same catalogue always gets the same order.
 */
export async function setDemoPopularity(db: Database): Promise<void> {
  await db.query(
    `UPDATE products p SET popularity = t.popularity
       FROM (SELECT p.id,
                    least(500, coalesce(b.n, 0))::int
                    + (('x' || substr(md5(s.slug || '/' || p.group_key), 1, 4))::bit(16)::int % 500) AS popularity
               FROM products p
               JOIN stores s ON s.id = p.store_id
               LEFT JOIN (SELECT brand_id, count(*) AS n FROM products GROUP BY brand_id) b ON b.brand_id = p.brand_id) t
      WHERE t.id = p.id AND p.popularity IS DISTINCT FROM t.popularity`,
  );
}
