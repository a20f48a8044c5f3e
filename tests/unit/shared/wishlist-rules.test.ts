import { describe, expect, it } from 'vitest';
import { AddToWishlistBody, DefaultWishlistBody, MoveProductBody, ShowWishlistQuery, WishlistPageQuery, wishlistName } from '../../../shared/api/wishlist-schemas';
import type { z } from 'zod';
import { issueWording } from '../../../shared/validation/message';
import {
  WISHLIST_MESSAGES,
  isDuplicateWishlistName,
  normalizeWishlistName,
  sameWishlistName,
  wishlistNameProblem,
} from '../../../shared/validation/wishlist-rules';
import { inEnglish } from '../../support/i18n';

// Spec section 5 "Wishlist/list name": the plain rules the Wishlist dialog checks with in the
// browser, and the api's schemas built on them, which must give the same messages.

/** A name's first problem, as an English page says it. */
function said(value: string): string | undefined {
  const problem = wishlistNameProblem(value);
  return problem && inEnglish(problem);
}

/** Each field's first message, as the api's English answer says it. */
function fieldsSaid(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? '')] ??= inEnglish(issueWording(issue));
  return fields;
}

describe('a wishlist name', () => {
  it('gives the messages of spec section 5, in order', () => {
    expect(said('')).toBe('List Name is required.');
    expect(said(' ')).toBe('value is only whitespace');
    expect(said('\t\n\u00a0')).toBe('value is only whitespace');
    expect(said('x'.repeat(31))).toBe('List Name must be at most 30 characters.');
    expect(wishlistNameProblem('x'.repeat(30))).toBe(undefined);
    // Whitespace around the name is not counted (names are stored trimmed).
    expect(wishlistNameProblem(`  ${'x'.repeat(30)}  `)).toBe(undefined);
    // Characters, not UTF-16 units: thirty emoji are thirty characters.
    expect(wishlistNameProblem('👗'.repeat(30))).toBe(undefined);
    expect(wishlistNameProblem('👗'.repeat(31))).toBe(WISHLIST_MESSAGES.nameTooLong);
    expect(normalizeWishlistName('  Summer Dresses ')).toBe('Summer Dresses');
  });

  it('is a duplicate of a list with the same name in any case, except the list being renamed', () => {
    const lists = [
      { listId: 1, listName: 'Summer Dresses' },
      { listId: 2, listName: 'Boots' },
    ];
    expect(sameWishlistName(' summer DRESSES ', 'Summer Dresses')).toBe(true);
    expect(isDuplicateWishlistName('SUMMER dresses', lists)).toBe(true);
    expect(isDuplicateWishlistName('  boots', lists)).toBe(true);
    expect(isDuplicateWishlistName('Summer Dress', lists)).toBe(false);
    expect(isDuplicateWishlistName('summer dresses', lists, 1)).toBe(false);
    expect(isDuplicateWishlistName('boots', lists, 1)).toBe(true);
  });

  it("is parsed by the api with the same messages, the name trimmed", () => {
    const name = wishlistName('listName');
    const problem = (value: unknown) => {
      const parsed = name.safeParse(value);
      return parsed.success ? undefined : parsed.error.issues.map((i) => inEnglish(issueWording(i)));
    };
    for (const value of ['', ' ', 'x'.repeat(31), 'ok']) expect(problem(value), value).toEqual(said(value) && [said(value)]);
    expect(problem(undefined)).toEqual(['List Name is required.']);
    expect(problem(7)).toEqual(['listName must be text']);
    expect(problem('a\u0000b')).toEqual(['listName must not contain control characters']);
    expect(name.parse('  Gifts ')).toBe('Gifts');
  });
});

describe('the wishlist request schemas', () => {
  it('read a list name only for a new list (id 0)', () => {
    expect(AddToWishlistBody.parse({ id: 5, listId: 0, listName: ' Gifts ' })).toEqual({ id: { productId: 5 }, listId: 0, listName: 'Gifts' });
    expect(AddToWishlistBody.parse({ id: '5', listId: '7', listName: '' })).toEqual({ id: { productId: 5 }, listId: 7, listName: undefined });
    const missing = AddToWishlistBody.safeParse({ id: 5, listId: '0' });
    expect(missing.success ? {} : fieldsSaid(missing.error)).toEqual({ listName: 'List Name is required.' });
    const moveToNew = MoveProductBody.safeParse({ id: 5, s_listid: 1, d_listid: 0, d_listName: '   ' });
    expect(moveToNew.success ? {} : fieldsSaid(moveToNew.error)).toEqual({ d_listName: 'value is only whitespace' });
    const tooLong = MoveProductBody.safeParse({ id: 5, s_listid: 1, d_listid: 0, d_listName: 'x'.repeat(31) });
    expect(tooLong.success ? {} : fieldsSaid(tooLong.error)).toEqual({ d_listName: 'List Name must be at most 30 characters.' });
    const badList = AddToWishlistBody.safeParse({ id: 5, listId: -3 });
    expect(badList.success ? {} : fieldsSaid(badList.error)).toEqual({ listId: 'listId must be 0 or a whole number from 1 to 2147483647' });
  });

  it("name a product by its id or any of its size variants' guid, and refuse anything else naming the field", () => {
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(DefaultWishlistBody.parse({ id: guid.toUpperCase() })).toEqual({ id: { guid } });
    expect(DefaultWishlistBody.parse({ id: 2147483647 })).toEqual({ id: { productId: 2147483647 } });
    const message = "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid";
    for (const id of [0, -1, 1.5, '1e3', 2147483648, 'abc', `${guid}x`, null, [5]]) {
      const bad = DefaultWishlistBody.safeParse({ id });
      expect(bad.success ? {} : fieldsSaid(bad.error), String(id)).toEqual({ id: message });
    }
  });

  it('page a list from 1, 24 a page unless asked, at most 96', () => {
    expect(WishlistPageQuery.parse({})).toEqual({ page: 1, perPage: 24 });
    expect(WishlistPageQuery.parse({ page: '3', perPage: '96' })).toEqual({ page: 3, perPage: 96 });
    expect(WishlistPageQuery.safeParse({ perPage: '97' }).success).toBe(false);
    expect(WishlistPageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(WishlistPageQuery.safeParse({ page: ['1', '2'] }).success).toBe(false);
  });

  it('ask which lists hold one product or up to 100', () => {
    expect(ShowWishlistQuery.parse({ id: '4' })).toEqual({ id: { productId: 4 } });
    expect(ShowWishlistQuery.parse({ ids: '4,5,4' })).toEqual({ ids: [4, 5] });
    expect(ShowWishlistQuery.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }).success).toBe(false);
    expect(ShowWishlistQuery.safeParse({ id: '4', ids: '5' }).success).toBe(false);
    expect(ShowWishlistQuery.safeParse({}).success).toBe(false);
  });
});
