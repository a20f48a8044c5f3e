import type { WishlistList } from './card-dialog-request';

// The list choice the Wishlist dialog, the add-to-wishlist page (without JavaScript) and My
// Wishlists' Move form all offer (spec sections 2 "Other dialogs", 4 "Wishlist dialog"): nothing
// chosen first, the shopper's lists, then Create New, value 0, which asks for a name.

/** The name field's label on the forms that show it beside the choice, whatever is chosen. */
export const NEW_LIST_NAME_LABEL = 'List Name (for Create New)';

export function WishlistOptions({ lists, offersNew = true }: { lists: readonly WishlistList[]; offersNew?: boolean }) {
  return (
    <>
      <option value="">Choose a list</option>
      {lists.map((list) => (
        <option key={list.listId} value={list.listId}>
          {list.listName}
        </option>
      ))}
      {offersNew && <option value="0">Create New</option>}
    </>
  );
}
