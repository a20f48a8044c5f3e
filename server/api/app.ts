import express, { type Router } from 'express';
import helmet from 'helmet';
import { helmetSteps, replayHelmet } from '../lib/helmet-headers';
import type client from 'prom-client';
import type { Logger } from 'pino';
import { API_ANSWER_HEADER } from '../../shared/constants';
import { CacheNone } from '../../shared/http/cache-policy';
import { useReadableIssueMessages } from '../../shared/validation/issue-messages';
import { httpDurationMiddleware, metricsHandler, recordMountPath } from '../lib/http-metrics';
import { requestIdFrom } from '../lib/request-id';
import { requestLog } from '../lib/request-log';
import { DEFAULT_TRUST_PROXY, type TrustProxy } from '../lib/trust-proxy';
import { Accounts } from './accounts/accounts';
import type { AlertSettings } from './alerts/alert-settings';
import type { FeedAges } from './catalog/feed-ages';
import type { Database } from './db/database';
import { DATABASE_UNAVAILABLE } from './db/database-unavailable';
import { bindApiScope } from './http/api-scope';
import { bindCatalogView } from './http/catalog-view';
import { DEFAULT_OVERLOAD, overloadLimit, type OverloadOptions } from './http/overload';
import { errorHandler, notFoundHandler } from './http/respond';
import { CachePurges } from './http/cache-purges';
import { DEFAULT_ANSWER_CACHE_MAX_BYTES, SharedAnswers } from './http/shared-answers';
import type { ApiArea } from './routes/area';
import { mountOperatorRoutes } from './routes/operator-routes';
import { registerFeedMetrics } from './catalog/feed-metrics';
import { API_AREAS } from './routes/areas';
import type { SearchEngine } from './search-engine/search-engine';
import { createApiServices } from './services/api-services';

/**
 * What /readyz reports besides the database: the catalogue is loaded and the search engine
 * has built its index over it (whoever starts the engine sets it: main.ts once the first
 * build is done), and the index is not behind: after the database was away it has caught up
 * with what changed meanwhile (absent: never behind).
 */
export type Readiness = { catalogLoaded: boolean; catalogBehind?: () => boolean };

/** How long /readyz waits for the database to answer before it says unavailable. */
const READY_PROBE_MS = 2_000;

export type ApiDeps = {
  db: Database;
  logger: Logger;
  registry: client.Registry;
  readiness: Readiness;
  /**
   * What listings, facets, suggestions and the directories are answered from. The caller
   * makes it and starts it once the catalogue is in (main.ts: the in-memory index); the
   * services only wait for that first build (start() resolves once it is done).
   */
  searchEngine: SearchEngine;
  /**
   * Which hops may name the client in X-Forwarded-For (TRUST_PROXY); absent, loopback only.
   * The rate limits count per `req.ip`, the client address the trusted web forwarded.
   */
  trustProxy?: TrustProxy | undefined;
  /** Accounts as main.ts configures them; absent, the defaults (OWASP hashing, mail to the log). */
  accounts?: Accounts | undefined;
  /** Bytes of shared answers kept in memory (API_ANSWER_CACHE_MAX_BYTES); 0 keeps none. */
  answerCacheMaxBytes?: number | undefined;
  /** Work in flight before requests queue, and the queue before 503 (API_MAX_IN_FLIGHT …). */
  overload?: OverloadOptions | undefined;
  /** The alerts' link secret and set-alerts limit (ALERT_LINK_SECRET …); absent, the defaults. */
  alertSettings?: AlertSettings | undefined;
  /** The operator secret that opens /operator/import (main.ts decides it); absent, the route is off. */
  operatorSecret?: string | undefined;
  /** FEED_SHRINK_GUARD for the operator's imports; absent, the importer's default. */
  feedShrinkGuard?: number | undefined;
  /** "Now" for the giveaway's closing time; absent, the system clock (tests set it). */
  clock?: (() => Date) | undefined;
  /** When the giveaway closes (GIVEAWAY_CLOSES_AT); absent, as its content says. */
  giveawayClosesAt?: string | undefined;
  /**
   * FEED_STALE_HOURS and the clock for how old a product page's prices are; give the search
   * engine the same (catalog/feed-ages.ts). Absent, the default hours and the system clock.
   */
  feedAges?: FeedAges | undefined;
};

/** An area's router where the app mounted it (the route walk test reads these). */
export type MountedArea = { mountPath: ApiArea['mountPath']; router: Router };

