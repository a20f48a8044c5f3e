import { LRUCache } from 'lru-cache';
import type client from 'prom-client';
import { Counter, Gauge } from 'prom-client';

// A process-wide cache of shared, cacheable api GETs (menus, countries, home content,
// listings, filter lists), the same for a guest and a signed-in shopper since shared calls
// carry no identity. What may be kept, and for how long, is the api's own Cache-Control
// (public, max-age); personal answers never enter (server-api-client.ts).

export type SharedCacheEntry = { status: number; body: unknown; bytes: number };

export type SharedCache = {
  get(url: string): SharedCacheEntry | undefined;
  /**
   * One upstream call for every page that asks for `url` while it is on its way: when a kept
   * answer expires under load, the renders in flight would otherwise each ask the api for it at
   * once. With the cache off, every caller makes its own call.
   */
  coalesce<T>(url: string, fetch: () => Promise<T>): Promise<T>;
  set(url: string, entry: SharedCacheEntry, ttlSeconds: number): void;
  clear(): void;
};

/** `maxBytes` 0 turns the cache off (every lookup a miss); an entry over a quarter of it is not kept. */
export function createSharedCache(maxBytes: number, registry?: client.Registry): SharedCache {
  const cache = new LRUCache<string, SharedCacheEntry>({
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
      const entry = cache.get(url);
      if (entry) hits.inc();
      else misses.inc();
      return entry;
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
    set(url, entry, ttlSeconds) {
      if (entry.bytes > maxBytes / 4) return;
      cache.set(url, entry, { ttl: ttlSeconds * 1000 });
    },
    clear() {
      cache.clear();
    },
  };
}
