// The admin view (spec section 6: stores in the only-admin list are hidden from everyone
// else). A catalogue answer is the same for everyone but admins, so it stays shared; a call
// that wants the admin-only stores in says so with `view=admin` in its query, which makes it
// personal (shared/api/api-routes.ts apiScope): identity travels with it, the api checks the
// session is an admin's (server/api/http/catalog-view.ts; anyone else gets everyone's answer,
// never the admin's) and the answer is private, kept by no shared cache nor a page's transfer
// cache.
// The web's api clients, server and browser, add it only when the session says admin
// (viewedBy). Kept apart from the route table so the browser bundle does not carry the table.

import { patternOf } from './api-paths';
import { DIRECTORY_API } from './directory-paths';
import { priceHistoryPath } from './price-history-paths';
import { PRODUCT_PAGE_API } from './product-page-paths';
import { PRODUCT_API } from './product-paths';
import * as SEARCH_API from './search-paths';

export const ADMIN_VIEW = { param: 'view', value: 'admin' } as const;

/**
 * The GETs whose answer the admin view changes: wherever a store can appear (listings and
 * their companions, the debug line's reading of a listing, suggestions, product pages and the
 * click-through, the brand and store directories). Sitemaps are left out: they are for
 * crawlers, never an admin's. Each is a path of the route table (checked there).
 */
export const ADMIN_VIEW_PATHS: readonly string[] = [
  SEARCH_API.list,
  SEARCH_API.debug,
  SEARCH_API.deals,
  SEARCH_API.breadcrumb,
  SEARCH_API.filters,
  SEARCH_API.canonicalLinks,
  SEARCH_API.listing,
  SEARCH_API.autoSuggestIn,
  SEARCH_API.autoSuggest,
  PRODUCT_API.detailByGuid,
  PRODUCT_PAGE_API.detail,
  PRODUCT_API.similarByGuid,
  PRODUCT_PAGE_API.similar,
  PRODUCT_API.retailer,
  priceHistoryPath,
  DIRECTORY_API.brands,
  DIRECTORY_API.stores,
  DIRECTORY_API.storeSearch,
].map(patternOf);

/**
 * A request path's matcher for a route pattern: each :param one segment, a trailing slash
 * allowed. Here rather than in api-paths.ts, which every page's first load carries: only the
 * admin view and the route table (api-routes.ts) match paths.
 */
export function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

const patterns: readonly RegExp[] = ADMIN_VIEW_PATHS.map(patternRegExp);

/** Whether a call asks for the admin view (`view=admin` among its query parameters). */
export function asksAdminView(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return false;
  const query = url.slice(at + 1).split('#', 1)[0]!;
  return new URLSearchParams(query).getAll(ADMIN_VIEW.param).includes(ADMIN_VIEW.value);
}

/** `url` asking for the admin view. */
export function withAdminView(url: string): string {
  if (asksAdminView(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${ADMIN_VIEW.param}=${ADMIN_VIEW.value}`;
}

/**
 * The URL a web api client sends for a call: with the admin view marker when the caller is an
 * admin (the page's session, or the browser's cookie, says so) and the call is one the view
 * changes; as it is otherwise. The api checks the session behind it whatever the client believed.
 */
export function viewedBy(method: string, url: string, admin: boolean): string {
  if (!admin || method !== 'GET') return url;
  const path = url.split(/[?#]/, 1)[0]!;
  return patterns.some((p) => p.test(path)) ? withAdminView(url) : url;
}
