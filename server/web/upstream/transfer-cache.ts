import type client from 'prom-client';
import { Counter, Histogram } from 'prom-client';

// Spec section 7: "GET responses are cached for transfer from server to browser by URL
// plus options". One per request, filled only while loaders run, bounded by entries and
// bytes, holding shared answers only: never personal ones, never ones that set cookies
// (server-api-client.ts decides that and does not offer them).

export type TransferLimits = { maxEntries: number; maxBytes: number };

export type TransferMetrics = {
  record(entries: number, bytes: number, refused: number): void;
  lookup(hit: boolean): void;
};

export function createTransferMetrics(registry: client.Registry): TransferMetrics {
  const bytes = new Histogram({
    name: 'transfer_cache_bytes',
    help: 'Bytes of upstream answers carried to the browser per page',
    buckets: [0, 1024, 4096, 16384, 65536, 262144, 1048576],
    registers: [registry],
  });
  const entries = new Counter({ name: 'transfer_cache_entries_total', help: 'Upstream answers carried to the browser', registers: [registry] });
  const hits = new Counter({
    name: 'transfer_cache_hits_total',
    help: 'Upstream GETs a page repeated, answered from its transfer cache',
    registers: [registry],
  });
  const misses = new Counter({ name: 'transfer_cache_misses_total', help: 'Upstream GETs a page made for the first time', registers: [registry] });
  const refused = new Counter({
    name: 'transfer_cache_refused_total',
    help: 'Upstream answers left out of the transfer cache (over its bounds)',
    registers: [registry],
  });
  return {
    record(n, b, r) {
      bytes.observe(b);
      entries.inc(n);
      refused.inc(r);
    },
    lookup(hit) {
      (hit ? hits : misses).inc();
    },
  };
}

export class TransferCache {
  private readonly entries = new Map<string, unknown>();
  private bytes = 0;
  private refused = 0;
  private sealed = false;

  constructor(private readonly limits: TransferLimits) {}

  /** Offers a parsed answer of `size` bytes; kept only while there is room and loaders run. */
  offer(key: string, value: unknown, size: number): void {
    if (this.sealed || this.entries.has(key)) return;
    if (this.entries.size >= this.limits.maxEntries || this.bytes + size > this.limits.maxBytes) {
      this.refused++;
      return;
    }
    this.entries.set(key, value);
    this.bytes += size;
  }

  /** An answer this page already fetched (two loaders asking the same thing). */
  get(key: string): unknown {
    return this.entries.get(key);
  }

  /** Called when the loaders are done: nothing fetched while rendering is carried over. */
  seal(): ReadonlyMap<string, unknown> {
    this.sealed = true;
    return this.entries;
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes, refused: this.refused };
  }
}
