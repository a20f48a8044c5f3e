import fs from 'node:fs';
import { inject } from 'vitest';
import type { Database, QueryObserver } from '../../server/api/db/database';
import { migrate } from '../../server/api/db/migrate';
import { openPgliteDatabase } from '../../server/api/db/pglite-database';
import { openDatabase, type DatabaseSettings } from '../../server/api/db/open-database';
import { createPostgresDatabase } from './postgres';

// A fresh, migrated in-memory PGlite database for one test file, cloned from the dump the
// integration and e2e tiers' global setup made once for the run (pglite-global-setup.ts);
// elsewhere from one migrated here, once per worker.

/**
 * The settings every test database starts with. PGlite's defaults are a server's (128 MB of
 * shared buffers, 100 connections), and it clears that shared memory at every start: over
 * half a second of CPU per database, for one connection over a few megabytes of data. A run
 * opens a few hundred (issue 26: CI under 15 minutes).
 */
export const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB', max_connections: '5' };

/**
 * A dump's bytes as PGlite reads them (a Blob): held in memory, handed over as a copy.
 * Node's own Blob gives its bytes back in chunks joined at the end, a second of CPU for a
 * 45 MB dump, each time it is read: once per worker where clones are laid out from it
 * (server/api/db/cluster-dump.ts), at every clone where PGlite's own loader reads it.
 */
class HeldDump extends Blob {
  readonly #held: Uint8Array;
  constructor(held: Uint8Array) {
    super([]);
    this.#held = held;
  }
  override get size(): number {
    return this.#held.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#held).buffer);
  }
}

let template: Promise<Blob> | undefined;

async function migratedTemplate(): Promise<Blob> {
  const db = await openPgliteDatabase(undefined, { settings: TEST_PGLITE_SETTINGS });
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  return new HeldDump(new Uint8Array(await dump.arrayBuffer()));
}

const heldDumps = new Map<string, Blob>();

/** A dump the global setup made, read from its file once per worker, or undefined where no global setup made one. */
export function providedDump(key: 'pgliteTemplate' | 'pgliteDemoTemplate'): Blob | undefined {
  const file = inject(key);
  if (!file) return undefined;
  let dump = heldDumps.get(file);
  if (!dump) heldDumps.set(file, (dump = new HeldDump(fs.readFileSync(file))));
  return dump;
}

/** A fresh database cloned from `dump`, with any migration the dump lacks applied. */
export async function openDatabaseFromDump(dump: Blob, observer?: QueryObserver): Promise<Database> {
  const db = await openPgliteDatabase(undefined, { observer, loadDataDir: dump, settings: TEST_PGLITE_SETTINGS });
  await migrate(db);
  return db;
}

export async function openTestDatabase(observer?: QueryObserver): Promise<Database> {
  template ??= Promise.resolve(providedDump('pgliteTemplate') ?? migratedTemplate());
  return openDatabaseFromDump(await template, observer);
}

/**
 * The api's embedded database in `dataDir`, opened as the api opens it (openDatabase). A new
 * directory starts from the run's migrated dump, as a built api's first start does from the
 * build's cluster: run from the source there is no such cluster, and it would run initdb.
 */
export function openTestDataDir(dataDir: string, settings: Omit<DatabaseSettings, 'dataDir' | 'initialCluster'> = {}): Promise<Database> {
  return openDatabase({ ...settings, dataDir, initialCluster: providedDump('pgliteTemplate') });
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
