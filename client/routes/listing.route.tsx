import { data, isRouteErrorResponse, useRouteError, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiError, type ApiClient, type Query } from '../../shared/api/api-client';
import type { ProductCard } from '../../shared/api/product-schemas';
import {
  BreadcrumbSchema,
  CanonicalLinksSchema,
  DealsSchema,
  FilterSchema,
  PriceFilterSchema,
  SearchResponseSchema,
  type SearchResponse,
} from '../../shared/api/search-schemas';
import { PER_PAGE, RECOMMENDED_PRODUCTS } from '../../shared/constants';
import { CacheNone } from '../../shared/http/cache-policy';
import { forCountry, isNavigableShopPath, listingApiQuery, parseListingQuery } from '../../shared/listing-query';
import { apiContext, siteContext } from '../app/contexts';
import { ListingPage } from '../components/listing/ListingPage';
import { FILTER_TYPES, loadListingPage, type FilterType, type ListingBase, type ListingData } from '../components/listing/listing-data';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { Component as NotFound } from './not-found.route';

// One listing route for /search and every canonical path (spec section 2 "Listing and search
// page"): /shop/…, /brand/{brand}, /store/{store} and single-segment pages (/dresses,
// /50-percent-off). The api decides what a path means; a path naming nothing is its 404, and
// ours. All state is in the URL (spec section 4), so the loader reads everything from it.

/** The listing's site path without the country prefix: "/search", "/dresses", "/brand/zara". */
export function listingPath(pathname: string, basename: string): string {
  const path = basename && pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  return path.replace(/\/+$/, '') || '/';
}

/** Recommended Products after zero results or an error: the same search, page 1, 20 products. */
async function loadRecommended(api: ApiClient, base: ListingBase, country: string): Promise<ProductCard[]> {
  const bare: Query = base.link ? { link: base.link, country } : { q: base.q, country };
  for (const query of [bare, { country }]) {
    try {
      const answer = await api.get('/api/search', SearchResponseSchema, { ...query, page: 1, perPage: RECOMMENDED_PRODUCTS });
      if (answer.products.length) return answer.products;
    } catch {
      // Spec section 8: failures here are silently ignored.
    }
  }
  return [];
}

const quietly = <T,>(work: Promise<T>): Promise<T | null> => work.catch(() => null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const path = listingPath(url.pathname, site.basename);
  const isSearch = path === '/search';
  if (path.startsWith('/shop/') && !isNavigableShopPath(path)) {
    throw data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
  }
  const state = forCountry(parseListingQuery(url.searchParams), site.country);
  const perPage = state.perPage ?? PER_PAGE;
  const filterQuery: Query = listingApiQuery(state);
  const base: ListingBase = { ...filterQuery, country: site.country, ...(isSearch ? {} : { link: path }) };
  const priceQuery: Query = {
    ...(isSearch ? { q: state.q } : { link: path }),
    country: site.country,
    internationaldelivery: state.internationaldelivery,
  };

  // Spec section 8: filter, deals, breadcrumb and link failures are silently ignored.
  const filters = Promise.all(FILTER_TYPES.map(({ type }) => quietly(api.get(`/api/search/filters/${type}`, FilterSchema, base))));
  const extras = Promise.all([
    quietly(api.get('/api/search/filters/price', PriceFilterSchema, priceQuery)),
    quietly(api.get('/api/search/deals', DealsSchema, base)),
    quietly(api.get('/api/search/filters/breadcrumb', BreadcrumbSchema, base)),
    quietly(api.get('/api/search/canonical-links', CanonicalLinksSchema, isSearch ? { q: state.q, country: site.country } : { link: path, country: site.country })),
  ]);

  let pages: SearchResponse[] = [];
  let error500 = false;
  try {
    pages = await loadListingPage(api, base, state.page, perPage);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
    }
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw data({ message: error.message }, { status: error.status, headers: { 'Cache-Control': CacheNone.header } });
    }
    // Spec section 8: a failed product list call is a zero-result page with the server-error flag.
    error500 = true;
  }
  const [filterAnswers, [price, deals, breadcrumb, links]] = await Promise.all([filters, extras]);
  const total = pages[0]?.totalCount ?? 0;
  const zero = error500 || total === 0 || pages.every((p) => p.products.length === 0);
  const recommended = zero ? await loadRecommended(api, base, site.country) : [];

  const value: ListingData = {
    path,
    isSearch,
    base,
    perPage,
    pages,
    error500,
    filters: Object.fromEntries(FILTER_TYPES.map(({ type }, i) => [type, filterAnswers[i] ?? null])) as ListingData['filters'],
    price,
    deals,
    breadcrumb,
    links,
    recommended,
  };
  // A failed list is an outage, not a page: 503 and nobody keeps it.
  if (error500) return data(value, { status: 503, headers: { 'Cache-Control': CacheNone.header } });
  return value;
}


// Moving within the same listing (hash changes) needs no new data; any URL change does.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  return <ListingPage />;
}

/** A path the api does not know is the not-found page, with its 404 (spec section 2). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RouteErrorView />;
}
