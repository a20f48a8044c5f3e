import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import client from 'prom-client';
import { API_ROUTES } from '../../../shared/api/api-routes';
import { routedCall } from './api-scope';
import { sharedMaxAge } from '../../../shared/http/cache-policy';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog-changed';
import { SITE_CONTENT_CHANGED_CHANNEL } from '../catalog/site-content';
import type { Database } from '../db/database';
import { subscribe, type Subscription } from '../db/subscription';
import { requestLanguage } from './request-language';
import { patternOf } from '../../../shared/api/api-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { HOME_API } from '../../../shared/api/home-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// Shared answers kept in memory (ARCHITECTURE.md "The api"): the routes below change only when
// an import changes the catalogue or the site content, so their serialised bytes are kept per
// request URL and sent again as they are, with a strong ETag (304 for If-None-Match).
//
// What is kept is valid for one generation: the count of change notices heard (every import
// that changed something sends catalog_changed, a site content import site_content_changed,
// both in the writing transaction, so they arrive once it is committed) together with the
// catalog index's version (brand and store lists and similar products are counted by the
// index, which is rebuilt a moment after the notice). The generation is read before an answer
// is computed and kept with it: an answer computed from data older than a notice or an index
// swap is never served after them.
//
// While this instance's listening connection is lost (a PostgreSQL server went away), notices
// sent meanwhile are lost for good, so nothing is kept or served from memory until it listens
// again; then everything kept before is forgotten (a moment's recomputation instead of the
// index's store-by-store catch-up: these answers are cheap to make again).

/**
 * The api routes answered from memory; each must be a shared GET in shared/api/api-routes.ts.
 * Not the home's top-rated spotlights: shoppers' ratings order them, and a rating sends no
 * notice, so they are computed each time (two small reads) and caches keep them CacheLong.
 */
export const ANSWERED_FROM_MEMORY: readonly string[] = [
  HOME_API.slides,
  HOME_API.fashionBlog,
  HOME_API.showcase,
  HOME_API.promotedLinks,
  HOME_API.editorsPickLinks,
  HOME_API.fashionTips,
  SITE_CONTENT_API.menu,
  SITE_CONTENT_API.country,
  DIRECTORY_API.brands,
  DIRECTORY_API.stores,
  DIRECTORY_API.storeSearch,
  PRODUCT_API.detailByGuid,
  PRODUCT_PAGE_API.detail,
  PRODUCT_API.similarByGuid,
  PRODUCT_PAGE_API.similar,
  WISHLIST_API.editorsPickLists,
  priceHistoryPath,
  PRODUCT_API.sitemapIndex,
  PRODUCT_API.sitemap,
  // A listing's products and facets come from the index and the cards from the catalogue:
  // both change only with an import (a search with a text is always computed, below).
  SEARCH_API.listing,
].map(patternOf);

/**
 * Routes whose answer also depends on the day (a price history's daily points and its 30- and
 * 90-day lows move at midnight UTC without any import): kept for one generation and one day.
 */
const DATED: ReadonlySet<string> = new Set([priceHistoryPath.pattern]);

/**
 * Requests of a route above that are computed every time all the same: a listing with a
 * search text counts that search for "Top Searches" (listing/popular-searches.ts), and
 * an answer from memory would count nothing.
 */
function computedEachTime(routePath: string, url: string): boolean {
  if (routePath !== SEARCH_API.listing) return false;
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('q');
}

for (const path of ANSWERED_FROM_MEMORY) {
  const route = API_ROUTES.find((r) => r.method === 'GET' && r.path === path);
  if (route?.scope !== 'shared') throw new Error(`${path} is answered from memory but is not a shared GET of the api route table`);
}
const answeredFromMemory = new Set(ANSWERED_FROM_MEMORY);

/** Default bound of the kept bytes (API_ANSWER_CACHE_MAX_BYTES). */
export const DEFAULT_ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export type SharedAnswersOptions = {
  db: Database;
  /** The catalog index's version (SearchEngine.version()): answers it counted change with it. */
  indexVersion: () => number;
  registry: client.Registry;
  logger?: Logger | undefined;
  /** Bound of the kept bytes; 0 keeps nothing. */
  maxBytes: number;
};

type Answer = { body: Buffer; etag: string; cacheControl: string; generation: string };

const JSON_TYPE = 'application/json; charset=utf-8';

export class SharedAnswers {
  private readonly answers: LRUCache<string, Answer> | undefined;
  private notices = 0;
  /** Listening now: changes cannot go unheard. */
  private hearing = false;
  private subscription: Subscription | undefined;
  private waiters: (() => void)[] = [];
  private readonly outcomes: client.Counter<'outcome'>;
  private markListening: () => void = () => undefined;
  /** Resolves once this instance first listens for changes (answers are kept from then on). */
  readonly listening: Promise<void> = new Promise((resolve) => (this.markListening = resolve));

