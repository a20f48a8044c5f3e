import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type client from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import { COOKIE } from '../../../shared/constants';
import { sharedMaxAge, sharedStaleSeconds } from '../../../shared/http/cache-policy';
import type { ApiUpstream } from '../upstream/api-upstream';

// Rendered pages for visitors with nothing of their own, as the large shops keep them in front
// of their renderers: a hot anonymous page is bytes from memory, not a render.
//
// What is kept: the HTML of a GET that carried no session and no guest key, that the document
// handler itself marked shareable (`public, max-age`: a page with anything personal in it is
// `private, no-store`, render/page-context.ts), set no cookie, answered 200, and rendered to
// the end. Keyed by country, bot flag (crawlers get the whole page at once, people a stream
// that may differ in shape) and the address. Bounded in bytes (LRU).
//
// Never one shopper's bytes to another: the only thing in a page that is the response's own
// is its CSP nonce. The page is kept split where the nonce stood and joined with each
// response's fresh nonce (its CSP header is this response's own, from the security headers);
// a kept page has no cookies to give (the XSRF cookie comes from GET /xsrf-token, never with a
// page). A request with a session or a guest key never reads from the cache.
//
// Fresh for the page's max-age; then served stale for its stale-while-revalidate while one
// background render, a request to this very server, replaces it: a hot page never waits for a
// render. When the api reports a new catalogue (x-catalog-version, upstream/catalog-version.ts)
// everything kept is dropped; a page whose render saw the change is not kept.

/** The background render's request: the cache lets it through to the renderer and keeps what it renders. */
const REVALIDATE_HEADER = 'x-page-cache-revalidate';
/**
 * Background renders at once. Each is a whole render, taken from what visitors' pages need: a
 * burst of stale hits used to queue hundreds of them behind this process's own agent, out of
 * the overload gate's sight, and the web rendered old pages for tens of seconds while every
 * request, kept pages too, waited seconds for the event loop (issue 25). Past this bound a
 * stale page is served as it is, and a later hit renders it again.
 */
const REVALIDATIONS_AT_ONCE = 2;

/** How each answer was served, for operators and the benchmark: hit, stale or miss. */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** What the document handler set that is not the response's own and not recomputed per response. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'date', 'age', 'transfer-encoding', 'connection', PAGE_CACHE_HEADER]);

type Entry = {
  status: number;
  /** The purge keys of the answers it was rendered from: a purge of one drops it. */
  purgeKeys: readonly string[];
  headers: [string, string][];
  /** The page split at its nonce: joined again with each response's own nonce. */
  parts: Buffer[];
  /** The whole page as rendered, and the length of the nonce it was rendered with. */
  bytes: number;
  nonceLength: number;
  storedAt: number;
  freshUntil: number;
  revalidating: boolean;
};

export type PageCacheOptions = {
  /** 0 turns the cache off. */
  maxBytes: number;
  /** How often, at most, pages served from the cache ask the api whether its catalogue changed. */
  versionCheckMs: number;
  upstream: ApiUpstream;
  /** The CDN's bot flag header (BOT_HEADER): the background render says which kind it renders. */
  botHeader: string;
  registry: client.Registry;
};

export type PageCache = {
  /**
   * As early as the request's country, bot flag and cookies are known: a kept page is sent
   * from here. Only addresses the document handler answered are ever kept, so for anything
   * else (the gateway, redirects, sitemaps) this is a lookup that finds nothing.
   */
  serve(req: Request, res: Response, next: NextFunction): void;
  /** Just before the overload gate and the document handler: keeps what the render sends. */
  keep(req: Request, res: Response, next: NextFunction): void;
  clear(): void;
};

/** Whether this request may read and fill the cache: GET or HEAD without a session or guest key. */
function anonymous(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  return !cookies[COOKIE.token] && !cookies[COOKIE.guestKey];
}

/** Keyed by the address as React Router reads it (http/request-address.ts): parameters keep their order, since the page echoes its address in links (sign-in's return address) and hydration compares with the browser's own. */
function keyOf(res: Response): string {
  const { country, language, isBot } = res.locals.requestInfo;
  // The language is the path's (request-info.ts), never a header's or a cookie's: said here too,
  // so no French page can answer an English address (issue 29).
  return `${country} ${language.locale} ${isBot ? 'bot' : 'human'} ${res.locals.address}`;
}

