import { API_ANSWER_HEADER } from '../../../shared/constants';

// Which catalogue the api answers from, as its answers' x-catalog-version header says: the
// catalogue generation its index holds, a number that only grows and is the same on every api
// instance for the same catalogue. Every api answer the web reads passes by here (page calls,
// the gateway, the page cache's probe); a greater value means an import changed the catalogue,
// and whoever keeps what the old catalogue answered (the page cache, the shared cache) drops
// it. A smaller value is an instance behind the others (just started, or still indexing): it
// changes nothing, so a web behind a balancer over several apis does not empty its caches each
// time the answers alternate.

export type CatalogVersion = {
  /** Counts the changes seen: a page rendered across a change is not kept (page-cache.ts). */
  readonly generation: number;
  /** When an answer last said which catalogue it is (performance.now()); -Infinity before the first. */
  readonly seenAt: number;
  /** An answer's headers: a greater value calls every listener. */
  observe(headers: Record<string, string | string[] | undefined>): void;
  onChange(listener: () => void): void;
};

export function createCatalogVersion(): CatalogVersion {
  let current: number | undefined;
  let generation = 0;
  let seenAt = -Infinity;
  const listeners: (() => void)[] = [];
  return {
    get generation() {
      return generation;
    },
    get seenAt() {
      return seenAt;
    },
    observe(headers) {
      const header = headers[API_ANSWER_HEADER.catalogVersion];
      const value = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
      if (value === undefined) return;
      seenAt = performance.now();
      if (current !== undefined && value <= current) return;
      const first = current === undefined;
      current = value;
      if (first) return;
      generation++;
      for (const listener of listeners) listener();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
