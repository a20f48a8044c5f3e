import { PER_PAGE } from '../../../shared/constants';
import { parsePercentRange, type ListingRequest, type ListingState } from '../../../shared/listing/query-grammar';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { categoryBySlug } from '../catalog/category-tree';
import type { Queryable } from '../db/database';
import { badRequest, notFound } from '../../lib/http-error';
import { translatorFor } from '../http/request-language';
import { resolveLink, type EditorsPickList, type ResolvedListing } from './listing-link';
import { storeVisible, type PercentRange, type SearchEngine, type SearchFilters, type SearchQuery } from '../search-engine/search-engine';

// Resolving a listing request: the grammar's state becomes the engine's filters (spec
// section 2 "Query parameters" onto SearchFilters), the link becomes what the page is about
// (a path naming nothing we know is a 404), and both become one SearchQuery.

/** A request resolved: what the engine is asked, and what the page is. */
export type ResolvedRequest = { query: SearchQuery; listing: ResolvedListing; request: ListingRequest };

const ALL_PRODUCTS: ResolvedListing = { kind: 'search', scope: {}, text: '', title: translatorFor(undefined).t('listing.title.allProducts'), canonicalUrl: 'search' };

/**
 * The engine's filters of a listing state. Every category named must exist (a 400 naming the
 * level otherwise), and a deeper level refines its ancestor: "clothing" with "dresses" is
 * the dresses. Amounts go to minor units (two decimals at most, so this is exact).
 */
export function engineFilters(state: ListingState): SearchFilters {
  const slugs: string[] = [];
  for (const level of CATEGORY_LEVELS) {
    for (const slug of state[level]) {
      if (!categoryBySlug(slug)) throw badRequest(`${level}: there is no category "${slug}"`);
      slugs.push(slug);
    }
  }
  const isAncestor = (a: string, b: string) => categoryBySlug(b)!.path.startsWith(`${categoryBySlug(a)!.path}/`);
  const categories = [...new Set(slugs)].filter((a) => !slugs.some((b) => b !== a && isAncestor(a, b)));
  return {
    colours: state.colour,
    categories,
    brands: state.brand,
    stores: state.storename,
    offers: state.offers.map((band) => parsePercentRange(band)).filter((r): r is PercentRange => r !== undefined),
    departments: state.department,
    priceMin: state.priceRanges ? Math.round(state.priceRanges.min * 100) : undefined,
    priceMax: state.priceRanges ? Math.round(state.priceRanges.max * 100) : undefined,
    madeIn: state.madein,
    care: state.care,
    freeDelivery: state.freedelivery,
    coupons: state.coupons,
    sale: state.sale,
    priceDropped: state.pricedropped,
  };
}

export class ListingResolver {
  constructor(
    private readonly db: Queryable,
    readonly engine: SearchEngine,
  ) {}

  async editorsPick(slug: string): Promise<EditorsPickList | undefined> {
    const [list] = await this.db.query<{ id: number; name: string; fallback_link: string | null }>(
      'SELECT id, name, fallback_link FROM editors_pick_lists WHERE slug = $1',
      [slug],
    );
    if (!list) return undefined;
    const items = await this.db.query<{ product_id: number }>(
      'SELECT product_id FROM editors_pick_items WHERE list_id = $1 ORDER BY position, added_at, product_id',
      [list.id],
    );
    return { slug, name: list.name, productIds: items.map((i) => i.product_id), fallbackLink: list.fallback_link };
  }

  /** The listing a request is about, and the engine query for its page. */
  async resolve(request: ListingRequest): Promise<ResolvedRequest> {
    const filters = engineFilters(request.state);
    await this.engine.start();
    let listing = ALL_PRODUCTS;
    if (request.link) {
      const found = await resolveLink(request.link, { directory: this.engine.directory(), editorsPick: (slug) => this.editorsPick(slug) });
      // An admin-only store's page is nothing to anyone else (spec section 6).
      const store = found?.scope.store === undefined ? undefined : this.engine.directory().storeBySlug.get(found.scope.store);
      if (!found || (store !== undefined && !storeVisible(store, request.adminView))) throw notFound(`Nothing is listed at ${request.link}`);
      listing = found;
    }
    return queryOf(listing, request, filters);
  }
}

/**
 * A narrower request of a listing already resolved (the same link, country and view, fewer
 * filters: a companion's, such as the canonical links' over q or link alone), resolved
 * from it: the link is not read again (issue 26).
 */
export function resolveNarrower(resolved: ResolvedRequest, request: ListingRequest): ResolvedRequest {
  const from = resolved.request;
  if (request.link !== from.link || request.country !== from.country || (request.adminView === true) !== (from.adminView === true)) {
    throw new Error(`a narrower request of ${from.link ?? 'the search'} names another listing`);
  }
  return queryOf(resolved.listing, request, engineFilters(request.state));
}

/** The engine query of a request whose listing is resolved. */
function queryOf(listing: ResolvedListing, request: ListingRequest, filters: SearchFilters): ResolvedRequest {
  const { state } = request;
  const perPage = state.perPage ?? PER_PAGE;
  return {
    listing,
    request,
    query: {
      country: request.country,
      text: [listing.text, state.q].filter(Boolean).join(' '),
      scope: listing.scope,
      internationalDelivery: state.internationaldelivery,
      filters,
      sort: state.sort,
      offset: (state.page - 1) * perPage,
      limit: perPage,
      adminView: request.adminView === true,
    },
  };
}
