import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express from 'express';
import type { Logger } from 'pino';
import type client from 'prom-client';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '../../client/routes';
import { XSRF_TOKEN_PATH } from '../../shared/api/web-session';
import { SOCIAL_PROVIDERS } from '../../shared/social-sign-in';
import { httpDurationMiddleware } from '../lib/http-metrics';
import type { WebConfig } from './config';
import { chooseCountry } from './http/choose-country';
import { chooseLanguage } from './http/choose-language';
import { defaultCountryRedirect } from './http/country-redirect';
import { requestAddressMiddleware, requestIdMiddleware, requestInfoMiddleware, requestLogging } from './http/request-info';
import { apiSecurityHeaders, securityHeaders } from './http/security';
import { clearSessionCookies, isSecureRequest } from './http/session-cookies';
import { sessionRoutes } from './http/session-routes';
import { health, readiness } from './http/operations';
import { readPageForm } from './http/page-forms';
import { compressResponses } from './http/compress';
import { createOverloadGates } from './http/overload-gate';
import { createSocialState, socialStartRoutes } from './http/social-sign-in';
import { readClientAssets, staticFiles } from './http/static-files';
import { createXsrf, xsrfProtection, xsrfTokenHandler } from './http/xsrf';
import { imageRouter } from './images/image-router';
import { lookCollageRouter } from './images/look-collage-router';
import { gateway, isGatewayPath } from './proxy/gateway';
import { createDocumentHandler } from './render/document-handler';
import { webErrorHandler } from './render/document-errors';
import { createPageCache } from './render/page-cache';
import { sitemapRoutes } from './seo/sitemaps';
import { createApiUpstream } from './upstream/api-upstream';
import { createSessionCache } from './upstream/session-cache';
import { createSharedCache } from './upstream/shared-cache';
import { createShellWarmer } from './upstream/shell-warmer';
import { createTransferMetrics } from './upstream/transfer-cache';

export type WebDeps = {
  config: WebConfig;
  logger: Logger;
  registry: client.Registry;
  /** The page routes; tests pass routes of their own to exercise the render path. */
  routes?: RouteObject[];
};

/** A sitemap file reads up to 50,000 URLs from the api: it may take longer than a page's calls. */
const SITEMAP_TIMEOUT_MS = 30_000;

