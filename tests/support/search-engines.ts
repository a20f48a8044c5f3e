import { afterAll, beforeAll } from 'vitest';
import { createApiApp } from '../../server/api/app';
import type { Database } from '../../server/api/db/database';
import { MemorySearchEngine } from '../../server/api/search-engine/memory-engine';
import type { SearchEngine } from '../../server/api/search-engine/search-engine';
import { SqlSearchEngine } from '../../server/api/search-engine/sql-engine';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { listen, type Running } from './listen';

// Both catalogue engines over one test database, for the tests that must hold on each
// (`describe.each(SEARCH_ENGINES)`): the in-memory index the api serves from, and the SQL
// reference engine it is checked against.

export type StartedEngine = { engine: SearchEngine; close(): Promise<void> };

export const SEARCH_ENGINES: [string, (db: Database) => Promise<StartedEngine>][] = [
  [
    'the in-memory index',
    async (database) => {
      const engine = new MemorySearchEngine(database, { follow: false });
      await engine.start();
      return { engine, close: () => engine.close() };
    },
  ],
  [
    'the SQL reference engine',
    async (database) => {
      const engine = new SqlSearchEngine(database);
      await engine.sync();
      await engine.start();
      // It holds nothing beyond the database, which the test file closes.
      return { engine, close: async () => {} };
    },
  ],
];

/** The api over `db` on loopback, answering from `engine` (started by the caller). */
export async function apiOverEngine(db: Database, engine: SearchEngine): Promise<Running> {
  const { app } = createApiApp({
    db,
    logger: createLogger('api', 'silent'),
    registry: createRegistry('api'),
    readiness: { catalogLoaded: true },
    searchEngine: engine,
  });
  return listen(app);
}

/**
 * For a describe block: the api over an engine made by `makeEngine` over the database `db()`
 * gives, started before its tests and closed after them. `url()` is the api's address once started.
 */
export function apiOverEngineFor(db: () => Database, makeEngine: (db: Database) => Promise<StartedEngine>): { url: () => string } {
  let started: StartedEngine | undefined;
  let api: Running | undefined;
  beforeAll(async () => {
    started = await makeEngine(db());
    api = await apiOverEngine(db(), started.engine);
  });
  afterAll(async () => {
    await api?.close();
    await started?.close();
  });
  return { url: () => api!.url };
}
