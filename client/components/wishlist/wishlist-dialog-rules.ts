import type { Translate } from '../../../shared/i18n/translator';
import type { Message } from '../../../shared/validation/message';
import { WISHLIST_MESSAGES, isDuplicateWishlistName, wishlistNameProblem } from '../../../shared/validation/wishlist-rules';
import type { WishlistDialogRequest, WishlistList } from './card-dialog-request';

// The Wishlist dialog's rules (spec section 5), apart from React so they can be tested alone.

/** What the chooser holds: nothing yet (''), Create New (0), a list id, or the list being renamed. */
export type DialogChoice = '' | number | 'rename';

export type SubmitState = { canSubmit: boolean; nameProblem: Message | undefined };

/**
 * Spec section 5: Submit is disabled with no list chosen, or Create New with an empty name (or
 * a name the rules refuse, a duplicate of one of the shopper's lists in any case included);
 * an editor's pick needs a pick, a rename a name, a move a destination.
 */
export function dialogSubmitState(input: {
  mode: WishlistDialogRequest['mode'];
  choice: DialogChoice;
  name: string;
  lists: readonly WishlistList[];
  renaming?: number;
}): SubmitState {
  const needsName = input.mode === 'rename-wishlist' || input.choice === 0;
  if (!needsName) return { canSubmit: input.choice !== '' && input.choice !== 'rename', nameProblem: undefined };
  const problem =
    wishlistNameProblem(input.name) ?? (isDuplicateWishlistName(input.name, input.lists, input.renaming) ? WISHLIST_MESSAGES.nameExists : undefined);
  return { canSubmit: problem === undefined, nameProblem: problem };
}

/** The dialog's title in the page's language (issue 29). */
export function dialogTitle(t: Translate, request: WishlistDialogRequest): string {
  switch (request.mode) {
    case 'wishlist':
    case 'cart-to-wishlist':
      return t('wishlist.dialog.title.add', { product: request.productName });
    case 'editorpick':
      return t('wishlist.dialog.title.editorsPick', { product: request.productName });
    case 'rename-wishlist':
      return t('wishlist.dialog.title.rename', { list: request.listName });
    case 'move-wishlist':
      return t('wishlist.dialog.title.move');
  }
}
