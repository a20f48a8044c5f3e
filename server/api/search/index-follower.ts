import type { Logger } from 'pino';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/importer';
import type { Database } from '../db/database';

// Follows catalogue changes (ARCHITECTURE.md "Catalog index"): the importer runs
// pg_notify('catalog_changed', {"store": …}) in the transaction of every import that
// changed something, so the notice arrives once the import is committed. On PGlite it
// arrives in-process; on PostgreSQL every api instance LISTENs and follows on its own.
// Notices are gathered for a moment (a demo load sends one per feed) and handed over as
// the set of stores to re-read; a notice without a store asks for everything.

export type CatalogChange = { all: boolean; stores: Set<string> };

export type FollowerOptions = {
  /** Quiet time after a notice before re-reading. */
  debounceMs?: number;
  /** Longest a notice waits while more keep coming. */
  maxWaitMs?: number;
  logger?: Logger | undefined;
};

export class CatalogFollower {
  private pending: CatalogChange = { all: false, stores: new Set() };
  private hasPending = false;
  private timer: NodeJS.Timeout | undefined;
  private firstPendingAt = 0;
  private running: Promise<void> = Promise.resolve();
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;
  /** Counts every notice received, so a caller can tell which ones a snapshot already saw. */
  received = 0;

  constructor(
    private readonly db: Database,
    private readonly apply: (change: CatalogChange) => Promise<void>,
    private readonly options: FollowerOptions = {},
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.db.listen(CATALOG_CHANGED_CHANNEL, (payload) => this.note(payload));
  }

  /** Records one notice (also called directly by tests and by a process that imported itself). */
  note(payload: string): void {
    if (this.stopped) return;
    this.received++;
    let store: unknown;
    try {
      store = (JSON.parse(payload) as { store?: unknown }).store;
    } catch {
      store = undefined;
    }
    if (typeof store === 'string' && store) this.pending.stores.add(store);
    else this.pending.all = true;
    if (!this.hasPending) this.firstPendingAt = Date.now();
    this.hasPending = true;
    this.schedule();
  }

  /** Forgets notices received so far (a full rebuild is about to read everything). */
  discardPending(): void {
    this.pending = { all: false, stores: new Set() };
    this.hasPending = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const debounce = this.options.debounceMs ?? 200;
    const maxWait = this.options.maxWaitMs ?? 2000;
    const wait = Math.max(0, Math.min(debounce, this.firstPendingAt + maxWait - Date.now()));
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref();
  }

  /** Applies what is pending now; resolves when that is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.running.then(async () => {
      if (!this.hasPending || this.stopped) return;
      const change = this.pending;
      this.discardPending();
      try {
        await this.apply(change);
      } catch (error) {
        this.options.logger?.error({ err: error }, 'catalog index: following a catalogue change failed; retrying');
        // Put it back so the next notice (or the retry) reads it again.
        if (change.all) this.pending.all = true;
        for (const s of change.stores) this.pending.stores.add(s);
        if (!this.hasPending) this.firstPendingAt = Date.now();
        this.hasPending = true;
        this.schedule();
      }
    });
    return this.running;
  }

  /** Resolves once nothing is pending or being applied. */
  async idle(): Promise<void> {
    while (this.hasPending || this.timer) await this.flush();
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running.catch(() => undefined);
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.().catch(() => undefined);
  }
}
