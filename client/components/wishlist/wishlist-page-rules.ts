import type { Translate } from '../../../shared/i18n/translator';
import { message, type Message } from '../../../shared/validation/message';
import { wishlistNameProblem } from '../../../shared/validation/wishlist-rules';

// What the wishlist pages' plain forms post (My Wishlists' action), read and checked before
// anything reaches the api, and the public page's address. Pure, so tested alone.

export type WishlistIntent =
  | { kind: 'create-list'; listName: string }
  | { kind: 'rename'; listId: number; listName: string }
  | { kind: 'privacy'; listId: number; isPublic: boolean }
  | { kind: 'delete-list'; listId: number }
  | { kind: 'delete-product'; listId: number; productId: number }
  | { kind: 'choose-move'; listId: number; productId: number }
  | { kind: 'move'; listId: number; productId: number; destination: number; listName: string };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** A whole number from 1 (or from 0 with `zero`), or undefined. */
function id(value: string, zero = false): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= (zero ? 0 : 1) ? n : undefined;
}

/** The form's intent with its fields, or the message saying what is wrong with it (in no language yet: each side words it). */
export function wishlistIntent(form: FormData): WishlistIntent | { error: Message } {
  const kind = text(form, 'intent');
  const listId = id(text(form, 'listId'));
  const productId = id(text(form, 'productId'));
  const name = text(form, 'listName');
  const named = (make: (listName: string) => WishlistIntent) => {
    const problem = wishlistNameProblem(name);
    return problem ? { error: problem } : make(name.trim());
  };
  if (kind === 'create-list') return named((listName) => ({ kind, listName }));
  if (listId === undefined) return { error: message('wishlist.notice.chooseList') };
  switch (kind) {
    case 'rename':
      return named((listName) => ({ kind, listId, listName }));
    case 'privacy': {
      const value = text(form, 'isPublic');
      if (value !== '0' && value !== '1') return { error: message('wishlist.notice.privacyValue') };
      return { kind, listId, isPublic: value === '1' };
    }
    case 'delete-list':
      return { kind, listId };
  }
  if (productId === undefined) return { error: message('wishlist.notice.chooseProduct') };
  switch (kind) {
    case 'delete-product':
    case 'choose-move':
      return { kind, listId, productId };
    case 'move': {
      const destination = id(text(form, 'destination'), true);
      if (destination === undefined) return { error: message('wishlist.notice.chooseDestination') };
      if (destination !== 0) return { kind, listId, productId, destination, listName: '' };
      return named((listName) => ({ kind, listId, productId, destination, listName }));
    }
  }
  return { error: message('wishlist.notice.unknownAction') };
}

/** The public page of a list: /wishlist/{listId}/{slug}. */
export function publicWishlistPath(list: { listId: number; slug: string }): string {
  return `/wishlist/${list.listId}/${list.slug}`;
}

/**
 * What a saved product without a card says (a wishlist's item, a look's piece), in the page's
 * language (issue 29): "No longer sold by {store}" when its store withdrew it from this country's
 * site (the product page's words), else "No longer available".
 */
export function goneWords(t: Translate, noLongerSoldBy: string | null): string {
  return noLongerSoldBy ? t('product.withdrawn.notice', { store: noLongerSoldBy }) : t('wishlist.noLongerAvailable');
}
