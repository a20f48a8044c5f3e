import { z } from 'zod';
import { INPUT_MESSAGES, entityId, pageNumber, productRef, safeText } from '../validation/safe-input';
import {
  SHOW_WISHLIST_MAX_IDS,
  WISHLIST_MAX_PER_PAGE,
  WISHLIST_MESSAGES,
  WISHLIST_ORDERS,
  WISHLIST_PER_PAGE,
  normalizeWishlistName,
  wishlistNameProblem,
} from '../validation/wishlist-rules';
import { zodIssue, zodMessage } from '../validation/message';
import { ProductCardSchema } from './product-schemas';

// Wishlists on the api (spec sections 3, 5, 7), all under /api/account. Personal (the
// `token` header; without one 401 'UnAuthorized Access!') except public-wishlist, which is
// shared. Another shopper's list and an unknown list are the same 404. Every answer is
// { data: … }; bad input is a 400 { status, message, fields } naming the field.
//
//   POST   /create-wishlist {listName}                      WishlistListsSchema (the new list)
//   POST   /wishlist {id, listId, listName}                 WishlistAddedSchema
//          listId 0: a new list named listName; otherwise the list's stored name (listName ignored)
//   GET    /wishlist/{a}/{b}/{c}?page=&perPage=              WishlistPageSchema
//          a: a list id, or 0 for the shopper's lists alone (list null, no items);
//          b: the country whose site prices the cards (gb, us, …);
//          c: the order, added (newest first), price-asc or price-desc
//   PUT    /wishlist {listName, listId}                     WishlistListsSchema (renamed)
//   PUT    /wishlist-privacy {listId, isPublic}             WishlistListsSchema
//   PUT    /wishlist-move-product {id, s_listid, d_listid, d_listName}
//                                                           WishlistListsSchema [source, destination]
//   POST   /wishlist-default {id}                           WishlistAddedSchema
//   DELETE /wishlist-product/{listId}/{productId}           WishlistListsSchema
//   DELETE /wishlist/{listId}                               WishlistDeletedSchema
//   GET    /show-wishlist?id= | ?ids=1,2,3                  ShowWishlistSchema | ShowWishlistManySchema
//          ?id=: the shopper's lists (spec section 3 "Response data.lists"), each saying
//          whether it holds the product, and listIds, those that do; ?ids=: the site's hearts
//   GET    /public-wishlist/{id}?country=&page=&perPage=    PublicWishlistSchema (shared)
//   POST   /editorspick-product {id, listId, productName}   EditorsPickAddedSchema (profile type 1 or 2)

// ── answers ─────────────────────────────────────────────────────────────────────────

/** Spec section 3 "Wishlist": listId, listName, isPublic (1 or 0), slug; with its size and first images. */
export const WishlistSchema = z.object({
  listId: z.number().int(),
  listName: z.string(),
  isPublic: z.union([z.literal(0), z.literal(1)]),
  /** From the name, unique among the shopper's lists: the web's pretty URL. */
  slug: z.string(),
  /** Products in the list. */
  count: z.number().int(),
  /** The 180 px card images of the list's first four products, newest first. */
  images: z.array(z.string()),
});
export type Wishlist = z.infer<typeof WishlistSchema>;

export const WishlistListsSchema = z.object({ lists: z.array(WishlistSchema) });

export const WishlistAddedSchema = z.object({ added: z.boolean(), message: z.string(), lists: z.array(WishlistSchema) });
export type WishlistAdded = z.infer<typeof WishlistAddedSchema>;

