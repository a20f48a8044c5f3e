import { NO_LONGER_AVAILABLE } from '../gone-notice';

// What the web's wishlist screens say that the api does not (the api's own messages are in
// wishlist-rules.ts). A few strings and nothing else (no zod): the wishlist pages and the
// dialog, loaded on demand, import them.

export const WISHLIST_NOTICES = {
  /** Spec section 8: the confirm prompt before a product leaves a list. */
  confirmDeleteProduct: 'Are you sure you want to delete this Product?',
  confirmDeleteList: 'Are you sure you want to delete this wishlist?',
  renamed: 'Wishlist renamed',
  moved: 'Product moved',
  deletedProduct: 'Product deleted from the wishlist',
  deletedList: 'Wishlist deleted',
  madePublic: 'Wishlist is now public',
  madePrivate: 'Wishlist is now private',
  created: 'Wishlist created',
  editorsPickAdded: "Added to the editor's picks",
  editorsPickAlready: "Already in this editor's pick list",
  /** A product that left the catalogue (or is not sold in this country) stays in its lists (goneNotice). */
  unavailable: NO_LONGER_AVAILABLE,
  /** What is wrong with a wishlist form posted without JavaScript (wishlist-page-rules.ts). */
  chooseList: 'Choose a wishlist.',
  chooseListOrNew: 'Choose a wishlist, or Create New.',
  chooseProduct: 'Choose a product.',
  chooseDestination: 'Choose a wishlist to move it to, or Create New.',
  privacyValue: 'isPublic must be 1 or 0',
  unknownAction: 'Unknown wishlist action.',
} as const;

