import type { ColourKey } from '../../../shared/colours';
import { OFFER_BUCKETS, type Department } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import type { SortValue } from '../../../shared/sort-options';
import type { QueryToken } from './analyser';

// The catalog index behind one interface (ARCHITECTURE.md "Catalog index"): one call answers a
// listing request with the total, one page of product ids in order and the raw facet
// counts. Two implementations give the same answers: the in-memory index
// (memory-engine.ts, what the api serves from) and plain SQL on PostgreSQL (sql-engine.ts,
// the reference the agreement test and the benchmark compare it with).
//
// Issue 28: a product is every store's copy sharing products.canonical_id. Without a store
// page, store filter or pick list in view, an answer lists each product once, as its card (the
// copy with the cheapest total in stock there, documents.ts), and counts cards; with one, it
// lists the copies of the stores in view, each at its own price.

/** A discount band in whole percent, both ends included ("51.0-70.0" is 51..70). */
export type PercentRange = { from: number; to: number };

/**
 * What a listing page is about, fixed by its path (spec section 2): never part of the
 * facet arithmetic, so a brand page's brand facet lists that brand only.
 */
export type SearchScope = {
  category?: string;
  brand?: string;
  store?: string;
  /** Sale bands (/50-percent-off): the discount in this range. */
  discount?: PercentRange;
  /** /sale: any discount. */
  sale?: boolean;
  /** An editor's pick list: exactly these products. */
  productIds?: readonly number[];
};

/**
 * Filters of spec section 2. Each field is a facet group: values within a group are
 * alternatives (OR), groups must all hold (AND). Slugs name brands, stores and categories.
 */
export type SearchFilters = {
  colours: readonly ColourKey[];
  /** Category slugs at any depth; a product in any of their subtrees passes. */
  categories: readonly string[];
  brands: readonly string[];
  stores: readonly string[];
  offers: readonly PercentRange[];
  departments: readonly Department[];
  /** Sale price bounds in minor units (pence, cents), both included. */
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  /** The store trades from one of these countries (the Local toggle). */
  madeIn: readonly CountryCode[];
  /** Care-instruction slugs ("machine-wash-cold-inside-out"). */
  care: readonly string[];
  freeDelivery: boolean;
  coupons: boolean;
  sale: boolean;
  /** The price fell in the last 7 days (shared/reference-price.ts priceDrop). */
  priceDropped: boolean;
};

export type SearchQuery = {
  country: CountryCode;
  /** What the shopper typed (may be empty); the engine analyses it. */
  text: string;
  scope: SearchScope;
  /** Only stores abroad that deliver here; with the scope and text, this is what the price range is taken over. */
  internationalDelivery: boolean;
  filters: SearchFilters;
  sort: SortValue;
  offset: number;
  limit: number;
  /**
   * Answer as an admin sees the catalogue: with the stores marked admin-only (spec section 6).
   * Set only once the api has checked the caller's session (catalog-view.ts); absent, they are
   * left out of everything: the hits, the total and every facet.
   */
  adminView?: boolean;
};

export const FACETS = ['colour', 'category', 'brand', 'store', 'offers', 'department', 'deals', 'price'] as const;
export type FacetName = (typeof FACETS)[number];

export type SearchNeeds = {
  /** The page of product ids (the total is always counted). */
  hits: boolean;
  facets: readonly FacetName[];
};

/**
 * Raw facet counts. Each group is counted over the products that pass every other
 * group's filter (disjunctive faceting), so picking red leaves blue's count as it was.
 * Maps hold only values with at least one product.
 */
export type FacetCounts = {
  colour?: Map<ColourKey, number>;
  /** Products whose own category is this slug (the caller sums subtrees). */
  category?: Map<string, number>;
  /**
   * By brand id / store id. A store counts every product it sells, whichever store's copy is the card (issue 28).
   * Read-only: the index answers them as views over its counters (index-facets.ts, IdCounts).
   */
  brand?: ReadonlyMap<number, number>;
  store?: ReadonlyMap<number, number>;
  /** In the order of OFFER_BUCKETS. */
  offers?: number[];
  department?: Map<Department, number>;
  deals?: { coupons: number; freedelivery: number; sale: number; pricedropped: number };
  /** Lowest and highest sale price (minor units) over the scope, text, country and international delivery only (spec section 7). */
  price?: { min: number; max: number } | null;
};

