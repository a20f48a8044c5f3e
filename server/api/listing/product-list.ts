import { firstBy } from '../../lib/first-by';
import type { SearchDebugAnswer, SearchResponse } from '../../../shared/api/search-schemas';
import { MAX_RESULT_WINDOW, PAGE_STEP } from '../../../shared/constants';
import { COUNTRIES } from '../../../shared/countries';
import type { Translator } from '../../../shared/i18n/translator';
import { firstApiPage } from '../../../shared/listing/companion-calls';
import type { ListingRequest } from '../../../shared/listing/query-grammar';
import { slugify } from '../catalog/identifiers';
import type { Queryable } from '../db/database';
import { capitalise, listingTitle, type ResolvedListing } from './listing-link';
import { FACETS, type CatalogDirectory, type SearchResult } from '../search-engine/search-engine';
import { readProductCards } from '../services/product-reader';
import type { ListingResolver, ResolvedRequest } from './listing-resolver';
import type { ListingPass } from './listing-passes';
import type { PopularSearches } from './popular-searches';

// The product list of a listing (GET /api/search, spec section 3 "Product list response"):
// a page of product cards, the total, the page's title, description and canonical path. The
// same bytes for everyone in a language (the title and description are worded in the
// caller's, issue 29); how the request was read, and how long it took, is the admins' own call
// (GET /api/search/debug).

type Answered = { response: SearchResponse; resolved: ResolvedRequest; result: SearchResult };

export class ProductList {
  constructor(
    private readonly db: Queryable,
    private readonly resolver: ListingResolver,
    private readonly popular: PopularSearches,
  ) {}

  private async answer(request: ListingRequest, words: Translator): Promise<Answered> {
    const resolved = await this.resolver.resolve(request);
    const { query } = resolved;
    // Spec section 9: paging stops at 100,000 items.
    const inWindow = query.offset < MAX_RESULT_WINDOW;
    const windowed = { ...query, limit: inWindow ? Math.min(query.limit, MAX_RESULT_WINDOW - query.offset) : 0 };
    const result = await this.resolver.engine.search(windowed, { hits: inWindow, facets: ['brand', 'store'] });
    const response = await this.response(resolved, request.state.page, result, result.productIds, words);
    return { response, resolved, result };
  }

  /** The answer of api page `page` of a resolved request, its ids already cut from the result. */
  private async response(resolved: ResolvedRequest, page: number, result: SearchResult, ids: readonly number[], words: Translator): Promise<SearchResponse> {
    const { query, listing } = resolved;
    const { q } = resolved.request.state;
    return {
      products: await readProductCards(this.db, ids, query.country, query.adminView === true),
      totalCount: result.total,
      description: describe(listing, q, result, this.resolver.engine.directory(), words),
      key: pageTitle(listing, q, words),
      canonicalUrl: q && listing.kind === 'search' ? `shop/${slugify(q)}` : listing.canonicalUrl,
      page,
      perPage: query.limit,
      countryCode: query.country,
      currencySymbol: COUNTRIES[query.country].info.symbol,
    };
  }

  /**
   * One site page (state.page counts site pages) from one engine call: its api pages as
   * GET /api/search answers each (the next only while the previous was full and more
   * results exist, as the web asks them), and every facet of the request, counted in the
   * same pass, for the filter panel.
   */
  async sitePage(request: ListingRequest, words: Translator): Promise<{ pages: SearchResponse[]; pass: ListingPass }> {
    const first = firstApiPage(request.state.page);
    const resolved = await this.resolver.resolve({ ...request, state: { ...request.state, page: first } });
    const { query } = resolved;
    const perPage = query.limit;
    const inWindow = query.offset < MAX_RESULT_WINDOW;
    const windowed = { ...query, limit: inWindow ? Math.min(perPage * PAGE_STEP, MAX_RESULT_WINDOW - query.offset) : 0 };
    const result = await this.resolver.engine.search(windowed, { hits: inWindow, facets: FACETS });
    const pages: SearchResponse[] = [];
    for (let step = 0; step < PAGE_STEP; step += 1) {
      const page = first + step;
      const previous = pages[pages.length - 1];
      if (previous && (previous.products.length < perPage || page > Math.ceil(previous.totalCount / perPage))) break;
      pages.push(await this.response(resolved, page, result, result.productIds.slice(step * perPage, (step + 1) * perPage), words));
    }
    if (!request.adminView) this.notePopular(request.country, request.state.q, request.state.department, first, result.total);
    return { pages, pass: { resolved, facets: result.facets } };
  }

  // Only everyone's searches count towards Top Searches: an admin's may name what only
  // admins see (spec section 6), and Top Searches are shown to everyone.
  private notePopular(country: ListingRequest['country'], q: string, department: ListingRequest['state']['department'], page: number, total: number): void {
    if (q && page === 1 && total > 0) this.popular.note(country, department.length === 1 ? department[0]! : '', q);
  }

  async list(request: ListingRequest, words: Translator): Promise<SearchResponse> {
    const { response } = await this.answer(request, words);
    const { state } = request;
    if (!request.adminView) this.notePopular(request.country, state.q, state.department, state.page, response.totalCount);
    return response;
  }

  /** The admin debug line of the same request: how it was read, and the time the list took. */
  async debug(request: ListingRequest, words: Translator): Promise<SearchDebugAnswer> {
    const started = performance.now();
    const { resolved, result } = await this.answer(request, words);
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

function pageTitle(listing: ResolvedListing, q: string, { t }: Translator): string {
  const title = listingTitle(listing, t);
  if (!q) return title;
  return listing.kind === 'search' ? capitalise(q) : t('listing.title.searchIn', { q: capitalise(q), title });
}

function describe(listing: ResolvedListing, q: string, result: SearchResult, dir: CatalogDirectory, { t, locale }: Translator): string {
  if (!result.total) return '';
  const brands = firstBy(result.facets.brand ?? new Map<number, number>(), 3, (a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([id]) => dir.brands.get(id)?.name)
    .filter((n): n is string => Boolean(n));
  const stores = result.facets.store?.size ?? 0;
  const title = listingTitle(listing, t);
  const what = q
    ? listing.kind === 'search'
      ? t('listing.describe.productsMatching', { q })
      : t('listing.describe.titleMatching', { title, q })
    : listing.kind === 'search'
      ? t('listing.describe.products')
      : title;
  return t('listing.describe.listing', {
    total: result.total,
    what,
    from: brands.length ? 'brands' : 'none',
    brands: new Intl.ListFormat(locale, { type: 'conjunction' }).format(brands),
    stores,
  });
}
