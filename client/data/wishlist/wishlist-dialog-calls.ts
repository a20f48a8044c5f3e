import { useEffect, useState } from 'react';
import { browserApi } from '../../api/browser-api';
import type { WishlistDialogRequest, WishlistList } from '../../components/wishlist/card-dialog-request';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import type { DialogChoice } from '../../components/wishlist/wishlist-dialog-rules';

// What the Wishlist dialog asks the api for (components/wishlist/WishlistDialog.tsx). A list id
// of 0 is Create New, with the new list's name; the dialog sends only once one is chosen.

export type LoadedChoices = { lists: readonly WishlistList[] } | 'loading' | 'failed';

/** The lists the dialog offers: the request's own, else the shopper's lists or the editor's picks. */
export function useWishlistChoices(request: WishlistDialogRequest, country: string): LoadedChoices {
  const [loaded, setLoaded] = useState<LoadedChoices>('lists' in request ? { lists: request.lists } : 'loading');
  useEffect(() => {
    if ('lists' in request) return;
    let live = true;
    const api = browserApi();
    const work =
      request.mode === 'editorpick'
        ? api.get(WISHLIST_API.editorsPickLists, 'EditorsPickLists').then((answer) => answer.lists)
        : api.get(WISHLIST_API.lists(country), 'WishlistPage').then((answer) => answer.lists);
    work.then(
      (lists) => live && setLoaded({ lists }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [request, country]);
  return loaded;
}

/** Adds a product to a list (or a new one); the api's words. */
export async function addToWishlist(productId: number, listId: DialogChoice, listName: string | undefined): Promise<string> {
  const answer = await browserApi().send('POST', WISHLIST_API.add, { id: productId, listId, listName }, 'WishlistAdded');
  return answer.message;
}

/** Adds a product to an editor's pick; false when it was there already. */
export async function addToEditorsPick(productId: number, listId: DialogChoice, productName: string): Promise<boolean> {
  const answer = await browserApi().send('POST', WISHLIST_API.editorsPick, { id: productId, listId, productName }, 'EditorsPickAdded');
  return answer.added;
}

export async function renameWishlist(listId: number, listName: string): Promise<void> {
  await browserApi().send('PUT', WISHLIST_API.rename, { listId, listName }, 'WishlistLists');
}

/** Moves a product from one list to another (or a new one). */
export async function moveWishlistProduct(productId: number, fromListId: number, toListId: DialogChoice, toListName: string | undefined): Promise<void> {
  await browserApi().send('PUT', WISHLIST_API.move, { id: productId, s_listid: fromListId, d_listid: toListId, d_listName: toListName }, 'WishlistLists');
}