  constructor(private readonly options: SharedAnswersOptions) {
    if (options.maxBytes > 0) {
      this.answers = new LRUCache<string, Answer>({
        maxSize: options.maxBytes,
        // One answer may take at most an eighth: a few huge sitemaps cannot push out the rest.
        maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 8)),
        sizeCalculation: (answer, key) => answer.body.length + key.length + answer.etag.length + 64,
      });
    }
    this.outcomes = new client.Counter({
      name: 'api_shared_answers_total',
      help: 'Requests for answers kept in memory: hit, miss, not_modified (304), bypass (not listening for changes)',
      labelNames: ['outcome'] as const,
      registers: [options.registry],
    });
  }

  /** Listens for change notices; until that succeeds nothing is kept. Safe to call once. */
  start(): void {
    if (!this.answers || this.subscription) return;
    this.subscription = subscribe(this.options.db, {
      channels: [
        { channel: CATALOG_CHANGED_CHANNEL, onPayload: () => this.changed() },
        { channel: SITE_CONTENT_CHANGED_CHANNEL, onPayload: () => this.changed() },
      ],
      events: { lost: () => this.lost(), resumed: () => this.resumed() },
      // Anything committed before the LISTEN is read by the answers computed from now on.
      listening: () => {
        this.changed();
        this.hearing = true;
        this.markListening();
      },
      logger: this.options.logger,
      what: 'shared answers (answering without memory meanwhile)',
    });
  }

  private changed(): void {
    this.notices++;
    this.answers?.clear();
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private lost(): void {
    this.hearing = false;
    this.changed();
  }

  private resumed(): void {
    this.changed();
    this.hearing = true;
  }

  /** Resolves at the next change this instance hears of (a notice, a lost or resumed connection). */
  nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** What kept answers must match to be served; undefined while changes may go unheard. */
  private generation(routePath: string): string | undefined {
    if (!this.hearing) return undefined;
    const base = `${this.notices}:${this.options.indexVersion()}`;
    return DATED.has(routePath) ? `${base}:${new Date().toISOString().slice(0, 10)}` : base;
  }

  /** Serves kept answers, and keeps the answers of the routes above as they are sent. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const answers = this.answers;
    if (!answers || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    // The scope, not the route alone: a call asking for the admin view is personal on any route.
    const { route, scope } = routedCall(req, res);
    if (!route || scope !== 'shared' || !answeredFromMemory.has(route.path) || computedEachTime(route.path, req.originalUrl)) {
      return next();
    }
    const generation = this.generation(route.path);
    if (generation === undefined) {
      this.outcomes.inc({ outcome: 'bypass' });
      return next();
    }
    // Per language too (issue 29): a listing's title and description are worded in the caller's.
    const key = `${requestLanguage(req).locale} ${req.originalUrl}`;
    const kept = answers.get(key);
    if (kept && kept.generation === generation) {
      // The duration histogram labels it as the router would have.
      res.locals.routeLabel = route.path;
      this.outcomes.inc({ outcome: send(req, res, kept) ? 'not_modified' : 'hit' });
      return;
    }
    this.outcomes.inc({ outcome: 'miss' });
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const cacheControl = res.getHeader('Cache-Control');
      if (res.statusCode !== 200 || typeof cacheControl !== 'string' || sharedMaxAge(cacheControl) === 0) return json(body);
      const bytes = asciiJsonBytes(body);
      const answer: Answer = { body: bytes, etag: strongEtag(bytes), cacheControl, generation };
      if (this.generation(route.path) === generation) answers.set(key, answer);
      send(req, res, answer);
      return res;
    };
    next();
  };

  async stop(): Promise<void> {
    this.hearing = false;
    await this.subscription?.stop();
  }
}

/**
 * The JSON Express's res.json would send (no replacer, spaces or escaping are set), with every
 * character past ASCII written as its \u escape: the same value to any JSON reader, and
 * bytes a reader decodes on its fast path (a few "£" in a listing made the web's UTF-8
 * decoding of it nine times slower). Kept answers are made once and read many times.
 */
export function asciiJsonBytes(value: unknown): Buffer {
  const json = JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(json, 'latin1');
}

function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Sends a kept answer, or 304 when the client holds it already; true for a 304. */
function send(req: Request, res: Response, answer: Answer): boolean {
  res.setHeader('Cache-Control', answer.cacheControl);
  res.setHeader('ETag', answer.etag);
  if (matches(req.headers['if-none-match'], answer.etag)) {
    res.status(304).end();
    return true;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', answer.body.length);
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(answer.body);
  return false;
}

/** If-None-Match against our ETag: weak comparison, as RFC 9110 asks for this header. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
