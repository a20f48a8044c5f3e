import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database, QueryObserver } from './database';
import { lockDataDir } from './data-dir-lock';
import { builtInitialCluster } from './initial-cluster';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './pg-database';

export type DatabaseSettings = {
  /** A PostgreSQL server; when absent, PGlite runs embedded in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `undefined` with no URL means in memory (tests). */
  dataDir?: string | undefined;
  /** A new embedded data directory starts from this migrated cluster (a PGlite dump); by default the build's (initial-cluster.ts). */
  initialCluster?: Blob | undefined;
  /** The embedded database's shared_buffers (`16MB`); undefined is PGlite's own. */
  pgliteSharedBuffers?: string | undefined;
  observer?: QueryObserver | undefined;
  /** Hears a server connection lost and found again (the api's log). */
  logger?: Logger | undefined;
};

/** Opens the database the settings name, takes the data-directory lock, applies migrations. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.databaseUrl) {
    const db = await openPostgresDatabase(settings.databaseUrl, { observer: settings.observer, logger: settings.logger });
    await migrate(db);
    return db;
  }
  const pgdata = settings.dataDir ? path.resolve(settings.dataDir, 'pglite') : undefined;
  const lock = settings.dataDir ? lockDataDir(path.resolve(settings.dataDir)) : undefined;
  try {
    // A new data directory starts from the build's migrated cluster (initial-cluster.ts).
    const fresh = pgdata !== undefined && !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
    const cluster = fresh ? (settings.initialCluster ?? builtInitialCluster()) : undefined;
    if (fresh) settings.logger?.info(cluster ? 'new embedded database: loading a migrated cluster' : 'new embedded database: running initdb');
    const db = await openPgliteDatabase(pgdata, {
      observer: settings.observer,
      loadDataDir: cluster,
      settings: settings.pgliteSharedBuffers ? { shared_buffers: settings.pgliteSharedBuffers } : {},
    });
    await migrate(db);
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
