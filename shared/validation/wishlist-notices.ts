// What the web's wishlist screens say that the api does not (the api's own messages are in
// wishlist-rules.ts). No zod and nothing else here: the product card, which every landing page
// ships, imports the confirm prompt, so this module stays a few strings.

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
  /** A product that left the catalogue (or is not sold in this country) stays in its lists. */
  unavailable: 'No longer available',
} as const;
