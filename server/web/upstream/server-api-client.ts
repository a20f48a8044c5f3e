import { createApiClient, transferKey, type ApiClient, type ApiRequest, type ApiResponse } from '../../../shared/api/api-client';
import { parseAnswer, type AnswerName } from '../../../shared/api/answer-schemas';
import { viewedBy } from '../../../shared/api/admin-view';
import { sharedMaxAge, sharedStaleSeconds } from '../../../shared/http/cache-policy';
import { readJson, scoped, type ApiUpstream, type CallOptions, type Caller } from './api-upstream';
import { purgeKeysOf } from './cache-purges';
import { fromKept, parsedAs } from './parsed-answer';
import type { SharedCache } from './shared-cache';
import type { ShellWarmer } from './shell-warmer';
import type { TransferCache, TransferMetrics } from './transfer-cache';
import { AUTH_PREFIX } from '../../../shared/api/api-paths';
import type { ApiScope } from '../../../shared/api/api-routes';

// The API client SSR loaders and page actions use: straight to API_BASE_URL through the one
// upstream. Each call's scope comes from its method and path (shared/api/api-routes.ts), not
// from who is signed in:
//  - shared calls carry no identity (api-upstream.ts), so their answers are the same for a
//    guest and a shopper: cacheable GETs are kept in the process-wide shared cache, and the
//    answers may travel to the browser in the page's transfer cache;
//  - personal calls carry the token (else the guest key) and their answers stay with this
//    session: never in the shared cache, never in the transfer cache. Within the page a
//    personal GET two loaders make is fetched once (a memo that is never serialised); across
//    the session's pages the session cache keeps them a short while (session-cache.ts), and a
//    personal write or a 401 drops what it kept.
// Each answer is parsed (shared/api/answer-schemas.ts) once, when it is fetched, and kept
// parsed: a kept answer, a joined call or a page's second ask is not parsed again (issue 26).

export type ServerApiDeps = {
  upstream: ApiUpstream;
  sharedCache: SharedCache;
  /** The shell's answers, held by the web ahead of pages (shell-warmer.ts); absent, they are asked for like any other. */
  shell?: Pick<ShellWarmer, 'get'> | undefined;
  transferMetrics?: TransferMetrics;
  /** False: a kept answer is parsed again at each use, as before issue 26 (KEEP_PARSED_ANSWERS, for the bench). */
  keepParsed?: boolean | undefined;
};

export type PageApiOptions = {
  caller: Caller;
  /** This page's transfer cache; absent, nothing is offered to the browser. */
  transfer?: TransferCache | undefined;
  /** The page's abort signal and its one deadline, for every call it makes. */
  calls?: CallOptions | undefined;
  /** Called when the api answers 401 outside sign-in: the session is over (spec section 8). */
  onUnauthorized?: () => void;
  /**
   * Whether the page's session says admin: the calls the admin view changes then ask for it
   * (shared/api/admin-view.ts viewedBy), which makes them personal, so an admin's catalogue is
   * never kept in the shared cache nor carried in the transfer cache.
   */
  admin?: () => boolean;
  /**
   * Hears the purge keys of every shared answer the page used (cache-purges.ts): a page kept
   * by the page cache is dropped when one of them is purged.
   */
  onPurgeKeys?: (keys: readonly string[]) => void;
  /**
   * The page cache's background render of a stale page: an answer past its max-age is asked
   * for afresh rather than rendered again from the kept copy, so what the api no longer
   * answers (a list made private: 404) leaves with this render.
   */
  revalidating?: boolean;
};

export type PageApi = {
  /** What loaders and actions get in their context: the same interface as in the browser. */
  client: ApiClient;
  /** Whether this page has made a personal call: its document is then nobody else's. */
  madePersonalCall(): boolean;
};

const NOT_JSON: ApiResponse = { status: 502, body: { message: 'the api answered with something that is not JSON' } };

