// Follows of brands and stores (spec sections 2 "My Brands", "My Stores", 3 "Follow", 7): the
// kinds, the page sizes, the bound and every message, once, for the api, the web and the tests.
// Messages are catalogue ids (shared/i18n/catalogs/*/follows.json, issue 29) each side words in
// its reader's language; the button's words are the web's alone (follows.button.*).

import { message } from './message';

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
  notFound: (kind: FollowKind) => message('follows.message.notFound', { kind }),
  tooMany: (kind: FollowKind) => message('follows.message.tooMany', { kind, max: FOLLOWS_MAX_PER_KIND }),
} as const;
