import { message, type Message, type Wording } from './message';
import { cleanSearchText } from './search-text';
import { WHITESPACE_ONLY_MESSAGE } from './whitespace-only';

// Look rules (spec section 5 "Look title", "Lookbook name (sanitising)"; section 9 "look title
// 2 to 30"), the board a look is composed on, the categories it is built from, and every
// message a person reads about looks, named once: a shopper's words are catalogue ids
// (shared/i18n/catalogs/*/looks.json, issue 29) each side words in its reader's language; what
// only a developer calling the api reads (a field's form) stays English text. No zod here: the Dress Me board and the
// Publish Look dialog in the browser check what a shopper does with these, and the api's
// schemas (shared/api/look-schemas.ts) word their issues with them.

/** Spec section 9: "look title 2 to 30". Counted in characters of the trimmed title. */
export const LOOK_TITLE_MIN = 2;
export const LOOK_TITLE_MAX = 30;

/**
 * A look holds 2 to 12 pieces: one piece is a product, not a look, and past a dozen the
 * board (and the collage made from it) is too crowded to read at a phone's width.
 */
export const LOOK_ITEMS_MIN = 2;
export const LOOK_ITEMS_MAX = 12;

/**
 * The board's coordinate space: a square of BOARD_SIZE units a side, origin at the top left,
 * x to the right, y down, whole units. A piece is the rectangle (x, y, width, height) inside
 * it; every screen scales the square to its own width, so a look composed on a phone and on a
 * desktop is the same look. A piece is at least LOOK_ITEM_MIN_SIDE units a side (smaller is
 * a speck nobody can pick up again).
 */
export const BOARD_SIZE = 1000;
export const LOOK_ITEM_MIN_SIDE = 20;
/** z-order: 0 to LOOK_Z_MAX, higher drawn on top; equal z keeps the order of the items. */
export const LOOK_Z_MAX = 999;

/** Looks per page of GET /sets/0 is not paged: a shopper's lookbook is read whole, up to this. */
export const LOOKBOOK_MAX = 500;

/** The categories a look is built from (GET /user-set-categs), in the order Dress Me shows them. */
export const LOOK_CATEGORY_IDS = ['tops', 'bottoms', 'dresses', 'outerwear', 'shoes', 'bags', 'accessories', 'beauty'] as const;
export type LookCategoryId = (typeof LOOK_CATEGORY_IDS)[number];

export function isLookCategoryId(value: string): value is LookCategoryId {
  return (LOOK_CATEGORY_IDS as readonly string[]).includes(value);
}

/** Each category's name (the api answers it in the caller's language). */
export const LOOK_CATEGORY_NAMES: Readonly<Record<LookCategoryId, Message>> = {
  tops: message('looks.category.tops'),
  bottoms: message('looks.category.bottoms'),
  dresses: message('looks.category.dresses'),
  outerwear: message('looks.category.outerwear'),
  shoes: message('looks.category.shoes'),
  bags: message('looks.category.bags'),
  accessories: message('looks.category.accessories'),
  beauty: message('looks.category.beauty'),
};

export const LOOK_MESSAGES = {
  /** Spec section 5 "Look title". */
  titleMin: message('looks.message.titleMin', { min: LOOK_TITLE_MIN }),
  /** Spec section 5 "Look title". */
  titleMax: message('looks.message.titleMax', { max: LOOK_TITLE_MAX }),
  /** Spec section 5 "Look title". */
  titleInvalid: message('looks.message.titleInvalid'),
  /** Spec section 5: "no whitespace-only" (the wording the list names use). */
  titleWhitespace: WHITESPACE_ONLY_MESSAGE,
  titleRequired: 'setName is required',
  /** Spec sections 5 and 8: a lookbook name that sanitises to nothing. */
  invalidLookbookName: message('looks.message.invalidLookbookName'),
  /** An unknown look and another shopper's look get the same words: neither is revealed. */
  lookNotFound: message('looks.message.lookNotFound'),
  userNotFound: message('looks.message.userNotFound'),
  categoryNotFound: (id: string) => `There is no Dress Me category "${id}"; they are ${LOOK_CATEGORY_IDS.join(', ')}`,
  itemsRequired: 'data.items is required: the pieces of the look',
  itemsTooFew: message('looks.message.itemsTooFew', { min: LOOK_ITEMS_MIN }),
  itemsTooMany: message('looks.message.itemsTooMany', { max: LOOK_ITEMS_MAX }),
  itemGuid: (index: number) => `data.items[${index}].guid must be a size variant guid`,
  itemWhole: (index: number, field: string, min: number, max: number) =>
    `data.items[${index}].${field} must be a whole number from ${min} to ${max}`,
  itemOutside: (index: number, axis: 'x' | 'y') =>
    `data.items[${index}] reaches past the board: ${axis} + ${axis === 'x' ? 'width' : 'height'} must be at most ${BOARD_SIZE}`,
  itemTwice: (guid: string) => `The piece ${guid} is on the board twice.`,
  unknownProduct: (guid: string) => message('looks.message.unknownProduct', { guid }),
  setIdOrNew: 'setId must be 0 (a new look) or the id of one of your looks',
  setPublic: 'setPublic must be 1 or 0 (or true or false)',
  dataShape: 'data must be an object with the look’s items',
} as const;

