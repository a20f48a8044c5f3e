import { message, type Message } from './message';
import { ID_MAX } from './safe-text';
import { WHITESPACE_ONLY_MESSAGE } from './whitespace-only';

// Wishlist rules (spec section 5 "Wishlist/list name", section 9 "List name max 30") and every
// message a person reads about wishlists, named once: a shopper's words are catalogue ids
// (shared/i18n/catalogs/*/wishlist.json, issue 29) that the browser words in the page's
// language and the api in the caller's; what only a developer calling the api reads (a
// parameter's form) stays English text. No zod here: the Wishlist dialog in the
// browser checks what a shopper types with these, and the api's schemas
// (shared/api/wishlist-schemas.ts) word their issues with them.

/** Spec section 9: "List name max 30". Counted in characters of the trimmed name. */
export const WISHLIST_NAME_MAX = 30;

/** Products per page of a list: the default and the most one page may ask for. */
export const WISHLIST_PER_PAGE = 24;
export const WISHLIST_MAX_PER_PAGE = 96;

// The show-wishlist limit lives in a module of its own: the page loaders' hearts call, which
// landing pages ship, needs only that number (docs/performance.md "What was learned": a shell
// module importing one constant of a larger module brings all of it).
export { SHOW_WISHLIST_MAX_IDS } from './wishlist-limits';
import { SHOW_WISHLIST_MAX_IDS } from './wishlist-limits';

/** How a list's products are ordered (the `c` of GET /wishlist/{a}/{b}/{c}). */
export const WISHLIST_ORDERS = ['added', 'price-asc', 'price-desc'] as const;
export type WishlistOrder = (typeof WISHLIST_ORDERS)[number];

export const WISHLIST_MESSAGES = {
  /** Spec section 5. */
  nameRequired: message('wishlist.message.nameRequired'),
  nameTooLong: message('wishlist.message.nameTooLong', { max: WISHLIST_NAME_MAX }),
  /** Spec section 5. */
  nameWhitespace: WHITESPACE_ONLY_MESSAGE,
  /** Spec sections 5 and 8. */
  nameExists: message('wishlist.message.nameExists'),
  /** An unknown list and another shopper's list get the same words: neither is revealed. */
  listNotFound: message('wishlist.message.listNotFound'),
  productNotFound: message('wishlist.message.productNotFound'),
  productNotInList: message('wishlist.message.productNotInList'),
  added: message('wishlist.message.added'),
  alreadyInList: message('wishlist.message.alreadyInList'),
  editorsPickListNotFound: message('wishlist.message.editorsPickListNotFound'),
  editorsOnly: message('wishlist.message.editorsOnly'),
  order: `c must be one of ${WISHLIST_ORDERS.join(', ')}`,
  listIdOrNew: (field: string) => `${field} must be 0 or a whole number from 1 to ${ID_MAX}`,
  showWhich: 'Give either id (one product id) or ids (product ids separated by commas)',
  tooManyIds: `ids may name at most ${SHOW_WISHLIST_MAX_IDS} products`,
} as const;

/**
 * The first problem with a list name as typed, or undefined when it may be used (a duplicate
 * is checked against the shopper's lists: isDuplicateWishlistName). Whitespace around the
 * name does not count: names are stored trimmed.
 */
export function wishlistNameProblem(value: string): Message | undefined {
  if (value === '') return WISHLIST_MESSAGES.nameRequired;
  const name = value.trim();
  if (name === '') return WISHLIST_MESSAGES.nameWhitespace;
  if (Array.from(name).length > WISHLIST_NAME_MAX) return WISHLIST_MESSAGES.nameTooLong;
  return undefined;
}

/** The name as stored: trimmed. */
export function normalizeWishlistName(value: string): string {
  return value.trim();
}

/** Two list names are the same list name when they match trimmed, ignoring case. */
export function sameWishlistName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Spec section 5: a new name that repeats one of the shopper's lists in any case is refused.
 * `renaming` is the list being renamed: giving it its own name in another case is allowed.
 */
export function isDuplicateWishlistName(
  name: string,
  lists: readonly { listId: number; listName: string }[],
  renaming?: number,
): boolean {
  return lists.some((list) => list.listId !== renaming && sameWishlistName(list.listName, name));
}
