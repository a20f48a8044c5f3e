import type { Method } from './api-client';
import * as ACCOUNT_API from './account-paths';
import { ADMIN_VIEW_PATHS, asksAdminView, patternRegExp } from './admin-view';
import { patternOf } from './api-paths';
import { ALERT_API } from './alert-paths';
import { DIRECTORY_API } from './directory-paths';
import { FOLLOW_API, FOLLOW_ROUTES } from './follow-paths';
import { GIVEAWAY_API } from './giveaway-paths';
import { HOME_API } from './home-paths';
import { LOOK_API } from './look-paths';
import { priceHistoryPath } from './price-history-paths';
import { PRODUCT_PAGE_API } from './product-page-paths';
import { PRODUCT_API } from './product-paths';
import { RATING_API } from './rating-paths';
import * as SEARCH_API from './search-paths';
import { SITE_CONTENT_API } from './site-content-paths';
import { SUBSCRIPTION_API } from './subscription-paths';
import { WISHLIST_API } from './wishlist-paths';

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

const route = (method: Method, path: string | { readonly pattern: string }, scope: ApiScope): ApiRoute => ({ method, path: patternOf(path), scope });

export const API_ROUTES: readonly ApiRoute[] = [
  // Sign-in and the session (personal: they start, read or end one).
  route('POST', ACCOUNT_API.login, 'personal'),
  route('POST', ACCOUNT_API.facebook, 'personal'),
  route('POST', ACCOUNT_API.google, 'personal'),
  route('POST', ACCOUNT_API.signInLink, 'personal'),
  route('POST', ACCOUNT_API.register, 'personal'),
  route('DELETE', ACCOUNT_API.logout, 'personal'),
  route('POST', ACCOUNT_API.forgotPassword, 'personal'),
  route('PUT', ACCOUNT_API.confirmPassword, 'personal'),
  route('POST', ACCOUNT_API.signInLinkRequest, 'personal'),
  route('PUT', ACCOUNT_API.changePassword, 'personal'),
  route('POST', ACCOUNT_API.guestKey, 'personal'),

  // The shopper's profile.
  route('GET', ACCOUNT_API.userProfile, 'personal'),
  route('PUT', ACCOUNT_API.editProfile, 'personal'),
  route('PUT', ACCOUNT_API.uploadProfileImage, 'personal'),
  route('GET', ACCOUNT_API.checkUserName, 'personal'),
  route('GET', ACCOUNT_API.notificationCount, 'personal'),
  // Public profiles and their pictures are the same for every viewer. A profile is addressed
  // by user name or by its opaque public id (a UUID), never by the sequential row id.
  route('GET', ACCOUNT_API.publicProfileByName, 'shared'),
  route('GET', ACCOUNT_API.publicProfile, 'shared'),
  route('GET', ACCOUNT_API.profileImage, 'shared'),

  // Site content: menus, countries, the mailing list (subscribe, then confirm with the
  // e-mailed link: no identity needed); the visitor's geo country is theirs.
  route('GET', SITE_CONTENT_API.menu, 'shared'),
  route('GET', SITE_CONTENT_API.country, 'shared'),
  route('POST', SUBSCRIPTION_API.subscribe, 'shared'),
  route('PUT', SUBSCRIPTION_API.confirm, 'shared'),
  route('GET', SITE_CONTENT_API.geoCountry, 'personal'),
  route('GET', HOME_API.slides, 'shared'),
  route('GET', HOME_API.topRated, 'shared'),
  route('GET', HOME_API.fashionBlog, 'shared'),
  route('GET', HOME_API.showcase, 'shared'),
  route('GET', HOME_API.promotedLinks, 'shared'),
  route('GET', HOME_API.editorsPickLinks, 'shared'),
  route('GET', HOME_API.fashionTips, 'shared'),

  // Wishlists: the shopper's lists; a public list is the same for everyone who opens it.
  route('POST', WISHLIST_API.create, 'personal'),
  route('POST', WISHLIST_API.add, 'personal'),
  route('GET', WISHLIST_API.read, 'personal'),
  route('PUT', WISHLIST_API.rename, 'personal'),
  route('PUT', WISHLIST_API.privacy, 'personal'),
  route('PUT', WISHLIST_API.move, 'personal'),
  route('POST', WISHLIST_API.makeDefault, 'personal'),
  route('DELETE', WISHLIST_API.deleteProduct, 'personal'),
  route('DELETE', WISHLIST_API.deleteList, 'personal'),
  route('GET', WISHLIST_API.show, 'personal'),
  route('GET', WISHLIST_API.publicList, 'shared'),
  route('POST', WISHLIST_API.editorsPick, 'personal'),

  // Looks: the shopper's boards; the categories a look is built from and a public look are
  // the same for everyone who asks.
  route('GET', LOOK_API.categories, 'shared'),
  route('GET', LOOK_API.filters, 'personal'),
  route('GET', LOOK_API.sets, 'personal'),
  route('POST', LOOK_API.save, 'personal'),
  route('PUT', LOOK_API.rename, 'personal'),
  route('DELETE', LOOK_API.deleteLook, 'personal'),
  route('GET', LOOK_API.publicLook, 'shared'),
  route('GET', LOOK_API.publicLooks, 'shared'),
  // Alerts: the shopper's alerts, notifications and sales. A guest's alert and the e-mailed
  // confirm and unsubscribe links are shared: they need no identity (the e-mail or the link's
  // token says whose), and like the mailing list's subscribe and confirm their answers are
  // never cached (CacheNone), so nothing of one visitor's reaches another.
  route('POST', ALERT_API.setGuest, 'shared'),
  route('POST', ALERT_API.setUser, 'personal'),
  route('GET', ALERT_API.alerts, 'personal'),
  route('DELETE', ALERT_API.deleteAlert, 'personal'),
  route('GET', ALERT_API.notifications, 'personal'),
  route('PUT', ALERT_API.notificationsRead, 'personal'),
  route('GET', ALERT_API.sales, 'personal'),
  route('PUT', ALERT_API.confirm, 'shared'),
  route('POST', ALERT_API.unsubscribe, 'shared'),

  // Product ratings: the shopper's own stars are personal, a product's average is shared.
  route('POST', RATING_API.rate, 'personal'),
  route('GET', RATING_API.mine, 'personal'),
  route('GET', RATING_API.summary, 'shared'),

  // The giveaway: its status is shared; entering and the shopper's entry are personal, and
  // so is the admins' list of entries.
  route('GET', GIVEAWAY_API.status, 'shared'),
  route('GET', GIVEAWAY_API.entry, 'personal'),
  route('POST', GIVEAWAY_API.entry, 'personal'),
  route('GET', GIVEAWAY_API.entries, 'personal'),

  // Follows: the shopper's followed brands and stores (the spec's {x} of /brands/{x} and /stores/{x} is
  // the country whose newest products and on-sale counts they show), and which ones they follow.
  route('POST', FOLLOW_ROUTES.follow('brand'), 'personal'),
  route('DELETE', FOLLOW_ROUTES.unfollow('brand'), 'personal'),
  route('GET', FOLLOW_ROUTES.list('brand'), 'personal'),
  route('POST', FOLLOW_ROUTES.follow('store'), 'personal'),
  route('DELETE', FOLLOW_ROUTES.unfollow('store'), 'personal'),
  route('GET', FOLLOW_ROUTES.list('store'), 'personal'),
  route('GET', FOLLOW_API.followed, 'personal'),

  // Brand and store directories.
  route('GET', DIRECTORY_API.brands, 'shared'),
  route('GET', DIRECTORY_API.stores, 'shared'),
  route('GET', DIRECTORY_API.storeSearch, 'shared'),

  // Search and listing. The admin debug line is its own personal call, so the listing
  // itself is the same bytes for everyone.
  route('GET', SEARCH_API.list, 'shared'),
  route('GET', SEARCH_API.debug, 'personal'),
  route('GET', SEARCH_API.deals, 'shared'),
  route('GET', SEARCH_API.breadcrumb, 'shared'),
  route('GET', SEARCH_API.filters, 'shared'),
  route('GET', SEARCH_API.canonicalLinks, 'shared'),
  route('GET', SEARCH_API.listing, 'shared'),
  route('GET', SEARCH_API.autoSuggestIn, 'shared'),
  route('GET', SEARCH_API.autoSuggest, 'shared'),

  // Products: landing page, similar, editors' picks, click-through, sitemaps. Click tracking
  // is personal: it counts at most one click per visitor (session, guest key or address).
  route('GET', PRODUCT_API.detailByGuid, 'shared'),
  route('GET', PRODUCT_PAGE_API.detail, 'shared'),
  route('GET', PRODUCT_API.similarByGuid, 'shared'),
  route('GET', PRODUCT_PAGE_API.similar, 'shared'),
  route('GET', WISHLIST_API.editorsPickLists, 'shared'),
  route('POST', PRODUCT_API.click, 'personal'),
  route('GET', PRODUCT_API.retailer, 'shared'),
  // A size variant's price history: the same for everyone, changed only by an import.
  route('GET', priceHistoryPath, 'shared'),
  route('GET', PRODUCT_API.sitemapIndex, 'shared'),
  route('GET', PRODUCT_API.sitemap, 'shared'),
];

type Compiled = { method: Method; pattern: RegExp; scope: ApiScope };

const compiled: readonly Compiled[] = API_ROUTES.map((r) => ({
  method: r.method,
  pattern: patternRegExp(r.path),
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

/** A call's route in the contract (undefined when it has none) and who its answer is for. */
export type RoutedCall = { route: ApiRoute | undefined; scope: ApiScope };

/**
 * A call's route and scope from one reading of the table. A call the contract does not list
 * counts as personal: the safe side, since identity then travels and nothing is shared; so
 * does a call asking for the admin view (shared/api/admin-view.ts), whatever its route.
 */
export function routeCall(method: string, url: string): RoutedCall {
  const route = findApiRoute(method, url);
  return { route, scope: asksAdminView(url) ? 'personal' : (route?.scope ?? 'personal') };
}

/** Who an api call's answer is for (routeCall's scope). */
export function apiScope(method: string, url: string): ApiScope {
  return routeCall(method, url).scope;
}
