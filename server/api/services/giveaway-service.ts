import type { GiveawayEntries, GiveawayEntry, GiveawayStatus } from '../../../shared/api/giveaway-schemas';
import { GIVEAWAY, GIVEAWAY_MESSAGES } from '../../../shared/giveaway';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../accounts/account-errors';
import type { Queryable } from '../db/database';

// The giveaway (spec sections 1, 2; facts in shared/giveaway.ts, shapes in
// shared/api/giveaway-schemas.ts): one entry per shopper, stored under the giveaway's key;
// none after it closes. "Now" comes from the clock the service is given (the system clock in
// production), so tests can stand after the closing time without editing the content.

export type Clock = () => Date;

type EntryRow = { entered_at: Date | string };
const iso = (value: Date | string) => new Date(value).toISOString();

export class GiveawayService {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = () => new Date(),
    private readonly giveaway: { key: string; closesAt: string } = GIVEAWAY,
  ) {}

  status(): GiveawayStatus {
    return { giveaway: this.giveaway.key, closesAt: this.giveaway.closesAt, open: this.now().getTime() <= Date.parse(this.giveaway.closesAt) };
  }

  async entry(userId: number): Promise<GiveawayEntry> {
    const [row] = await this.db.query<EntryRow>('SELECT entered_at FROM giveaway_entries WHERE giveaway = $1 AND user_id = $2', [this.giveaway.key, userId]);
    return { giveaway: this.giveaway.key, entered: Boolean(row), enteredAt: row ? iso(row.entered_at) : null };
  }

  /** Enters the shopper: 403 once closed, 409 when they already have (their entry stays as it was). */
  async enter(userId: number): Promise<GiveawayEntry> {
    if (!this.status().open) throw new HttpError(403, GIVEAWAY_MESSAGES.closed);
    try {
      const [row] = await this.db.query<EntryRow>('INSERT INTO giveaway_entries (giveaway, user_id, entered_at) VALUES ($1, $2, $3) RETURNING entered_at', [
        this.giveaway.key,
        userId,
        this.now(),
      ]);
      return { giveaway: this.giveaway.key, entered: true, enteredAt: iso(row!.entered_at) };
    } catch (error) {
      // The primary key (giveaway, user) holds "one entry per shopper", two requests at once included.
      if (isUniqueViolation(error)) throw new HttpError(409, GIVEAWAY_MESSAGES.alreadyEntered);
      throw error;
    }
  }

  /** Every entry of the current giveaway, oldest first (for admins: the route checks). */
  async entries(): Promise<GiveawayEntries> {
    const rows = await this.db.query<{ user_name: string; name: string; email: string | null; entered_at: Date | string }>(
      `SELECT u.user_name, u.name, u.email, e.entered_at FROM giveaway_entries e JOIN users u ON u.id = e.user_id
        WHERE e.giveaway = $1 ORDER BY e.entered_at, e.user_id`,
      [this.giveaway.key],
    );
    return {
      giveaway: this.giveaway.key,
      total: rows.length,
      entries: rows.map((r) => ({ userName: r.user_name, name: r.name, email: r.email, enteredAt: iso(r.entered_at) })),
    };
  }
}
