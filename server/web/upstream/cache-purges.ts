import type { Logger } from 'pino';
import { PURGE_HEADER, type CachePurgesAnswer } from '../../../shared/api/cache-purges';

// The web's side of the cache purges (shared/api/cache-purges.ts; issue 25: a list made
// private stayed public for minutes in the page cache). Every api answer the web reads passes
// by here, as it passes by catalog-version.ts: one that names a purge newer than the last
// applied makes the web read the purges after it and hand each one's keys to the caches, which
// drop what carries them (the shared cache, the page cache). A web instance hears of a purge
// at its next exchange with the api: the write that made it, for the web that carried it, and
// for the others any page call, the gateway, or the page cache's probe of a web that serves
// only kept pages (PAGE_CACHE_VERSION_CHECK_MS).

export type CachePurges = {
  /** An answer's headers: a purge version newer than the last applied makes the web catch up. */
  observe(headers: Record<string, string | string[] | undefined>): void;
  /** Called with each purge's keys as it is applied. */
  onPurge(listener: (keys: ReadonlySet<string>) => void): void;
  /**
   * Whether one of `keys` was purged at `since` (performance.now()) or later: what a render or
   * a call that began before the purge fetched is not kept.
   */
  purgedSince(keys: Iterable<string>, since: number): boolean;
  /**
   * While purges heard of are being read and applied, a promise of their end (which never
   * rejects): a kept page or answer is looked up after it. Undefined the rest of the time.
   */
  pending(): Promise<void> | undefined;
};

/** An answer's purge keys (x-purge-keys); none when it names none. */
export function purgeKeysOf(headers: Record<string, string | string[] | undefined>): string[] {
  const header = headers[PURGE_HEADER.keys];
  return typeof header === 'string' ? header.split(' ').filter(Boolean) : [];
}

/** Longer than anything is kept (a page's max-age and stale time): a purge older than this can meet nothing in flight. */
const REMEMBER_MS = 15 * 60_000;

/**
 * `read(after)`: the purges after `after`, from the api; undefined when the api did not answer
 * (the next answer that names a newer purge tries again).
 */
export function createCachePurges(read: (after: number) => Promise<CachePurgesAnswer | undefined>, logger?: Logger): CachePurges {
  /** The last purge applied; undefined until the first answer says where the api stands. */
  let applied: number | undefined;
  let newest = 0;
  let reading: Promise<void> | undefined;
  const listeners: ((keys: ReadonlySet<string>) => void)[] = [];
  const purgedAt = new Map<string, number>();

  function apply(keys: readonly string[]): void {
    const now = performance.now();
    for (const [key, at] of purgedAt) if (now - at > REMEMBER_MS) purgedAt.delete(key);
    for (const key of keys) purgedAt.set(key, now);
    const set = new Set(keys);
    for (const listener of listeners) listener(set);
  }

  async function catchUp(): Promise<void> {
    while (applied !== undefined && applied < newest) {
      const answer = await read(applied).catch((error: unknown) => {
        logger?.warn({ err: error }, 'cache purges: could not read them; the next answer will try again');
        return undefined;
      });
      if (!answer) return;
      for (const purge of answer.purges) {
        apply(purge.keys);
        applied = Math.max(applied, purge.id);
      }
      // None left on record (older than the api keeps, or the version came from an instance
      // ahead of what this read saw): nothing more to apply up to what was announced.
      if (!answer.purges.length) applied = Math.max(applied, newest);
    }
  }

  return {
    observe(headers) {
      const header = headers[PURGE_HEADER.version];
      const value = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
      if (value === undefined) return;
      // The first answer: nothing kept was made before it.
      if (applied === undefined) applied = value;
      newest = Math.max(newest, value);
      if (applied >= newest || reading) return;
      reading = catchUp().finally(() => (reading = undefined));
    },
    onPurge(listener) {
      listeners.push(listener);
    },
    purgedSince(keys, since) {
      for (const key of keys) {
        const at = purgedAt.get(key);
        if (at !== undefined && at >= since) return true;
      }
      return false;
    },
    pending() {
      return reading;
    },
  };
}
