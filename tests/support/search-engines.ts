import type { Database } from '../../server/api/db/database';
import { MemorySearchEngine } from '../../server/api/search/memory-engine';
import type { SearchEngine } from '../../server/api/search/search-engine';
import { SqlSearchEngine } from '../../server/api/search/sql-engine';

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
