// Alert rules (spec sections 4 "Alert dialog", 5 "Alert email", "Alert price") and every
// message a person reads about alerts, written once. No zod here: the Alert dialog in the
// browser checks what a shopper types with these, and the api's schemas
// (shared/api/alert-schemas.ts) word their issues with them.

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

/** The words for a price alert that watches every store selling its size (issue 28): the dialog's box and My Alerts. */
export const ANY_STORE_LABEL = 'at any store';

/** Alerts per page of My Alerts and My Sales: the default and the most one page may ask for. */
export const ALERTS_PER_PAGE = 24;
export const ALERTS_MAX_PER_PAGE = 96;
/** Alerts one account or address may hold (a bound, not a product rule: far above real use). */
export const ALERTS_MAX_PER_OWNER = 500;

export const ALERT_MESSAGES = {
  /** Spec section 5 "Alert price": a pattern error. */
  priceInvalid: 'Price is not valid.',
  /** Spec section 5 "Alert price": at or above the rounded sale price. */
  priceTooHigh: (roundedSalePrice: number) => `Price should be less than ${roundedSalePrice}`,
  /** A price alert without a price. */
  priceRequired: 'Please enter the price you would like to pay.',
  /** Spec section 5 "Alert email" (the guest's address). */
  email: 'Please check the email address and enter again.',
  scopeInvalid: 'Choose this item, its brand or its store.',
  /** Unknown size variant guid, or one not sold in the alert's country: 404. */
  itemNotFound: 'This product does not exist.',
  /** Unknown alert, or another shopper's: the same 404. */
  alertNotFound: 'This alert does not exist.',
  /** Too many alerts on one account or address. */
  tooMany: `You can keep at most ${ALERTS_MAX_PER_OWNER} alerts. Delete some to add more.`,
  /** Unsubscribe or confirm link that is tampered with, unknown or expired: 400. */
  linkInvalid: 'This link is not valid. It may have been changed or it has expired.',
  /** A back-in-stock alert on a size that is not sold out in the alert's country. */
  stockInStock: 'This size is in stock now: set a sale or price alert instead.',
  /** A back-in-stock alert with a brand or store scope, or with a price. */
  stockItemOnly: 'A back-in-stock alert watches this size only, with no price.',
  /** An item's unsubscribe link asked to stop every alert: it stops its own alert only. */
  linkStopsOne: 'This link stops one alert only. To stop every alert at this address, use the link at the foot of the e-mail.',
  /** "At any store" (issue 28) on a sale or back-in-stock alert, or a brand or store scope. */
  anyStoreItemPriceOnly: 'Only a price alert on this item can watch every store: choose This item and a price.',
} as const;

export const ALERT_NOTICES = {
  /** A signed-in shopper's alert, active at once. */
  set: 'Alert set. We will let you know.',
  /** Setting the same alert again changes nothing. */
  already: 'You already have this alert.',
  /** A guest's first alert for an unconfirmed address: one confirm e-mail goes out. */
  confirmSent: 'Please check your inbox: confirm your address to start the alert.',
  /** A guest's alert for an address still waiting for confirmation: nothing more is sent. */
  confirmPending: 'Your address is waiting for confirmation: the alert starts once you use the link we sent.',
  confirmed: 'Your address is confirmed: your alerts are on.',
  deleted: 'Alert deleted',
  unsubscribed: 'You will not get this alert any more.',
  unsubscribedAll: 'You will not get any more alerts at this address.',
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
export function alertPriceProblem(typed: string, salePrice: number): { price: number } | { problem: string } {
  if (typed === '') return { problem: ALERT_MESSAGES.priceRequired };
  if (!PRICE_PATTERN.test(typed)) return { problem: ALERT_MESSAGES.priceInvalid };
  const price = Number(typed);
  if (!Number.isFinite(price) || price <= 0) return { problem: ALERT_MESSAGES.priceInvalid };
  const limit = roundedSalePrice(salePrice);
  // Whole numbers both: the typed price's whole part against the rounded sale price.
  if (Math.trunc(price) >= limit) return { problem: ALERT_MESSAGES.priceTooHigh(limit) };
  return { price };
}
