import type http from 'node:http';
import type { Request, Response } from 'express';
import type client from 'prom-client';
import { Histogram } from 'prom-client';
import type { Logger } from 'pino';
import type { ApiRequest } from '../../../shared/api/api-client';
import { CACHE_PURGES_PATH, CachePurgesSchema } from '../../../shared/api/cache-purges';
import { apiScope, type ApiScope } from '../../../shared/api/api-routes';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import { renderTurn } from '../render/render-turns';
import { createCachePurges, type CachePurges } from './cache-purges';
import { createCatalogVersion, type CatalogVersion } from './catalog-version';
import { createSessionCache, type SessionCache } from './session-cache';
import { keepAliveAgent } from './upstream-agent';
import { UpstreamError, upstreamFetch, type UpstreamResponse } from './upstream-fetch';

// The one way the web server calls the api (loaders, page actions, the session routes, the
// sitemaps; the gateway proxies with the same agent and headers): one keep-alive pool, one
// header builder, one wording of what a failed call answers.

/** Who a call is made for, as far as the api may hear it (spec section 7 "Generic layer"). */
export type Caller = {
  token?: string | undefined;
  guestKey?: string | undefined;
  geoCountry?: CountryCode | undefined;
  isBot: boolean;
  requestId: string;
  /** The page's language as a locale (fr-CA): the api writes its messages and e-mails in it. */
  locale?: string | undefined;
  /**
   * The shopper's address as Express's `trust proxy` (TRUST_PROXY) reads it: the api counts
   * its per-address limits on it, so one client cannot use up every shopper's sign-ins.
   */
  clientAddress?: string | undefined;
};

function cookie(req: Request, name: string): string | undefined {
  const value: unknown = req.cookies?.[name];
  return typeof value === 'string' && value ? value : undefined;
}

/** The caller of this request: identity from our cookies only, never from headers a page sent. */
export function callerOf(req: Request, res: Response): Caller {
  const info = res.locals.requestInfo;
  return {
    token: cookie(req, COOKIE.token),
    guestKey: cookie(req, COOKIE.guestKey),
    geoCountry: info.geoCountry,
    isBot: info.isBot,
    requestId: info.requestId,
    locale: info.language.locale,
    clientAddress: req.ip,
  };
}

/** Spec section 7: "neither for paths under /clients/api/". */
const CLIENTS_API = '/clients/api/';

/**
 * A call to the api, with its scope when whoever made it has already looked it up in the route
 * table (the page's api client, the gateway): the table is read once per call (issue 26).
 */
export type ScopedCall = { method: string; url: string; scope?: ApiScope | undefined };

/** The call with its scope: the one it carries, else the route table's. */
export function scoped<T extends ScopedCall>(call: T): T & { scope: ApiScope } {
  return call.scope ? (call as T & { scope: ApiScope }) : { ...call, scope: apiScope(call.method, call.url) };
}

/**
 * Whether the shopper's identity travels with a call: only on personal calls
 * (shared/api/api-routes.ts; a path it does not list counts as personal), never under
 * /clients/api/. Shared calls are then the same request for everyone, so their answers may be
 * shared.
 */
export function sendsIdentity(call: ScopedCall): boolean {
  return !call.url.startsWith(CLIENTS_API) && scoped(call).scope === 'personal';
}

/** A state-changing call that carries the session: it may change what the session's GETs answer. */
export function isPersonalWrite(call: ScopedCall): boolean {
  return call.method !== 'GET' && call.method !== 'HEAD' && sendsIdentity(call);
}

/**
 * Keeps a session's cache true around a call it makes through the web (a page's or a session
 * route's call, or the gateway's forwarding of the browser's): a personal write drops what the
 * session kept before it goes, and the returned function, given the answer's status, drops it
 * again once the write is done (a page rendered meanwhile may have kept the old answer), or
 * on a 401 (the session is gone).
 */
export function forgetAroundWrite(sessionCache: SessionCache, request: ScopedCall, caller: Caller): (status: number) => void {
  const personalWrite = isPersonalWrite(request);
  if (personalWrite) sessionCache.forget(caller);
  return (status) => {
    if (personalWrite || status === 401) sessionCache.forget(caller);
  };
}

/**
 * The headers every call to the api carries: request id, bot flag and geoip country (spec
 * section 3 "Server requests carry geoip country and bot flag headers") and the client's
 * address as X-Forwarded-For (one address, the one we trust, replacing whatever the client
 * sent), plus the token, else the guest key, on personal calls.
 */
export function upstreamHeaders(request: ScopedCall, caller: Caller): Record<string, string> {
  const headers: Record<string, string> = {
    [UPSTREAM_HEADER.requestId]: caller.requestId,
    [UPSTREAM_HEADER.bot]: caller.isBot ? '1' : '0',
  };
  if (caller.geoCountry) headers[UPSTREAM_HEADER.geoCountry] = caller.geoCountry;
  if (caller.locale) headers[UPSTREAM_HEADER.locale] = caller.locale;
  if (caller.clientAddress) headers[UPSTREAM_HEADER.clientAddress] = caller.clientAddress;
  if (!sendsIdentity(request)) return headers;
  if (caller.token) headers[UPSTREAM_HEADER.token] = caller.token;
  else if (caller.guestKey) headers[UPSTREAM_HEADER.guestKey] = caller.guestKey;
  return headers;
}

