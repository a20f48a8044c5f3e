import type http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import type { RequestInfo } from '../http/request-info';
import { identityHeaders } from '../upstream/server-api-client';
import { keepAliveAgent } from '../upstream/upstream-agent';

// The API gateway (spec section 7 "Generic layer"): the browser calls /api, /auth and
// /clients/api on our origin; we forward them to API_BASE_URL, and /api/payments to
// PAYMENTS_BASE_URL. Mounted before any body parser so request bodies stream through.

export type GatewayOptions = {
  apiBaseUrl: string;
  /** Spec section 8: an 'UnAuthorized Access!' answer clears the session cookies. */
  onUnauthorized?: (req: Request, res: Response) => void;
  paymentsBaseUrl: string | undefined;
  timeoutMs: number;
  logger: Logger;
};

const API_PATHS = ['/api/', '/auth/', '/clients/api/'];
const PAYMENTS_PATH = '/api/payments/';

/** Paths the gateway forwards (and the XSRF check guards). */
export function isGatewayPath(path: string): boolean {
  return API_PATHS.some((prefix) => path.startsWith(prefix));
}

type GatewayRequest = http.IncomingMessage & { upstreamTimedOut?: boolean };

/** The cookie header, parsed just enough for the two identity cookies (no body parser yet). */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

function sendGatewayError(res: http.ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CacheNone.header });
  res.end(JSON.stringify({ status, message }));
}

function proxyTo(target: string, options: GatewayOptions, filter: (path: string) => boolean): RequestHandler {
  return createProxyMiddleware({
    target,
    changeOrigin: true,
    agent: keepAliveAgent(target),
    proxyTimeout: options.timeoutMs,
    xfwd: true,
    pathFilter: (path) => filter(path),
    logger: options.logger,
    on: {
      proxyReq(proxyReq, req, res) {
        const info = (res as unknown as Response).locals?.requestInfo as RequestInfo | undefined;
        const cookies = req.headers.cookie;
        // Identity comes only from our HttpOnly cookies, never from headers a page sent.
        for (const name of [UPSTREAM_HEADER.token, UPSTREAM_HEADER.guestKey, UPSTREAM_HEADER.geoCountry, UPSTREAM_HEADER.bot, 'cookie']) {
          proxyReq.removeHeader(name);
        }
        // Connection is hop-by-hop: a browser's "close" must not close our pooled upstream socket.
        proxyReq.setHeader('connection', 'keep-alive');
        const identity = identityHeaders(req.url ?? '', {
          token: readCookie(cookies, COOKIE.token),
          guestKey: readCookie(cookies, COOKIE.guestKey),
        });
        for (const [name, value] of Object.entries(identity)) proxyReq.setHeader(name, value);
        proxyReq.setHeader(UPSTREAM_HEADER.bot, info?.isBot ? '1' : '0');
        if (info?.geoCountry) proxyReq.setHeader(UPSTREAM_HEADER.geoCountry, info.geoCountry);
        if (info?.requestId) proxyReq.setHeader(UPSTREAM_HEADER.requestId, info.requestId);
        proxyReq.once('timeout', () => {
          (req as GatewayRequest).upstreamTimedOut = true;
        });
      },
      proxyRes(proxyRes, req, res) {
        // Spec section 8: 'UnAuthorized Access!' on any path but sign-in means the session is
        // gone (expired, revoked): the cookies go too. Headers are still ours to add here.
        // The sign-in endpoints (/auth/…) answer 401 for wrong credentials, which is not that.
        if (proxyRes.statusCode === 401 && !(req.url ?? '').startsWith('/auth/')) {
          options.onUnauthorized?.(req as Request, res as unknown as Response);
        }
      },
      error(error, req, res) {
        const timedOut = (req as GatewayRequest).upstreamTimedOut;
        options.logger.warn({ err: { message: error.message, code: (error as NodeJS.ErrnoException).code }, url: req.url, timedOut }, 'gateway upstream failed');
        // No host names or internal addresses in what the browser sees.
        if (timedOut) sendGatewayError(res as http.ServerResponse, 504, 'The service took too long to answer. Please try again.');
        else sendGatewayError(res as http.ServerResponse, 502, 'The service is unavailable right now. Please try again shortly.');
      },
    },
  });
}

export function gateway(options: GatewayOptions) {
  const isPayments = (path: string) => path.startsWith(PAYMENTS_PATH);
  const isApi = (path: string) => !isPayments(path) && API_PATHS.some((prefix) => path.startsWith(prefix));
  const api = proxyTo(options.apiBaseUrl, options, isApi);
  const payments = options.paymentsBaseUrl ? proxyTo(options.paymentsBaseUrl, options, isPayments) : undefined;

  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (isPayments(path)) {
      res.locals.routeLabel = 'gateway:payments';
      if (!payments) return sendGatewayError(res, 503, 'Payments are not available right now.');
      return payments(req, res, next);
    }
    if (isApi(path)) {
      res.locals.routeLabel = 'gateway:api';
      return api(req, res, next);
    }
    next();
  };
}