// The middleware, in this order:
//  1. request id and CSP nonce → request log → request duration metrics;
//  2. the api's paths (/api, /auth, /clients/api, /api/payments), a chain of their own: the
//     security headers of an answer that runs nothing → the address read once (an unreadable
//     one a 400) → request info (geo header, bot flag, the page's language) → cookies → the
//     XSRF check on every state-changing request → social sign-in start → a place in the
//     overload gate → the session routes (sign-in, register, logout: they keep the token
//     cookie) → the gateway (no body parser before it, so bodies stream through; it
//     compresses the answers large enough to gain);
//  3. security headers (helmet, CSP with the nonce) → the address read once → compression;
//  4. /healthz, /readyz (the api is ready) and a 404 for /metrics (served on METRICS_PORT
//     instead, main.ts) → hashed assets and public files → drawn pictures (/images);
//  5. request info (country from the URL, geo header, bot flag) → cookies → looks' collages
//     (/images/looks, the look's reader's own) → pages kept by the page cache (render/page-cache.ts);
//  6. GET /xsrf-token → the XSRF check on every state-changing request;
//  7. /gb/… redirect → country and language choosers → robots.txt and sitemaps → for GET and
//     HEAD the page cache keeps what is rendered; for GET, HEAD and same-origin form POSTs the overload gate
//     (a bound on renders and api calls in flight; past it 503 at once) and the document
//     handler → the error handler.
// Every api call (loaders, actions, session routes, sitemaps, the gateway) goes through one
// upstream: one keep-alive pool, one header builder, one error wording (api-upstream.ts).
export function createWebApp({ config, logger, registry, routes = appRoutes }: WebDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // req.ip, req.secure and req.protocol believe X-Forwarded-* only from these hops.
  app.set('trust proxy', config.trustProxy);

  const api = createApiUpstream({
    baseUrl: config.apiBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    registry,
    sessionCache: createSessionCache({ ...config.sessionCache, registry }),
    logger,
  });
  const transferMetrics = createTransferMetrics(registry);
  const secret = xsrfSecret(config, logger);
  const xsrf = createXsrf(secret);
  const socialState = createSocialState(secret);
  const siteUrl = config.siteUrl;
  const sharedCache = createSharedCache(config.sharedCacheMaxBytes, registry);
  // The shell's answers, held ahead of pages.
  const shellWarmer = config.warmShell ? createShellWarmer(api, logger) : undefined;
  // Answers kept from an older catalogue would render old prices into fresh pages.
  api.catalogVersion.onChange(() => {
    sharedCache.clear();
    void shellWarmer?.warm();
  });
  // A purge drops the shared answers about what was withdrawn (the page cache drops its pages).
  api.purges.onPurge((keys) => sharedCache.purge(keys));
  void shellWarmer?.warm();
  app.locals.shellWarmer = shellWarmer;
  const pageCache = createPageCache({ ...config.pageCache, upstream: api, botHeader: config.botHeader, registry });
  const gates = createOverloadGates(config.overload, registry, isGatewayPath);

  const https = siteUrl.startsWith('https:');
  const readAddressOnce = requestAddressMiddleware();
  const readRequestInfo = requestInfoMiddleware({ botHeader: config.botHeader, geoHeader: config.geoHeader });
  // Every POST, PUT, PATCH and DELETE, whatever its path or case: Express matches routes
  // without regard to case, so no path check may rely on it.
  const checkXsrf = xsrfProtection({ xsrf, siteUrl, isGatewayPath });

  app.use(requestIdMiddleware());
  app.use(requestLogging(logger));
  app.use(httpDurationMiddleware(registry));

  // The api's paths (/api, /auth, /clients/api) take a chain of their own, as short as their
  // job (issue 30: proxied calls paid for what only pages need: a CSP nonce, the page cache's
  // look-up, the compressor wrapping every small answer, a dozen page layers walked). Cookies
  // are read before the XSRF check, the session routes and the identity headers (the parser
  // leaves bodies alone, so proxied bodies still stream through); the session routes and the
  // gateway take a place in the overload gate first. A request the gateway does not forward
  // (the social sign-in callback, a path in another case) goes on to the page chain.
  const apiPaths = express.Router();
  apiPaths.use(
    apiSecurityHeaders({ https }),
    readAddressOnce,
    readRequestInfo,
    cookieParser(),
    checkXsrf,
    socialStartRoutes({ providers: config.socialSignIn, siteUrl, socialState }),
    gates.apiCalls,
    sessionRoutes({ upstream: api, siteUrl, socialState }),
    gateway({
      api,
      paymentsBaseUrl: config.paymentsBaseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      logger,
      onUnauthorized: (req, res) => clearSessionCookies(res, isSecureRequest(req, siteUrl)),
    }),
  );
  app.use((req, res, next) => (isGatewayPath(req.path.toLowerCase()) ? apiPaths(req, res, next) : next()));

  app.use(securityHeaders({ https }));
  app.use(readAddressOnce);
  app.use(compressResponses);

  app.get('/healthz', health);
  app.get('/readyz', readiness(api));
  // The metrics have a listener of their own (METRICS_PORT, createMetricsApp): here, a plain
  // 404 rather than a page, so a scraper pointed at the public port is told at once.
  app.all('/metrics', (_req, res) => {
    res.locals.routeLabel = 'metrics';
    res.status(404).type('text').send('Not found.');
  });
  app.use(staticFiles(config.clientDir));
  app.use(imageRouter());

  app.use(readRequestInfo);
  app.use(cookieParser());
  // A look's collage: after the cookies, since a private look's picture is its owner's alone.
  app.use(lookCollageRouter({ upstream: api }));
  // Pages kept by the page cache go out from here, before anything that would render or call
  // the api, and before the overload gate: under load, hot pages are still served.
  app.use(pageCache.serve);

  app.get(XSRF_TOKEN_PATH, xsrfTokenHandler({ xsrf, siteUrl }));
  app.use(checkXsrf);

  app.use(defaultCountryRedirect);
  app.get('/choose-country/:code', chooseCountry({ siteUrl }));
  app.get('/choose-language/:language', chooseLanguage({ siteUrl }));
  app.use(sitemapRoutes({ siteUrl, upstream: api, timeoutMs: Math.max(config.upstreamTimeoutMs, SITEMAP_TIMEOUT_MS), logger }));

  const assets = readClientAssets(config.clientDir);
  const handleDocument = createDocumentHandler({
    routes,
    assets,
    catalogs: assets.catalogs,
    siteUrl,
    socialProviders: SOCIAL_PROVIDERS.filter((provider) => config.socialSignIn[provider]),
    api: { upstream: api, sharedCache, transferMetrics, shell: shellWarmer, keepParsed: config.keepParsedAnswers },
    transferLimits: config.transferLimits,
    transferMetrics,
    streamTimeoutMs: config.streamTimeoutMs,
    production: config.production,
    renderMode: config.renderMode,
    onRenderError: (error, req) => req.log.error({ err: error }, 'render error'),
  });
  app.get('/{*splat}', pageCache.keep, gates.renders, handleDocument);
  app.head('/{*splat}', pageCache.keep, gates.renders, handleDocument);
  // Forms posted without JavaScript (sign-in, register, passwords, profile) run the page
  // route's action (the XSRF check has let only our own pages' forms this far).
  app.post('/{*splat}', readPageForm, gates.renders, handleDocument);

  app.use(webErrorHandler());
  return app;
}

/** The key XSRF tokens and the social sign-in state are signed with. */
function xsrfSecret(config: WebConfig, logger: Logger): string {
  if (config.xsrfSecret) return config.xsrfSecret;
  logger.warn('XSRF_SECRET is unset: this process signs XSRF tokens with a key of its own (one instance only)');
  return randomBytes(32).toString('base64url');
}
