import { describe, expect, it } from 'vitest';
import { parseListingQuery } from '../../../shared/listing/query-grammar';
import { engineFilters } from '../../../server/api/listing/listing-resolver';
import { readFilterListOptions, readListingRequest } from '../../../server/api/listing/read-listing-request';
import { HttpError } from '../../../server/lib/http-error';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { pathPrefix } from '../../support/api-paths';

// How the api reads a listing call (the grammar of shared/listing/, from the raw query
// string) and maps it onto the engine's filters.

const filters = (query: string) => engineFilters(parseListingQuery(query));

function refusal(read: () => unknown): { status: number; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

describe('the api reading a listing call', () => {
  it('defaults to GB, page 1, Recommended, no filters', () => {
    const { country, link, state } = readListingRequest({ originalUrl: SEARCH_API.list }, 'list');
    expect([country, link, state.page, state.perPage, state.sort]).toEqual(['GB', undefined, 1, undefined, '']);
    expect(filters('')).toEqual({
      colours: [],
      categories: [],
      brands: [],
      stores: [],
      offers: [],
      departments: [],
      priceMin: undefined,
      priceMax: undefined,
      madeIn: [],
      care: [],
      freeDelivery: false,
      coupons: false,
      sale: false,
      priceDropped: false,
    });
  });

  it('answers a bad value with a 400 carrying the grammar message', () => {
    expect(refusal(() => readListingRequest({ originalUrl: `${SEARCH_API.list}?sort=cheap` }, 'list'))).toEqual({
      status: 400,
      message: "sort must be '' (Recommended), sale, desc, asc or dropped",
    });
    expect(refusal(() => readFilterListOptions({ originalUrl: `${pathPrefix(SEARCH_API.filters)}brand?find=%20` }))).toEqual({
      status: 400,
      message: 'find must not be only spaces',
    });
  });

  it('narrows a call to what it depends on, whatever else the client sends', () => {
    const { state } = readListingRequest({ originalUrl: `${pathPrefix(SEARCH_API.filters)}price?link=/dresses&q=midi&colour=red&sort=asc&page=3&internationaldelivery=1` }, 'price');
    expect(state).toEqual({ ...parseListingQuery(''), internationaldelivery: true });
  });

  it('reads offers bands, price ranges in minor units, deals and countries', () => {
    const f = filters('offers=1.0-50.0,71.0-100.0&priceRanges=20,150.5&sale=true&coupons=1&freedelivery=false&pricedropped=true&madein=gb,us');
    expect(f.offers).toEqual([{ from: 1, to: 50 }, { from: 71, to: 100 }]);
    expect([f.priceMin, f.priceMax]).toEqual([2000, 15050]);
    expect(f).toMatchObject({ sale: true, coupons: true, freeDelivery: false, priceDropped: true, madeIn: ['GB', 'US'] });
  });

  it('lets a deeper category level refine its ancestor', () => {
    expect(filters('category=clothing&subcategory=dresses').categories).toEqual(['dresses']);
    expect(filters('category=clothing&subcategory=dresses,jeans').categories).toEqual(['dresses', 'jeans']);
  });

  it('refuses a category the catalogue does not have, naming the level', () => {
    expect(refusal(() => filters('subcategory=no-such-thing'))).toEqual({ status: 400, message: 'subcategory: there is no category "no-such-thing"' });
  });
});
