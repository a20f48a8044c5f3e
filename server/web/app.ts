import compression from 'compression';
import fs from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type client from 'prom-client';
import type { Logger } from 'pino';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '../../client/routes';
import { CacheImmutable, CacheNone, CacheShort } from '../../shared/http/cache-policy';
import { SERVER_ERROR_MESSAGE } from '../../shared/messages';
import type { ClientAssets } from '../../shared/payload';
import { httpDurationMiddleware, metricsHandler } from '../lib/http-metrics';
import type { WebConfig } from './config';
import { chooseCountry } from './http/choose-country';
import { countryFromPath } from './http/country';
import { requestIdMiddleware, requestInfoMiddleware } from './http/request-info';
import { securityHeaders } from './http/security';
import { imageRouter } from './images/image-router';
import { clearSessionCookies, isSecureRequest } from './http/session-cookies';
import { sessionRoutes } from './http/session-routes';
import { createSocialState, socialStartRoutes } from './http/social-sign-in';
import { isSocialCallbackPath, SOCIAL_PROVIDERS } from '../../client/components/account/social-sign-in';
import { createXsrf, sameOriginForm, xsrfProtection, xsrfTokenHandler } from './http/xsrf';
import { gateway, isGatewayPath } from './proxy/gateway';
import { createDocumentHandler } from './render/render-document';
import { sitemapRoutes } from './seo/sitemaps';
import { createSharedCache } from './upstream/shared-cache';
import { createUpstreamMetrics } from './upstream/server-api-client';
import { createTransferMetrics } from './upstream/transfer-cache';
import { keepAliveAgent } from './upstream/upstream-agent';
import { randomBytes } from 'node:crypto';
import { XSRF_TOKEN_PATH } from '../../shared/api/web-session';

export type WebDeps = {
  config: WebConfig;
  logger: Logger;
  registry: client.Registry;
  /** The page routes; tests pass routes of their own to exercise the render path. */
  routes?: RouteObject[];
};

