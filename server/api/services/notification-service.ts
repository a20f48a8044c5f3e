import type { Notification, Notifications } from '../../../shared/api/alert-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import type { AlertKind } from '../../../shared/validation/alert-rules';
import type { Queryable } from '../db/database';

// The bell (spec section 7): a shopper's notifications of fired alerts, written by the alert
// evaluator (alerts/alert-evaluator.ts), newest first, and marking them read.

type NotificationRow = {
  id: number;
  created_at: Date | string;
  read_at: Date | string | null;
  kind: AlertKind;
  alert_id: number | null;
  payload: Partial<Pick<Notification, 'productName' | 'image' | 'path' | 'country' | 'currencySymbol' | 'oldPrice' | 'newPrice'>>;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export class NotificationService {
  constructor(private readonly db: Queryable) {}

  /** GET /notifications: newest first, with the unread count. */
  async list(userId: number, { page, perPage }: { page: number; perPage: number }): Promise<Notifications> {
    const [counts] = await this.db.query<{ total: number; unread: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications WHERE user_id = $1`,
      [userId],
    );
    const rows = await this.db.query<NotificationRow>(
      `SELECT id, created_at, read_at, kind, alert_id, payload FROM notifications
        WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, perPage, (page - 1) * perPage],
    );
    const notifications = rows.map((r): Notification => {
      const p = r.payload;
      const country = (p.country ?? 'GB') as CountryCode;
      return {
        id: Number(r.id),
        createdAt: iso(r.created_at),
        read: r.read_at !== null,
        kind: r.kind,
        alertId: r.alert_id,
        productName: p.productName ?? '',
        image: p.image ?? '',
        path: p.path ?? null,
        country,
        currencySymbol: p.currencySymbol ?? COUNTRIES[country].info.symbol,
        oldPrice: p.oldPrice ?? null,
        newPrice: p.newPrice ?? 0,
      };
    });
    return { notifications, unread: counts!.unread, totalCount: counts!.total, page, perPage };
  }

  /** PUT /notifications-read: marks the shopper's notifications up to `upTo` read; the unread count after. */
  async markRead(userId: number, upTo: number): Promise<number> {
    await this.db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id <= $2 AND read_at IS NULL', [userId, upTo]);
    const [row] = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return row!.n;
  }
}
