// Business constants and limits (spec section 9). One definition each.

export const DEPARTMENTS = ['women', 'men', 'kids'] as const;
export type Department = (typeof DEPARTMENTS)[number];
export const DEFAULT_DEPARTMENT: Department = 'women';

export function isDepartment(value: string): value is Department {
  return (DEPARTMENTS as readonly string[]).includes(value);
}

export const PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const PAGE_STEP = 2;
export const RECOMMENDED_PRODUCTS = 20;
/** Page count is capped at this many items. */
export const MAX_RESULT_WINDOW = 100_000;

export const LIST_NAME_MAX = 30;
export const LOOK_TITLE_MIN = 2;
export const LOOK_TITLE_MAX = 30;
export const PASSWORD_MIN = 4;
export const EMAIL_MAX = 128;

export const OFFER_BUCKETS = [
  { key: '1.0-50.0', from: 1, to: 50, label: 'Up To 50% Off' },
  { key: '51.0-70.0', from: 51, to: 70, label: '50-70% Off' },
  { key: '71.0-100.0', from: 71, to: 100, label: 'Over 70% Off' },
] as const;

/** Sale menu bands (spec section 2 "Global shell"): /10-20-percent-off … /70-percent-off. */
export const SALE_BANDS = [
  { slug: '10-20-percent-off', label: '10-20% Off', from: 10, to: 20 },
  { slug: '30-40-percent-off', label: '30-40% Off', from: 30, to: 40 },
  { slug: '50-percent-off', label: '50% Off', from: 50, to: 100 },
  { slug: '60-percent-off', label: '60% Off', from: 60, to: 100 },
  { slug: '70-percent-off', label: '70% Off', from: 70, to: 100 },
] as const;

export const PRODUCT_IMAGE_SIZES = ['80', '180', 'full'] as const;
export type ProductImageSize = (typeof PRODUCT_IMAGE_SIZES)[number];

export const COOKIE = {
  token: 'token',
  profileType: 'profile-type',
  country: 'country',
  /** The language the shopper chose in the header (issue 29): its URL segment, or 'en'. */
  language: 'language',
  guestKey: 'g-to',
  merchantToken: 'mer-to',
  socialToken: 'social-token',
  mailingListModal: 'mailing-list-modal',
  xsrf: 'XSRF-TOKEN',
  giveaway: 'giveaway',
  /** HttpOnly: this browser signed in to an account before (server/api/accounts/known-devices.ts). */
  knownDevice: 'known-device',
} as const;

/** Token and profile-type cookies live 30 days (spec section 9). */
export const SESSION_DAYS = 30;
/** A browser stays known this long after its last sign-in: beyond sessions, so a lapsed one still counts. */
export const KNOWN_DEVICE_DAYS = 365;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Headers the web server sends upstream (spec section 3 "Cookies"). */
/**
 * The site language's locale (fr-CA): from the page's path, or the browser's own header on a
 * gateway call (decision 0080). The api writes its messages and e-mails in it. A constant of
 * its own: the browser sends it, and needs none of the other upstream headers.
 */
export const LOCALE_HEADER = 'x-locale';

export const UPSTREAM_HEADER = {
  token: 'token',
  guestKey: 'key',
  geoCountry: 'x-geoip-country',
  bot: 'x-bot',
  requestId: 'x-request-id',
  /** The one client address the web trusts (its `req.ip`), never a list a client sent. */
  clientAddress: 'x-forwarded-for',
  /** The known-device cookie, on the sign-in calls only (server/web/http/session-routes.ts). */
  knownDevice: 'x-known-device',
  locale: LOCALE_HEADER,
} as const;

/**
 * Headers the api adds to its answers for the web. `catalogVersion` is the catalogue
 * generation the api's index holds (a whole number that only grows, the same on every api
 * instance for the same catalogue): the web drops the pages and answers it keeps when it sees
 * a greater one.
 */
export const API_ANSWER_HEADER = {
  catalogVersion: 'x-catalog-version',
  /** On a sign-in's answer: the device's proof for the account, which the web keeps in the known-device cookie. */
  knownDevice: 'x-known-device',
} as const;

/** The site's own account on X (Twitter): the twitter:site of every page. */
export const TWITTER_SITE = '@vitrine';
