import type { Logger } from 'pino';
import { CATALOG_CHANGE_LOG_CHANNEL, latestCursor, type ChangeCursor } from '../catalog/catalog-changes';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog-changed';
import { backoffDelay } from '../db/backoff';
import type { Database, ListenGap } from '../db/database';
import { subscribe, type Subscription } from '../db/subscription';
import { QuietTimer } from '../../lib/quiet-timer';
import { CATCH_UP_MARGIN_MS, storesChangedSince } from './catch-up';

// Follows catalogue changes (ARCHITECTURE.md "Catalog index"): the importer runs
// pg_notify('catalog_changed', {"store": …}) in the transaction of every import that
// changed something, so the notice arrives once the import is committed. On PGlite it
// arrives in-process; on PostgreSQL every api instance LISTENs and follows on its own.
// Notices are gathered for a moment (a demo load sends one per feed) and handed over as
// the set of stores to re-read; a notice without a store asks for everything.
//
// On a server the listening connection can be lost, and notices sent meanwhile with it.
// The follower then counts as behind (/readyz says so) until the database is back and it has
// caught up: it re-reads the stores the change log shows changed after the last entry it was
// told about, and those whose rows were written around and after the loss (catch-up.ts). It
// knows how far it was told from the change log's own notice (catalog_change_logged, payload
// the new cursor), which the same import transaction sends just before its catalog_changed.

export type CatalogChange = {
  all: boolean;
  stores: Set<string>;
  /** Every change-log entry up to here is in this change or an earlier one handed over (what an index snapshot records). */
  heard?: ChangeCursor;
};

export type FollowerOptions = {
  /** Quiet time after a notice before re-reading. */
  debounceMs?: number;
  /** Longest a notice waits while more keep coming. */
  maxWaitMs?: number;
  logger?: Logger | undefined;
};

/** What a lost connection left to catch up on, kept until a catch-up succeeds (several losses may pile up). */
type Owed = { from: ChangeCursor; since: Date | undefined };

export class CatalogFollower {
  private pending: CatalogChange = { all: false, stores: new Set() };
  private hasPending = false;
  /** Gathers notices for a moment, then flushes them (the quiet time, or the longest wait). */
  private readonly gather: QuietTimer;
  private running: Promise<void> = Promise.resolve();
  private subscription: Subscription | undefined;
  private stopped = false;
  private failures = 0;
  /** Every change-log entry up to here was notified to this follower (or read by a catch-up). */
  private heard: ChangeCursor = 0;
  /** The cursor of the last catalog_change_logged notice, heard once its catalog_changed arrives. */
  private logged: ChangeCursor = 0;
  private losses = 0;
  private owed: Owed | undefined;
  private catchUpTimer: NodeJS.Timeout | undefined;
  private catchingUp: Promise<void> | undefined;
  /** Counts every notice received, so a caller can tell which ones a snapshot already saw. */
  received = 0;

  constructor(
    private readonly db: Database,
    private readonly apply: (change: CatalogChange) => Promise<void>,
    private readonly options: FollowerOptions = {},
  ) {
    this.gather = new QuietTimer(() => void this.flush(), { quietMs: options.debounceMs ?? 200, maxWaitMs: options.maxWaitMs ?? 2000 });
  }

  /** Whether changes may be missing that no notice will bring: the connection is lost, or back but not caught up yet. */
  get behind(): boolean {
    return this.owed !== undefined;
  }

  /** Resolves once both channels are listened to (a first LISTEN that fails is tried again, with backoff). */
  async start(): Promise<void> {
    await new Promise<void>((listening) => {
      this.subscription = subscribe(this.db, {
        channels: [
          { channel: CATALOG_CHANGED_CHANNEL, onPayload: (payload) => this.note(payload) },
          { channel: CATALOG_CHANGE_LOG_CHANNEL, onPayload: (payload) => this.noteLogged(payload) },
        ],
        listening,
        events: { lost: () => this.lost(), resumed: (gap: ListenGap) => this.resumed(gap) },
        logger: this.options.logger,
        what: 'catalog index',
      });
    });
    // Read after LISTEN: later entries are notified; earlier ones are committed already, so
    // the first build (which starts after this) reads them.
    const end = await latestCursor(this.db);
    this.heard = Math.max(this.heard, end);
    this.logged = Math.max(this.logged, end);
  }

