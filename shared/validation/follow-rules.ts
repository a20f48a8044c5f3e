// Follows of brands and stores (spec sections 2 "My Brands", "My Stores", 3 "Follow", 7): the
// kinds, the page sizes, the bound and every message, once, for the api, the web and the tests.

export const FOLLOW_KINDS = ['brand', 'store'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** Followed brands or stores per page of My Brands and My Stores: the default and the most one page may ask for. */
export const FOLLOWS_PER_PAGE = 12;
export const FOLLOWS_MAX_PER_PAGE = 48;
/** The newest products shown under each followed brand or store. */
export const FOLLOW_NEWEST_PRODUCTS = 4;
/**
 * Brands (or stores) one shopper may follow: a bound, not a product rule, far above real use;
 * it keeps the answer that says which ones a shopper follows small enough to send whole.
 */
export const FOLLOWS_MAX_PER_KIND = 1000;

export const FOLLOW_MESSAGES = {
  notFound: { brand: 'This brand does not exist.', store: 'This store does not exist.' },
  tooMany: { brand: `You can follow at most ${FOLLOWS_MAX_PER_KIND} brands.`, store: `You can follow at most ${FOLLOWS_MAX_PER_KIND} stores.` },
} as const satisfies Record<string, Record<FollowKind, string>>;

/** The button's words: what it does for a shopper who does not follow yet, and what it says once they do. */
export const FOLLOW_LABELS = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
} as const;
