import { createRegistry } from '../lib/http-metrics';
import { onShutdownSignal } from '../lib/graceful-shutdown';
import { serve } from '../lib/serve';
import { createLogger } from '../lib/logger';
import { Accounts } from './accounts/accounts';
import { AlertEvaluator } from './alerts/alert-evaluator';
import { AlertLinks } from './alerts/alert-links';
import { createApiApp, type Readiness } from './app';
import { upsertCategoryTree } from './catalog/category-table';
import { ensureDemoCatalog } from './catalog/demo-loader';
import { remeasureOffers } from './catalog/honest-offers';
import { FeedRefresher } from './catalog/feed-refresh';
import { FeedAgeWatch } from './catalog/feed-age-watch';
import type { FeedAges } from './catalog/feed-ages';
import { ensureOperatorSecretFile, removeOperatorSecretFile } from './catalog/operator-handoff';
import { loadApiConfig } from './config';
import { dbQueryObserver } from './db/db-metrics';
import { openDatabase } from './db/open-database';
import { compactCatalogWrites } from './search-engine/catch-up';
import { MemorySearchEngine } from './search-engine/memory-engine';
import { ensurePlannerStatistics } from './db/planner-statistics';
import { PriceHistoryService } from './services/price-history-service';
import { DAY_MS } from '../../shared/reference-price';

// The api service: config (fail fast) → logger → database (lock, migrations) → listen →
// first-start demo catalogue → ready. SIGTERM/SIGINT drain requests, CHECKPOINT, close.
const config = loadApiConfig(process.env);
const logger = createLogger('api', config.logLevel);
const registry = createRegistry('api');

const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
  observer: dbQueryObserver(registry),
  logger,
}).catch((error: Error) => {
  logger.fatal(error.message);
  process.exit(1);
});

// On the embedded database nothing but this process can import (it holds the data
// directory), so `npm run import` hands its files over: with no OPERATOR_SECRET set, a random
// one is kept in DATA_DIR, readable by this user only, where the CLI on this machine finds it.
// A configured OPERATOR_SECRET replaces the kept one, which then opens nothing: it goes, so the
// CLI is not sent in with it.
const operatorSecret = config.operatorSecret ?? (config.databaseUrl ? undefined : ensureOperatorSecretFile(config.dataDir));
if (config.operatorSecret && !config.databaseUrl) removeOperatorSecretFile(config.dataDir);

const accounts = new Accounts({ db, logger, settings: config.accounts });
accounts.start();
// The catalog index is built once the catalogue is in (below), then follows imports; after
// the database was away, /readyz says so until the index has caught up.
// One rule for how old prices are (FEED_STALE_HOURS): the index leaves out stores whose feeds
// are too old, the product page says so, and the watch announces what time alone changes.
const feedAges: FeedAges = { staleHours: config.feedStaleHours, clock: () => new Date() };
const searchEngine = new MemorySearchEngine(db, { logger, feedAges, snapshot: config.indexSnapshot });
const readiness: Readiness = { catalogLoaded: false, catalogBehind: () => searchEngine.behind };
const { app, answers, purges } = createApiApp({
  db,
  logger,
  registry,
  readiness,
  accounts,
  searchEngine,
  trustProxy: config.trustProxy,
  answerCacheMaxBytes: config.answerCacheMaxBytes,
  overload: config.overload,
  alertSettings: config.alerts,
  giveawayClosesAt: config.giveawayClosesAt,
  operatorSecret,
  feedAges,
  feedShrinkGuard: config.feedShrinkGuard,
});
// Fires alerts from the catalogue's change log: after every import (its notice), at start
// (catching up with what was logged while the api was down), and on a sweep.
const alertEvaluator = new AlertEvaluator({
  db,
  logger,
  outbox: accounts.outbox,
  links: new AlertLinks(db, config.alerts.linkSecret),
  siteUrl: config.siteUrl,
  rules: config.alerts,
});
const feedRefresher =
  config.feedRefresh.intervalMs > 0
    ? new FeedRefresher({
        db,
        logger,
        intervalMs: config.feedRefresh.intervalMs,
        fetchTimeoutMs: config.feedRefresh.fetchTimeoutMs,
        shrinkGuard: config.feedShrinkGuard,
      })
    : undefined;
const feedAgeWatch = new FeedAgeWatch({ db, ages: feedAges, logger });
const server = serve(app, config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host, database: db.kind }, 'api listening');
});

onShutdownSignal(server, logger, config.shutdownTimeoutMs, async () => {
  await feedRefresher?.stop();
  await feedAgeWatch.stop();
  await alertEvaluator.stop();
  await accounts.stop();
  await answers.stop();
  await purges.stop();
  await searchEngine.close();
  await db.checkpoint();
  await db.close();
});

// The category tree is reference data every merchant feed is mapped onto, demo or not.
await upsertCategoryTree(db);
if (config.demoCatalog) {
  await ensureDemoCatalog(db, config.dataDir, (line: string) => logger.info(line));
}
if (await ensurePlannerStatistics(db)) logger.info('gathered planner statistics for a catalogue imported without them');
// The watch's first look before the index is built (feed-age-watch.ts), both after the demo's
// first import, which confirms every feed now: a fresh catalogue is never shown as stale.
await feedAgeWatch.start();
await searchEngine.start();
// After the demo catalogue: its first import is all first sightings, which fire nothing.
alertEvaluator.start(config.alerts.sweepMs);
readiness.catalogLoaded = true;
logger.info({ index: searchEngine.stats() }, 'catalog loaded and indexed; api ready');
// Once a day (and at start): the change log keeps PRICE_HISTORY_KEEP_DAYS of history, the
// discounts time alone changes are measured again (honest-offers.ts), and the record of which
// stores were written keeps each store's newest write (catch-up.ts).
const dailyWork = async () => {
  try {
    const pruned = await new PriceHistoryService(db).prune();
    if (pruned > 0) logger.info({ rows: pruned }, 'pruned old price history');
    const remeasured = await remeasureOffers(db);
    if (remeasured > 0) logger.info({ prices: remeasured }, 'discounts measured again as time passed');
    await compactCatalogWrites(db);
  } catch (err) {
    logger.warn({ err }, 'daily catalogue work failed; tried again tomorrow');
  }
};
void dailyWork();
setInterval(() => void dailyWork(), DAY_MS).unref();
// After the first catalogue is in, so a refresh never races the demo's first import.
feedRefresher?.start();