  /** Records one notice (also called directly by tests and by a process that imported itself). */
  note(payload: string): void {
    if (this.stopped) return;
    this.received++;
    // The transaction whose change-log notice came just before this one is now fully heard.
    this.heard = Math.max(this.heard, this.logged);
    let store: unknown;
    try {
      store = (JSON.parse(payload) as { store?: unknown }).store;
    } catch {
      store = undefined;
    }
    if (typeof store === 'string' && store) this.pending.stores.add(store);
    else this.pending.all = true;
    this.hasPending = true;
    this.gather.soon();
  }

  private noteLogged(payload: string): void {
    let cursor: unknown;
    try {
      cursor = (JSON.parse(payload) as { cursor?: unknown }).cursor;
    } catch {
      cursor = undefined;
    }
    if (typeof cursor === 'number' && Number.isSafeInteger(cursor)) this.logged = Math.max(this.logged, cursor);
  }

  private lost(): void {
    this.losses++;
    this.owed ??= { from: this.heard, since: undefined };
    if (this.catchUpTimer) clearTimeout(this.catchUpTimer);
    this.catchUpTimer = undefined;
    this.options.logger?.warn('catalog index: not told of catalogue changes while the database is away; will catch up');
  }

  private resumed(gap: ListenGap): void {
    if (!this.owed) return;
    const since = new Date(gap.lastAnsweredAt.getTime() - CATCH_UP_MARGIN_MS);
    if (!this.owed.since || since < this.owed.since) this.owed.since = since;
    this.catchUp(this.losses, 0);
  }

  private catchUp(loss: number, attempt: number): void {
    this.catchUpTimer = undefined;
    const run = (async () => {
      const owed = this.owed;
      if (this.stopped || loss !== this.losses || !owed?.since) return;
      let ok = false;
      let stores = 0;
      try {
        const found = await storesChangedSince(this.db, owed.from, owed.since);
        stores = found.stores.length;
        ok = !found.stores.length || (await this.applyNow({ all: false, stores: new Set(found.stores), heard: found.cursor }));
        if (ok) this.heard = Math.max(this.heard, found.cursor);
      } catch (error) {
        this.options.logger?.warn({ err: error }, 'catalog index: catching up failed; trying again');
      }
      // Lost again meanwhile: the next `resumed` catches up on everything owed.
      if (this.stopped || loss !== this.losses) return;
      if (ok) {
        this.owed = undefined;
        this.options.logger?.info({ stores }, 'catalog index: caught up with the changes made while the database was away');
      } else {
        this.catchUpTimer = setTimeout(() => this.catchUp(loss, attempt + 1), backoffDelay(attempt));
        this.catchUpTimer.unref();
      }
    })();
    this.catchingUp = run;
  }

  /** Applies a change in turn with the notices' changes; resolves whether it worked. */
  private applyNow(change: CatalogChange): Promise<boolean> {
    const run = this.running.then(async () => {
      if (this.stopped) return false;
      try {
        await this.apply(change);
        return true;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'catalog index: re-reading changed stores failed');
        return false;
      }
    });
    this.running = run.then(() => undefined);
    return run;
  }

  /** Forgets notices received so far (a full rebuild is about to read everything). */
  discardPending(): void {
    this.pending = { all: false, stores: new Set() };
    this.hasPending = false;
    this.gather.cancel();
  }

  /** Applies what is pending now; resolves when that is done. */
  flush(): Promise<void> {
    this.gather.cancel();
    this.running = this.running.then(async () => {
      if (!this.hasPending || this.stopped) return;
      // Every notice heard so far is in this change or was in one handed over before it.
      const change = { ...this.pending, heard: this.heard };
      this.discardPending();
      try {
        await this.apply(change);
        this.failures = 0;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'catalog index: following a catalogue change failed; retrying');
        // Put it back so the next notice (or the retry) reads it again; while the database is
        // away, retries wait longer each time.
        if (change.all) this.pending.all = true;
        for (const s of change.stores) this.pending.stores.add(s);
        this.hasPending = true;
        this.gather.after(backoffDelay(this.failures++));
      }
    });
    return this.running;
  }

  /** Resolves once nothing is pending or being applied. */
  async idle(): Promise<void> {
    while (this.hasPending || this.gather.armed) await this.flush();
    await this.catchingUp;
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.gather.cancel();
    if (this.catchUpTimer) clearTimeout(this.catchUpTimer);
    this.catchUpTimer = undefined;
    await this.catchingUp;
    await this.running.catch(() => undefined);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
  }
}