/**
 * `answers`: the shared answers kept in memory; it listens for change notices from the start
 * (tests wait on `answers.nextChange()`), and `stop()` ends that.
 */
export type ApiApp = { app: express.Express; areas: readonly MountedArea[]; answers: SharedAnswers; purges: CachePurges };

/** Whether `pending` settles without error within `ms` (a database that does not answer counts as unavailable). */
async function answersWithin(pending: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([pending.then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createApiApp(deps: ApiDeps): ApiApp {
  const { db, logger, registry, readiness, searchEngine } = deps;
  // Every 400 names its field in words a person can act on: never zod's default wording.
  useReadableIssueMessages();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? DEFAULT_TRUST_PROXY);

  app.use(
    requestLog(logger, {
      genReqId: (req, res) => {
        const id = requestIdFrom(req.headers['x-request-id']);
        res.setHeader('x-request-id', id);
        return id;
      },
      ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics',
    }),
  );
  // helmet's headers worked out once and set again on every answer (its dozen middleware cost the
  // kept answers a tenth of their time). No HSTS: only the web knows whether the site is served
  // over HTTPS (SITE_URL), and the api's headers replace the gateway's on a proxied answer.
  app.use(replayHelmet(helmetSteps(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }))));
  app.use(httpDurationMiddleware(registry));
  // Every answer (/healthz too, the web's cheap probe) says which catalogue it came from: the
  // generation its index holds (catalog/catalog-generation.ts), the same number on every
  // instance for the same catalogue. The web keeps rendered pages and shared answers until it
  // sees a greater one, so an instance that is a moment behind another empties nothing.
  app.use((_req, res, next) => {
    res.setHeader(API_ANSWER_HEADER.catalogVersion, String(searchEngine.generation()));
    next();
  });
  // And the newest purge of the webs' caches (http/cache-purges.ts): a list made private
  // leaves every web's caches as soon as the web hears of it.
  const purges = new CachePurges(db, logger);
  purges.start();
  app.use(purges.middleware);

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CacheNone.header);
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', CacheNone.header);
    const database = await answersWithin(db.query('SELECT 1 AS ok'), READY_PROBE_MS);
    const catalog = !readiness.catalogLoaded ? 'loading' : readiness.catalogBehind?.() ? 'catching up' : 'loaded';
    const ready = database && catalog === 'loaded';
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      ...(ready ? {} : { message: !database ? DATABASE_UNAVAILABLE : catalog === 'loading' ? 'catalog loading' : 'catalog catching up' }),
      database: database ? 'open' : 'unavailable',
      catalog,
    });
  });
  registerFeedMetrics(registry, db);
  app.get('/metrics', metricsHandler(registry));
  mountOperatorRoutes(app, { db, logger, secret: deps.operatorSecret, shrinkGuard: deps.feedShrinkGuard });
  purges.mount(app);

  // Everything below is the api contract: each route is shared or personal as
  // shared/api/api-routes.ts says, before any handler sees the request.
  app.use(bindApiScope);
  // Answers kept in memory are sent before the work limit: they cost less than a refusal.
  const answers = new SharedAnswers({
    db,
    logger,
    registry,
    indexVersion: () => searchEngine.version(),
    maxBytes: deps.answerCacheMaxBytes ?? DEFAULT_ANSWER_CACHE_MAX_BYTES,
  });
  answers.start();
  app.use(answers.middleware);
  app.use(express.json({ limit: '100kb' }));
  // After the body parser, so a slow upload does not hold a turn.
  app.use(overloadLimit(deps.overload ?? DEFAULT_OVERLOAD, registry));

  // Listings, filters, suggestions, similar products and the brand and store directories
  // are counted and ordered by the search engine; the database is read only for the cards
  // of the page asked for, by id. The web asks for a listing page in one call
  // (/api/search/listing: results, filter groups, deals, breadcrumb, canonical links); the
  // per-part routes answer the same parts one by one.
  const accounts = deps.accounts ?? new Accounts({ db, logger });
  const services = createApiServices({ db, logger, searchEngine, accounts, purges, alertSettings: deps.alertSettings, clock: deps.clock, giveawayClosesAt: deps.giveawayClosesAt, feedAges: deps.feedAges });
  // After the work limit: checking an admin view reads the session.
  app.use(bindCatalogView(accounts.resolveViewer));
  const areas = API_AREAS.map((area) => ({ mountPath: area.mountPath, router: area.routes(services) }));
  for (const { mountPath, router } of areas) app.use(mountPath, recordMountPath, router);

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return { app, areas, answers, purges };
}
