import type { Method } from './api-client';
import { ADMIN_VIEW_PATHS, asksAdminView } from './admin-view';

// Every route of the api contract, each with who its answer is for. This is the one place
// that decides, per call, whether the shopper's identity travels and whether an answer may
// be shared: the web's api client and gateway send the token or guest key only on personal
// calls and keep only shared answers in the shared and transfer caches; the api strips
// identity from shared routes and marks personal answers private. A test walks the api's
// routers and fails on a route missing here.
//
// shared:   the same bytes for everyone who asks (a guest, a shopper, an admin): catalogue,
//           content and directory calls, and writes that need no identity. Cacheable when the
//           api's Cache-Control says so. A call asking for the admin view (with the stores
//           only admins see: admin-view.ts) is personal whatever its route.
// personal: depends on who asks (session, profile, the shopper's lists, follows, alerts and
//           ratings, the admin debug line, the visitor's own country), or does something
//           per visitor (click tracking counts one click per visitor). Identity is sent; the
//           answer is never kept by a shared cache nor carried in a page's transfer cache.

export type ApiScope = 'shared' | 'personal';
export type ApiRoute = { readonly method: Method; readonly path: string; readonly scope: ApiScope };

const route = (method: Method, path: string, scope: ApiScope): ApiRoute => ({ method, path, scope });

export const API_ROUTES: readonly ApiRoute[] = [
  // Sign-in and the session (personal: they start, read or end one).
  route('POST', '/auth/login', 'personal'),
  route('POST', '/auth/facebook', 'personal'),
  route('POST', '/auth/google', 'personal'),
  route('POST', '/auth/sign-in-link', 'personal'),
  route('POST', '/api/account/register', 'personal'),
  route('DELETE', '/api/account/logout', 'personal'),
  route('POST', '/api/account/forgot-password', 'personal'),
  route('PUT', '/api/account/confirm-password', 'personal'),
  route('POST', '/api/account/sign-in-link', 'personal'),
  route('PUT', '/api/account/change-password', 'personal'),
  route('POST', '/api/account/guest-key', 'personal'),

  // The shopper's profile.
  route('GET', '/api/account/user-profile', 'personal'),
  route('PUT', '/api/account/edit-user-profile', 'personal'),
  route('PUT', '/api/account/upload-profile-image', 'personal'),
  route('GET', '/api/account/check-username/:userName', 'personal'),
  route('GET', '/api/account/notification-count', 'personal'),
  // Public profiles and their pictures are the same for every viewer. A profile is addressed
  // by user name or by its opaque public id (a UUID), never by the sequential row id.
  route('GET', '/api/account/user-public-profile/name/:userName', 'shared'),
  route('GET', '/api/account/user-public-profile/:id', 'shared'),
  route('GET', '/api/account/profile-image/:file', 'shared'),

  // Site content: menus, countries, the mailing list (subscribe, then confirm with the
  // e-mailed link: no identity needed); the visitor's geo country is theirs.
  route('GET', '/api/account/menu-structure/:id', 'shared'),
  route('GET', '/api/account/countries/:code', 'shared'),
  route('POST', '/api/account/subscribe', 'shared'),
  route('PUT', '/api/account/confirm-subscription', 'shared'),
  route('GET', '/api/account/geo-country', 'personal'),
  route('GET', '/api/home/slides', 'shared'),
  route('GET', '/api/home/top-rated', 'shared'),
  route('GET', '/api/home/fashion-blog', 'shared'),
  route('GET', '/api/home/showcase', 'shared'),
  route('GET', '/api/home/promoted-links', 'shared'),
  route('GET', '/api/home/editorspick-links', 'shared'),
  route('GET', '/api/home/fashion-tips', 'shared'),

  // Wishlists: the shopper's lists; a public list is the same for everyone who opens it.
  route('POST', '/api/account/create-wishlist', 'personal'),
  route('POST', '/api/account/wishlist', 'personal'),
  route('GET', '/api/account/wishlist/:a/:b/:c', 'personal'),
  route('PUT', '/api/account/wishlist', 'personal'),
  route('PUT', '/api/account/wishlist-privacy', 'personal'),
  route('PUT', '/api/account/wishlist-move-product', 'personal'),
  route('POST', '/api/account/wishlist-default', 'personal'),
  route('DELETE', '/api/account/wishlist-product/:listId/:productId', 'personal'),
  route('DELETE', '/api/account/wishlist/:listId', 'personal'),
  route('GET', '/api/account/show-wishlist', 'personal'),
  route('GET', '/api/account/public-wishlist/:id', 'shared'),
  route('POST', '/api/account/editorspick-product', 'personal'),

  // Looks: the shopper's boards; the categories a look is built from and a public look are
  // the same for everyone who asks.
  route('GET', '/api/account/user-set-categs', 'shared'),
  route('GET', '/api/account/dress-me-filters/:x', 'personal'),
  route('GET', '/api/account/sets/:x', 'personal'),
  route('POST', '/api/account/save-set', 'personal'),
  route('PUT', '/api/account/rename-lookbook', 'personal'),
  route('DELETE', '/api/account/sets/:listId', 'personal'),
  route('GET', '/api/account/public-set/:listId', 'shared'),
  route('GET', '/api/account/user-public-sets/:userName', 'shared'),
  // Alerts: the shopper's alerts, notifications and sales. A guest's alert and the e-mailed
  // confirm and unsubscribe links are shared: they need no identity (the e-mail or the link's
  // token says whose), and like the mailing list's subscribe and confirm their answers are
  // never cached (CacheNone), so nothing of one visitor's reaches another.
  route('POST', '/api/account/set-alerts', 'shared'),
  route('POST', '/api/account/set-user-alerts', 'personal'),
  route('GET', '/api/account/alerts/:country', 'personal'),
  route('DELETE', '/api/account/alerts/:alertId', 'personal'),
  route('GET', '/api/account/notifications', 'personal'),
  route('PUT', '/api/account/notifications-read', 'personal'),
  route('GET', '/api/account/my-sales/:country', 'personal'),
  route('PUT', '/api/account/confirm-alerts', 'shared'),
  route('POST', '/api/account/alert-unsubscribe', 'shared'),

  // Product ratings: the shopper's own stars are personal, a product's average is shared.
  route('POST', '/api/account/product-rating', 'personal'),
  route('GET', '/api/account/product-rating/:id', 'personal'),
  route('GET', '/api/products/rating/:id', 'shared'),

  // The giveaway: its status is shared; entering and the shopper's entry are personal, and
  // so is the admins' list of entries.
  route('GET', '/api/account/giveaway', 'shared'),
  route('GET', '/api/account/giveaway-entry', 'personal'),
  route('POST', '/api/account/giveaway-entry', 'personal'),
  route('GET', '/api/account/giveaway-entries', 'personal'),

  // Follows: the shopper's followed brands and stores (the spec's {x} of /brands/{x} and /stores/{x} is
  // the country whose newest products and on-sale counts they show), and which ones they follow.
  route('POST', '/api/account/brand-follow', 'personal'),
  route('DELETE', '/api/account/brand-unfollow/:id', 'personal'),
  route('GET', '/api/account/brands/:country', 'personal'),
  route('POST', '/api/account/store-follow', 'personal'),
  route('DELETE', '/api/account/store-unfollow/:id', 'personal'),
  route('GET', '/api/account/stores/:country', 'personal'),
  route('GET', '/api/account/follows', 'personal'),

  // Brand and store directories.
  route('GET', '/api/account/brand-list', 'shared'),
  route('GET', '/api/account/store-list', 'shared'),
  route('GET', '/api/account/store-search/:term', 'shared'),

  // Search and listing. The admin debug line is its own personal call, so the listing
  // itself is the same bytes for everyone.
  route('GET', '/api/search', 'shared'),
  route('GET', '/api/search/debug', 'personal'),
  route('GET', '/api/search/deals', 'shared'),
  route('GET', '/api/search/filters/breadcrumb', 'shared'),
  route('GET', '/api/search/filters/:type', 'shared'),
  route('GET', '/api/search/canonical-links', 'shared'),
  route('GET', '/api/search/listing', 'shared'),
  route('GET', '/api/search/auto-suggest/:first/:second', 'shared'),
  route('GET', '/api/search/auto-suggest/:text', 'shared'),

  // Products: landing page, similar, editors' picks, click-through, sitemaps. Click tracking
  // is personal: it counts at most one click per visitor (session, guest key or address).
  route('GET', '/api/products/detail/guid/:guid', 'shared'),
  route('GET', '/api/products/detail/:category/:lastnode/:slug', 'shared'),
  route('GET', '/api/products/similar/guid/:guid', 'shared'),
  route('GET', '/api/products/similar/:category/:lastnode/:slug', 'shared'),
  route('GET', '/api/products/list-editors-picks', 'shared'),
  route('POST', '/api/products/add-csd', 'personal'),
  route('GET', '/api/products/retailer/:guid', 'shared'),
  // A size variant's price history: the same for everyone, changed only by an import.
  route('GET', '/api/products/price-history/:guid', 'shared'),
  route('GET', '/api/products/sitemap', 'shared'),
  route('GET', '/api/products/sitemap/:kind', 'shared'),
];

