import { LRUCache } from 'lru-cache';
import type client from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import type { AnswerName } from '../../../shared/api/answer-schemas';

// A process-wide cache of shared, cacheable api GETs (menus, countries, home content,
// listings, filter lists), the same for a guest and a signed-in shopper since shared calls
// carry no identity. What may be kept, and for how long, is the api's own Cache-Control
// (public, max-age, stale-while-revalidate); personal answers never enter (server-api-client.ts).
// Past its max-age an answer is still served for its stale-while-revalidate time while one
// call fetches a fresh copy, so a page that a hot answer serves never waits for the api.

/**
 * `answer`: the named answer `body.data` was parsed as when it was fetched (issue 26: a kept
 * answer is kept parsed, and not parsed again on a hit). `purgeKeys`: the api's names for what
 * the answer is about (x-purge-keys): a purge of one drops it.
 */
export type SharedCacheEntry = { status: number; body: unknown; bytes: number; answer?: AnswerName | undefined; purgeKeys?: readonly string[] | undefined };

/** What `get` finds: the entry, and whether it is past its max-age (fetch a fresh copy, serve this meanwhile). */
export type SharedCacheHit = SharedCacheEntry & { stale: boolean };

export type SharedCache = {
  get(url: string): SharedCacheHit | undefined;
  /**
   * One upstream call for every page that asks for `url` while it is on its way: when a kept
   * answer expires under load, the renders in flight would otherwise each ask the api for it at
   * once. With the cache off, every caller makes its own call.
   */
  coalesce<T>(url: string, fetch: () => Promise<T>): Promise<T>;
  /** Kept fresh for `maxAgeSeconds`, then served stale for `staleSeconds` more. */
  set(url: string, entry: SharedCacheEntry, maxAgeSeconds: number, staleSeconds?: number): void;
  /** Drops the answer kept for `url`: the api now answers it otherwise (a 404 is never answered from a kept copy). */
  delete(url: string): void;
  /** Drops every answer that carries one of `keys` (cache-purges.ts). */
  purge(keys: ReadonlySet<string>): void;
  clear(): void;
};

/** `maxBytes` 0 turns the cache off (every lookup a miss); an entry over a quarter of it is not kept. */
export function createSharedCache(maxBytes: number, registry?: client.Registry): SharedCache {
  type Kept = SharedCacheEntry & { freshUntil: number };
  const cache = new LRUCache<string, Kept>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry, key) => Math.max(1, entry.bytes + key.length),
    ttlAutopurge: false,
  });
  const registers = registry ? [registry] : [];
  const pending = new Map<string, Promise<unknown>>();
  const hits = new Counter({ name: 'shared_cache_hits_total', help: 'Shared upstream cache hits', registers });
  const misses = new Counter({ name: 'shared_cache_misses_total', help: 'Shared upstream cache misses', registers });
  const joined = new Counter({ name: 'shared_cache_joined_total', help: 'Shared api calls a page joined, already on their way for another page, instead of making its own', registers });
  new Gauge({
    name: 'shared_cache_bytes',
    help: 'Bytes held by the shared upstream cache',
    registers,
    collect() {
      this.set(cache.calculatedSize);
    },
  });
  new Gauge({
    name: 'shared_cache_entries',
    help: 'Entries held by the shared upstream cache',
    registers,
    collect() {
      this.set(cache.size);
    },
  });
  return {
    get(url) {
      const kept = cache.get(url);
      if (!kept) {
        misses.inc();
        return undefined;
      }
      hits.inc();
      return { status: kept.status, body: kept.body, bytes: kept.bytes, answer: kept.answer, purgeKeys: kept.purgeKeys, stale: performance.now() >= kept.freshUntil };
    },
    coalesce<T>(url: string, fetch: () => Promise<T>): Promise<T> {
      if (maxBytes === 0) return fetch();
      const waiting = pending.get(url) as Promise<T> | undefined;
      if (waiting) {
        joined.inc();
        return waiting;
      }
      const call = fetch().finally(() => pending.delete(url));
      pending.set(url, call);
      return call;
    },
    set(url, entry, maxAgeSeconds, staleSeconds = 0) {
      if (entry.bytes > maxBytes / 4) return;
      const kept: Kept = { status: entry.status, body: entry.body, bytes: entry.bytes, answer: entry.answer, purgeKeys: entry.purgeKeys, freshUntil: performance.now() + maxAgeSeconds * 1000 };
      cache.set(url, kept, { ttl: (maxAgeSeconds + staleSeconds) * 1000 });
    },
    delete(url) {
      cache.delete(url);
    },
    purge(keys) {
      for (const [url, kept] of cache.entries()) if (kept.purgeKeys?.some((key) => keys.has(key))) cache.delete(url);
    },
    clear() {
      cache.clear();
    },
  };
}
