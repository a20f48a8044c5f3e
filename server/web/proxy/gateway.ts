import type http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { PURGE_HEADER } from '../../../shared/api/cache-purges';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { isSocialCallbackPath } from '../../../shared/social-sign-in';
import { UPSTREAM_FAILURE, callerOf, forgetAroundWrite, scoped, upstreamHeaders, type ApiUpstream, type Caller } from '../upstream/api-upstream';
import { keepAliveAgent } from '../upstream/upstream-agent';
import { apiClientToken } from '../http/xsrf';
import { compressAnswer } from '../http/compress';
import { forwardTo } from './forward';
import { API_PREFIX, AUTH_PREFIX, PAYMENTS_PREFIX } from '../../../shared/api/api-paths';
import { viewedBy } from '../../../shared/api/admin-view';
import { cookieSaysAdmin } from '../http/session-cookies';

// The API gateway (spec section 7 "Generic layer"): the browser calls /api, /auth and
// /clients/api on our origin; we forward them to API_BASE_URL, and /api/payments to
// PAYMENTS_BASE_URL. Mounted before any body parser so request bodies stream through. The
// api's calls share the web server's one upstream pool and header builder: identity travels
// only on personal paths (api-upstream.ts). It is the token cookie's, or for an api client
// (a `token` header and no cookie at all, xsrf.ts) that header's.

export type GatewayOptions = {
  api: ApiUpstream;
  /** Spec section 8: an 'UnAuthorized Access!' answer clears the session cookies. */
  onUnauthorized?: (req: Request, res: Response) => void;
  paymentsBaseUrl: string | undefined;
  timeoutMs: number;
  logger: Logger;
};

const API_PATHS = [API_PREFIX, AUTH_PREFIX, '/clients/api/'];

/** Paths the gateway forwards (and the XSRF check guards). */
export function isGatewayPath(path: string): boolean {
  return API_PATHS.some((prefix) => path.startsWith(prefix));
}

/**
 * Headers a page may not set for itself: identity comes only from our HttpOnly cookies, or an
 * api client's token header, which the caller has already read (apiClientToken).
 */
const REPLACED_HEADERS = [...Object.values(UPSTREAM_HEADER), 'cookie'];

type GatewayRequest = http.IncomingMessage & {
  caller?: Caller;
  apiClient?: boolean;
  /** The session cache's second drop, once the answer is in (forgetAroundWrite). */
  answered?: (status: number) => void;
};

/**
 * What a request may not take to the upstream as the page sent it: `Expect` (curl sends
 * `Expect: 100-continue` by itself for a large upload; Node has already answered
 * `100 Continue` to the browser, so the header has done its work here, and passed on it made
 * http-proxy, which forwarded before issue 30, skip setting the identity headers: the shopper
 * was signed out), and the page's own identity headers, so no request carries them upstream.
 */
function stripPageHeaders(req: http.IncomingMessage): void {
  delete req.headers.expect;
  for (const name of REPLACED_HEADERS) delete req.headers[name];
}

/**
 * The upstream answered before the whole request body reached us (a 401 or a 413 to a large
 * upload). Node's http client stops sending a body once the answer has ended, without ending
 * the request: the browser's connection then stalled, unread, until its keep-alive timer reset
 * it (65 s). So: stop forwarding, tell the browser this connection closes after the answer
 * (Node closes it once the answer is flushed), and drop the half-sent upstream request, whose
 * socket cannot carry another request.
 */
function endEarly(req: http.IncomingMessage, res: http.ServerResponse, proxyRes: http.IncomingMessage, upstream: http.ClientRequest): void {
  if (!req.complete) {
    res.setHeader('connection', 'close');
    req.unpipe(upstream);
  }
  proxyRes.once('end', () => {
    if (!upstream.writableFinished) upstream.destroy();
  });
}

function sendGatewayError(res: http.ServerResponse, failure: { status: number; message: string }): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CacheNone.header });
  res.end(JSON.stringify(failure));
}

