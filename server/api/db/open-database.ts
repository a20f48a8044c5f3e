import path from 'node:path';
import type { Logger } from 'pino';
import type { Database, QueryObserver } from './database';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './pg-database';

export type DatabaseSettings = {
  /** A PostgreSQL server; when absent, PGlite runs embedded in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `undefined` with no URL means in memory (tests). */
  dataDir?: string | undefined;
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
    const db = await openPgliteDatabase(pgdata, {
      observer: settings.observer,
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
