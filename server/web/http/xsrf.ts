import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { COOKIE, DAY_MS } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { XSRF_HEADER, XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { isSecureRequest } from './session-cookies';

// Cross-site request forgery: the browser sends the session cookie with any request to us, so
// two checks on every state-changing call through the gateway:
//  1. where it came from: a browser says so in Sec-Fetch-Site and Origin, and another site's
//     page cannot make it say "same-origin" or our origin;
//  2. a double-submit token: the XSRF-TOKEN cookie (readable by our pages, signed with a
//     server secret so a cookie planted from a sibling domain is not accepted) echoed in the
//     X-XSRF-TOKEN header, which another site's page can neither read nor send.
// Plain HTML forms (no JavaScript) cannot send a header; they post to the page routes,
// where the first check is required instead (sameOriginForm).

const XSRF_COOKIE_DAYS = 30;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins(req, siteUrl).includes(origin)) return 'cross-site';
  return fetchSite === undefined && origin === undefined ? 'unknown' : 'same-origin';
}

function refuse(res: Response, asJson: boolean): void {
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

/** State-changing calls to the gateway's paths (and the session endpoints in front of it). */
export function xsrfProtection(options: { xsrf: Xsrf; siteUrl: string; isGatewayPath: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method) || !options.isGatewayPath(req.path)) return next();
    const cookie = cookieValue(req, COOKIE.xsrf);
    const header = req.headers[XSRF_HEADER];
    const tokenOk = options.xsrf.isValid(cookie) && header === cookie;
    if (requestSource(req, options.siteUrl) === 'cross-site' || !tokenOk) {
      req.log?.warn({ path: req.path, origin: req.headers.origin, fetchSite: req.headers['sec-fetch-site'], tokenOk }, 'xsrf: refused');
      return refuse(res, true);
    }
    next();
  };
}

/**
 * Form posts to page routes (the no-JavaScript path): the browser must say the form was on
 * our site. Every browser that runs our pages sends Origin with a POST.
 */
export const FORM_POST_MAX_BYTES = 64 * 1024;

export function sameOriginForm(options: { siteUrl: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Our forms are a few fields (no uploads without JavaScript): a large body is refused unread.
    if (Number(req.headers['content-length'] ?? 0) > FORM_POST_MAX_BYTES) {
      res.status(413).setHeader('Cache-Control', CacheNone.header);
      res.type('text').send('This form is too large.');
      return;
    }
    if (requestSource(req, options.siteUrl) !== 'same-origin') {
      req.log?.warn({ path: req.path, origin: req.headers.origin }, 'xsrf: form post refused');
      return refuse(res, false);
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
