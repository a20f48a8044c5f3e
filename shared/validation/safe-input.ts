import { z } from 'zod';
import { INPUT_MESSAGES, ID_MAX, UUID_PATTERN, unsafeTextProblem } from './safe-text';

// The edge rule every schema that reads request input applies (api params, queries and
// bodies; the account forms; the listing grammar's free text). Two kinds of input reached
// PostgreSQL and made it fail instead of the caller: text with a NUL (PostgreSQL text cannot
// hold one: "invalid byte sequence for encoding UTF8: 0x00") and ids above its integer range
// ("value out of range for type integer"). Both are the caller's mistake, so both are a 400
// naming the field, decided here before any handler runs. Lone surrogates (half of a UTF-16
// pair, possible in JSON as "\ud800") are refused too: written out they become U+FFFD, so
// what we stored would not be what was sent.

export { ID_MAX, INPUT_MESSAGES, UUID_PATTERN, unsafeTextProblem } from './safe-text';

type StringParams = Parameters<typeof z.string>[0];

/**
 * Request text: a string with no control characters and no lone surrogates. `params` words
 * the answer to a missing or non-string value (forms word it their own way); chain length
 * and pattern rules after it. The check stops the rest, so a NUL is reported alone.
 */
export function safeText(field: string, params?: StringParams) {
  const typed = params ?? { error: (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) };
  return z.string(typed).check((ctx) => {
    const problem = unsafeTextProblem(ctx.value, field);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, continue: false });
  });
}

/**
 * An id as a path parameter ("42") or a JSON number (42): a whole number from 1 to ID_MAX,
 * anything else (0, -1, 1.5, 1e3 as text, 2147483648, "abc") a 400 naming the field.
 */
export function entityId(field: string) {
  const message = INPUT_MESSAGES.id(field);
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const id = idValue(value);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}

/** A whole number from 1 to ID_MAX, as a JSON number or its digits; undefined for anything else. */
function idValue(value: string | number): number | undefined {
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= ID_MAX ? id : undefined;
}

/**
 * How a caller names a product, in every call that takes one (`id` of wishlist, wishlist-default,
 * wishlist-move-product, editorspick-product, product-rating, set-alerts, set-user-alerts, and
 * the product of DELETE /wishlist-product/{listId}/{productId}, GET /show-wishlist?id=; the
 * hearts' batch ?ids= takes the cards' ids): the product's numeric id (42 or
 * "42"), or the guid of any of its size variants, which every answer carries (spec section 3's
 * product has no `id`; issue 25). A call about one size (an item alert) given the product's id
 * takes its cheapest size there.
 */
export type ProductRef = { productId: number } | { guid: string };

export function productRef(field: string) {
  const message = INPUT_MESSAGES.productRef(field);
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx): ProductRef => {
    if (typeof value === 'string' && UUID_PATTERN.test(value)) return { guid: value.toLowerCase() };
    const id = idValue(value);
    if (id !== undefined) return { productId: id };
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** An id that is a UUID: anything else is a 400 with `message` before PostgreSQL casts it. */
export function uuidId(field: string, message: string) {
  return safeText(field).regex(UUID_PATTERN, message);
}

/**
 * A paging parameter (?page=, ?perPage=): a whole number from 1 to `max`, `fallback` when absent
 * or empty; anything else a 400 naming it.
 */
export const pageNumber = (name: string, max: number, fallback: number) =>
  safeText(name)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (!(n >= 1 && n <= max)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });
