import type { Query } from '../api/api-client';
import { PAGE_STEP } from '../constants';
import { DEFAULT_COUNTRY } from '../countries';
import { emptyListingState, listingParams, type ListingRequest } from './listing-state';
import { CATEGORY_LEVELS } from './vocabulary';
import * as SEARCH_API from '../api/search-paths';

// Spec section 7 lists a listing as one list call and several companion calls. Each
// companion's answer depends on only part of the listing request; asking it with exactly
// that part means a sort order or a page does not split its cache entries. The api narrows
// what it receives with `requestForCall`, so a client that sends more gets the same answer.
// Our web asks one call instead, `listing` (GET /api/search/listing): the whole site page
// (its api pages, every companion's answer) from one index pass; the companions stay for
// other clients and answer the same (tests/integration/search/listing-page.test.ts).

export const LISTING_CALLS = ['listing', 'list', 'filters', 'deals', 'price', 'breadcrumb', 'canonical-links'] as const;
export type ListingCall = (typeof LISTING_CALLS)[number];

/** The api path of each call (filters: add the type, GET /api/search/filters/{type}). */
export const LISTING_CALL_PATHS: Readonly<Record<ListingCall, string>> = {
  listing: SEARCH_API.listing,
  list: SEARCH_API.list,
  filters: SEARCH_API.filterGroups,
  deals: SEARCH_API.deals,
  price: SEARCH_API.filters('price'),
  breadcrumb: SEARCH_API.breadcrumb,
  'canonical-links': SEARCH_API.canonicalLinks,
};

/** The first api page of a site page: each site page shows PAGE_STEP api pages (spec sections 4 and 7). */
export function firstApiPage(sitePage: number): number {
  return (sitePage - 1) * PAGE_STEP + 1;
}

/**
 * The part of a listing request a call depends on:
 * - listing (page counts site pages) and list (page counts api pages): all of it;
 * - filters (every facet group) and deals: what is listed and every filter, not sort or paging;
 * - price: only q or link, country and internationaldelivery (spec section 7);
 * - canonical-links: only q or link and country (the page's SEO links, not its filters);
 * - breadcrumb: only link and the category levels (categories are the same in every country).
 */
export function requestForCall(call: ListingCall, request: ListingRequest): ListingRequest {
  if (request.adminView) return { ...narrowed(call, request), adminView: true };
  return narrowed(call, request);
}

function narrowed(call: ListingCall, request: ListingRequest): ListingRequest {
  const { state, link, country } = request;
  const empty = emptyListingState();
  // "q or link": a listing path is the page; its q refines the list, not these.
  const text = link ? '' : state.q;
  switch (call) {
    case 'listing':
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
