import fc from 'fast-check';
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../../shared/api/api-client';
import { LISTING_CALLS, LISTING_CALL_PATHS, listingApiQuery, requestForCall } from '../../../shared/listing/companion-calls';
import { parseListingQuery, serializeListingQuery, type ListingState } from '../../../shared/listing/query-grammar';
import { readListingRequest } from '../../../server/api/listing/read-listing-request';
import { HttpError } from '../../../server/lib/http-error';
import { readListingState } from '../../../client/routes/listing-loader';
import { listingRequestArb, listingStateArb, queryStringArb } from './listing-arbitraries';
import * as SEARCH_API from '../../../shared/api/search-paths';

// The one listing grammar, as properties over generated states and query strings: what the
// web writes reads back the same, what the web asks the api reads back as what it meant, and
// the page and the api read any URL alike (the same state, or the same 400 message).

type Reading = { state: ListingState } | { status: number; message: string };

/** The listing page's reading of its URL (the loader's own function). */
function webReads(query: string): Reading {
  try {
    return { state: readListingState(new URL(`http://web.test/dresses?${query}`)) };
  } catch (error) {
    const response = error as { data?: { message?: string }; init?: { status?: number } };
    if (response?.init?.status) return { status: response.init.status, message: response.data!.message! };
    if (isRouteErrorResponse(error)) return { status: error.status, message: String(error.data) };
    throw error;
  }
}

/** The api's reading of the same query on GET /api/search (the route's own function). */
function apiReads(query: string): Reading {
  try {
    return { state: readListingRequest({ originalUrl: `${SEARCH_API.list}?${query}` }, 'list').state };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
}

describe('the listing grammar', () => {
  it('reads back every state it writes: parse(serialise(state)) = state', () => {
    fc.assert(
      fc.property(listingStateArb, (state) => {
        expect(parseListingQuery(serializeListingQuery(state))).toEqual(state);
      }),
      { numRuns: 500 },
    );
  });

  it('has the api read each call the web makes as the part of the request that call depends on', () => {
    fc.assert(
      fc.property(listingRequestArb, fc.constantFrom(...LISTING_CALLS), (request, call) => {
        const url = buildUrl(LISTING_CALL_PATHS[call], listingApiQuery(call, request));
        expect(readListingRequest({ originalUrl: url }, call)).toEqual(requestForCall(call, request));
      }),
      { numRuns: 500 },
    );
  });

  it('reads any query string on the page and on the api alike: the same state, or a 400 with the same message', () => {
    let refused = 0;
    fc.assert(
      fc.property(queryStringArb, (query) => {
        const web = webReads(query);
        expect(web).toEqual(apiReads(query));
        if ('status' in web) {
          expect(web.status).toBe(400);
          refused += 1;
        }
      }),
      { numRuns: 1000 },
    );
    // The generated strings exercise both outcomes, not only one.
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBeLessThan(900);
  });
});
