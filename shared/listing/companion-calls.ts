import type { Query } from '../api/api-client';
import { DEFAULT_COUNTRY } from '../countries';
import { emptyListingState, listingParams, type ListingRequest } from './query-grammar';
import { CATEGORY_LEVELS } from './vocabulary';

// A listing page makes one list call and several companion calls (spec section 7). Each
// companion's answer depends on only part of the listing request; asking it with exactly
// that part means a sort order or a page does not split its cache entries. The web builds
// its queries with `listingApiQuery`, and the api narrows what it receives with the same
// `requestForCall`, so a client that sends more gets the same answer.

export const LISTING_CALLS = ['list', 'filters', 'deals', 'price', 'breadcrumb', 'canonical-links'] as const;
export type ListingCall = (typeof LISTING_CALLS)[number];

/** The api path of each call (filters: add the type, GET /api/search/filters/{type}). */
export const LISTING_CALL_PATHS: Readonly<Record<ListingCall, string>> = {
  list: '/api/search',
  filters: '/api/search/filters',
  deals: '/api/search/deals',
  price: '/api/search/filters/price',
  breadcrumb: '/api/search/filters/breadcrumb',
  'canonical-links': '/api/search/canonical-links',
};

/**
 * The part of a listing request a call depends on:
 * - list: all of it;
 * - filters (every facet group) and deals: what is listed and every filter, not sort or paging;
 * - price: only q or link, country and internationaldelivery (spec section 7);
 * - canonical-links: only q or link and country (the page's SEO links, not its filters);
 * - breadcrumb: only link and the category levels (categories are the same in every country).
 */
export function requestForCall(call: ListingCall, request: ListingRequest): ListingRequest {
  const { state, link, country } = request;
  const empty = emptyListingState();
  // "q or link": a listing path is the page; its q refines the list, not these.
  const text = link ? '' : state.q;
  switch (call) {
    case 'list':
      return request;
    case 'filters':
    case 'deals':
      return { link, country, state: { ...state, sort: '', page: 1, perPage: undefined } };
    case 'price':
      return { link, country, state: { ...empty, q: text, internationaldelivery: state.internationaldelivery } };
    case 'canonical-links':
      return { link, country, state: { ...empty, q: text } };
    case 'breadcrumb': {
      const levels = Object.fromEntries(CATEGORY_LEVELS.map((level) => [level, state[level]]));
      return { link, country: DEFAULT_COUNTRY, state: { ...empty, ...levels } };
    }
  }
}

/** The api query string of a call, as an api-client Query (defaults left out). */
export function listingApiQuery(call: ListingCall, request: ListingRequest): Query {
  const narrowed = requestForCall(call, request);
  const query: Query = Object.fromEntries(listingParams(narrowed.state));
  if (narrowed.link) query.link = narrowed.link;
  if (narrowed.country !== DEFAULT_COUNTRY) query.country = narrowed.country;
  return query;
}
