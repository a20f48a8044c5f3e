import { z } from 'zod';
import { DEPARTMENTS } from '../constants';
import { entityId, safeText } from '../validation/safe-input';
import {
  LOOK_CATEGORY_IDS,
  LOOK_ITEMS_MAX,
  LOOK_MESSAGES,
  lookItemsProblem,
  lookTitleProblem,
  lookbookNameProblem,
  normalizeLookTitle,
} from '../validation/look-rules';
import { zodIssue } from '../validation/message';
import { cleanSearchText } from '../validation/search-text';
import { ProductCardSchema } from './product-schemas';
import { FilterSchema } from './search-schemas';

// Looks (saved sets, lookbooks) on the api (spec sections 3 "Saved set / look", 4 "Saving a
// look", 5, 7), all under /api/account. Personal (the `token` header; without one 401
// 'UnAuthorized Access!') except user-set-categs, public-set and user-public-sets, which are
// shared. Another shopper's look and an unknown look are the same 404. Every answer is
// { data: … }; bad input is a 400 { status, message, fields } naming the field
// (fields.setName, fields.data, …).
//
//   GET    /user-set-categs                               LookCategoriesSchema (shared)
//          the eight categories a look is built from, each with the catalogue's category
//          slugs it covers: search within one with GET /api/search?category={slugs, comma-joined}
//   GET    /dress-me-filters/{x}?country=&department=&…   DressMeFiltersSchema
//          x: one of user-set-categs' ids. The filter groups of that category, each with the
//          search filters' bucket shape; any listing parameter (brand, colour, …) narrows the
//          others' counts as on a listing page
//   GET    /sets/0                                        LookbookSchema (the shopper's looks, the most
//          recently changed first, at most LOOKBOOK_MAX)
//   GET    /sets/{listId}?country=                        LookSchema (one of the shopper's looks)
//          country: whose site prices the pieces' cards (gb, us, …; gb when absent)
//   POST   /save-set {setName, setId, setPublic, data}    SetSavedSchema {slug, listId}
//          spec section 4: setId 0 with data: a new look; setId of one of the shopper's looks
//          with data: that look updated (title, public flag, pieces); no data: a rename (as
//          rename-lookbook, the name sanitised)
//   PUT    /rename-lookbook {listId, setName, setPublic}  SetSavedSchema {slug, listId}
//          setName is sanitised (spec section 5): nothing left is 400 'Invalid lookbook name!'
//   DELETE /sets/{listId}                                 LookDeletedSchema
//   GET    /public-set/{listId}?country=                  LookSchema (shared; a private or unknown look is 404)
//   GET    /user-public-sets/{userName}                   PublicLookbookSchema (shared): a shopper's public
//          looks, newest first, for their public profile; an unknown user name is 404
//
// The board (data.items) is a square of BOARD_SIZE (1000) units a side, origin top left;
// each piece is a size variant guid and its rectangle in whole units, plus its z-order
// (shared/validation/look-rules.ts has the bounds and messages). The collage of a saved look
// is the web's picture at `collage` (lookCollageUrl): the look's Open Graph image, a
// 1200 × 630 PNG, immutable (a new URL for every version); `?download=1` (lookCollageUrl's
// `download`) serves it as a file for the owner's download. The look's page on the web is
// lookPagePath(slug, listId) = /sets/{slug}/{listId}.

// ── answers ─────────────────────────────────────────────────────────────────────────

export const LookCategorySchema = z.object({
  id: z.enum(LOOK_CATEGORY_IDS),
  name: z.string(),
  /** The catalogue's category slugs it covers, in every department (women's plain, men-…, kids-…). */
  slugs: z.array(z.string()),
  /** The same, by department, for a board limited to one. */
  byDepartment: z.record(z.enum(DEPARTMENTS), z.array(z.string())),
});
export type LookCategory = z.infer<typeof LookCategorySchema>;

export const LookCategoriesSchema = z.object({ categories: z.array(LookCategorySchema) });
export type LookCategories = z.infer<typeof LookCategoriesSchema>;

export const DressMeFiltersSchema = z.object({
  category: LookCategorySchema,
  /** brand, storename, colours, offers, department: each as GET /api/search/filters/{type} answers it. */
  filters: z.array(FilterSchema),
});
export type DressMeFilters = z.infer<typeof DressMeFiltersSchema>;

