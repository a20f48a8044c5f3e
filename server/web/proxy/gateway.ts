import type http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Options, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { PURGE_HEADER } from '../../../shared/api/cache-purges';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { isSocialCallbackPath } from '../../../shared/social-sign-in';
import { UPSTREAM_FAILURE, callerOf, forgetAroundWrite, scoped, upstreamHeaders, type ApiUpstream, type Caller } from '../upstream/api-upstream';
import { keepAliveAgent } from '../upstream/upstream-agent';
import { apiClientToken } from '../http/xsrf';
import { compressAnswer } from '../http/compress';
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
  upstreamTimedOut?: boolean;
  upstreamRequest?: http.ClientRequest;
  /** Sent once more already (mayAskAgain): never a third time. */
  askedAgain?: boolean;
  caller?: Caller;
  apiClient?: boolean;
  /** The session cache's second drop, once the answer is in (forgetAroundWrite). */
  answered?: (status: number) => void;
};

/**
 * What a request may not take to the upstream as the page sent it: `Expect` (curl sends
 * `Expect: 100-continue` by itself for a large upload; Node has already answered
 * `100 Continue` to the browser, so the header has done its work here, and passed on it makes
 * http-proxy skip its proxyReq hook, where the identity headers are set: the shopper was
 * signed out), and the page's own identity headers, so no request carries them upstream.
 */
function stripPageHeaders(req: http.IncomingMessage): void {
  delete req.headers.expect;
  for (const name of REPLACED_HEADERS) delete req.headers[name];
}

/**
 * Hop-by-hop headers of the upstream's answer (RFC 9110 section 7.6.1): they describe the
 * connection between us and the upstream, not ours with the browser. http-proxy copies them
 * (an api's `Connection: close` closed the browser's connection too); without them it keeps
 * the browser's own Connection and Node frames the body itself.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

/**
 * The upstream answered before the whole request body reached us (a 401 or a 413 to a large
 * upload). Node's http client stops sending a body once the answer has ended, without ending
 * the request: the browser's connection then stalled, unread, until its keep-alive timer reset
 * it (65 s). So: stop forwarding, tell the browser this connection closes after the answer
 * (closeLingering), and drop the half-sent upstream request, whose socket cannot carry another
 * request.
 */
function endEarly(req: GatewayRequest, proxyRes: http.IncomingMessage): void {
  const upstream = req.upstreamRequest;
  if (!req.complete) {
    proxyRes.headers.connection = 'close';
    if (upstream) req.unpipe(upstream);
    closeLingering(req);
  }
  proxyRes.once('end', () => {
    if (upstream && !upstream.writableFinished) upstream.destroy();
  });
}

/** How long the web reads on after answering a request whose body is still coming, before it closes. */
export const LINGER_MS = 2_000;

/**
 * Closes a connection whose request body is still coming in as web servers do (Apache's
 * lingering close): after the answer, send our end (FIN), read and drop what the browser still
 * sends until it ends its side, or for LINGER_MS at most, then close. Node closes at once (its
 * server calls the socket's `destroySoon` once the answer is flushed), and a socket closed with
 * unread bytes sends a reset, which can drop the answer before the browser reads it: the
 * shopper saw a broken connection, not the 401 or 413.
 */
function closeLingering(req: http.IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    req.resume();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * Whether a failed request may be sent again as it was: a GET or HEAD without a body whose
 * kept-alive connection the upstream closed as the request went out (ECONNRESET on a reused
 * socket, Node's documented race; not our own time limit, which also resets). Issue 30: an
 * api instance that drains on SIGTERM closes each kept connection as it goes idle, so in a
 * rolling restart a call could meet one closing; it reached no handler, and asked again on a
 * live connection it is answered (by the instance still serving, behind a balancer). A write
 * is never sent twice, nor anything a third time.
 */
function mayAskAgain(req: GatewayRequest, res: http.ServerResponse, error: NodeJS.ErrnoException): boolean {
  const bodiless = (req.method === 'GET' || req.method === 'HEAD') && !req.headers['transfer-encoding'] && !Number(req.headers['content-length']);
  const reset = error.code === 'ECONNRESET' && req.upstreamRequest?.reusedSocket === true && !req.upstreamTimedOut;
  return bodiless && reset && !req.askedAgain && !res.headersSent;
}

function sendGatewayError(res: http.ServerResponse, failure: { status: number; message: string }): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CacheNone.header });
  res.end(JSON.stringify(failure));
}