/** What a call that got no answer answers instead: no host names, no internals. */
export const UPSTREAM_FAILURE = {
  unreachable: { status: 502, message: 'The service is unavailable right now. Please try again shortly.' },
  timeout: { status: 504, message: 'The service took too long to answer. Please try again.' },
} as const satisfies Record<UpstreamError['kind'], { status: number; message: string }>;

export type CallOptions = {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /**
   * A time on performance.now()'s clock by which the call must be done, whatever its own
   * timeout: a page's calls share one (pageDeadline), so calls made one after another do not
   * each get the whole timeout. A call made after it answers the timeout failure at once.
   */
  deadline?: number | undefined;
};

/** The deadline of a page's upstream calls: UPSTREAM_TIMEOUT_MS from now, for all of them. */
export function pageDeadline(upstream: ApiUpstream): number {
  return performance.now() + upstream.timeoutMs;
}

export type ApiUpstream = {
  readonly base: URL;
  /** How long a call waits for the api unless told otherwise (UPSTREAM_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** The one keep-alive pool to the api, shared with the gateway. */
  readonly agent: http.Agent;
  /**
   * One call with the caller's headers. An api that does not answer (unreachable, too slow)
   * becomes a 502 or 504 answer with a JSON body of UPSTREAM_FAILURE; only an abort throws.
   */
  call(request: ApiRequest & ScopedCall, caller: Caller, options?: CallOptions): Promise<UpstreamResponse>;
  /**
   * The sessions' own personal answers, kept for their next pages (session-cache.ts). Every
   * personal write a session makes through `call`, and any 401, drops what it kept; the
   * gateway does the same for the calls it proxies.
   */
  readonly sessionCache: SessionCache;
  /** The catalogue the api last said it answers from; every answer `call` reads updates it. */
  readonly catalogVersion: CatalogVersion;
  /** What must leave the caches at once (cache-purges.ts); every answer `call` reads may say there is more. */
  readonly purges: CachePurges;
  /** An answer's headers, whoever read it (`call`, the gateway): the catalogue and the purges it names. */
  observe(headers: Record<string, string | string[] | undefined>): void;
};

export type ApiUpstreamOptions = { baseUrl: string; timeoutMs: number; registry: client.Registry; sessionCache?: SessionCache; logger?: Logger };

/** Bounded label: "/api/home/slides", "/api/products/detail" (ids and slugs dropped). */
export function upstreamPathLabel(url: string): string {
  return url.split('?')[0]!.split('/').slice(0, 4).join('/');
}

export function createApiUpstream({ baseUrl, timeoutMs, registry, sessionCache = createSessionCache({ ttlSeconds: 0, maxBytes: 0 }), logger }: ApiUpstreamOptions): ApiUpstream {
  const base = new URL(baseUrl);
  const catalogVersion = createCatalogVersion();
  const purges = createCachePurges(async (after) => {
    const res = await upstream.call({ method: 'GET', url: `${CACHE_PURGES_PATH}?after=${after}` }, { isBot: false, requestId: 'cache-purges' });
    const parsed = res.status === 200 ? CachePurgesSchema.safeParse((readJson(res.text)?.value as { data?: unknown } | undefined)?.data) : undefined;
    if (!parsed?.success) throw new Error(`the api answered ${res.status} to ${CACHE_PURGES_PATH}`);
    return parsed.data;
  }, logger);
  const agent = keepAliveAgent(baseUrl);
  const duration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Duration of api calls the web server makes (loaders, actions, sessions, sitemaps), by path and status',
    labelNames: ['path', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const upstream: ApiUpstream = {
    base,
    timeoutMs,
    agent,
    sessionCache,
    catalogVersion,
    purges,
    observe(headers) {
      catalogVersion.observe(headers);
      purges.observe(headers);
    },
    async call(asked, caller, options = {}) {
      const started = performance.now();
      const request = scoped(asked);
      let status = 0;
      const answered = forgetAroundWrite(sessionCache, request, caller);
      const ownTimeout = options.timeoutMs ?? timeoutMs;
      const wait = options.deadline === undefined ? ownTimeout : Math.min(ownTimeout, options.deadline - started);
      try {
        if (wait <= 0) throw new UpstreamError('timeout', 'the deadline had passed before the call');
        const res = await upstreamFetch(base, agent, request, upstreamHeaders(request, caller), wait, options.signal);
        status = res.status;
        upstream.observe(res.headers);
        // What the caller does with the answer (parse it, shape a page's data) takes a turn
        // of its own, as a render does (render/render-turns.ts).
        await renderTurn();
        return res;
      } catch (error) {
        if (!(error instanceof UpstreamError) || options.signal?.aborted) throw error;
        const failure = UPSTREAM_FAILURE[error.kind];
        status = failure.status;
        const text = JSON.stringify(failure);
        return { status, headers: {}, text, bytes: Buffer.byteLength(text) };
      } finally {
        answered(status);
        duration.observe({ path: upstreamPathLabel(request.url), status: String(status) }, (performance.now() - started) / 1000);
      }
    },
  };
  return upstream;
}

/** The JSON body of an answer; undefined when it is not JSON. */
export function readJson(text: string): { value: unknown } | undefined {
  try {
    return { value: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return undefined;
  }
}