export function readClientAssets(clientDir: string): ClientAssets {
  const file = path.join(clientDir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No client build at ${clientDir}: run npm run build first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientAssets;
}

// design.md "Web request flow" step 2, in this order: request context → helmet →
// health and metrics → static assets → proxies (before any body parser) → cookies →
// country, geo and bot → document handler → error handler.
export function createWebApp({ config, logger, registry, routes = appRoutes }: WebDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  app.use(requestIdMiddleware());
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res as unknown as Response).locals.requestId as string,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/metrics' || (req.url ?? '').startsWith('/assets/') },
    }),
  );
  app.use(securityHeaders({ https: config.siteUrl.startsWith('https:') }));
  app.use(httpDurationMiddleware(registry));
  // gzip or deflate for clients that ask (pages, JSON through the gateway, CSS, JS, SVG): a
  // 200 KB listing page is about 25 KB on the wire. Small answers and answers the api
  // already encoded are passed on as they are.
  app.use(compression({ threshold: 1024 }));

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CacheNone.header);
    res.json({ status: 'ok' });
  });
  app.get('/metrics', metricsHandler(registry));

  app.use(
    '/assets',
    (_req, res, next) => {
      res.locals.routeLabel = 'assets';
      next();
    },
    express.static(path.join(config.clientDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', CacheImmutable.header),
    }),
  );
  app.use(imageRouter());
  // Fixed-name public files (favicon …), listed once at start: a page request must not
  // cost a file-system lookup.
  const publicFiles = fs
    .readdirSync(config.clientDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'manifest.json')
    .map((entry) => `/${entry.name}`);
  if (publicFiles.length) {
    app.get(
      publicFiles,
      express.static(config.clientDir, { index: false, setHeaders: (res) => res.setHeader('Cache-Control', CacheShort.header) }),
    );
  }

  app.use(requestInfoMiddleware({ botHeader: config.botHeader, geoHeader: config.geoHeader }));
  // Cookies are read before the gateway: the XSRF check and the session endpoints need them
  // (the parser leaves request bodies alone, so proxied bodies still stream through).
  app.use(cookieParser());

  // Accounts (issue 5): the XSRF check on every state-changing call; the endpoints that begin
  // and end a session, which keep the token in the HttpOnly cookie; then the plain proxy.
  if (!config.xsrfSecret) logger.warn('XSRF_SECRET is unset: this process signs XSRF tokens with a key of its own (one instance only)');
  const secret = config.xsrfSecret ?? randomBytes(32).toString('base64url');
  const xsrf = createXsrf(secret);
  const socialState = createSocialState(secret);
  app.get(XSRF_TOKEN_PATH, xsrfTokenHandler({ xsrf, siteUrl: config.siteUrl }));
  app.use(xsrfProtection({ xsrf, siteUrl: config.siteUrl, isGatewayPath }));
  const sessionUpstream = { base: new URL(config.apiBaseUrl), agent: keepAliveAgent(config.apiBaseUrl), timeoutMs: config.upstreamTimeoutMs };
  app.use(socialStartRoutes({ providers: config.socialSignIn, siteUrl: config.siteUrl, socialState }));
  app.use(sessionRoutes({ upstream: sessionUpstream, siteUrl: config.siteUrl, logger, socialState }));
  const proxy = gateway({
      apiBaseUrl: config.apiBaseUrl,
      paymentsBaseUrl: config.paymentsBaseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      logger,
      onUnauthorized: (req, res) => clearSessionCookies(res, isSecureRequest(req, config.siteUrl)),
  });
  // The social sign-in callback (/auth/callback/{provider}) is a page of ours, not the api's.
  app.use((req, res, next) => ((req.method === 'GET' || req.method === 'HEAD') && isSocialCallbackPath(req.path) ? next() : proxy(req, res, next)));

  // /gb/... is the GB site, whose URLs carry no prefix: one address per page.
  app.use((req, res, next) => {
    const url = countryFromPath(req.path, req.originalUrl.slice(req.path.length));
    if (!url.redirectTo) return next();
    res.setHeader('Cache-Control', CacheShort.header);
    res.redirect(301, url.redirectTo);
  });

  app.get('/choose-country/:code', chooseCountry);
  // robots.txt and the XML sitemaps (issue 4). A sitemap file reads up to 50,000 URLs
  // from the api, so it may take longer than a page's calls.
  app.use(
    sitemapRoutes({
      siteUrl: config.siteUrl,
      upstream: { base: new URL(config.apiBaseUrl), agent: keepAliveAgent(config.apiBaseUrl), timeoutMs: Math.max(config.upstreamTimeoutMs, 30_000) },
      logger,
    }),
  );

  const transferMetrics = createTransferMetrics(registry);
  const handleDocument = createDocumentHandler({
    routes,
    assets: readClientAssets(config.clientDir),
    siteUrl: config.siteUrl,
    socialProviders: SOCIAL_PROVIDERS.filter((provider) => config.socialSignIn[provider]),
    upstream: {
      base: new URL(config.apiBaseUrl),
      agent: keepAliveAgent(config.apiBaseUrl),
      timeoutMs: config.upstreamTimeoutMs,
      sharedCache: createSharedCache(config.sharedCacheMaxBytes, registry),
      metrics: createUpstreamMetrics(registry),
      transferMetrics,
    },
    transferLimits: config.transferLimits,
    transferMetrics,
    streamTimeoutMs: config.streamTimeoutMs,
    production: config.production,
    renderMode: config.renderMode,
    onRenderError: (error, req) => req.log.error({ err: error }, 'render error'),
  });
  app.get('/{*splat}', handleDocument);
  app.head('/{*splat}', handleDocument);
  // Forms posted without JavaScript run the page route's action (issue 5: sign-in, register,
  // passwords, profile), from our own pages only.
  app.post('/{*splat}', sameOriginForm({ siteUrl: config.siteUrl }), handleDocument);

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    res.setHeader('Cache-Control', CacheNone.header);
    // A client's mistake (a missing asset, a malformed URL) is a 4xx, never a 500.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).type('text').send(status === 404 ? 'Not found' : 'Bad request');
      return;
    }
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).type('html').send(SERVER_ERROR_PAGE);
  });
  return app;
}

const SERVER_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong | Vitrine</title></head>' +
  '<body><header><a href="/">VITRINE</a></header><main><h1>Something went wrong</h1>' +
  `<p>${SERVER_ERROR_MESSAGE}</p><p><a href="/">Go to Home</a></p></main></body></html>`;
