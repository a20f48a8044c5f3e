import { pathTo } from './api-paths';

// The wishlists' endpoints (wishlist-schemas.ts says what each takes and answers): read by
// page scripts, so this module imports no zod.

const read = pathTo('/api/account/wishlist/:a/:b/:c');

export const WISHLIST_API = {
  /** One list's products (a: the list id, 0 for the lists alone; b: the country; c: the order). */
  read,
  /** The shopper's lists alone (a = 0), priced for nothing in particular. */
  lists: (country: string) => read(0, country.toLowerCase(), 'added'),
  list: (listId: number, country: string) => read(listId, country.toLowerCase(), 'added'),
  add: '/api/account/wishlist',
  create: '/api/account/create-wishlist',
  rename: '/api/account/wishlist',
  privacy: '/api/account/wishlist-privacy',
  move: '/api/account/wishlist-move-product',
  /** Makes a list the one a heart adds to (body {listId}). */
  makeDefault: '/api/account/wishlist-default',
  deleteProduct: pathTo('/api/account/wishlist-product/:listId/:productId'),
  deleteList: pathTo('/api/account/wishlist/:listId'),
  /** The hearts of a page's cards (?ids=) and the add-to-wishlist page's lists (?id=). */
  show: '/api/account/show-wishlist',
  publicList: pathTo('/api/account/public-wishlist/:id'),
  editorsPick: '/api/account/editorspick-product',
  /** The editors' pick lists, under the products (GET /api/products/list-editors-picks). */
  editorsPickLists: '/api/products/list-editors-picks',
} as const;