export const WishlistItemSchema = z.object({
  productId: z.number().int(),
  /** ISO 8601. */
  addedAt: z.string(),
  /** Kept from when it was added, for a product no longer in the catalogue. */
  productName: z.string(),
  image: z.string(),
  /** The listing's card, priced today for the country; null when the product is not sold there any more. */
  product: ProductCardSchema.nullable(),
  /**
   * The store's name when the product has no card because its store's feed withdrew it from
   * the country's site (issue 27): the page says "No longer sold by {store}"; null otherwise.
   */
  noLongerSoldBy: z.string().nullable(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const WishlistPageSchema = z.object({
  lists: z.array(WishlistSchema),
  list: WishlistSchema.nullable(),
  items: z.array(WishlistItemSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  currencySymbol: z.string(),
});
export type WishlistPage = z.infer<typeof WishlistPageSchema>;

export const PublicWishlistSchema = WishlistPageSchema.extend({
  list: WishlistSchema,
  owner: z.object({ userName: z.string(), name: z.string() }),
});
export type PublicWishlist = z.infer<typeof PublicWishlistSchema>;

export const WishlistDeletedSchema = z.object({ deleted: z.literal(true) });

/** One of the shopper's lists as spec section 3 names it, and whether it holds the product asked about. */
export const ShownWishlistSchema = WishlistSchema.pick({ listId: true, listName: true, isPublic: true, slug: true }).extend({ holdsProduct: z.boolean() });
export type ShownWishlist = z.infer<typeof ShownWishlistSchema>;
/** lists: every list of the shopper's, oldest first; listIds: those holding the product. */
export const ShowWishlistSchema = z.object({ lists: z.array(ShownWishlistSchema), listIds: z.array(z.number().int()) });
export const ShowWishlistManySchema = z.object({ products: z.record(z.string(), z.array(z.number().int())) });

export const EditorsPickAddedSchema = z.object({ added: z.boolean() });

// ── requests ────────────────────────────────────────────────────────────────────────

/** A list name (spec section 5), trimmed: 'List Name is required.' when missing. */
export function wishlistName(field: string) {
  return safeText(field, { error: (issue) => (issue.input === undefined || issue.input === null ? zodMessage(WISHLIST_MESSAGES.nameRequired) : `${field} must be text`) })
    .check((ctx) => {
      const problem = wishlistNameProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', ...zodIssue(problem), input: ctx.value, continue: false });
    })
    .transform(normalizeWishlistName);
}

/** A list id, or 0 for "a new list" (spec section 3: "listId (0 means new list)"). */
export function listIdOrNew(field: string) {
  const id = entityId(field);
  const message = WISHLIST_MESSAGES.listIdOrNew(field);
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    if (value === 0 || value === '0') return 0;
    const parsed = id.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * A list to add to: an existing one by id, or (id 0) a new one named by `nameField`. The
 * name is read only for a new list: an existing list keeps its stored name.
 */
function nameForNewList<I extends string, N extends string>(idField: I, nameField: N) {
  const name = wishlistName(nameField);
  return <T extends Record<I, number> & Partial<Record<N, unknown>>>(value: T, ctx: z.RefinementCtx): Omit<T, N> & Record<N, string | undefined> => {
    if (value[idField] !== 0) return { ...value, [nameField]: undefined };
    const parsed = name.safeParse(value[nameField]);
    if (parsed.success) return { ...value, [nameField]: parsed.data };
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, params: (issue as { params?: Record<string, unknown> }).params, path: [nameField] });
    return z.NEVER;
  };
}

/** A product, by its id or a size variant's guid (safe-input.ts productRef). */
const productId = productRef('id');

export const CreateWishlistBody = z.object({ listName: wishlistName('listName') });

export const AddToWishlistBody = z
  .object({ id: productId, listId: listIdOrNew('listId'), listName: z.unknown().optional() })
  .transform(nameForNewList('listId', 'listName'));

export const RenameWishlistBody = z.object({ listId: entityId('listId'), listName: wishlistName('listName') });

/** 1/0 or true/false (and the same as text, for form posts). */
const isPublic = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: 'isPublic must be 1 or 0 (or true or false)' })
  .transform((value) => value === 1 || value === true || value === '1' || value === 'true');

export const WishlistPrivacyBody = z.object({ listId: entityId('listId'), isPublic });

export const MoveProductBody = z
  .object({ id: productId, s_listid: entityId('s_listid'), d_listid: listIdOrNew('d_listid'), d_listName: z.unknown().optional() })
  .transform(nameForNewList('d_listid', 'd_listName'));

export const DefaultWishlistBody = z.object({ id: productId });

export const EditorsPickBody = z.object({
  id: productId,
  listId: entityId('listId'),
  // What the editor saw; the stored pick is the product id, so the name is checked, not kept.
  productName: safeText('productName').max(500, 'productName is longer than 500 characters').optional(),
});

export const WishlistIdParams = z.object({ listId: entityId('listId') });
export const WishlistProductParams = z.object({ listId: entityId('listId'), productId: productRef('productId') });

/** ?page=&perPage= of a list: page from 1, perPage 24 unless asked, at most 96. */
export const WishlistPageQuery = z.object({
  page: pageNumber('page', 100_000, 1),
  perPage: pageNumber('perPage', WISHLIST_MAX_PER_PAGE, WISHLIST_PER_PAGE),
});

export const WishlistOrderParam = safeText('c').pipe(z.enum(WISHLIST_ORDERS, { error: WISHLIST_MESSAGES.order }));

/** ?id=42, or ?ids=1,2,3 (at most SHOW_WISHLIST_MAX_IDS). */
export const ShowWishlistQuery = z
  .object({
    id: productRef('id').optional(),
    // The hearts of a page of cards: the cards' product ids.
    ids: safeText('ids')
      .transform((value, ctx) => {
        const parts = value.split(',');
        if (parts.length > SHOW_WISHLIST_MAX_IDS) {
          ctx.addIssue({ code: 'custom', message: WISHLIST_MESSAGES.tooManyIds });
          return z.NEVER;
        }
        const ids = z.array(entityId('ids')).safeParse(parts);
        if (!ids.success) {
          ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.id('ids') });
          return z.NEVER;
        }
        return [...new Set(ids.data)];
      })
      .optional(),
  })
  .check((ctx) => {
    if ((ctx.value.id === undefined) === (ctx.value.ids === undefined)) {
      ctx.issues.push({ code: 'custom', message: WISHLIST_MESSAGES.showWhich, input: ctx.value, path: ['id'], continue: false });
    }
  });
