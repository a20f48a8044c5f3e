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
};

export const DEFAULT_SET_ALERTS_LIMIT: RateLimit = { perIp: 60, perAccount: 20, windowMs: 60 * 60_000 };
export const DEFAULT_ALERT_SWEEP_MS = 5 * 60_000;

export function defaultAlertSettings(): AlertSettings {
  return { linkSecret: undefined, setAlertsLimit: DEFAULT_SET_ALERTS_LIMIT, sweepMs: DEFAULT_ALERT_SWEEP_MS };
}
