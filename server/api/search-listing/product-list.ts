import type { SearchDebugAnswer, SearchResponse } from '../../../shared/api/search-schemas';
import { MAX_RESULT_WINDOW } from '../../../shared/constants';
import { COUNTRIES } from '../../../shared/countries';
import type { ListingRequest } from '../../../shared/listing/query-grammar';
import { slugify } from '../catalog/identifiers';
import type { Queryable } from '../db/database';
import { capitalise, type ResolvedListing } from '../search/listing-link';
import type { CatalogDirectory, SearchResult } from '../search/search-engine';
import { readProductCards } from '../services/product-reader';
import type { ListingResolver, ResolvedRequest } from './listing-resolver';
import type { PopularSearches } from './popular-searches';

// The product list of a listing (GET /api/search, spec section 3 "Product list response"):
// a page of product cards, the total, the page's title, description and canonical path. The
// same bytes for everyone; how the request was read, and how long it took, is the admins'
// own call (GET /api/search/debug).

type Answered = { response: SearchResponse; resolved: ResolvedRequest; result: SearchResult };

export class ProductList {
  constructor(
    private readonly db: Queryable,
    private readonly resolver: ListingResolver,
    private readonly popular: PopularSearches,
  ) {}

  private async answer(request: ListingRequest): Promise<Answered> {
    const resolved = await this.resolver.resolve(request);
    const { query, listing } = resolved;
    const { state } = request;
    const engine = this.resolver.engine;
    // Spec section 9: paging stops at 100,000 items.
    const inWindow = query.offset < MAX_RESULT_WINDOW;
    const windowed = { ...query, limit: inWindow ? Math.min(query.limit, MAX_RESULT_WINDOW - query.offset) : 0 };
    const result = await engine.search(windowed, { hits: inWindow, facets: ['brand', 'store'] });
    const products = await readProductCards(this.db, result.productIds, query.country);
    const response: SearchResponse = {
      products,
      totalCount: result.total,
      description: describe(listing, state.q, result, engine.directory()),
      key: pageTitle(listing, state.q),
      canonicalUrl: state.q && listing.kind === 'search' ? `shop/${slugify(state.q)}` : listing.canonicalUrl,
      page: state.page,
      perPage: query.limit,
      countryCode: query.country,
      currencySymbol: COUNTRIES[query.country].info.symbol,
    };
    return { response, resolved, result };
  }

  async list(request: ListingRequest): Promise<SearchResponse> {
    const { response } = await this.answer(request);
    const { state } = request;
    if (state.q && state.page === 1 && response.totalCount > 0) {
      this.popular.note(request.country, state.department.length === 1 ? state.department[0]! : '', state.q);
    }
    return response;
  }

  /** The admin debug line of the same request: how it was read, and the time the list took. */
  async debug(request: ListingRequest): Promise<SearchDebugAnswer> {
    const started = performance.now();
    const { resolved, result } = await this.answer(request);
    const timeTaken = Math.round((performance.now() - started) * 100) / 100;
    const { query, listing } = resolved;
    return {
      debug: {
        engine: result.engine,
        indexVersion: result.version,
        tokens: result.tokens.map((t) => ({ word: t.word, term: t.term, expansions: t.expansions.map((e) => ({ term: e.term, quality: e.quality })) })),
        scope: { kind: listing.kind, ...listing.scope, text: query.text, internationalDelivery: query.internationalDelivery, filters: query.filters },
      },
      timeTaken,
    };
  }
}

function pageTitle(listing: ResolvedListing, q: string): string {
  if (!q) return listing.title;
  return listing.kind === 'search' ? capitalise(q) : `${capitalise(q)} in ${listing.title}`;
}

function describe(listing: ResolvedListing, q: string, result: SearchResult, dir: CatalogDirectory): string {
  if (!result.total) return '';
  const brands = [...(result.facets.brand ?? new Map<number, number>())]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => dir.brands.get(id)?.name)
    .filter((n): n is string => Boolean(n));
  const stores = result.facets.store?.size ?? 0;
  const what = q
    ? `${listing.kind === 'search' ? 'products matching' : `${listing.title} matching`} "${q}"`
    : listing.kind === 'search'
      ? 'products'
      : listing.title;
  const from = brands.length ? ` from brands such as ${brands.length > 1 ? `${brands.slice(0, -1).join(', ')} and ${brands[brands.length - 1]}` : brands[0]}` : '';
  return `Discover ${result.total.toLocaleString('en-GB')} ${what}${from}. Compare prices across ${stores} ${stores === 1 ? 'store' : 'stores'} and click through to buy from the retailer.`;
}
