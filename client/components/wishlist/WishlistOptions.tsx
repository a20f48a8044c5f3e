import { useT } from '../../app/i18n';
import type { WishlistList } from './card-dialog-request';

// The list choice the Wishlist dialog, the add-to-wishlist page (without JavaScript) and My
// Wishlists' Move form all offer (spec sections 2 "Other dialogs", 4 "Wishlist dialog"): nothing
// chosen first, the shopper's lists, then Create New, value 0, which asks for a name.

export function WishlistOptions({ lists, offersNew = true }: { lists: readonly WishlistList[]; offersNew?: boolean }) {
  const t = useT();
  return (
    <>
      <option value="">{t('wishlist.options.choose')}</option>
      {lists.map((list) => (
        <option key={list.listId} value={list.listId}>
          {list.listName}
        </option>
      ))}
      {offersNew && <option value="0">{t('wishlist.options.createNew')}</option>}
    </>
  );
}
