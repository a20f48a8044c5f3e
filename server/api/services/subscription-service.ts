import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';

export type SubscriptionSource = 'dialog' | 'footer';

/** Mailing-list subscriptions: subscribing again only records when it happened. */
export class SubscriptionService {
  constructor(private readonly db: Queryable) {}

  async subscribe(email: string, source: SubscriptionSource, country: CountryCode): Promise<{ created: boolean }> {
    const [row] = await this.db.query<{ created: boolean }>(
      `INSERT INTO subscriptions (email, source, country_code) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET last_subscribed_at = now()
       RETURNING (xmax = 0) AS created`,
      [email, source, country],
    );
    return { created: Boolean(row?.created) };
  }
}
