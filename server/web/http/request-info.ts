import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { CountryCode } from '../../../shared/countries';
import { CacheNone } from '../../../shared/http/cache-policy';
import { requestIdFrom } from '../../lib/request-id';
import { requestLog } from '../../lib/request-log';
import { isBotRequest } from './bot';
import { countryFromGeoHeader, countryFromPath } from './country';
import { languageFromPath, languageOfLocale, SITE_LANGUAGES, type SiteLanguage } from '../../../shared/i18n/languages';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { isGatewayPath } from '../proxy/gateway';
import { MALFORMED_ADDRESS_MESSAGE, readAddress } from './request-address';

/** What every later step needs to know about a request, worked out once. */
export type RequestInfo = {
  requestId: string;
  /** The CSP nonce every inline script of this response carries. */
  nonce: string;
  country: CountryCode;
  /**
   * The site's language: a page's from its path (/ca/fr/…); a gateway call's from the
   * browser's `x-locale` header (client/api/browser-api-client.ts), else English.
   */
  language: SiteLanguage;
  geoCountry: CountryCode | undefined;
  isBot: boolean;
};

// What the web server's middleware leaves in res.locals, typed once for every handler.
// (Declaration merging is the one place an interface is needed.)
declare module 'express-serve-static-core' {
  interface Locals {
    requestId: string;
    nonce: string;
    /** The path and query as React Router reads them, read once (requestAddressMiddleware). */
    address: string;
    /** Set by requestInfoMiddleware, before the gateway, the session routes and the pages. */
    requestInfo: RequestInfo;
    /** Set when React could not render the whole page (an error, a timeout): no cache may keep it. */
    pageIncomplete?: boolean;
    /** The page cache's own background render (render/page-cache.ts). */
    pageCacheRevalidation?: boolean;
    /** The purge keys of the shared answers the page was rendered from (upstream/cache-purges.ts). */
    purgeKeys?: Set<string>;
  }
}

/**
 * A call through the gateway says its page's language in a header; a page's language is its
 * path's, whatever a header says, since the page cache keeps pages by address.
 */
function requestLanguage(req: Request, country: CountryCode): SiteLanguage {
  if (!isGatewayPath(req.path.toLowerCase())) return languageFromPath(country, req.path);
  const header = req.headers[UPSTREAM_HEADER.locale];
  const locale = Array.isArray(header) ? header[0] : header;
  return languageOfLocale(locale) ?? SITE_LANGUAGES[country][0]!;
}

export type RequestInfoOptions = { botHeader: string; geoHeader: string };

const NONCE_BYTES = 16;
/**
 * CSP nonces are cut from a block of random bytes drawn at once: one draw from the system's
 * generator per 256 responses instead of one each. Each nonce has 16 bytes of its own, never
 * given out twice; the bytes not yet given out never leave this process.
 */
const nonceBlock = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = nonceBlock.length;

/** A fresh CSP nonce: 16 random bytes in base64. */
export function newNonce(): string {
  if (nonceAt === nonceBlock.length) {
    randomFillSync(nonceBlock);
    nonceAt = 0;
  }
  const nonce = nonceBlock.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** The request id (kept from a front proxy, else new) and the CSP nonce: first of all. */
export function requestIdMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    res.locals.requestId = requestId;
    res.locals.nonce = newNonce();
    next();
  };
}

/** The request log under the request id; health checks and assets get no line. */
export function requestLogging(logger: Logger) {
  return requestLog(logger, {
    genReqId: (_req, res) => (res as Response).locals.requestId,
    ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || (req.url ?? '').startsWith('/assets/'),
  });
}

/**
 * The address read once (request-address.ts), right after the request log and before anything
 * reads it (assets, pictures, the page cache, the router): an unreadable one is a 400 that
 * says so, logged with the request id.
 */
export function requestAddressMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const address = readAddress(req.originalUrl);
    if (address === undefined) {
      req.log.warn({ reason: 'malformed address' }, 'bad request');
      res.status(400).setHeader('Cache-Control', CacheNone.header);
      res.type('text').send(MALFORMED_ADDRESS_MESSAGE);
      return;
    }
    res.locals.address = address;
    next();
  };
}

/** Country from the URL, the geo header's suggestion and the bot flag. */
export function requestInfoMiddleware(options: RequestInfoOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const url = countryFromPath(req.path);
    res.locals.requestInfo = {
      requestId: res.locals.requestId,
      nonce: res.locals.nonce,
      country: url.country,
      language: requestLanguage(req, url.country),
      geoCountry: countryFromGeoHeader(req.headers[options.geoHeader]),
      isBot: isBotRequest(req.headers[options.botHeader], req.headers['user-agent']),
    };
    next();
  };
}
