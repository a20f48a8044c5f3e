import catalog from './0001_catalog.sql';
import subscriptions from './0002_subscriptions.sql';
import accounts from './0003_accounts.sql';
import search from './0004_search.sql';
import dropSqlEngineTables from './0005_drop_sql_engine_tables.sql';
import catalogChangeLog from './0006_catalog_change_log.sql';
import signInLinks from './0007_sign_in_links.sql';
import inputHardening from './0008_input_hardening.sql';
import catalogGeneration from './0009_catalog_generation.sql';
import wishlists from './0010_wishlists.sql';
import alerts from './0011_alerts.sql';
import feedSources from './0012_feed_sources.sql';
import looks from './0013_looks.sql';
import follows from './0014_follows.sql';
import ratingsGiveaway from './0015_ratings_giveaway.sql';
import adminOnlyStores from './0016_admin_only_stores.sql';
import priceDropped from './0017_price_dropped.sql';
import pendingAlertsKnownDevices from './0018_pending_alerts_known_devices.sql';
import cachePurges from './0019_cache_purges.sql';
import feedTruth from './0020_feed_truth.sql';
import storeFeedMode from './0021_store_feed_mode.sql';
import backInStockDigests from './0022_back_in_stock_digests.sql';
import offers from './0023_offers.sql';
import languages from './0024_languages.sql';
import feedAppliedBytes from './0025_feed_applied_bytes.sql';
import catalogWrites from './0026_catalog_writes.sql';

// Every migration, in order. Applied ones are recorded by number only (migrate.ts), so a
// file already applied somewhere is never run there again: change the schema in a new file.
// SQL files are bundled as text (esbuild's text loader; the vitest config loads them the
// same way), so the built server carries its schema with it.
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'catalog', sql: catalog },
  { version: 2, name: 'subscriptions', sql: subscriptions },
  { version: 3, name: 'accounts', sql: accounts },
  { version: 4, name: 'search', sql: search },
  { version: 5, name: 'drop-sql-engine-tables', sql: dropSqlEngineTables },
  { version: 6, name: 'catalog-change-log', sql: catalogChangeLog },
  { version: 7, name: 'sign-in-links', sql: signInLinks },
  { version: 8, name: 'input-hardening', sql: inputHardening },
  { version: 9, name: 'catalog-generation', sql: catalogGeneration },
  { version: 10, name: 'wishlists', sql: wishlists },
  { version: 11, name: 'alerts', sql: alerts },
  { version: 12, name: 'feed-sources', sql: feedSources },
  { version: 13, name: 'looks', sql: looks },
  { version: 14, name: 'follows', sql: follows },
  { version: 15, name: 'ratings-giveaway', sql: ratingsGiveaway },
  { version: 16, name: 'admin-only-stores', sql: adminOnlyStores },
  { version: 17, name: 'price-dropped', sql: priceDropped },
  { version: 18, name: 'pending-alerts-known-devices', sql: pendingAlertsKnownDevices },
  { version: 19, name: 'cache-purges', sql: cachePurges },
  { version: 20, name: 'feed-truth', sql: feedTruth },
  { version: 21, name: 'store-feed-mode', sql: storeFeedMode },
  { version: 22, name: 'back-in-stock-digests', sql: backInStockDigests },
  { version: 23, name: 'offers', sql: offers },
  { version: 24, name: 'languages', sql: languages },
  { version: 25, name: 'feed-applied-bytes', sql: feedAppliedBytes },
  { version: 26, name: 'catalog-writes', sql: catalogWrites },
];
