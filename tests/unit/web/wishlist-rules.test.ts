import { describe, expect, it } from 'vitest';
import { message } from '../../../shared/validation/message';
import { WISHLIST_MESSAGES, WISHLIST_NAME_MAX } from '../../../shared/validation/wishlist-rules';
import { dialogSubmitState, dialogTitle } from '../../../client/components/wishlist/wishlist-dialog-rules';
import { publicWishlistPath, wishlistIntent } from '../../../client/components/wishlist/wishlist-page-rules';
import { testTranslator } from '../../support/i18n';

const { t } = testTranslator();

// The Wishlist dialog's Submit (spec section 5) and what My Wishlists' plain forms post.

const lists = [
  { listId: 4, listName: 'Summer' },
  { listId: 9, listName: 'Party Shoes' },
];

describe("the Wishlist dialog's Submit", () => {
  it('is disabled with no list chosen, and enabled once one is, with no name asked', () => {
    expect(dialogSubmitState({ mode: 'wishlist', choice: '', name: '', lists })).toEqual({ canSubmit: false, nameProblem: undefined });
    expect(dialogSubmitState({ mode: 'wishlist', choice: 4, name: '', lists })).toEqual({ canSubmit: true, nameProblem: undefined });
    expect(dialogSubmitState({ mode: 'editorpick', choice: 12, name: '', lists: [] })).toEqual({ canSubmit: true, nameProblem: undefined });
    expect(dialogSubmitState({ mode: 'move-wishlist', choice: '', name: '', lists })).toEqual({ canSubmit: false, nameProblem: undefined });
  });

  it('with Create New (0) asks for a name, with the spec messages: empty, only whitespace, too long, a duplicate in any case', () => {
    const create = (name: string) => dialogSubmitState({ mode: 'cart-to-wishlist', choice: 0, name, lists });
    expect(create('')).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameRequired });
    expect(create('   ')).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameWhitespace });
    expect(create('x'.repeat(WISHLIST_NAME_MAX + 1))).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameTooLong });
    expect(create('  party shoes ')).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameExists });
    expect(create('x'.repeat(WISHLIST_NAME_MAX))).toEqual({ canSubmit: true, nameProblem: undefined });
    expect(dialogSubmitState({ mode: 'move-wishlist', choice: 0, name: 'Winter', lists })).toEqual({ canSubmit: true, nameProblem: undefined });
  });

  it('renaming, the list keeps its own name in another case, and may not take another list’s', () => {
    const rename = (name: string) => dialogSubmitState({ mode: 'rename-wishlist', choice: 'rename', name, lists, renaming: 4 });
    expect(rename('SUMMER')).toEqual({ canSubmit: true, nameProblem: undefined });
    expect(rename('Party shoes')).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameExists });
    expect(rename('')).toEqual({ canSubmit: false, nameProblem: WISHLIST_MESSAGES.nameRequired });
  });

  it('is titled by mode', () => {
    expect(dialogTitle(t, { mode: 'wishlist', productId: 1, productName: 'Wrap Dress' })).toBe('Add Wrap Dress to a wishlist');
    expect(dialogTitle(t, { mode: 'editorpick', productId: 1, productName: 'Wrap Dress' })).toBe("Add Wrap Dress to an editor's pick");
    expect(dialogTitle(t, { mode: 'rename-wishlist', listId: 4, listName: 'Summer', lists })).toBe('Rename Summer');
    expect(dialogTitle(t, { mode: 'move-wishlist', productId: 1, sourceListId: 4, lists })).toBe('Move to another wishlist');
  });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("My Wishlists' form posts", () => {
  it('reads each intent with its fields, names trimmed', () => {
    expect(wishlistIntent(form({ intent: 'create-list', listName: ' Party ' }))).toEqual({ kind: 'create-list', listName: 'Party' });
    expect(wishlistIntent(form({ intent: 'rename', listId: '4', listName: 'Evening' }))).toEqual({ kind: 'rename', listId: 4, listName: 'Evening' });
    expect(wishlistIntent(form({ intent: 'privacy', listId: '4', isPublic: '1' }))).toEqual({ kind: 'privacy', listId: 4, isPublic: true });
    expect(wishlistIntent(form({ intent: 'privacy', listId: '4', isPublic: '0' }))).toEqual({ kind: 'privacy', listId: 4, isPublic: false });
    expect(wishlistIntent(form({ intent: 'delete-list', listId: '4' }))).toEqual({ kind: 'delete-list', listId: 4 });
    expect(wishlistIntent(form({ intent: 'delete-product', listId: '4', productId: '77' }))).toEqual({ kind: 'delete-product', listId: 4, productId: 77 });
    expect(wishlistIntent(form({ intent: 'choose-move', listId: '4', productId: '77' }))).toEqual({ kind: 'choose-move', listId: 4, productId: 77 });
    expect(wishlistIntent(form({ intent: 'move', listId: '4', productId: '77', destination: '9', listName: 'ignored' }))).toEqual({ kind: 'move', listId: 4, productId: 77, destination: 9, listName: '' });
    expect(wishlistIntent(form({ intent: 'move', listId: '4', productId: '77', destination: '0', listName: 'Later' }))).toEqual({ kind: 'move', listId: 4, productId: 77, destination: 0, listName: 'Later' });
  });

  it('says what is wrong with a bad post', () => {
    expect(wishlistIntent(form({ intent: 'create-list', listName: '  ' }))).toEqual({ error: WISHLIST_MESSAGES.nameWhitespace });
    expect(wishlistIntent(form({ intent: 'rename', listId: '0', listName: 'A' }))).toEqual({ error: message('wishlist.notice.chooseList') });
    expect(wishlistIntent(form({ intent: 'rename', listId: '4x', listName: 'A' }))).toEqual({ error: message('wishlist.notice.chooseList') });
    expect(wishlistIntent(form({ intent: 'privacy', listId: '4', isPublic: 'yes' }))).toEqual({ error: message('wishlist.notice.privacyValue') });
    expect(wishlistIntent(form({ intent: 'delete-product', listId: '4' }))).toEqual({ error: message('wishlist.notice.chooseProduct') });
    expect(wishlistIntent(form({ intent: 'move', listId: '4', productId: '77', destination: '' }))).toEqual({ error: message('wishlist.notice.chooseDestination') });
    expect(wishlistIntent(form({ intent: 'move', listId: '4', productId: '77', destination: '0', listName: '' }))).toEqual({ error: WISHLIST_MESSAGES.nameRequired });
    expect(wishlistIntent(form({ intent: 'launch', listId: '4', productId: '77' }))).toEqual({ error: message('wishlist.notice.unknownAction') });
  });

  it("gives a list's public page as /wishlist/{listId}/{slug}", () => {
    expect(publicWishlistPath({ listId: 12, slug: 'date-night' })).toBe('/wishlist/12/date-night');
  });
});