type Compiled = { method: Method; pattern: RegExp; scope: ApiScope };

const compiled: readonly Compiled[] = API_ROUTES.map((r) => ({
  method: r.method,
  pattern: new RegExp(`^${r.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`),
  scope: r.scope,
}));

/** The route a request is for, or undefined when the contract has none. */
export function findApiRoute(method: string, url: string): ApiRoute | undefined {
  const path = url.split(/[?#]/, 1)[0]!;
  const m = method === 'HEAD' ? 'GET' : method;
  const index = compiled.findIndex((c) => c.method === m && c.pattern.test(path));
  return index < 0 ? undefined : API_ROUTES[index];
}

// Every admin-view call must be a GET the table lists (shared/api/admin-view.ts).
for (const path of ADMIN_VIEW_PATHS) {
  if (!API_ROUTES.some((r) => r.method === 'GET' && r.path === path)) throw new Error(`${path} takes the admin view but is not a GET of the api route table`);
}

/**
 * Who an api call's answer is for. A call the contract does not list counts as personal:
 * the safe side, since identity then travels and nothing is shared; so does a call asking
 * for the admin view (shared/api/admin-view.ts).
 */
export function apiScope(method: string, url: string): ApiScope {
  if (asksAdminView(url)) return 'personal';
  return findApiRoute(method, url)?.scope ?? 'personal';
}
