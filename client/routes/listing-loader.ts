import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import type { ProductCard } from '../../shared/api/product-schemas';
import type { ListingPage as ListingAnswer } from '../../shared/api/search-schemas';
import { PER_PAGE, RECOMMENDED_PRODUCTS } from '../../shared/constants';
import { CacheNone } from '../../shared/http/cache-policy';
import { firstApiPage, listingApiQuery } from '../../shared/listing/companion-calls';
import { ListingQueryError, emptyListingState, parseListingQuery, type ListingRequest, type ListingState } from '../../shared/listing/query-grammar';
import { forCountry } from '../../shared/listing/transitions';
import { apiContext, siteContext } from '../app/contexts';
import { sessionContext } from '../app/session-context';
import type { FollowTarget } from '../components/follows/FollowButton';
import { encodeListing } from '../data/listing/listing-wire-encode';
import type { ListingWire } from '../data/listing/listing-wire';
import { listingView } from '../data/listing/listing-view';
import * as SEARCH_API from '../../shared/api/search-paths';

// The listing route's loader (client/routes/listing.route.tsx), on the server for every
// listing page and in the browser for client navigations.

/** The listing's site path without the country prefix: "/search", "/dresses", "/brand/zara". */
export function listingPath(pathname: string, basename: string): string {
  const path = basename && pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  return path.replace(/\/+$/, '') || '/';
}

/**
 * Recommended Products after zero results or an error: the same search (q or path) without
 * its filters, else the whole country; page 1, 20 products.
 */
async function loadRecommended(api: ApiClient, listing: ListingRequest): Promise<ProductCard[]> {
  const same: ListingRequest = { ...listing, state: { ...emptyListingState(), q: listing.link ? '' : listing.state.q } };
  const everything: ListingRequest = { country: listing.country, link: undefined, state: emptyListingState() };
  for (const query of [listingApiQuery('list', same), listingApiQuery('list', everything)]) {
    try {
      const answer = await api.get(SEARCH_API.list, 'SearchResponse', { ...query, page: 1, perPage: RECOMMENDED_PRODUCTS });
      if (answer.products.length) return answer.products;
    } catch {
      // Spec section 8: failures here are silently ignored.
    }
  }
  return [];
}

/**
 * What a brand's or store's listing (/brand/{brand}…, /store/{store}) offers to follow: every
 * card there is of that brand or store and carries its id, so the first one says. None on an
 * empty page or any other listing.
 */
function followTargetOf(path: string, card: ProductCard | undefined): FollowTarget | undefined {
  if (!card) return undefined;
  if (path.startsWith('/brand/') && card.brand_id !== null && card.brand) return { kind: 'brand', id: card.brand_id, name: card.brand };
  if (path.startsWith('/store/')) return { kind: 'store', id: card.store_id, name: card.storename };
  return undefined;
}

const quietly = <T,>(work: Promise<T>): Promise<T | null> => work.catch(() => null);

const noStore = { 'Cache-Control': CacheNone.header };

/** The URL's listing state; a known parameter with a bad value is the page's own 400, with the api's message. */
export function readListingState(url: URL): ListingState {
  try {
    return parseListingQuery(url.searchParams);
  } catch (error) {
    if (error instanceof ListingQueryError) throw data({ message: error.message }, { status: 400, headers: noStore });
    throw error;
  }
}

// The page's URL is read once per request (issue 26): React Router has parsed it already and
// hands it over as `url`; the listing grammar reads its query once, and the api query is
// narrowed and written once, for every call of this request that asks the whole listing.
export async function loader({ url, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const path = listingPath(url.pathname, site.basename);
  const isSearch = path === '/search';
  const state = readListingState(url);
  const listing: ListingRequest = { state: forCountry(state, site.country), link: isSearch ? undefined : path, country: site.country };
  const perPage = state.perPage ?? PER_PAGE;
  // The listing call and the debug line's list call depend on all of the request alike
  // (requestForCall: listing and list are not narrowed), so one query serves both.
  const query = listingApiQuery('listing', listing);
  // The admin debug line is a personal call of its own, made only for a session that says it
  // is an admin's; the api decides, and any failure just leaves the line out.
  const debug = context.get(sessionContext).isAdmin()
    ? quietly(api.get(SEARCH_API.debug, 'SearchDebugAnswer', { ...query, page: firstApiPage(state.page), perPage }))
    : Promise.resolve(null);

  // One call for the whole site page: its products, every filter group, deals, price range,
  // breadcrumb and links, answered by the api from one index pass (spec section 7's list and
  // companion calls stay for other clients and answer the same).
  let answer: ListingAnswer | null = null;
  let error500 = false;
  try {
    answer = await api.get(SEARCH_API.listing, 'ListingPage', query);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404, headers: noStore });
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw data({ message: error.message }, { status: error.status, headers: noStore });
    }
    // Spec section 8: a failed product list call is a zero-result page with the server-error flag.
    error500 = true;
  }
  const debugAnswer = await debug;
  const pages = answer?.pages ?? [];
  const total = pages[0]?.totalCount ?? 0;
  const zero = error500 || total === 0 || pages.every((p) => p.products.length === 0);
  const recommended = zero ? await loadRecommended(api, listing) : [];

  // The page's data travels in its compact wire form (ARCHITECTURE.md "Payload rule").
  // The filled hearts: a personal call of its own, only for a signed-in shopper.
  const hearts = context.get(sessionContext).signedIn() ? await (await import('../data/wishlist/wishlist-hearts-call')).loadHearts(context, [...pages.flatMap((p) => p.products.map((product) => product.id)), ...recommended.map((product) => product.id)])
    : {};
  const followTarget = followTargetOf(path, pages[0]?.products[0]);
  const follows = followTarget && context.get(sessionContext).signedIn() ? await (await import('../data/follows/follows-call')).loadFollows(context) : {};
  const value: ListingWire = {
    ...encodeListing(listingView({ path, isSearch, state, request: listing, perPage, answer, error500, recommended, debug: debugAnswer })),
    ...hearts,
    ...(followTarget ? { followTarget } : {}),
    ...follows,
  };
  // A failed list is an outage, not a page: 503 and nobody keeps it.
  if (error500) return data(value, { status: 503, headers: noStore });
  return value;
}
