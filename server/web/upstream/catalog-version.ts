import { API_ANSWER_HEADER } from '../../../shared/constants';

// Which catalogue the api answers from, as its answers' x-catalog-version header says. Every
// api answer the web reads passes by here (page calls, the gateway, the page cache's probe);
// a new value means an import re-indexed the catalogue (or the api restarted), and whoever
// keeps what the old catalogue answered (the page cache, the shared cache) drops it.

export type CatalogVersion = {
  /** Counts the changes seen: a page rendered across a change is not kept (page-cache.ts). */
  readonly generation: number;
  /** When an answer last said which catalogue it is (performance.now()); -Infinity before the first. */
  readonly seenAt: number;
  /** An answer's headers: a new value calls every listener. */
  observe(headers: Record<string, string | string[] | undefined>): void;
  onChange(listener: () => void): void;
};

export function createCatalogVersion(): CatalogVersion {
  let current: string | undefined;
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
      const value = headers[API_ANSWER_HEADER.catalogVersion];
      if (typeof value !== 'string') return;
      seenAt = performance.now();
      if (value === current) return;
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
