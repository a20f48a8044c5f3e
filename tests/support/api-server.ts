import type client from 'prom-client';
import type { Logger } from 'pino';
import type { Accounts } from '../../server/api/accounts/accounts';
import { createApiApp, type Readiness } from '../../server/api/app';
import type { Database } from '../../server/api/db/database';
import { MemorySearchEngine } from '../../server/api/search/memory-engine';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { listen } from './listen';

export type StartApiOptions = {
  readiness?: Readiness;
  registry?: client.Registry;
  accounts?: Accounts;
  logger?: Logger;
};

/**
 * The api over `db` on loopback, as main.ts wires it: its own in-memory catalog index,
 * returned once the index is built over what `db` holds. `engine` is that index, typed, for
 * tests that wait on it (engine.settled() after an import) or look inside.
 */
export async function startApi(db: Database, options: StartApiOptions = {}) {
  const logger = options.logger ?? createLogger('api', 'silent');
  const registry = options.registry ?? createRegistry('api');
  const readiness = options.readiness ?? { catalogLoaded: true };
  const engine = new MemorySearchEngine(db, { logger });
  const { app, areas } = createApiApp({ db, logger, registry, readiness, accounts: options.accounts, searchEngine: engine });
  await engine.start();
  const running = await listen(app);
  return {
    ...running,
    registry,
    readiness,
    engine,
    areas,
    async close() {
      await running.close();
      await engine.close();
    },
  };
}
