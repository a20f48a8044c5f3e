import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/api/db/migrate';
import { openPgliteDatabase } from '../../server/api/db/pglite-database';
import { loadDemoCatalog } from './demo-catalog-database';
import { TEST_PGLITE_SETTINGS } from './test-database';
import { oncePerRun } from './once-per-run';

// A database made "once per worker" would be made once per file wherever files run in a
// process of their own: migrating PGlite from nothing (seconds) and importing the small demo catalogue
// through the real importer (more). Both are made once per run here, dumped to files, and each
// file's databases are cloned from them (test-database.ts, demo-catalog-database.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated, empty PGlite data directory. */
    pgliteTemplate: string;
    /** The same with the small demo catalogue imported. */
    pgliteDemoTemplate: string;
  }
}

/**
 * initdb's template databases: 600 of a migrated cluster's 1,300 files and 15 of its 43 MB,
 * which every database cloned from the dump copies (server/api/db/cluster-dump.ts) and no test
 * uses: a clone without them opened in 0.42-0.56 CPU-s instead of 0.66-0.85 through PGlite's own
 * loader (issue 26: CI under 15 minutes). The product's own cluster (scripts/initial-cluster.ts)
 * keeps them.
 */
const DROP_TEMPLATE_DATABASES = [
  'ALTER DATABASE template0 IS_TEMPLATE false',
  'DROP DATABASE template0',
  'ALTER DATABASE template1 IS_TEMPLATE false',
  'DROP DATABASE template1',
  'CHECKPOINT',
];

async function dumpTo(file: string, dump: Blob): Promise<string> {
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

export default async function setup(project: TestProject) {
  return oncePerRun('pglite templates', project, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pglite-'));
    const db = await openPgliteDatabase(undefined, { settings: TEST_PGLITE_SETTINGS });
    try {
      await migrate(db);
      for (const statement of DROP_TEMPLATE_DATABASES) await db.exec(statement);
      const pgliteTemplate = await dumpTo(path.join(dir, 'migrated.tar'), await db.dump());
      await loadDemoCatalog(db);
      const pgliteDemoTemplate = await dumpTo(path.join(dir, 'demo.tar'), await db.dump());
      return { provided: { pgliteTemplate, pgliteDemoTemplate }, teardown: () => fs.rmSync(dir, { recursive: true, force: true }) };
    } finally {
      await db.close();
    }
  });
}
