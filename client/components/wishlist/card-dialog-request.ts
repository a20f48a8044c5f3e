import type { AlertTarget } from '../alerts/alert-rules';

// What a product card's dialogs are opened with: a module of its own, so the opener every page
// carries (wishlist-hearts.tsx) and the dialogs it fetches on demand (card-dialogs.tsx) both
// import it without importing each other.

export type WishlistList = { listId: number; listName: string };

/** What the dialog is opened for, by mode (spec section 2 "Other dialogs": five modes). */
export type WishlistDialogRequest =
  | { mode: 'wishlist' | 'cart-to-wishlist' | 'editorpick'; productId: number; productName: string }
  | { mode: 'rename-wishlist'; listId: number; listName: string; lists: readonly WishlistList[]; onDone?(): void }
  | { mode: 'move-wishlist'; productId: number; sourceListId: number; lists: readonly WishlistList[]; onDone?(): void };

/** A Wishlist dialog, or the Sale Alert / Price Alert dialog (no sign-in first: a guest gives an e-mail there). */
export type CardDialogRequest = WishlistDialogRequest | { mode: 'alert'; target: AlertTarget };
