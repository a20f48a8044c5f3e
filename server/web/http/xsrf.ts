import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { COOKIE, DAY_MS, UPSTREAM_HEADER } from '../../../shared/constants';
import { COUNTRY_CODES, countryPrefix } from '../../../shared/countries';
import { CacheNone } from '../../../shared/http/cache-policy';
import { XSRF_HEADER, XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { isSecureRequest } from './session-cookies';

// Cross-site request forgery: the browser sends the session cookie with any request to us, so
// two checks on every state-changing request (any method but GET, HEAD and OPTIONS), whatever
// its path:
//  1. where it came from: a browser says so in Sec-Fetch-Site and Origin, and another site's
//     page cannot make it say "same-origin" or our origin;
//  2. a double-submit token: the XSRF-TOKEN cookie (readable by our pages, signed with a
//     server secret so a cookie planted from a sibling domain is not accepted) echoed in the
//     X-XSRF-TOKEN header, which another site's page can neither read nor send.
// The check covers every path because Express matches routes without regard to case:
// /API/ACCOUNT/REGISTER is the register route, and a check that looked for "/api/" let it
// through. The one exemption from the token: a plain HTML form (no JavaScript) posted to a
// page route, which cannot send a header; it must say it came from our origin instead.
// The one exemption from the token on the api's paths: an api client (a script, an app's
// server) that sends its session as a `token` header and carries no cookie at all. Forgery
// rides on what a browser adds by itself; a header is added only by whoever holds the token,
// and with no cookie there is nothing of the browser's to borrow. A browser that says another
// site sent it is still refused: a client of ours sends no Origin, and what such a request
// could do would then hang on CORS answers given elsewhere.
// The one exemption from both: an alert e-mail's one-click unsubscribe (RFC 8058), POSTed by
// a mail client (no cookies, no token, no origin of ours) to /alerts/unsubscribe/{token}: the
// signed token in the path is the authority there, and all it can do is stop that alert.

const XSRF_COOKIE_DAYS = 30;
// Counted as safe rather than listing the unsafe ones: the gateway forwards any method, so one
// the list forgot would pass unchecked.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type Xsrf = {
  /** A new signed token: random part, dot, signature. */
  create(): string;
  isValid(token: string | undefined): token is string;
};

export function createXsrf(secret: string): Xsrf {
  const sign = (nonce: string) => createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url');
  return {
    create() {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isValid(token): token is string {
      if (typeof token !== 'string' || token.length > 200) return false;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

// The page's path with or without a country site's prefix, one segment of token, nothing more;
// any case, as Express and React Router match it.
const PREFIXES = COUNTRY_CODES.map(countryPrefix).filter(Boolean).join('|');
const ONE_CLICK_UNSUBSCRIBE = new RegExp(`^(?:${PREFIXES})?/alerts/unsubscribe/[^/]+/?$`, 'i');

/** A POST to an alert e-mail's unsubscribe page (client/routes/alert-unsubscribe.route.tsx). */
export function isOneClickUnsubscribe(method: string, path: string): boolean {
  return method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(path);
}

/**
 * The session an api client sends as a `token` header (spec section 7), on a request with no
 * cookie at all; undefined otherwise. A request that carries any cookie is a browser's and its
 * session is the token cookie, whatever header it adds.
 */
export function apiClientToken(req: Request): string | undefined {
  const token = req.headers[UPSTREAM_HEADER.token];
  return typeof token === 'string' && token !== '' && req.headers.cookie === undefined ? token : undefined;
}

/** The origins our own pages have: the public site and the address this request came to. */
function ownOrigins(req: Request, siteUrl: string): string[] {
  return [new URL(siteUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`];
}

/**
 * 'cross-site' when the browser says the request came from another site; 'unknown' when it
 * says nothing (not a browser, or a very old one); 'same-origin' otherwise.
 */
export function requestSource(req: Request, siteUrl: string): 'same-origin' | 'cross-site' | 'unknown' {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return 'cross-site';
  // Our pages' Referrer-Policy is no-referrer (helmet's default), under which a browser sends
  // `Origin: null` with the page's own form posts (Fetch, "serializing a request origin"). Such
  // a post still says where it came from in Sec-Fetch-Site, which no page can set; without
  // that, "null" (a sandboxed frame anywhere) counts as another site's.
  const origin = req.headers.origin === 'null' && fetchSite === 'same-origin' ? undefined : req.headers.origin;
  if (origin !== undefined && !ownOrigins(req, siteUrl).includes(origin)) return 'cross-site';
  return fetchSite === undefined && origin === undefined ? 'unknown' : 'same-origin';
}

/**
 * An answer before the request's body was read: the connection closes after it, rather than
 * the body (perhaps a large upload) being read to the end for nothing.
 */
export function closeIfBodyPending(req: Request, res: Response): void {
  if (!req.complete) res.setHeader('Connection', 'close');
}

function refuse(req: Request, res: Response, asJson: boolean): void {
  closeIfBodyPending(req, res);
  res.status(403).setHeader('Cache-Control', CacheNone.header);
  if (asJson) res.json({ status: 403, message: XSRF_REFUSED_MESSAGE });
  else res.type('text').send(XSRF_REFUSED_MESSAGE);
}

/** The cookie, parsed here because the gateway runs before the cookie parser would matter. */
function cookieValue(req: Request, name: string): string | undefined {
  const parsed = (req as Request & { cookies?: Record<string, string> }).cookies;
  return parsed?.[name];
}

export function xsrfCookieOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax' as const, secure, httpOnly: false, maxAge: XSRF_COOKIE_DAYS * DAY_MS };
}

/**
 * Every state-changing request. `isGatewayPath` names the api's paths (/api, /auth,
 * /clients/api), matched here in any case; everything else is a page route, where a form
 * posted from our own origin needs no token.
 */
export function xsrfProtection(options: { xsrf: Xsrf; siteUrl: string; isGatewayPath: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || isOneClickUnsubscribe(req.method, req.path)) return next();
    const gateway = options.isGatewayPath(req.path.toLowerCase());
    const source = requestSource(req, options.siteUrl);
    const cookie = cookieValue(req, COOKIE.xsrf);
    const tokenOk = options.xsrf.isValid(cookie) && req.headers[XSRF_HEADER] === cookie;
    const pageForm = !gateway && req.method === 'POST' && source === 'same-origin';
    const apiClient = gateway && apiClientToken(req) !== undefined;
    if (source === 'cross-site' || !(tokenOk || pageForm || apiClient)) {
      req.log?.warn({ path: req.path, origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'], tokenOk }, 'xsrf: refused');
      return refuse(req, res, gateway);
    }
    next();
  };
}

/** GET /xsrf-token: the page asks for its token before its first state-changing call. */
export function xsrfTokenHandler(options: { xsrf: Xsrf; siteUrl: string }) {
  return (req: Request, res: Response) => {
    res.locals.routeLabel = 'xsrf-token';
    res.setHeader('Cache-Control', CacheNone.header);
    if (!options.xsrf.isValid(cookieValue(req, COOKIE.xsrf))) {
      res.cookie(COOKIE.xsrf, options.xsrf.create(), xsrfCookieOptions(isSecureRequest(req, options.siteUrl)));
    }
    res.status(204).end();
  };
}
