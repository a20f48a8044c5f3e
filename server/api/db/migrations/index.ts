import catalog from './0001_catalog.sql';
import subscriptions from './0002_subscriptions.sql';
import accounts from './0003_accounts.sql';
import search from './0004_search.sql';
import catalogChangeLog from './0006_catalog_change_log.sql';

// Every migration, in order. Numbers taken: 0003 accounts, 0004 search. SQL files are bundled as text (esbuild's text loader; the
// vitest config loads them the same way), so the built server carries its schema with it.
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'catalog', sql: catalog },
  { version: 2, name: 'subscriptions', sql: subscriptions },
  { version: 3, name: 'accounts', sql: accounts },
  { version: 4, name: 'search', sql: search },
  { version: 6, name: 'catalog_change_log', sql: catalogChangeLog },
];
