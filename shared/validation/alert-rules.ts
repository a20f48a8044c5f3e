// Alert rules (spec sections 4 "Alert dialog", 5 "Alert email", "Alert price") and every
// message a person reads about alerts, named once as catalogue ids (shared/i18n/catalogs/*/
// alerts.json, issue 29): the browser words them in the page's language, the api in the
// caller's. No zod here: the Alert dialog in the
// browser checks what a shopper types with these, and the api's schemas
// (shared/api/alert-schemas.ts) word their issues with them.

import { message, type Message } from './message';

export { EMAIL_MESSAGES, isValidEmail } from './email';

/**
 * Sale Alert: the item goes on sale or its discount grows. Price Alert: its price falls to a
 * figure. Back in stock (issue 27): a size sold out in the alert's country comes back there;
 * it fires once, and watches that size only.
 */
export const ALERT_KINDS = ['sale', 'price', 'stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What an alert watches: this size variant, any item of its brand, or any item of its store (in the alert's country). */
export const ALERT_SCOPES = ['item', 'brand', 'store'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/** Active: fires. Pending: a guest's, until the address is confirmed (nothing is sent before). */
export const ALERT_STATUSES = ['active', 'pending'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Alerts per page of My Alerts and My Sales: the default and the most one page may ask for. */
export const ALERTS_PER_PAGE = 24;
export const ALERTS_MAX_PER_PAGE = 96;
/** Alerts one account or address may hold (a bound, not a product rule: far above real use). */
export const ALERTS_MAX_PER_OWNER = 500;

export const ALERT_MESSAGES = {
  /** Spec section 5 "Alert price": a pattern error. */
  priceInvalid: message('alerts.message.priceInvalid'),
  /** Spec section 5 "Alert price": at or above the rounded sale price. */
  priceTooHigh: (roundedSalePrice: number) => message('alerts.message.priceTooHigh', { price: roundedSalePrice }),
  /** A price alert without a price. */
  priceRequired: message('alerts.message.priceRequired'),
  /** Spec section 5 "Alert email" (the guest's address). */
  email: message('alerts.message.email'),
  scopeInvalid: message('alerts.message.scopeInvalid'),
  /** Unknown size variant guid, or one not sold in the alert's country: 404. */
  itemNotFound: message('alerts.message.itemNotFound'),
  /** Unknown alert, or another shopper's: the same 404. */
  alertNotFound: message('alerts.message.alertNotFound'),
  /** Too many alerts on one account or address. */
  tooMany: message('alerts.message.tooMany', { max: ALERTS_MAX_PER_OWNER }),
  /** Unsubscribe or confirm link that is tampered with, unknown or expired: 400. */
  linkInvalid: message('alerts.message.linkInvalid'),
  /** A back-in-stock alert on a size that is not sold out in the alert's country. */
  stockInStock: message('alerts.message.stockInStock'),
  /** A back-in-stock alert with a brand or store scope, or with a price. */
  stockItemOnly: message('alerts.message.stockItemOnly'),
  /** An item's unsubscribe link asked to stop every alert: it stops its own alert only. */
  linkStopsOne: message('alerts.message.linkStopsOne'),
  /** "At any store" (issue 28) on a sale or back-in-stock alert, or a brand or store scope. */
  anyStoreItemPriceOnly: message('alerts.message.anyStoreItemPriceOnly'),
} as const;

export const ALERT_NOTICES = {
  /** A signed-in shopper's alert, active at once. */
  set: message('alerts.notice.set'),
  /** Setting the same alert again changes nothing. */
  already: message('alerts.notice.already'),
  /** A guest's first alert for an unconfirmed address: one confirm e-mail goes out. */
  confirmSent: message('alerts.notice.confirmSent'),
  /** A guest's alert for an address still waiting for confirmation: nothing more is sent. */
  confirmPending: message('alerts.notice.confirmPending'),
  confirmed: message('alerts.notice.confirmed'),
  deleted: message('alerts.notice.deleted'),
  unsubscribed: message('alerts.notice.unsubscribed'),
  unsubscribedAll: message('alerts.notice.unsubscribedAll'),
} as const;

/** Spec section 5: "positive number (decimals and exponent allowed), no spaces". */
const PRICE_PATTERN = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The whole number a price is compared against (spec section 5: "compared as whole numbers"). */
export function roundedSalePrice(salePrice: number): number {
  return Math.round(salePrice);
}

/**
 * The alert price as typed, checked against the size variant's sale price (spec section 5):
 * the number, or the message to show. Empty is `priceRequired`.
 */
export function alertPriceProblem(typed: string, salePrice: number): { price: number } | { problem: Message } {
  if (typed === '') return { problem: ALERT_MESSAGES.priceRequired };
  if (!PRICE_PATTERN.test(typed)) return { problem: ALERT_MESSAGES.priceInvalid };
  const price = Number(typed);
  if (!Number.isFinite(price) || price <= 0) return { problem: ALERT_MESSAGES.priceInvalid };
  const limit = roundedSalePrice(salePrice);
  // Whole numbers both: the typed price's whole part against the rounded sale price.
  if (Math.trunc(price) >= limit) return { problem: ALERT_MESSAGES.priceTooHigh(limit) };
  return { price };
}
