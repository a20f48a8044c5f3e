import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type client from 'prom-client';
import type { Logger } from 'pino';
import { CacheNone } from '../../shared/http/cache-policy';
import { httpDurationMiddleware, metricsHandler, recordMountPath } from '../lib/http-metrics';
import { requestIdFrom } from '../lib/request-id';
import { createAccounts, type Accounts } from './accounts/accounts';
import type { Database } from './db/database';
import { errorHandler, notFoundHandler } from './http/respond';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { homeRoutes } from './routes/home-routes';
import { directoryRoutes, productRoutes } from './routes/product-routes';
import { searchRoutes } from './routes/search-routes';
import { MemorySearchEngine } from './search/memory-engine';
import { userRoutes } from './routes/user-routes';
import { HomeService } from './services/home-service';
import { MenuService } from './services/menu-service';
import { ProductService } from './services/product-service';
import { SearchService } from './services/search-service';
import { SubscriptionService } from './services/subscription-service';

/** What /readyz reports: the database is open, the catalogue has been loaded and the catalog index built. */
export type Readiness = { catalogLoaded: boolean };

export type ApiDeps = {
  db: Database;
  logger: Logger;
  registry: client.Registry;
  readiness: Readiness;
  /** Accounts as main.ts configures them; absent, the defaults (OWASP hashing, mail to the log). */
  accounts?: Accounts;
  /**
   * The catalog index (issue 4). main.ts passes one and starts it once the catalogue is
   * loaded; absent, one is made here and built at once (tests).
   */
  searchEngine?: MemorySearchEngine;
};

export function createApiApp(deps: ApiDeps): express.Express {
  const { db, logger, registry, readiness } = deps;
  const app = express();
  const searchEngine = deps.searchEngine ?? new MemorySearchEngine(db, { logger });
  if (!deps.searchEngine) {
    searchEngine.start().catch((error: unknown) => logger.error({ err: error }, 'catalog index: the first build failed'));
  }
  app.locals.searchEngine = searchEngine;
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdFrom(req.headers['x-request-id']);
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: false }));
  app.use(httpDurationMiddleware(registry));

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CacheNone.header);
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', CacheNone.header);
    const database = await db.query('SELECT 1 AS ok').then(
      () => true,
      () => false,
    );
    // The catalogue counts as loaded once the index answering listings is built from it.
    const catalog = readiness.catalogLoaded && searchEngine.ready;
    const ready = database && catalog;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      database: database ? 'open' : 'unavailable',
      catalog: catalog ? 'loaded' : 'loading',
    });
  });
  app.get('/metrics', metricsHandler(registry));

  app.use(express.json({ limit: '100kb' }));

  // Sessions, passwords, profiles (issue 5). `accounts.resolveViewer(req)` tells any route who
  // is signed in ({ userId, userName, profileType } or null); `accounts.resolveGuest(req)` the guest.
  const accounts = deps.accounts ?? createAccounts({ db, logger });
  app.use('/auth', recordMountPath, authRoutes(accounts));
  app.use('/api/account', recordMountPath, userRoutes(accounts));

  const home = new HomeService(db);
  const menu = new MenuService(db);
  app.use('/api/account', recordMountPath, accountRoutes({ menu, subscriptions: new SubscriptionService(db) }));
  app.use('/api/home', recordMountPath, homeRoutes({ home }));

  // Search and listing (issue 4): every listing is one call to the catalog index.
  const search = new SearchService(db, searchEngine, logger);
  const products = new ProductService(db, searchEngine);
  app.use('/api/search', recordMountPath, searchRoutes({ search, resolveViewer: accounts.resolveViewer }));
  app.use('/api/products', recordMountPath, productRoutes({ products }));
  app.use('/api/account', recordMountPath, directoryRoutes({ products }));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
