import type client from 'prom-client';
import type { Logger } from 'pino';
import { Accounts } from '../../server/api/accounts/accounts';
import { defaultAccountSettings } from '../../server/api/accounts/account-settings';
import { createApiApp, type Readiness } from '../../server/api/app';
import type { OverloadOptions } from '../../server/api/http/overload';
import type { Database } from '../../server/api/db/database';
import type { FeedAges } from '../../server/api/catalog/feed-ages';
import { MemorySearchEngine } from '../../server/api/search-engine/memory-engine';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { TEST_PASSWORD_HASHING } from '../integration/accounts/accounts-api';
import { listen } from './listen';

export type StartApiOptions = {
  readiness?: Readiness;
  registry?: client.Registry;
  /** Absent: the production settings but for the tests' cheap password hashing (TEST_PASSWORD_HASHING). */
  accounts?: Accounts;
  logger?: Logger;
  /** Bytes of shared answers kept in memory (default as in production; 0 keeps none). */
  answerCacheMaxBytes?: number;
  overload?: OverloadOptions;
  /** Opens the operator's routes (POST /operator/import) with this secret; absent, they are off. */
  operatorSecret?: string;
  /** "Now" for the giveaway's closing time; absent, the system clock. */
  clock?: () => Date;
  /** FEED_STALE_HOURS and "now" for prices' age, given to the index and the product pages alike; absent, 72 and the system clock. */
  feedAges?: FeedAges;
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
  const engine = new MemorySearchEngine(db, { logger, ...(options.feedAges ? { feedAges: options.feedAges } : {}) });
  const { app, areas, answers, purges } = createApiApp({
    db,
    logger,
    registry,
    readiness,
    // OWASP's scrypt was 0.75 CPU-s a password here, and the tests register a few hundred
    // shoppers a run (issue 26: CI under 15 minutes).
    accounts: options.accounts ?? new Accounts({ db, logger, settings: { ...defaultAccountSettings(), passwordHashing: TEST_PASSWORD_HASHING } }),
    searchEngine: engine,
    answerCacheMaxBytes: options.answerCacheMaxBytes,
    overload: options.overload,
    operatorSecret: options.operatorSecret,
    clock: options.clock,
    feedAges: options.feedAges,
  });
  await engine.start();
  const running = await listen(app);
  return {
    ...running,
    registry,
    readiness,
    engine,
    areas,
    answers,
    async close() {
      await running.close();
      await answers.stop();
      await purges.stop();
      await engine.close();
    },
  };
}