export function createServerApiClient(deps: ServerApiDeps, options: PageApiOptions): PageApi {
  const { caller, transfer } = options;
  const calls = options.calls ?? {};
  const { sessionCache, purges } = deps.upstream;
  const keepParsed = deps.keepParsed !== false;
  let personalCalls = 0;
  const personalGets = new Map<string, Promise<ApiResponse>>();

  type Answer = { response: ApiResponse; cacheControl: string | undefined; setsCookie: boolean; purgeKeys: string[] };

  async function fetchAnswer(request: ApiRequest, answer: AnswerName, callOptions: CallOptions = calls): Promise<Answer> {
    const res = await deps.upstream.call(request, caller, callOptions);
    if (res.status === 401 && !request.url.startsWith(AUTH_PREFIX)) options.onUnauthorized?.();
    const json = readJson(res.text);
    return {
      response: json ? parsedAs(answer, { status: res.status, body: json.value, bytes: res.bytes }) : NOT_JSON,
      cacheControl: res.headers['cache-control'],
      setsCookie: Boolean(res.headers['set-cookie']),
      purgeKeys: purgeKeysOf(res.headers),
    };
  }

  /**
   * Asks the api for a shared GET and keeps the answer for as long as its Cache-Control says;
   * everyone who asks for the same address meanwhile joins the call, which therefore runs to its
   * end whoever leaves (no abort signal), within this page's deadline.
   */
  function fetchShared(request: ApiRequest, key: string, name: AnswerName) {
    return deps.sharedCache.coalesce(key, async () => {
      const started = performance.now();
      const answer = await fetchAnswer(request, name, { deadline: calls.deadline, timeoutMs: calls.timeoutMs });
      const { status, bytes } = answer.response;
      // The api says it is not there (any more), or not for this request: a kept copy is
      // never answered instead (issue 25: a list made private was served from one).
      if (status >= 400 && status < 500) deps.sharedCache.delete(key);
      // Nor is an answer kept when what it is about was purged while it was on its way.
      if (status === 200 && !answer.setsCookie && bytes !== undefined && !purges.purgedSince(answer.purgeKeys, started)) {
        const maxAge = sharedMaxAge(answer.cacheControl);
        const kept = { status, body: answer.response.body, bytes, answer: answer.response.answer, purgeKeys: answer.purgeKeys };
        if (maxAge > 0) deps.sharedCache.set(key, kept, maxAge, sharedStaleSeconds(answer.cacheControl));
      }
      return answer;
    });
  }

  async function shared(request: ApiRequest, name: AnswerName): Promise<ApiResponse> {
    if (request.method !== 'GET') {
      return { ...(await fetchAnswer(request, name)).response, transferable: false };
    }
    const key = transferKey(request);
    const held = deps.shell?.get(key);
    if (held) return { ...fromKept(held, name, keepParsed), transferable: true };
    // Purges heard of and not yet applied come first: nothing they drop is answered after them.
    const purging = purges.pending();
    if (purging) await purging;
    const sharedKey = sharedCacheKey(caller, key);
    const hit = deps.sharedCache.get(sharedKey);
    if (hit && !(hit.stale && options.revalidating)) {
      // Past its max-age: this page gets the kept answer, and one call fetches a fresh copy
      // for the pages after it (a failed refresh leaves the kept one until it expires, a
      // refusal drops it).
      if (hit.stale) fetchShared(request, sharedKey, name).catch(() => undefined);
      if (hit.purgeKeys?.length) options.onPurgeKeys?.(hit.purgeKeys);
      return { ...fromKept(hit, name, keepParsed), transferable: true };
    }
    const { response, setsCookie, purgeKeys } = await fetchShared(request, sharedKey, name);
    if (purgeKeys.length) options.onPurgeKeys?.(purgeKeys);
    return { ...response, transferable: !setsCookie };
  }

  // This page's personal writes, begun and ended, and those in flight: a GET that overlapped
  // one may hold the answer from before it (the root's unread count while My Alerts marks
  // them read), so it is not kept for the session's next pages.
  let writeEvents = 0;
  let writesInFlight = 0;

  async function personalWrite(request: ApiRequest, name: AnswerName): Promise<ApiResponse> {
    // A write may change what the shopper's own GETs answer: ask again after it (the
    // upstream drops what the session cache kept).
    personalGets.clear();
    writeEvents++;
    writesInFlight++;
    try {
      return (await fetchAnswer(request, name)).response;
    } finally {
      writesInFlight--;
      writeEvents++;
    }
  }

  async function personalGet(request: ApiRequest, key: string, name: AnswerName): Promise<ApiResponse> {
    const kept = sessionCache.get(caller, key);
    if (kept) return fromKept(kept, name, keepParsed);
    const before = writesInFlight === 0 ? writeEvents : -1;
    const { response, setsCookie } = await fetchAnswer(request, name);
    const overlapped = before !== writeEvents || writesInFlight > 0;
    if (response.status === 200 && !setsCookie && response.bytes !== undefined && !overlapped) {
      sessionCache.set(caller, key, { status: response.status, body: response.body, bytes: response.bytes, answer: response.answer });
    }
    return response;
  }

  function personal(request: ApiRequest, name: AnswerName): Promise<ApiResponse> {
    personalCalls++;
    if (request.method !== 'GET') return personalWrite(request, name);
    const key = transferKey(request);
    let pending = personalGets.get(key);
    if (!pending) {
      pending = personalGet(request, key, name);
      personalGets.set(key, pending);
    }
    return pending;
  }

  // Each call as it is sent (with the admin view when the session says admin) and its scope,
  // worked out once and carried with it: the transfer cache, the transport and the upstream's
  // headers read it from there, not from the route table again (issue 26).
  const routedCalls = new WeakMap<ApiRequest, ApiRequest & { scope: ApiScope }>();
  const routed = (asked: ApiRequest) => {
    let request = routedCalls.get(asked);
    if (!request) {
      const url = viewedBy(asked.method, asked.url, options.admin?.() === true);
      request = scoped(url === asked.url ? asked : { ...asked, url });
      routedCalls.set(asked, request);
    }
    return request;
  };
  const transport = (asked: ApiRequest, name: AnswerName) => {
    const request = routed(asked);
    return request.scope === 'shared' ? shared(request, name) : personal(request, name);
  };

  const client = createApiClient(transport, {
    // Within one page, a shared GET two loaders make is fetched once.
    take(key, request) {
      if (!transfer || routed(request).scope !== 'shared') return undefined;
      const value = transfer.get(key);
      deps.transferMetrics?.lookup(value !== undefined);
      return value;
    },
    record(key, value, response) {
      if (transfer && response.transferable && response.bytes !== undefined) transfer.offer(key, value, response.bytes);
    },
  }, parseAnswer);
  return { client, madePersonalCall: () => personalCalls > 0 };
}

/** A shared answer is kept per language (decision 0080): the api writes its messages in the caller's. */
export function sharedCacheKey(caller: Pick<Caller, 'locale'>, transferKey: string): string {
  return `${caller.locale ?? ''} ${transferKey}`;
}
