// The alerts' endpoints and the web pages their e-mails link to (alert-schemas.ts says what
// each takes and answers): read by page scripts, so this module imports no zod.

import { pathTo } from './api-paths';

export const ALERT_API = {
  /** A guest's alert, with an e-mail (no token). */
  setGuest: '/api/account/set-alerts',
  /** A signed-in shopper's alert (token, no e-mail). */
  setUser: '/api/account/set-user-alerts',
  /** My Alerts: the shopper's alerts, cards priced for `country` (gb, us, …). */
  alerts: pathTo('/api/account/alerts/:country', (country: string) => [country.toLowerCase()]),
  deleteAlert: pathTo('/api/account/alerts/:alertId'),
  /** The shopper's notifications, newest first, and how many are unread. */
  notifications: '/api/account/notifications',
  /** Marks the shopper's notifications up to an id read (body {upTo}). */
  notificationsRead: '/api/account/notifications-read',
  /** My Sales: products on sale now among what the shopper watches, priced for `country`. */
  sales: pathTo('/api/account/my-sales/:country', (country: string) => [country.toLowerCase()]),
  /** A guest's confirm link, used (body {token}; no token header). */
  confirm: '/api/account/confirm-alerts',
  /** Unsubscribe through a signed link (body {token, all}; no token header). */
  unsubscribe: '/api/account/alert-unsubscribe',
} as const;

/** The web page a guest's confirm e-mail links to; its button calls ALERT_API.confirm. */
export const confirmAlertsPath = (token: string) => `/alerts/confirm/${token}`;

/**
 * The web page an alert e-mail's visible unsubscribe link opens (GET: a page with the choice)
 * and its List-Unsubscribe header names (POST `List-Unsubscribe=One-Click`, RFC 8058: stops
 * at once, no page). Both work without signing in.
 */
export const unsubscribeAlertPath = (token: string) => `/alerts/unsubscribe/${token}`;

/**
 * Whether an unsubscribe token stops every alert of its address rather than one: its alert
 * part is 0 (`v1.0.…`, server/api/alerts/alert-links.ts). A token does one thing only: an
 * e-mail's item links stop their alert, its footer and List-Unsubscribe link all of them.
 */
export const stopsEveryAlert = (token: string) => token.startsWith('v1.0.');
