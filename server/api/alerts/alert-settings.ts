import type { RateLimit } from '../accounts/account-settings';

// What the alerts part of the api can be told (config.ts reads it from the environment;
// tests build their own).

export type AlertSettings = {
  /**
   * Signs the unsubscribe links of alert e-mails (ALERT_LINK_SECRET). Absent, a random key
   * kept in the database is used (alert-links.ts); set it to rotate the key (old links then
   * stop working) or to keep it out of the database.
   */
  linkSecret: string | undefined;
  /**
   * POST /set-alerts per client address and per e-mail address: a guest's alert may send a
   * confirm e-mail, so it is limited like the mailing list's subscribe.
   */
  setAlertsLimit: RateLimit;
  /** How often the evaluator reads the change log without a notice (a notice lost while nobody listened). */
  sweepMs: number;
  /**
   * ALERT_DIGEST_HOURS: a shopper or a guest address gets at most one alert e-mail in this
   * many hours, holding every alert that fired since the last one (the bell hears each at once).
   */
  digestHours: number;
  /**
   * ALERT_REARM_PERCENT: an alert that fired on a size variant fires on it again only once its
   * price is at least this many percent below the price it fired at.
   */
  rearmPercent: number;
};

/** The two rules the alert e-mails' footer states (alert-mails.ts). */
export type AlertMailRules = Pick<AlertSettings, 'digestHours' | 'rearmPercent'>;

export const DEFAULT_SET_ALERTS_LIMIT: RateLimit = { perIp: 60, perAccount: 20, windowMs: 60 * 60_000 };
export const DEFAULT_ALERT_SWEEP_MS = 5 * 60_000;
export const DEFAULT_ALERT_DIGEST_HOURS = 24;
export const DEFAULT_ALERT_REARM_PERCENT = 5;
export const DEFAULT_ALERT_MAIL_RULES: AlertMailRules = { digestHours: DEFAULT_ALERT_DIGEST_HOURS, rearmPercent: DEFAULT_ALERT_REARM_PERCENT };

export function defaultAlertSettings(): AlertSettings {
  return { linkSecret: undefined, setAlertsLimit: DEFAULT_SET_ALERTS_LIMIT, sweepMs: DEFAULT_ALERT_SWEEP_MS, ...DEFAULT_ALERT_MAIL_RULES };
}
