import {
  SUBSCRIPTION_CONFIRM_VALID_HOURS,
  SUBSCRIPTION_MAIL_INTERVAL_MINUTES,
  confirmSubscriptionPath,
  type SubscribeSource,
} from '../../../shared/api/subscription-schemas';
import type { CountryCode } from '../../../shared/countries';
import type { RateLimit } from '../accounts/account-settings';
import { hashSecret, looksLikeSecret, randomSecret } from '../accounts/secrets';
import type { Database } from '../db/database';
import { mailPageLink, mailTranslator, siteOn } from '../mail/mail-site';
import { subscriptionConfirmMail } from '../mail/messages';
import type { MailOutbox } from '../mail/outbox';

// The mailing list, double opt-in. Subscribing stores a pending subscription and writes one
// confirmation e-mail to the outbox in the same transaction; its single-use link confirms it.
// An address gets at most one confirmation e-mail an hour, however often it is entered, and
// one that is confirmed already gets none. The caller learns nothing of which happened.

/**
 * Subscribe requests per client address and per e-mail address within the window (the
 * accounts' rate limiter counts them; over it, 429 with Retry-After).
 */
export const SUBSCRIBE_RATE_LIMIT: RateLimit = { perIp: 10, perAccount: 3, windowMs: 60 * 60_000 };

export type SubscriptionServiceDeps = {
  db: Database;
  outbox: MailOutbox;
  /** Public origin of the site, for the link in the e-mail. */
  siteUrl: string;
};

export class SubscriptionService {
  private readonly db: Database;
  private readonly outbox: MailOutbox;
  private readonly siteUrl: string;

  constructor(deps: SubscriptionServiceDeps) {
    this.db = deps.db;
    this.outbox = deps.outbox;
    this.siteUrl = deps.siteUrl.replace(/\/+$/, '');
  }

  /**
   * POST /api/account/subscribe: a new address is stored pending and sent a confirmation
   * e-mail; a pending one is sent a fresh link if its last one went out over an hour ago (the
   * old link then stops working); a confirmed one only has the time recorded. The e-mail
   * speaks the language of `locale` (the caller's x-locale) on the country's site, which the
   * subscription keeps for what the list sends later (issue 29).
   */
  async subscribe(email: string, source: SubscribeSource, country: CountryCode, locale: string): Promise<void> {
    const site = siteOn(country, locale);
    const token = randomSecret();
    const sent = await this.db.transaction(async (tx) => {
      const due = await tx.query<{ expires_at: Date }>(
        `INSERT INTO subscriptions AS s (email, source, country_code, confirm_token_hash, confirm_sent_at, confirm_expires_at, language)
         VALUES ($1, $2, $3, $4, now(), now() + make_interval(hours => $5), $7)
         ON CONFLICT (email) DO UPDATE SET
           last_subscribed_at = now(),
           -- A fresh e-mail is for the site asked on now: its country and language go together.
           country_code = excluded.country_code,
           language = excluded.language,
           confirm_token_hash = excluded.confirm_token_hash,
           confirm_sent_at = excluded.confirm_sent_at,
           confirm_expires_at = excluded.confirm_expires_at
         WHERE s.confirmed_at IS NULL
           AND (s.confirm_sent_at IS NULL OR s.confirm_sent_at <= now() - make_interval(mins => $6))
         RETURNING confirm_expires_at AS expires_at`,
        [email, source, country, hashSecret(token), SUBSCRIPTION_CONFIRM_VALID_HOURS, SUBSCRIPTION_MAIL_INTERVAL_MINUTES, site.language.segment],
      );
      if (!due[0]) {
        await tx.query('UPDATE subscriptions SET last_subscribed_at = now() WHERE email = $1', [email]);
        return false;
      }
      const link = mailPageLink(this.siteUrl, site, confirmSubscriptionPath(token));
      const mail = subscriptionConfirmMail(mailTranslator(site), { link, validHours: SUBSCRIPTION_CONFIRM_VALID_HOURS });
      await this.outbox.enqueue(tx, { kind: 'subscription-confirm', to: email, ...mail, expiresAt: due[0].expires_at });
      return true;
    });
    if (sent) this.outbox.kick();
  }

  /** PUT /api/account/confirm-subscription: true when the link was live; it works once. */
  async confirm(token: string): Promise<boolean> {
    if (!looksLikeSecret(token)) return false;
    const rows = await this.db.query<{ id: number }>(
      `UPDATE subscriptions SET confirmed_at = now(), confirm_token_hash = NULL, confirm_expires_at = NULL
        WHERE confirm_token_hash = $1 AND confirm_expires_at > now() AND confirmed_at IS NULL
        RETURNING id`,
      [hashSecret(token)],
    );
    return rows.length === 1;
  }
}