export type SearchResult = {
  total: number;
  productIds: number[];
  facets: FacetCounts;
  /** How the query's words were read (for the admin debug line). */
  tokens: QueryToken[];
  /** Index version the answer came from. */
  version: number;
  engine: 'memory' | 'sql';
};

export type DirectoryStore = {
  id: number;
  slug: string;
  name: string;
  country: CountryCode;
  international: boolean;
  /** Shown to admins only (spec section 6). */
  adminOnly: boolean;
};
export type DirectoryBrand = { id: number; slug: string; name: string };

/** Names and slugs of the stores and brands an engine knows, for facets and paths. */
export type CatalogDirectory = {
  stores: ReadonlyMap<number, DirectoryStore>;
  storeBySlug: ReadonlyMap<string, DirectoryStore>;
  brands: ReadonlyMap<number, DirectoryBrand>;
  brandBySlug: ReadonlyMap<string, DirectoryBrand>;
};

export type TermSuggestion = { text: string; count: number };

export type SearchEngine = {
  readonly kind: 'memory' | 'sql';
  /** Resolves once the engine can answer (the first build of the index). */
  start(): Promise<void>;
  /** Answers one listing request. */
  search(query: SearchQuery, needs: SearchNeeds): Promise<SearchResult>;
  /** Call after start(). */
  directory(): CatalogDirectory;
  /**
   * Catalogue words starting with `prefix`, most products first, within a department when
   * given; counted without the admin-only stores unless `adminView`.
   */
  suggestTerms(prefix: string, department: Department | undefined, limit: number, adminView?: boolean): Promise<TermSuggestion[]>;
  /** Changes each time the engine's data changes (cache keys). */
  version(): number;
  /**
   * The catalogue generation (catalog/catalog-generation.ts) the engine's data holds: the same
   * number on every instance for the same catalogue, never going back.
   */
  generation(): number;
};

export const EMPTY_FILTERS: SearchFilters = {
  colours: [],
  categories: [],
  brands: [],
  stores: [],
  offers: [],
  departments: [],
  madeIn: [],
  care: [],
  freeDelivery: false,
  coupons: false,
  sale: false,
  priceDropped: false,
};

/** Whether a store may be shown to this viewer (spec section 6). */
export function storeVisible(store: DirectoryStore | undefined, adminView: boolean | undefined): store is DirectoryStore {
  return store !== undefined && (!store.adminOnly || adminView === true);
}

/** The whole catalogue of a country (or one of its departments), for facet counts only: no text, no scope, no hits. */
export function catalogQuery(country: CountryCode, department?: Department, adminView = false): SearchQuery {
  return {
    adminView,
    country,
    text: '',
    scope: {},
    internationalDelivery: false,
    filters: department ? { ...EMPTY_FILTERS, departments: [department] } : EMPTY_FILTERS,
    sort: '',
    offset: 0,
    limit: 0,
  };
}

/** Zeroed counts for the facet groups asked for (spec section 3 "Filter", "Deals"). */
export function emptyFacets(want: ReadonlySet<string>): FacetCounts {
  const facets: FacetCounts = {};
  if (want.has('colour')) facets.colour = new Map();
  if (want.has('category')) facets.category = new Map();
  if (want.has('brand')) facets.brand = new Map();
  if (want.has('store')) facets.store = new Map();
  if (want.has('offers')) facets.offers = OFFER_BUCKETS.map(() => 0);
  if (want.has('department')) facets.department = new Map();
  if (want.has('deals')) facets.deals = { coupons: 0, freedelivery: 0, sale: 0, pricedropped: 0 };
  if (want.has('price')) facets.price = null;
  return facets;
}
