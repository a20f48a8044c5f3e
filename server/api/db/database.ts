// One SQL dialect, two engines (ARCHITECTURE.md "Data"): PGlite in-process for the embedded
// default and the fast test tier, a PostgreSQL server through `pg` in production.
// Plain parameterised SQL only: values always travel as $1, $2 … parameters.

export type Row = Record<string, unknown>;

export type Queryable = {
  /** One parameterised statement. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
};

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; inside it, use the `tx` it is given, never the database. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. On a server the
   * listening connection can be lost: `events` hears when (notices sent meanwhile are never
   * delivered) and when it listens again, so the caller can catch up on what it missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  /** Forces dirty pages to disk (called before a clean shutdown). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
};

export type ListenEvents = {
  /** The listening connection is gone; reconnecting with backoff. */
  lost?(): void;
  /** Listening again after a loss (every channel LISTENed anew). */
  resumed?(gap: ListenGap): void;
};

/** What the listener knows about a loss it has recovered from. */
export type ListenGap = {
  /**
   * The server's clock when the lost connection last answered (its LISTEN or a heartbeat):
   * notices of transactions that committed after it may be missing.
   */
  lastAnsweredAt: Date;
};

/** Called after every statement with its duration, for the DB duration histogram. */
export type QueryObserver = (seconds: number, operation: string, ok: boolean) => void;

/** The first SQL keyword, lower-cased: the label the duration histogram is split by. */
export function sqlOperation(sql: string): string {
  const match = /^\s*(?:--[^\n]*\n\s*)*(\w+)/.exec(sql);
  return (match?.[1] ?? 'unknown').toLowerCase();
}

/** Wraps a query function so every call reports its duration to the observer. */
export function observed<F extends (sql: string, params?: readonly unknown[]) => Promise<unknown>>(
  fn: F,
  observer: QueryObserver | undefined,
): F {
  if (!observer) return fn;
  return (async (sql: string, params?: readonly unknown[]) => {
    const started = performance.now();
    let ok = false;
    try {
      const result = await fn(sql, params);
      ok = true;
      return result;
    } finally {
      observer((performance.now() - started) / 1000, sqlOperation(sql), ok);
    }
  }) as F;
}