function split(body: Buffer, nonce: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at >= 0; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function headerText(value: number | string | string[]): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { upstream } = options;
  const registers = [options.registry];
  const lookups = new Counter({
    name: 'page_cache_lookups_total',
    help: 'Anonymous page requests by how the page cache answered: hit (fresh), stale (served while one background render replaces it), miss (rendered)',
    labelNames: ['result'] as const,
    registers,
  });
  const invalidations = new Counter({ name: 'page_cache_invalidations_total', help: 'Times the page cache was emptied because the api reported a new catalogue', registers });
  const purged = new Counter({ name: 'page_cache_purged_total', help: 'Pages dropped because what they show was purged (a list or look made private or deleted, a deleted shopper) or the api refused it', registers });
  if (options.maxBytes === 0) return { serve: (_req, _res, next) => next(), keep: (_req, _res, next) => next(), clear: () => undefined };

  let revalidations = 0;
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => Math.max(1, entry.bytes + key.length),
    ttlAutopurge: false,
  });
  new Gauge({
    name: 'page_cache_bytes',
    help: 'Bytes of HTML held by the page cache',
    registers,
    collect() {
      this.set(cache.calculatedSize);
    },
  });
  new Gauge({
    name: 'page_cache_revalidations_in_flight',
    help: `Background renders of stale pages under way (at most ${REVALIDATIONS_AT_ONCE})`,
    registers,
    collect() {
      this.set(revalidations);
    },
  });
  new Gauge({
    name: 'page_cache_entries',
    help: 'Pages held by the page cache',
    registers,
    collect() {
      this.set(cache.size);
    },
  });

  // Known only to this process: nobody else can make it render past the cache.
  const secret = randomBytes(18).toString('base64url');
  const selfAgent = new http.Agent({ keepAlive: true, maxSockets: REVALIDATIONS_AT_ONCE });
  let probing = false;

  upstream.catalogVersion.onChange(() => {
    cache.clear();
    invalidations.inc();
  });
  // A list or look made private, deleted, or its shopper deleted: its pages go at once.
  upstream.purges.onPurge((keys) => {
    for (const [key, entry] of cache.entries()) {
      if (entry.purgeKeys.some((purged) => keys.has(purged))) {
        cache.delete(key);
        purged.inc();
      }
    }
  });

  /** At most every versionCheckMs while pages come from the cache, and no api answer has said which catalogue it is. */
  function probeCatalogVersion(): void {
    if (probing || performance.now() - upstream.catalogVersion.seenAt < options.versionCheckMs) return;
    probing = true;
    void upstream
      .call({ method: 'GET', url: '/healthz' }, { isBot: false, requestId: 'page-cache-probe' }, { timeoutMs: Math.max(options.versionCheckMs, 1000) })
      .finally(() => (probing = false));
  }

  /**
   * One background render of a stale page, through this server (and its overload gate) like
   * any request. A page that now answers 4xx (a list made private: 404) is dropped, never
   * served again from the kept copy; one that fails (5xx, an overload's 503) is kept meanwhile.
   */
  function revalidate(req: Request, res: Response, key: string, entry: Entry): void {
    entry.revalidating = true;
    revalidations++;
    let ended = false;
    const done = () => {
      if (ended) return;
      ended = true;
      entry.revalidating = false;
      revalidations--;
    };
    const call = http.request(
      {
        host: req.socket.localAddress,
        port: req.socket.localPort,
        path: req.originalUrl,
        method: 'GET',
        agent: selfAgent,
        timeout: 30_000,
        headers: {
          host: req.headers.host ?? 'localhost',
          [options.botHeader]: res.locals.requestInfo.isBot ? '1' : '0',
          [REVALIDATE_HEADER]: secret,
        },
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        if (status >= 400 && status < 500 && cache.get(key, { updateAgeOnGet: false }) === entry) {
          cache.delete(key);
          purged.inc();
        }
        answer.resume();
        answer.once('end', done);
        answer.once('error', done);
      },
    );
    call.once('timeout', () => call.destroy());
    call.once('error', done);
    call.end();
  }

  function send(req: Request, res: Response, entry: Entry, result: 'hit' | 'stale'): void {
    res.locals.routeLabel = 'document';
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.setHeader(PAGE_CACHE_HEADER, result);
    const nonce = Buffer.from(res.locals.nonce);
    res.setHeader('Content-Length', entry.bytes + (entry.parts.length - 1) * (nonce.length - entry.nonceLength));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // The kept pieces and the nonce between them, handed to the socket as one vectored write
    // (no copy of the page per response).
    res.cork();
    entry.parts.forEach((part, i) => {
      if (i > 0) res.write(nonce);
      res.write(part);
    });
    res.end();
    process.nextTick(() => res.uncork());
  }

  /** Keeps what the renderer sends this GET, and stores it if the page turns out to be shareable. */
  function capture(res: Response, key: string): void {
    const generation = upstream.catalogVersion.generation;
    const started = performance.now();
    const before = new Map(Object.entries(res.getHeaders()).map(([name, value]) => [name, value === undefined ? '' : headerText(value)]));
    let headers: [string, string][] | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const limit = options.maxBytes / 8;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (headers === undefined) {
        // The handler's own headers, as they stand before the first byte.
        headers = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
          const text = headerText(value);
          if (before.get(name) !== text) headers.push([name, text]);
        }
      }
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > limit) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      chunks.push(bytes);
      size += bytes.length;
    };
    const write = res.write as (...args: unknown[]) => boolean;
    const end = res.end as (...args: unknown[]) => Response;
    res.write = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      return write.apply(this, args);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      return end.apply(this, args);
    } as Response['end'];

    res.once('finish', () => {
      const cacheControl = res.getHeader('cache-control');
      const maxAge = sharedMaxAge(typeof cacheControl === 'string' ? cacheControl : undefined);
      const shareable =
        res.statusCode === 200 &&
        maxAge > 0 &&
        headers !== undefined &&
        size <= limit &&
        res.getHeader('set-cookie') === undefined &&
        !res.locals.pageIncomplete &&
        generation === upstream.catalogVersion.generation &&
        // What it shows was purged while it rendered: it may show it still.
        !upstream.purges.purgedSince(res.locals.purgeKeys ?? [], started);
      if (!shareable) return;
      const now = Date.now();
      const staleSeconds = sharedStaleSeconds(cacheControl as string);
      const body = Buffer.concat(chunks, size);
      cache.set(
        key,
        {
          status: 200,
          purgeKeys: [...(res.locals.purgeKeys ?? [])],
          headers: headers!,
          parts: split(body, Buffer.from(res.locals.nonce)),
          bytes: size,
          nonceLength: Buffer.byteLength(res.locals.nonce),
          storedAt: now,
          freshUntil: now + maxAge * 1000,
          revalidating: false,
        },
        { ttl: (maxAge + staleSeconds) * 1000 },
      );
    });
  }

  return {
    serve(req, res, next) {
      // Marked here, where outsiders' headers are still as they sent them, and removed, so
      // that no page ever sees it.
      res.locals.pageCacheRevalidation = req.headers[REVALIDATE_HEADER] === secret;
      delete req.headers[REVALIDATE_HEADER];
      if (res.locals.pageCacheRevalidation || !anonymous(req)) return next();
      const lookUp = () => {
        const key = keyOf(res);
        const entry = cache.get(key);
        if (!entry) return next();
        const stale = Date.now() >= entry.freshUntil;
        lookups.inc({ result: stale ? 'stale' : 'hit' });
        if (stale && !entry.revalidating && revalidations < REVALIDATIONS_AT_ONCE) revalidate(req, res, key, entry);
        probeCatalogVersion();
        send(req, res, entry, stale ? 'stale' : 'hit');
      };
      // Purges heard of and not yet applied come first: a page they drop is not served after them.
      const purging = upstream.purges.pending();
      if (purging) void purging.then(lookUp);
      else lookUp();
    },
    keep(req, res, next) {
      if (!anonymous(req)) return next();
      if (!res.locals.pageCacheRevalidation) lookups.inc({ result: 'miss' });
      res.setHeader(PAGE_CACHE_HEADER, 'miss');
      if (req.method === 'GET') capture(res, keyOf(res));
      next();
    },
    clear() {
      cache.clear();
    },
  };
}
