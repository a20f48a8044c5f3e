import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { COUNTRY_CODES, parseCountryCode } from '../countries';
import { ALERTS_MAX_PER_PAGE, ALERTS_PER_PAGE, ALERT_KINDS, ALERT_MESSAGES, ALERT_SCOPES, ALERT_STATUSES } from '../validation/alert-rules';
import { zodMessage } from '../validation/message';
import { entityId, pageNumber, productRef, safeText } from '../validation/safe-input';
import { ProductCardSchema } from './product-schemas';

export { ALERT_API, confirmAlertsPath, unsubscribeAlertPath } from './alert-paths';

// Sale and price alerts on the api (spec sections 3 "Sale alert", 4 "Alert dialog", 5, 7),
// all under /api/account. The contract the api implements and the web calls. Personal (the
// `token` header; without one 401 'UnAuthorized Access!') unless said. Every answer is
// { data: … }; bad input is a 400 { status, message, fields } naming the field, with the
// messages of shared/validation/alert-rules.ts.
//
//   POST   /set-alerts {id, email, alertPrice, brandId, storeId, country}   AlertSetSchema (no token)
//   POST   /set-user-alerts {id, alertPrice, brandId, storeId, country}     AlertSetSchema
//          id: the size variant's guid, or the product's id for its cheapest size there
//          (safe-input.ts productRef); alertPrice: a price alert's figure in the country's
//          currency (absent, null or '' for a sale alert); brandId / storeId: the scope (the
//          item's own brand or store; both null: this item); country: gb, us, … (the site it
//          was set on, whose prices it watches). Unknown item, an admin-only store's (for
//          anyone but an admin), or not sold in that country: 404.
//          A price at or above the rounded sale price: 400 'Price should be less than {n}'.
//          kind 'stock' (back in stock): this size only, no price, and only on a size sold out
//          in that country (else 400 ALERT_MESSAGES.stockInStock); it fires once.
//          anyStore (issue 28; true/false, absent false): a price alert on this item that
//          fires when the cheapest offer of its size at any store (not withdrawn, not sold out)
//          in that country falls to the price; on any other kind or scope a 400 naming it.
//          The same alert again (owner, kind, scope, size variant, country, price): changes
//          nothing, added false; a shopper's asked again with the other anyStore changes that.
//   GET    /alerts/{country}?page=&perPage=                                   AlertsPageSchema
//   DELETE /alerts/{alertId}                                                  AlertDeletedSchema
//   GET    /notifications?page=&perPage=                                      NotificationsSchema
//   PUT    /notifications-read {upTo}                                         NotificationCount ({count}: unread after)
//   GET    /my-sales/{country}?page=&perPage=                                 SalesPageSchema
//   PUT    /confirm-alerts {token}                                            AlertLinkDoneSchema (no token)
//   POST   /alert-unsubscribe {token, all}                                    AlertLinkDoneSchema (no token)
//          token: the signed token of an e-mail's link; tampered, unknown or expired: 400
//          ALERT_MESSAGES.linkInvalid. all: stop every alert of the token's address (or
//          account) instead of the one alert.

// ── answers ─────────────────────────────────────────────────────────────────────────

const Named = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const AlertSetSchema = z.object({
  alertId: z.number().int(),
  /** False when the same alert was there already (nothing changed). */
  added: z.boolean(),
  status: z.enum(ALERT_STATUSES),
  /** One of ALERT_NOTICES: set, already, confirmSent, confirmPending. */
  message: z.string(),
});
export type AlertSet = z.infer<typeof AlertSetSchema>;