/** Spec section 3 "Saved set / look": listId, listName (the title), isPublic (1 or 0); with its slug and collage. */
export const LookSummarySchema = z.object({
  listId: z.number().int(),
  listName: z.string(),
  isPublic: z.union([z.literal(0), z.literal(1)]),
  /** From the title, for the page's path /sets/{slug}/{listId}. Not unique: the id is. */
  slug: z.string(),
  itemCount: z.number().int(),
  /** 16 hex digits; changes whenever the pieces or their places change. */
  version: z.string(),
  /** The web's collage picture of the look (lookCollageUrl): immutable, a new URL for every version. */
  collage: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LookSummary = z.infer<typeof LookSummarySchema>;

export const LookbookSchema = z.object({ looks: z.array(LookSummarySchema) });
export type Lookbook = z.infer<typeof LookbookSchema>;

export const PublicLookbookSchema = LookbookSchema.extend({ owner: z.object({ userName: z.string(), name: z.string() }) });
export type PublicLookbook = z.infer<typeof PublicLookbookSchema>;

export const LookItemSchema = z.object({
  /** The size variant on the board. */
  guid: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  z: z.number().int(),
  /** Kept from when it was saved, for a piece no longer in the catalogue. */
  productName: z.string(),
  /** The piece's full-size picture when saved (the collage draws it). */
  image: z.string(),
  /** The listing's card, priced today for the country; null when the piece is not sold there any more. */
  product: ProductCardSchema.nullable(),
  /** The store's name when the piece has no card because its store withdrew it from the country's site (issue 27). */
  noLongerSoldBy: z.string().nullable(),
});
export type LookItem = z.infer<typeof LookItemSchema>;

export const LookSchema = LookSummarySchema.extend({
  /** In z-order, bottom first (the order they are drawn). */
  items: z.array(LookItemSchema),
  currencySymbol: z.string(),
  owner: z.object({ userName: z.string(), name: z.string() }),
});
export type Look = z.infer<typeof LookSchema>;

/** Spec section 7: save-set "returns data with slug and listId". */
export const SetSavedSchema = z.object({ slug: z.string(), listId: z.number().int() });
export type SetSaved = z.infer<typeof SetSavedSchema>;

export const LookDeletedSchema = z.object({ deleted: z.literal(true) });

// ── requests ────────────────────────────────────────────────────────────────────────

const required = (field: string, missing: string) =>
  safeText(field, { error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${field} must be text`) });

/** A look title (spec section 5 "Look title"), trimmed. */
export const LookTitle = required('setName', LOOK_MESSAGES.titleRequired)
  .check((ctx) => {
    const problem = lookTitleProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', ...zodIssue(problem), input: ctx.value, continue: false });
  })
  .transform(normalizeLookTitle);

/** A lookbook name (spec section 5 "Lookbook name (sanitising)"): sanitised (the search text's rule), then a look title. */
export const LookbookName = required('setName', LOOK_MESSAGES.titleRequired)
  .check((ctx) => {
    const problem = lookbookNameProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', ...zodIssue(problem), input: ctx.value, continue: false });
  })
  .transform(cleanSearchText);

/** 1/0 or true/false (and the same as text). */
const setPublic = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: LOOK_MESSAGES.setPublic })
  .transform((value) => value === 1 || value === true || value === '1' || value === 'true');

/** A look id, or 0 for "a new look" (spec section 3: "setId (0 for new)"). */
const setIdOrNew = z.union([z.string(), z.number()], { error: LOOK_MESSAGES.setIdOrNew }).transform((value, ctx) => {
  if (value === 0 || value === '0') return 0;
  const parsed = entityId('setId').safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: LOOK_MESSAGES.setIdOrNew });
  return z.NEVER;
});

const Placement = z.object({ guid: z.unknown(), x: z.unknown(), y: z.unknown(), width: z.unknown(), height: z.unknown(), z: z.unknown() });

/** More than a look holds is refused before the pieces are looked at, its message with its values (issue 29). */
function atMostItems(ctx: z.core.ParsePayload<unknown[]>) {
  if (ctx.value.length > LOOK_ITEMS_MAX) ctx.issues.push({ code: 'custom', ...zodIssue(LOOK_MESSAGES.itemsTooMany), input: ctx.value, continue: false });
}

/** data of POST /save-set: { items: [{guid, x, y, width, height, z}, …] } inside the board. */
export const LookData = z
  .object({ items: z.array(Placement, { error: LOOK_MESSAGES.itemsRequired }).check(atMostItems) }, { error: LOOK_MESSAGES.dataShape })
  .transform((data, ctx) => {
    const problem = lookItemsProblem(data.items);
    if (problem) {
      ctx.addIssue({ code: 'custom', ...(typeof problem === 'string' ? { message: problem } : zodIssue(problem)) });
      return z.NEVER;
    }
    return data.items.map((item) => ({
      guid: (item.guid as string).toLowerCase(),
      x: item.x as number,
      y: item.y as number,
      width: item.width as number,
      height: item.height as number,
      z: item.z as number,
    }));
  });
export type LookPlacements = z.output<typeof LookData>;

/**
 * POST /save-set. With data, the title is a look title; without data (a rename, spec section
 * 4) it is a lookbook name, sanitised, and setId must name a look.
 */
export const SaveSetBody = z
  .object({ setName: z.unknown().optional(), setId: setIdOrNew, setPublic, data: z.unknown().optional() })
  .transform((body, ctx) => {
    const renaming = body.data === undefined || body.data === null;
    const name = (renaming ? LookbookName : LookTitle).safeParse(body.setName);
    if (!name.success) for (const issue of name.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, params: (issue as { params?: Record<string, unknown> }).params, path: ['setName'] });
    if (renaming) {
      if (body.setId === 0) ctx.addIssue({ code: 'custom', message: LOOK_MESSAGES.itemsRequired, path: ['data'] });
      if (!name.success || body.setId === 0) return z.NEVER;
      return { kind: 'rename' as const, setId: body.setId, setName: name.data, setPublic: body.setPublic };
    }
    const items = LookData.safeParse(body.data);
    if (!items.success) for (const issue of items.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, params: (issue as { params?: Record<string, unknown> }).params, path: ['data'] });
    if (!name.success || !items.success) return z.NEVER;
    return { kind: 'save' as const, setId: body.setId, setName: name.data, setPublic: body.setPublic, items: items.data };
  });
export type SaveSet = z.output<typeof SaveSetBody>;

export const RenameLookbookBody = z.object({ listId: entityId('listId'), setName: LookbookName, setPublic });

/** /sets/{x}: 0 for the shopper's looks, or a look id. */
export const SetsParams = z.object({
  x: z.string().transform((value, ctx) => {
    if (value === '0') return 0;
    const parsed = entityId('x').safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'x must be 0 (your looks) or a look id' });
    return z.NEVER;
  }),
});

export const LookIdParams = z.object({ listId: entityId('listId') });

export const UserNameParams = z.object({ userName: safeText('userName').min(1, 'userName is required').max(100, 'userName is longer than 100 characters') });
