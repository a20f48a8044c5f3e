import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDemoCatalog } from '../../server/api/catalog/demo-loader';
import { SMALL_DEMO, type DemoOptions } from '../../server/demo/catalog/demo-world';
import { writeDemoCatalog } from '../../server/demo/catalog/generate-demo-catalog';
import type { Database } from '../../server/api/db/database';
import { openDatabaseFromDump, openTestDatabase, providedDump } from './test-database';

// A test database holding the small generated demo catalogue (600 products, 16 stores),
// loaded through the real importer. The feeds are generated once per worker.
const generated = new Map<string, Promise<string>>();

async function demoDir(options: DemoOptions): Promise<string> {
  const key = JSON.stringify(options);
  let dir = generated.get(key);
  if (!dir) {
    dir = (async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-demo-'));
      process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
      await writeDemoCatalog(path.join(root, 'demo-catalog'), options);
      return root;
    })();
    generated.set(key, dir);
  }
  return dir;
}

/** Loads the demo catalogue into `db` (an empty, migrated database). */
export async function loadDemoCatalog(db: Database, options: DemoOptions = SMALL_DEMO): Promise<void> {
  const root = await demoDir(options);
  // ensureDemoCatalog writes its marker into the directory: give each database a copy.
  const own = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-demo-db-'));
  fs.cpSync(path.join(root, 'demo-catalog'), path.join(own, 'demo-catalog'), { recursive: true });
  fs.rmSync(path.join(own, 'demo-catalog', 'imported.json'), { force: true });
  try {
    await ensureDemoCatalog(db, own, () => {});
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
}

/** A fresh PGlite database with the small demo catalogue: cloned from the run's loaded dump where the global setup made one. */
export async function openDemoDatabase(): Promise<Database> {
  const loaded = providedDump('pgliteDemoTemplate');
  if (loaded) return openDatabaseFromDump(loaded);
  const db = await openTestDatabase();
  await loadDemoCatalog(db);
  return db;
}