/** One alert as My Alerts shows it (a card in alerts mode, spec section 2 "Product card"). */
export const AlertSchema = z.object({
  alertId: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  scope: z.enum(ALERT_SCOPES),
  status: z.enum(ALERT_STATUSES),
  /** The price alert's figure, in the alert's country's currency; null for a sale alert. */
  alertPrice: z.number().nullable(),
  /** Upper case (GB, US, …): the site it watches. */
  country: z.string(),
  currencySymbol: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** When it last fired (ISO 8601), or null. */
  lastFiredAt: z.string().nullable(),
  guid: z.string(),
  /** Kept from when it was set, for an item no longer in the catalogue. */
  productName: z.string(),
  image: z.string(),
  brand: Named.nullable(),
  store: Named.nullable(),
  /** A price alert on this item at any store selling its size (issue 28). */
  anyStore: z.boolean(),
  /** Today's sale price of the alerted size variant in the alert's country; null when not sold there now. */
  salePrice: z.number().nullable(),
  /** The alerted size variant's size ('M', '32'), null when it has none or is gone: a back-in-stock alert names it. */
  size: z.string().nullable(),
  /** The listing's card, priced today for the alert's country; null when the product is not sold there any more. */
  product: ProductCardSchema.nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsPageSchema = z.object({
  alerts: z.array(AlertSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AlertsPage = z.infer<typeof AlertsPageSchema>;

export const AlertDeletedSchema = z.object({ deleted: z.literal(true) });

/** One fired alert, as the bell's list shows it. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
  kind: z.enum(ALERT_KINDS),
  alertId: z.number().int().nullable(),
  productName: z.string(),
  image: z.string(),
  /** The product page's path without the country prefix ({category}/{subcategory}/{slug}), or null when gone. */
  path: z.string().nullable(),
  country: z.string(),
  currencySymbol: z.string(),
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
  totalCount: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type Notifications = z.infer<typeof NotificationsSchema>;

/** My Sales: products on sale now among the shopper's alerted items, brands and stores, and the brands and stores they follow. */
export const SalesPageSchema = z.object({
  products: z.array(ProductCardSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  currencySymbol: z.string(),
});
export type SalesPage = z.infer<typeof SalesPageSchema>;

export const AlertLinkDoneSchema = z.object({ message: z.string() });

// ── requests ────────────────────────────────────────────────────────────────────────

const country = safeText('country').transform((value, ctx) => {
  const code = parseCountryCode(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: `country must be one of ${COUNTRY_CODES.join(', ')}` });
    return z.NEVER;
  }
  return code;
});

/** A yes or no from JSON or a form: true/false, 1/0, 'on' (a checked box); absent is false. */
const flag = (field: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on'])], { error: `${field} must be true or false` })
    .optional()
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on');

/** brandId / storeId: absent, null or '' for none, else a row id. */
const scopeId = (field: string) =>
  z
    .union([z.null(), z.literal(''), entityId(field)])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null));

/**
 * The alert price as typed: a JSON number or text; absent, null or '' is none (a sale alert).
 * Checked against the size variant's sale price by the api (alertPriceProblem), so the text is
 * kept as typed: spec section 5's pattern ("no spaces", exponent allowed) applies to it.
 */
const alertPrice = z
  .union([z.null(), z.number(), safeText('alertPrice').max(40, zodMessage(ALERT_MESSAGES.priceInvalid))], { error: zodMessage(ALERT_MESSAGES.priceInvalid) })
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

const alertFields = {
  id: productRef('id'),
  alertPrice,
  brandId: scopeId('brandId'),
  storeId: scopeId('storeId'),
  country,
  /**
   * Optional: the dialog's kind. Absent, a price makes a price alert and none a sale alert;
   * 'price' without a price is refused with ALERT_MESSAGES.priceRequired; 'stock' is the
   * back-in-stock alert (it must be said: nothing else asks for it).
   */
  kind: z.enum(ALERT_KINDS, { error: 'kind must be sale, price or stock' }).optional(),
  anyStore: flag('anyStore'),
};

/** POST /set-user-alerts. */
export const SetUserAlertBody = z.object(alertFields);
export type SetUserAlertInput = z.infer<typeof SetUserAlertBody>;

/** POST /set-alerts: the same with the guest's address (checked with isValidEmail by the api). */
export const SetGuestAlertBody = z.object({
  ...alertFields,
  email: safeText('email', { error: zodMessage(ALERT_MESSAGES.email) }).max(EMAIL_MAX, zodMessage(ALERT_MESSAGES.email)),
});
export type SetGuestAlertInput = z.infer<typeof SetGuestAlertBody>;

/** ?page=&perPage= of My Alerts, My Sales and the notifications: page from 1, perPage 24 unless asked, at most 96. */
export const AlertsPageQuery = z.object({
  page: pageNumber('page', 100_000, 1),
  perPage: pageNumber('perPage', ALERTS_MAX_PER_PAGE, ALERTS_PER_PAGE),
});

export const AlertCountryParams = z.object({ country });
export const AlertIdParams = z.object({ alertId: entityId('alertId') });

/** PUT /notifications-read: marks the shopper's notifications with id ≤ upTo read. */
export const NotificationsReadBody = z.object({ upTo: entityId('upTo') });

const linkToken = safeText('token', { error: zodMessage(ALERT_MESSAGES.linkInvalid) }).max(300, zodMessage(ALERT_MESSAGES.linkInvalid));

/** PUT /confirm-alerts. */
export const ConfirmAlertsBody = z.object({ token: linkToken });

/** POST /alert-unsubscribe: all (true/false, 1/0) stops every alert of the token's owner. */
export const AlertUnsubscribeBody = z.object({
  token: linkToken,
  all: flag('all'),
});
