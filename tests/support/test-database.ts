import fs from 'node:fs';
import { inject } from 'vitest';
import type { Database, QueryObserver } from '../../server/api/db/database';
import { migrate } from '../../server/api/db/migrate';
import { openPgliteDatabase } from '../../server/api/db/pglite-database';
import { openDatabase } from '../../server/api/db/open-database';
import { createPostgresDatabase } from './postgres';

// A fresh, migrated in-memory PGlite database for one test file, cloned from the dump the
// integration tier's global setup made once for the run (pglite-global-setup.ts); elsewhere
// from one migrated here, once per file.
let template: Promise<Blob> | undefined;

async function migratedTemplate(): Promise<Blob> {
  const db = await openPgliteDatabase(undefined);
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  return dump;
}

/** A dump the global setup made, read from its file, or undefined outside the integration tier. */
export function providedDump(key: 'pgliteTemplate' | 'pgliteDemoTemplate'): Blob | undefined {
  const file = inject(key);
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** A fresh database cloned from `dump`, with any migration the dump lacks applied. */
export async function openDatabaseFromDump(dump: Blob, observer?: QueryObserver): Promise<Database> {
  const db = await openPgliteDatabase(undefined, observer, dump);
  await migrate(db);
  return db;
}

export async function openTestDatabase(observer?: QueryObserver): Promise<Database> {
  template ??= Promise.resolve(providedDump('pgliteTemplate') ?? migratedTemplate());
  return openDatabaseFromDump(await template, observer);
}

/** A migrated database on the PostgreSQL tier's server; `close()` also drops it. */
export async function openTestPostgresDatabase(): Promise<Database> {
  const { url, drop } = await createPostgresDatabase();
  const db = await openDatabase({ databaseUrl: url });
  return {
    ...db,
    async close() {
      await db.close();
      await drop();
    },
  };
}

/** The two engines the api runs on, for `describe.each`: the catalogue and database tests run on both. */
export const BOTH_ENGINES = [
  ['PGlite', openTestDatabase],
  ['PostgreSQL', openTestPostgresDatabase],
] as const;