/** The problem with a look title as typed (spec section 5), or undefined when it may be used. */
export function lookTitleProblem(value: string): Message | undefined {
  if (value !== '' && value.trim() === '') return LOOK_MESSAGES.titleWhitespace;
  const title = value.trim();
  const length = Array.from(title).length;
  if (length < LOOK_TITLE_MIN) return LOOK_MESSAGES.titleMin;
  if (length > LOOK_TITLE_MAX) return LOOK_MESSAGES.titleMax;
  if (!/^[\p{L}\p{M}\p{N} ]+$/u.test(title)) return LOOK_MESSAGES.titleInvalid;
  return undefined;
}

/** A look title as stored: trimmed. */
export function normalizeLookTitle(value: string): string {
  return value.trim();
}

/**
 * The problem with a rename (PUT /rename-lookbook): the name is sanitised first (spec section 5
 * "Lookbook name (sanitising)": letters, digits and spaces, the search text's rule, so
 * cleanSearchText); nothing left is 'Invalid lookbook name!', and what is left must still be a
 * look title (2 to 30 characters).
 */
export function lookbookNameProblem(value: string): Message | undefined {
  const name = cleanSearchText(value);
  if (name === '') return LOOK_MESSAGES.invalidLookbookName;
  return lookTitleProblem(name);
}

/** One piece on the board, as the api takes it (data.items of POST /save-set). */
export type LookPlacement = { guid: string; x: number; y: number; width: number; height: number; z: number };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function whole(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The first problem with a board's pieces, or undefined when they may be saved: 2 to 12
 * pieces, each a guid once, each rectangle inside the board (whether the guids exist is the
 * api's to say). The board in the browser checks a piece with this before it is dropped.
 */
export function lookItemsProblem(items: readonly Partial<Record<keyof LookPlacement, unknown>>[]): Wording | undefined {
  if (items.length < LOOK_ITEMS_MIN) return LOOK_MESSAGES.itemsTooFew;
  if (items.length > LOOK_ITEMS_MAX) return LOOK_MESSAGES.itemsTooMany;
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (typeof item.guid !== 'string' || !GUID.test(item.guid)) return LOOK_MESSAGES.itemGuid(i);
    const guid = item.guid.toLowerCase();
    if (seen.has(guid)) return LOOK_MESSAGES.itemTwice(guid);
    seen.add(guid);
    const problem = placementProblem(item, i);
    if (problem) return problem;
  }
  return undefined;
}

/** The problem with one piece's place on the board (index `i` names it), or undefined. */
export function placementProblem(item: Partial<Record<keyof LookPlacement, unknown>>, i: number): string | undefined {
  const edge = BOARD_SIZE - LOOK_ITEM_MIN_SIDE;
  if (!whole(item.x, 0, edge)) return LOOK_MESSAGES.itemWhole(i, 'x', 0, edge);
  if (!whole(item.y, 0, edge)) return LOOK_MESSAGES.itemWhole(i, 'y', 0, edge);
  if (!whole(item.width, LOOK_ITEM_MIN_SIDE, BOARD_SIZE)) return LOOK_MESSAGES.itemWhole(i, 'width', LOOK_ITEM_MIN_SIDE, BOARD_SIZE);
  if (!whole(item.height, LOOK_ITEM_MIN_SIDE, BOARD_SIZE)) return LOOK_MESSAGES.itemWhole(i, 'height', LOOK_ITEM_MIN_SIDE, BOARD_SIZE);
  if (!whole(item.z, 0, LOOK_Z_MAX)) return LOOK_MESSAGES.itemWhole(i, 'z', 0, LOOK_Z_MAX);
  if ((item.x as number) + (item.width as number) > BOARD_SIZE) return LOOK_MESSAGES.itemOutside(i, 'x');
  if ((item.y as number) + (item.height as number) > BOARD_SIZE) return LOOK_MESSAGES.itemOutside(i, 'y');
  return undefined;
}

/** The web's path of a look's page (spec section 2: sets/{listSlug}/{listId}). */
export function lookPagePath(slug: string, listId: number): string {
  return `/sets/${encodeURIComponent(slug)}/${listId}`;
}

/**
 * The collage: one picture of the look, drawn by the web from its product pictures, the size
 * Open Graph and Twitter cards show (1.91:1); the square board sits in the middle of it.
 */
export const LOOK_COLLAGE = { width: 1200, height: 630, background: '#f7f4ef' } as const;

/** Where the collages live on the web (the drawn product pictures' router leaves these paths alone). */
export const LOOK_COLLAGE_PREFIX = '/images/looks/';

/**
 * The collage's URL. `version` changes whenever the pieces or their places do, so the URL is
 * content-addressed and may be kept for ever; `download` asks for it as a file (the owner's
 * download button).
 */
export function lookCollageUrl(listId: number, version: string, download = false): string {
  return `${LOOK_COLLAGE_PREFIX}${listId}/${version}.png${download ? '?download=1' : ''}`;
}

/** The collage version's form: 16 hex digits (the start of a SHA-256 of the pieces). */
export const LOOK_VERSION_PATTERN = /^[0-9a-f]{16}$/;
