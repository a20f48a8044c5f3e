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
import { userRoutes } from './routes/user-routes';
import { HomeService } from './services/home-service';
import { MenuService } from './services/menu-service';
import { SubscriptionService } from './services/subscription-service';

/** What /readyz reports: the database is open and the catalogue has been loaded. */
export type Readiness = { catalogLoaded: boolean };

export type ApiDeps = {
  db: Database;
  logger: Logger;
  registry: client.Registry;
  readiness: Readiness;
  /** Accounts as main.ts configures them; absent, the defaults (OWASP hashing, mail to the log). */
  accounts?: Accounts;
};

export function createApiApp(deps: ApiDeps): express.Express {
  const { db, logger, registry, readiness } = deps;
  const app = express();
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
    const ready = database && readiness.catalogLoaded;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      database: database ? 'open' : 'unavailable',
      catalog: readiness.catalogLoaded ? 'loaded' : 'loading',
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

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
