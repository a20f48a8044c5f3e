import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { say } from '../../../shared/validation/message';
import { WISHLIST_MESSAGES } from '../../../shared/validation/wishlist-rules';
import { useNotify } from '../../app/notices';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { FormField } from '../ui/FormField';
import { useTypedField } from '../ui/use-typed-field';
import { DialogActions, ModalDialog } from '../ui/ModalDialog';
import { addToEditorsPick, addToWishlist, moveWishlistProduct, renameWishlist, useWishlistChoices } from '../../data/wishlist/wishlist-dialog-calls';
import type { WishlistDialogRequest } from './card-dialog-request';
import { dialogSubmitState, dialogTitle, type DialogChoice } from './wishlist-dialog-rules';
import { WishlistOptions } from './WishlistOptions';

// The Wishlist dialog (spec sections 2 "Other dialogs", 4 "Wishlist dialog", 5, 8, 9), loaded on
// its first opening (wishlist-hearts.tsx). Five modes: wishlist and cart-to-wishlist (add a
// product to a list, or Create New: value 0 with a name), editorpick (admins choose an editor's
// pick list), rename-wishlist, move-wishlist (a destination, or Create New). Success closes it
// with a success notice; a failure closes it too, with the api's words as an error notice.
// Spec section 9 "no keyboard close, backdrop click ignored": the shared frame (ModalDialog)
// leaves it open on Escape and a backdrop click and keeps Tab inside; Close is always there.

type Props = {
  request: WishlistDialogRequest;
  onClose(): void;
  /** The product is in one of the shopper's lists now: its hearts fill. */
  onAdded(productId: number): void;
};

export function WishlistDialog({ request, onClose, onAdded }: Props) {
  const notify = useNotify();
  const t = useT();
  const { country } = useSiteConfig();
  const loaded = useWishlistChoices(request, country.toLowerCase());
  const id = useId();
  const lists = typeof loaded === 'object' ? loaded.lists.filter((list) => request.mode !== 'move-wishlist' || list.listId !== request.sourceListId) : [];
  const offersNew = request.mode !== 'editorpick' && request.mode !== 'rename-wishlist';
  const [choice, setChoice] = useState<DialogChoice>(request.mode === 'rename-wishlist' ? 'rename' : '');
  const name = useTypedField(request.mode === 'rename-wishlist' ? request.listName : '');
  const [sending, setSending] = useState(false);

  // A shopper with no lists yet starts at Create New: there is nothing else to choose.
  const noLists = typeof loaded === 'object' && lists.length === 0;
  const effectiveChoice: DialogChoice = offersNew && noLists && choice === '' ? 0 : choice;
  // The lists the name must differ from (spec section 5): the shopper's, all of them.
  const allLists = typeof loaded === 'object' ? loaded.lists : [];
  const state = dialogSubmitState({ mode: request.mode, choice: effectiveChoice, name: name.value, lists: allLists, renaming: request.mode === 'rename-wishlist' ? request.listId : undefined });
  const nameShown = effectiveChoice === 0 || request.mode === 'rename-wishlist';

  const fail = (error: unknown) => {
    // Spec section 8: wishlist add, editor's pick, move and rename failures close the dialog.
    notify('error', error instanceof ApiError ? error.message : say(t, WISHLIST_MESSAGES.listNotFound));
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.canSubmit || sending) return;
    setSending(true);
    const listName = name.value.trim();
    try {
      switch (request.mode) {
        case 'wishlist':
        case 'cart-to-wishlist': {
          const message = await addToWishlist(request.productId, effectiveChoice, effectiveChoice === 0 ? listName : undefined);
          onAdded(request.productId);
          notify('success', message);
          break;
        }
        case 'editorpick': {
          const added = await addToEditorsPick(request.productId, effectiveChoice, request.productName);
          notify('success', t(added ? 'wishlist.notice.editorsPickAdded' : 'wishlist.notice.editorsPickAlready'));
          break;
        }
        case 'rename-wishlist':
          await renameWishlist(request.listId, listName);
          notify('success', t('wishlist.notice.renamed'));
          request.onDone?.();
          break;
        case 'move-wishlist':
          await moveWishlistProduct(request.productId, request.sourceListId, effectiveChoice, effectiveChoice === 0 ? listName : undefined);
          notify('success', t('wishlist.notice.moved'));
          request.onDone?.();
          break;
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  const title = dialogTitle(t, request);
  return (
    <ModalDialog className="wishlist-dialog" labelledBy={`${id}-title`} data={{ 'data-mode': request.mode }}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form onSubmit={submit} noValidate>
        {loaded === 'loading' && <p role="status">{t('wishlist.dialog.loading')}</p>}
        {loaded === 'failed' && <p className="form-error" role="alert">{t('wishlist.dialog.loadFailed')}</p>}
        {typeof loaded === 'object' && request.mode !== 'rename-wishlist' && (
          <div className="form-field">
            <label htmlFor={`${id}-list`}>{t(request.mode === 'editorpick' ? 'wishlist.field.editorsPickList' : request.mode === 'move-wishlist' ? 'wishlist.field.moveTo' : 'wishlist.field.wishlist')}</label>
            <select
              id={`${id}-list`}
              value={effectiveChoice === '' ? '' : String(effectiveChoice)}
              onChange={(event) => setChoice(event.target.value === '' ? '' : Number(event.target.value))}
            >
              <WishlistOptions lists={lists} offersNew={offersNew} />
            </select>
          </div>
        )}
        {nameShown && (
          <FormField
            id={`${id}-name`}
            label={t('wishlist.field.listName')}
            name="listName"
            autoComplete="off"
            {...name.props(state.nameProblem && say(t, state.nameProblem))}
            onBlur={name.touch}
          />
        )}
        <DialogActions onClose={onClose} submit={t('wishlist.action.submit')} disabled={!state.canSubmit || sending} />
      </form>
    </ModalDialog>
  );
}

