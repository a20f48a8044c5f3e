import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type client from 'prom-client';
import { Counter } from 'prom-client';
import type { Caller } from './api-upstream';
import type { SharedCacheEntry } from './shared-cache';

// A private cache per session for the personal GETs server-rendered pages make on every full
// load (the profile and unread count behind the header, and later what the shopper has
// wishlisted or follows). Without it, each signed-in page costs the api a session lookup per
// personal call; with it, a shopper opening several pages in a row costs one.
//
// - Private: kept per session (a hash of the token, else of the guest key; and by the geoip
//   country the api hears), only for the same session's own pages: never shared, never in
//   the shared cache, never carried to the browser.
// - Fresh after the shopper's own changes: any state-changing call the session makes (through
//   the gateway, a session route or a page action) and any 401 drop what was kept for it,
//   whatever country it was kept under.
// - Short: what changes elsewhere (another device, another web instance, a fired alert, a
//   revoked session) shows within SESSION_CACHE_SECONDS. The api still decides every
//   personal write and every browser call, so a stale header is the most this can cost.

export type SessionCache = {
  get(caller: Caller, url: string): SharedCacheEntry | undefined;
  set(caller: Caller, url: string, entry: SharedCacheEntry): void;
  /** The session changed something, or ended: nothing kept for it is used again. */
  forget(caller: Caller): void;
};

type Kept = SharedCacheEntry & { expires: number };
type Bucket = { entries: Map<string, Kept>; bytes: number };

export type SessionCacheOptions = {
  ttlSeconds: number;
  maxBytes: number;
  registry?: client.Registry | undefined;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
};

function identityOf(caller: Caller): string | undefined {
  const secret = caller.token ? `token ${caller.token}` : caller.guestKey ? `guest ${caller.guestKey}` : undefined;
  return secret && createHash('sha256').update(secret).digest('base64url');
}

/** The api hears the geoip country too (geo-country answers by it): part of what an answer is for. */
const entryKey = (caller: Caller, key: string) => `${caller.geoCountry ?? ''} ${key}`;

/** `ttlSeconds` or `maxBytes` 0 turns it off: every lookup misses and nothing is kept. */
export function createSessionCache({ ttlSeconds, maxBytes, registry, now = () => performance.now() }: SessionCacheOptions): SessionCache {
  const registers = registry ? [registry] : [];
  const hits = new Counter({ name: 'session_cache_hits_total', help: 'Personal api GETs answered from the session cache', registers });
  const misses = new Counter({ name: 'session_cache_misses_total', help: 'Personal api GETs the session cache did not hold', registers });
  const off = ttlSeconds <= 0 || maxBytes <= 0;
  const ttlMs = ttlSeconds * 1000;
  const buckets = new LRUCache<string, Bucket>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (bucket, identity) => Math.max(1, bucket.bytes + identity.length),
  });

  return {
    get(caller, url) {
      const key = entryKey(caller, url);
      const identity = off ? undefined : identityOf(caller);
      const kept = identity ? buckets.get(identity)?.entries.get(key) : undefined;
      if (!kept || kept.expires <= now()) {
        if (identity) misses.inc();
        return undefined;
      }
      hits.inc();
      return { status: kept.status, body: kept.body, bytes: kept.bytes, answer: kept.answer };
    },
    set(caller, url, entry) {
      const key = entryKey(caller, url);
      const identity = off ? undefined : identityOf(caller);
      if (!identity || entry.bytes > maxBytes / 4) return;
      const bucket = buckets.get(identity) ?? { entries: new Map<string, Kept>(), bytes: 0 };
      const at = now();
      for (const [k, v] of bucket.entries) {
        if (v.expires <= at || k === key) {
          bucket.bytes -= v.bytes + k.length;
          bucket.entries.delete(k);
        }
      }
      bucket.entries.set(key, { ...entry, expires: at + ttlMs });
      bucket.bytes += entry.bytes + key.length;
      // Set again so the LRU counts the bucket's new size.
      buckets.set(identity, bucket);
    },
    forget(caller) {
      const identity = identityOf(caller);
      if (identity) buckets.delete(identity);
    },
  };
}