/**
 * http-proxy-middleware to one upstream, with the gateway's hooks. Of its default plugins, its
 * logger is left out (issue 30): it logged every answer again, a URL built per call, where the
 * request log already has them, and our error hook logs failures.
 */
function proxyTo(target: string, agent: http.Agent, options: GatewayOptions, filter: (path: string) => boolean): RequestHandler {
  const on: NonNullable<Options['on']> = {
    proxyReq(proxyReq, req, res) {
      (req as GatewayRequest).upstreamRequest = proxyReq;
      for (const name of REPLACED_HEADERS) proxyReq.removeHeader(name);
      // Connection is hop-by-hop: a browser's "close" must not close our pooled upstream socket.
      proxyReq.setHeader('connection', 'keep-alive');
      // Its scope looked up once, for both (issue 26).
      const request = scoped({ method: req.method ?? 'GET', url: req.url ?? '' });
      const caller = (req as GatewayRequest).caller ?? callerOf(req as Request, res as unknown as Response);
      // A session's write drops what its pages kept (session-cache.ts), before and after.
      (req as GatewayRequest).answered = forgetAroundWrite(options.api.sessionCache, request, caller);
      const headers = upstreamHeaders(request, caller);
      for (const [name, value] of Object.entries(headers)) proxyReq.setHeader(name, value);
      proxyReq.once('timeout', () => {
        (req as GatewayRequest).upstreamTimedOut = true;
      });
    },
    // Emitted before http-proxy copies the status and headers to the browser's response: they
    // are still ours to change here.
    proxyRes(proxyRes, req, res) {
      for (const name of HOP_BY_HOP) delete proxyRes.headers[name];
      endEarly(req as GatewayRequest, proxyRes);
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
        options.onUnauthorized?.(req as Request, res as unknown as Response);
      }
    },
    error(error, req, res) {
      const request = req as GatewayRequest;
      const response = res as http.ServerResponse;
      if (mayAskAgain(request, response, error)) {
        request.askedAgain = true;
        // The request given up is heard no more: only its successor's errors answer the browser.
        // The agent dropped the reset socket: the pool gives a live one or opens one.
        request.upstreamRequest?.removeAllListeners('error').on('error', () => undefined);
        void proxy(req as Request, response as Response);
        return;
      }
      const timedOut = request.upstreamTimedOut;
      options.logger.warn({ err: { message: error.message, code: (error as NodeJS.ErrnoException).code }, url: req.url, timedOut }, 'gateway upstream failed');
      sendGatewayError(response, UPSTREAM_FAILURE[timedOut ? 'timeout' : 'unreachable']);
    },
  };
  const proxy = createProxyMiddleware({
    target,
    changeOrigin: true,
    agent,
    proxyTimeout: options.timeoutMs,
    xfwd: false, // X-Forwarded-For is upstreamHeaders' one trusted address, not the socket's appended
    pathFilter: (path) => filter(path),
    logger: options.logger,
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on,
  });
  return proxy;
}

export function gateway(options: GatewayOptions) {
  const isPayments = (path: string) => path.startsWith(PAYMENTS_PREFIX);
  const isApi = (path: string) => !isPayments(path) && isGatewayPath(path);
  const api = proxyTo(options.api.base.href, options.api.agent, options, isApi);
  const payments = options.paymentsBaseUrl ? proxyTo(options.paymentsBaseUrl, keepAliveAgent(options.paymentsBaseUrl), options, isPayments) : undefined;

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
      return payments(req, res, next);
    }
    if (isApi(path)) {
      res.locals.routeLabel = 'gateway:api';
      strip(req, res);
      return api(req, res, next);
    }
    next();
  };
}
