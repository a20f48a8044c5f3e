import type express from 'express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { CACHE_PURGES_MAX, CACHE_PURGES_PATH, PURGE_HEADER, type CachePurgesAnswer } from '../../../shared/api/cache-purges';
import { CacheNone } from '../../../shared/http/cache-policy';
import type { Database } from '../db/database';
import { subscribe, type Subscription } from '../db/subscription';

// The api's side of the webs' cache purges (shared/api/cache-purges.ts). The database records
// each purge, by trigger, in the transaction that withdraws something (migration 0019), and
// notifies every api instance; each says on every answer the newest purge it has heard of.
// Purges commit in id order (the trigger takes a lock), so a web that has read the purges up
// to N has seen all before N.

/** The notice channel of migration 0019's purge_cached(). */
export const CACHE_PURGED_CHANNEL = 'cache_purged';

/** The keys of what a shopper can withdraw, as migration 0019's triggers write them. */
export const purgeKey = {
  wishlist: (id: number) => `wishlist:${id}`,
  look: (id: number) => `look:${id}`,
  lookbook: (userId: number) => `lookbook:${userId}`,
  shopper: (userId: number) => `shopper:${userId}`,
} as const;

/** Names an answer's purge keys (sent to the web, which removes them before any browser sees them). */
export function tagAnswer(res: Response, keys: readonly string[]): void {
  res.setHeader(PURGE_HEADER.keys, keys.join(' '));
}

export class CachePurges {
  private version = 0;
  private subscription: Subscription | undefined;

  constructor(private readonly db: Database, private readonly logger?: Logger) {}

  /** Follows the purges from now on: the newest on record, then each notice. */
  start(): void {
    this.subscription ??= subscribe(this.db, {
      channels: [{ channel: CACHE_PURGED_CHANNEL, onPayload: (payload) => this.heard(Number(payload)) }],
      listening: () => void this.caughtUp(),
      // Notices sent while the connection was lost are read back from the table.
      events: { resumed: () => void this.caughtUp() },
      logger: this.logger,
      what: 'cache purges',
    });
  }

  private heard(id: number): void {
    if (Number.isSafeInteger(id) && id > this.version) this.version = id;
  }

  /**
   * Reads the newest purge on record, and says it on `res`. A write that may have withdrawn
   * something awaits this before it answers, so the web that carried it drops what it kept
   * before the shopper's next page, without waiting for the notice.
   */
  async caughtUp(res?: Response): Promise<void> {
    try {
      const [row] = await this.db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM cache_purges');
      this.heard(Number(row?.id ?? 0));
    } catch (error) {
      this.logger?.warn({ err: error }, 'cache purges: cannot read the newest purge; the notices will tell');
    }
    if (res && !res.headersSent) res.setHeader(PURGE_HEADER.version, String(this.version));
  }

  /** Says the newest purge on every answer. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader(PURGE_HEADER.version, String(this.version));
    next();
  };

  /** GET /internal/cache-purges?after=N (the webs; an operation, not the api contract). */
  mount(app: express.Express): void {
    app.get(CACHE_PURGES_PATH, async (req, res) => {
      res.setHeader('Cache-Control', CacheNone.header);
      const after = typeof req.query.after === 'string' && /^\d{1,15}$/.test(req.query.after) ? req.query.after : undefined;
      if (after === undefined) {
        res.status(400).json({ status: 400, message: 'after must be the number of the last purge applied (0 for none)' });
        return;
      }
      const rows = await this.db.query<{ id: string; keys: string[] }>('SELECT id::text AS id, keys FROM cache_purges WHERE id > $1 ORDER BY id LIMIT $2', [
        after,
        CACHE_PURGES_MAX,
      ]);
      const answer: CachePurgesAnswer = { purges: rows.map((r) => ({ id: Number(r.id), keys: r.keys })) };
      res.json({ data: answer });
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}