function forwarding(target: string, agent: http.Agent, options: GatewayOptions) {
  return forwardTo(target, agent, options.timeoutMs, {
    headers(req) {
      // Its scope looked up once, for both (issue 26).
      const request = scoped({ method: req.method ?? 'GET', url: req.url ?? '' });
      const caller = (req as GatewayRequest).caller!;
      // A session's write drops what its pages kept (session-cache.ts), before and after.
      (req as GatewayRequest).answered = forgetAroundWrite(options.api.sessionCache, request, caller);
      return upstreamHeaders(request, caller);
    },
    answered(proxyRes, req, res, proxyReq) {
      endEarly(req, res, proxyRes, proxyReq);
      compressAnswer(req, res, proxyRes.headers);
      options.api.observe(proxyRes.headers);
      // The api's names for what its answer is about are for our caches, not for browsers.
      delete proxyRes.headers[PURGE_HEADER.keys];
      (req as GatewayRequest).answered?.(proxyRes.statusCode ?? 0);
      // Spec section 8: 'UnAuthorized Access!' on any path but sign-in means the session is
      // gone (expired, revoked): the cookies go too. Headers are still ours to add here.
      // The sign-in endpoints (/auth/…) answer 401 for wrong credentials, which is not that.
      // An api client has no cookies to clear.
      if (proxyRes.statusCode === 401 && !(req.url ?? '').startsWith(AUTH_PREFIX) && !(req as GatewayRequest).apiClient) {
        options.onUnauthorized?.(req as Request, res as Response);
      }
    },
    failed(error, timedOut, req, res) {
      options.logger.warn({ err: { message: error.message, code: (error as NodeJS.ErrnoException).code }, url: req.url, timedOut }, 'gateway upstream failed');
      sendGatewayError(res, UPSTREAM_FAILURE[timedOut ? 'timeout' : 'unreachable']);
    },
  });
}

export function gateway(options: GatewayOptions) {
  const isPayments = (path: string) => path.startsWith(PAYMENTS_PREFIX);
  const isApi = (path: string) => !isPayments(path) && isGatewayPath(path);
  const api = forwarding(options.api.base.href, options.api.agent, options);
  const payments = options.paymentsBaseUrl ? forwarding(options.paymentsBaseUrl, keepAliveAgent(options.paymentsBaseUrl), options) : undefined;

  /**
   * Who is calling, read before stripPageHeaders: `req.ip` is worked out from the request's
   * own X-Forwarded-For (trust proxy), which the strip removes.
   */
  const strip = (req: Request, res: Response) => {
    const caller = callerOf(req, res);
    const token = apiClientToken(req);
    (req as GatewayRequest).caller = token === undefined ? caller : { ...caller, token };
    (req as GatewayRequest).apiClient = token !== undefined;
    // An admin's catalogue calls ask for the admin view (spec section 6), as the server's own
    // do: marked here, so no page script carries the rule. The profile-type cookie only asks;
    // the api grants the view to an admin's session alone, and the marker makes the call
    // personal, so the session travels with it and its answer is private.
    if (token === undefined && caller.token !== undefined && cookieSaysAdmin(req)) {
      req.url = viewedBy(req.method, req.url, true);
    }
    stripPageHeaders(req);
  };

  return function forward(req: Request, res: Response, next: NextFunction) {
    const path = req.path;
    // The social sign-in callback (/auth/callback/{provider}) is a page of ours, not the api's.
    if ((req.method === 'GET' || req.method === 'HEAD') && isSocialCallbackPath(path)) return next();
    if (isPayments(path)) {
      res.locals.routeLabel = 'gateway:payments';
      if (!payments) return sendGatewayError(res, { status: 503, message: 'Payments are not available right now.' });
      strip(req, res);
      return payments(req, res);
    }
    if (isApi(path)) {
      res.locals.routeLabel = 'gateway:api';
      strip(req, res);
      return api(req, res);
    }
    next();
  };
}
