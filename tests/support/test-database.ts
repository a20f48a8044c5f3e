import type { Database, QueryObserver } from '../../server/api/db/database';
import { migrate } from '../../server/api/db/migrate';
import { openPgliteDatabase } from '../../server/api/db/pglite-database';
import { openDatabase } from '../../server/api/db/open-database';
import { createPostgresDatabase } from './postgres';

// A fresh, migrated in-memory PGlite database for one test file. Creating PGlite from
// scratch costs seconds, so each worker migrates one and clones it from its dump.
let template: Promise<Blob> | undefined;

async function migratedTemplate(): Promise<Blob> {
  const db = await openPgliteDatabase(undefined);
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  return dump;
}

export async function openTestDatabase(observer?: QueryObserver): Promise<Database> {
  template ??= migratedTemplate();
  const db = await openPgliteDatabase(undefined, observer, await template);
  // Migrations added since the template was dumped (none in one run) would apply here.
  await migrate(db);
  return db;
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
