import type { Logger } from 'pino';
import type {
  CanonicalLinks,
  Filter,
  FilterBucket,
  PriceFilter,
  SearchResponse,
  SeoLink,
} from '../../../shared/api/search-schemas';
import { COLOURS, type ColourKey } from '../../../shared/colours';
import { DEPARTMENTS, MAX_RESULT_WINDOW, OFFER_BUCKETS, type Department } from '../../../shared/constants';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { CATEGORIES, categoryBySlug, type FlatCategory } from '../catalog/category-tree';
import { slugify } from '../catalog/identifiers';
import type { Queryable } from '../db/database';
import { notFound } from '../../lib/http-error';
import { normaliseText } from '../search/analyser';
import { categoryChain } from '../search/documents';
import { capitalise, categoryTitle, resolveLink, type EditorsPickList, type ResolvedListing } from '../search/listing-link';
import { catalogQuery, EMPTY_FILTERS, type FacetName, type SearchEngine, type SearchQuery, type SearchResult } from '../search/search-engine';
import { CATEGORY_LEVELS, type ListingParams } from './listing-params';
import { readProductCards } from './product-reader';

// The listing endpoints (spec section 7 "Products and search") over a SearchEngine: the
// query string and link become one SearchQuery; the engine's raw counts become the bucket
// shapes of spec section 3 ("Filter", "Deals", "Breadcrumb", "SEO links").

export const FILTER_TYPES = ['category', 'brand', 'store', 'colour', 'price', 'offer', 'department'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

const DEAL_LABELS = { coupons: 'Coupon Code', freedelivery: 'Free Delivery', sale: 'All Offers' } as const;
const DEPARTMENT_LABEL: Record<Department, string> = { women: 'Women', men: 'Men', kids: 'Kids' };

/** A request resolved: what the engine is asked, and what the page is. */
export type ListingRequest = { query: SearchQuery; listing: ResolvedListing; params: ListingParams };

export class SearchService {
  constructor(
    private readonly db: Queryable,
    readonly engine: SearchEngine,
    private readonly logger?: Logger,
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

  /** The listing a request is about; a link naming nothing we know is a 404. */
  async resolve(params: ListingParams): Promise<ListingRequest> {
    await this.engine.start();
    let listing: ResolvedListing | undefined;
    if (params.link) {
      listing = await resolveLink(params.link, { directory: this.engine.directory(), editorsPick: (slug) => this.editorsPick(slug) });
      if (!listing) throw notFound(`Nothing is listed at ${params.link}`);
    } else {
      listing = { kind: 'search', scope: {}, text: '', title: 'All products', canonicalUrl: 'search' };
    }
    const text = [listing.text, params.q].filter(Boolean).join(' ');
    const offset = (params.page - 1) * params.perPage;
    return {
      listing,
      params,
      query: {
        country: params.country,
        text,
        scope: listing.scope,
        internationalDelivery: params.internationalDelivery,
        filters: params.filters,
        sort: params.sort,
        offset,
        limit: params.perPage,
      },
    };
  }

  async search(params: ListingParams, admin: boolean): Promise<SearchResponse> {
    const started = performance.now();
    const request = await this.resolve(params);
    const { query, listing } = request;
    // Spec section 9: paging stops at 100,000 items.
    const inWindow = query.offset < MAX_RESULT_WINDOW;
    const windowed = { ...query, limit: inWindow ? Math.min(query.limit, MAX_RESULT_WINDOW - query.offset) : 0 };
    const result = await this.engine.search(windowed, { hits: inWindow, facets: ['brand', 'store'] });
    const products = await readProductCards(this.db, result.productIds, query.country);
    const country = COUNTRIES[query.country];
    const response: SearchResponse = {
      products,
      totalCount: result.total,
      description: describe(listing, request, result, this.engine),
      key: pageTitle(listing, params.q),
      canonicalUrl: params.q && listing.kind === 'search' ? `shop/${slugify(params.q)}` : listing.canonicalUrl,
      page: params.page,
      perPage: params.perPage,
      countryCode: query.country,
      currencySymbol: country.info.symbol,
    };
    if (admin) {
      response.debug = {
        engine: result.engine,
        indexVersion: result.version,
        tokens: result.tokens.map((t) => ({ word: t.word, term: t.term, expansions: t.expansions.map((e) => ({ term: e.term, quality: e.quality })) })),
        scope: { kind: listing.kind, ...listing.scope, text: query.text, internationalDelivery: query.internationalDelivery, filters: query.filters },
      };
      response.timeTaken = Math.round((performance.now() - started) * 100) / 100;
    }
    if (params.q && params.page === 1 && result.total > 0) this.notePopularSearch(query.country, params, result.total);
    return response;
  }

  /** "Top Searches" and suggestions learn from what shoppers search for (a write the answer does not wait on). */
  private notePopularSearch(country: CountryCode, params: ListingParams, _total: number): void {
    const department = params.filters.departments.length === 1 ? params.filters.departments[0]! : '';
    const text = normaliseText(params.q);
    if (!text || text.length > 100) return;
    this.db
      .query(
        `INSERT INTO popular_searches (country_code, department, query, searches) VALUES ($1, $2, $3, 1)
         ON CONFLICT (country_code, department, query)
         DO UPDATE SET searches = popular_searches.searches + 1, last_searched_at = now()`,
        [country, department, text],
      )
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'could not record a popular search'));
  }

  private async facets(params: ListingParams, facets: FacetName[]): Promise<{ request: ListingRequest; result: SearchResult }> {
    const request = await this.resolve(params);
    const result = await this.engine.search(request.query, { hits: false, facets });
    return { request, result };
  }

  async filter(type: Exclude<FilterType, 'price'>, params: ListingParams): Promise<Filter> {
    const facet: FacetName = type === 'offer' ? 'offers' : type;
    const { request, result } = await this.facets(params, [facet]);
    const f = request.query.filters;
    switch (type) {
      case 'colour':
        return colourFilter(result.facets.colour!, f.colours);
      case 'offer':
        return {
          filterName: 'offers',
          otherCount: 0,
          buckets: OFFER_BUCKETS.map((b, i) => ({
            key: b.label,
            id: b.key,
            textKey: b.key,
            docCount: result.facets.offers![i] ?? 0,
            selected: f.offers.some((o) => o.from === b.from && o.to === b.to),
            subBuckets: [],
          })).filter((b) => b.docCount > 0 || b.selected),
        };
      case 'department':
        return {
          filterName: 'department',
          otherCount: 0,
          buckets: DEPARTMENTS.map((d) => ({
            key: DEPARTMENT_LABEL[d],
            id: d,
            textKey: d,
            docCount: result.facets.department!.get(d) ?? 0,
            selected: f.departments.includes(d),
            subBuckets: [],
          })).filter((b) => b.docCount > 0 || b.selected),
        };
      case 'category':
        return categoryFilter(result.facets.category!, request);
      case 'brand': {
        const dir = this.engine.directory();
        return namedFilter(
          'brand',
          result.facets.brand!,
          f.brands.map((slug) => dir.brandBySlug.get(slug)).filter((b) => b !== undefined),
          (id) => dir.brands.get(id),
          params,
        );
      }
      case 'store': {
        const dir = this.engine.directory();
        return namedFilter(
          'storename',
          result.facets.store!,
          f.stores.map((slug) => dir.storeBySlug.get(slug)).filter((s) => s !== undefined),
          (id) => dir.stores.get(id),
          params,
        );
      }
    }
  }

  /** Spec section 7: the price range uses only q or path, country and internationaldelivery. */
  async priceFilter(params: ListingParams): Promise<PriceFilter> {
    const { request, result } = await this.facets({ ...params, filters: EMPTY_FILTERS }, ['price']);
    const country = COUNTRIES[request.query.country];
    const price = result.facets.price;
    return {
      filterName: 'priceRange',
      buckets: {
        price_min: price ? Math.floor(price.min / 100) : null,
        price_max: price ? Math.ceil(price.max / 100) : null,
        price_steps: country.priceStep,
      },
      currencyCode: country.info.currencyCode,
      currencySymbol: country.info.symbol,
    };
  }

  /** Spec section 3 "Deals": always three, coupons, freedelivery, sale. */
  async deals(params: ListingParams) {
    const { result } = await this.facets(params, ['deals']);
    const d = result.facets.deals!;
    return {
      deals: (['coupons', 'freedelivery', 'sale'] as const).map((key) => ({ key, textKey: DEAL_LABELS[key], docCount: d[key] })) as [
        { key: 'coupons'; textKey: string; docCount: number },
        { key: 'freedelivery'; textKey: string; docCount: number },
        { key: 'sale'; textKey: string; docCount: number },
      ],
    };
  }

  /** Spec section 2 "Breadcrumb": up to five category levels of the listing. */
  async breadcrumb(params: ListingParams) {
    const request = await this.resolve(params);
    const category = focusCategory(request);
    return {
      breadCrumb: category
        ? categoryChain(category.slug)
            .slice(0, 5)
            .map((c) => ({ filterName: CATEGORY_LEVELS[c.depth - 1]!, key: c.name, slug: c.slug }))
        : [],
    };
  }

  async canonicalLinks(params: ListingParams): Promise<CanonicalLinks> {
    const request = await this.resolve(params);
    const { query, listing } = request;
    const dir = this.engine.directory();
    const category = focusCategory(request);
    const [own, everything, top] = await Promise.all([
      this.engine.search(query, { hits: false, facets: ['brand', 'colour', 'department'] }),
      this.engine.search(
        { ...query, text: '', scope: {}, filters: EMPTY_FILTERS, internationalDelivery: false },
        { hits: false, facets: ['brand'] },
      ),
      this.db.query<{ query: string }>(
        `SELECT query FROM popular_searches WHERE country_code = $1 ORDER BY searches DESC, query LIMIT 10`,
        [query.country],
      ),
    ]);
    const topBrands = (counts: Map<number, number>, n: number) =>
      [...counts]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, n)
        .map(([id]) => dir.brands.get(id))
        .filter((b) => b !== undefined);
    const brandLinks: SeoLink[] = topBrands(own.facets.brand!, 10)
      .filter((b) => b.slug !== listing.brand?.slug)
      .map((b) =>
        category
          ? { key: b.slug, canonicalUrl: `brand/${b.slug}/${category.slug}`, displayKeyword: `${b.name} ${categoryTitle(category)}` }
          : { key: b.slug, canonicalUrl: `brand/${b.slug}`, displayKeyword: b.name },
      );
    const noun = category ? category.name : listing.kind === 'brand' || listing.kind === 'store' ? listing.title : '';
    const attribute: SeoLink[] = noun
      ? [...own.facets.colour!]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([colour]) => {
            const words = `${colour} ${noun}`;
            return { key: colour, canonicalUrl: `shop/${slugify(words)}`, displayKeyword: capitalise(words) };
          })
      : [];
    const departments = [...own.facets.department!].sort((a, b) => b[1] - a[1]);
    return {
      brand: brandLinks,
      attribute,
      fixedbrand: topBrands(everything.facets.brand!, 20).map((b) => ({ key: b.slug, canonicalUrl: `brand/${b.slug}`, displayKeyword: b.name })),
      topsearches: top.map((t) => ({ key: t.query, canonicalUrl: `shop/${slugify(t.query)}`, displayKeyword: capitalise(t.query) })),
      searchinfo: {
        category: category?.slug ?? null,
        department: category?.department ?? departments[0]?.[0] ?? null,
        brand: listing.brand?.slug ?? (query.filters.brands.length === 1 ? query.filters.brands[0]! : null),
      },
    };
  }

  /** Search-box suggestions: popular searches, categories, brands and catalogue words. */
  async suggest(text: string, department: Department | undefined, country: CountryCode) {
    await this.engine.start();
    const normalised = normaliseText(text);
    if (!normalised) return { suggestions: [] };
    const words = normalised.split(' ');
    const last = words[words.length - 1]!;
    const head = words.slice(0, -1).join(' ');
    type Suggestion = { key: string; type: 'search' | 'category' | 'brand' | 'term'; canonicalUrl: string; docCount: number | null };
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const add = (s: Suggestion) => {
      const k = `${s.type}:${s.canonicalUrl}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push(s);
      }
    };
    const popular = await this.db.query<{ query: string; searches: number }>(
      `SELECT query, sum(searches)::int AS searches FROM popular_searches
        WHERE country_code = $1 AND ($2 = '' OR department IN ($2, '')) AND query LIKE $3
        GROUP BY query ORDER BY searches DESC, query LIMIT 4`,
      [country, department ?? '', `${normalised.replace(/[\\%_]/g, '\\$&')}%`],
    );
    for (const p of popular) add({ key: p.query, type: 'search', canonicalUrl: `shop/${slugify(p.query)}`, docCount: null });

    const everything = await this.engine.search(
      catalogQuery(country, department),
      { hits: false, facets: ['category', 'brand'] },
    );
    const categoryCounts = subtreeCounts(everything.facets.category!);
    const matches = (name: string) => normaliseText(name).split(' ').some((w) => w.startsWith(normalised)) || normaliseText(name).startsWith(normalised);
    CATEGORIES.filter((c) => (!department || c.department === department) && (matches(c.name) || c.aliases.some(matches)))
      .map((c) => ({ c, n: categoryCounts.get(c.slug) ?? 0 }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, 4)
      .forEach(({ c, n }) => add({ key: categoryTitle(c), type: 'category', canonicalUrl: c.slug, docCount: n }));
    const dir = this.engine.directory();
    [...everything.facets.brand!]
      .map(([id, n]) => ({ b: dir.brands.get(id), n }))
      .filter((x) => x.b && matches(x.b.name))
      .sort((a, b) => b.n - a.n)
      .slice(0, 4)
      .forEach(({ b, n }) => add({ key: b!.name, type: 'brand', canonicalUrl: `brand/${b!.slug}`, docCount: n }));
    if (last.length >= 2) {
      for (const t of await this.engine.suggestTerms(last, department, 6)) {
        const phrase = head ? `${head} ${t.text}` : t.text;
        add({ key: phrase, type: 'term', canonicalUrl: `shop/${slugify(phrase)}`, docCount: head ? null : t.count });
      }
    }
    return { suggestions: out.slice(0, 12) };
  }
}

// --- shaping ---------------------------------------------------------------------------------

function pageTitle(listing: ResolvedListing, q: string): string {
  if (!q) return listing.title;
  return listing.kind === 'search' ? capitalise(q) : `${capitalise(q)} in ${listing.title}`;
}

function describe(listing: ResolvedListing, request: ListingRequest, result: SearchResult, engine: SearchEngine): string {
  if (!result.total) return '';
  const dir = engine.directory();
  const brands = [...(result.facets.brand ?? new Map<number, number>())]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => dir.brands.get(id)?.name)
    .filter((n): n is string => Boolean(n));
  const stores = result.facets.store?.size ?? 0;
  const what = request.params.q
    ? `${listing.kind === 'search' ? 'products matching' : `${listing.title} matching`} "${request.params.q}"`
    : listing.kind === 'search'
      ? 'products'
      : listing.title;
  const from = brands.length ? ` from brands such as ${brands.length > 1 ? `${brands.slice(0, -1).join(', ')} and ${brands[brands.length - 1]}` : brands[0]}` : '';
  return `Discover ${result.total.toLocaleString('en-GB')} ${what}${from}. Compare prices across ${stores} ${stores === 1 ? 'store' : 'stores'} and click through to buy from the retailer.`;
}

/** The category the listing is about: its path's, else the deepest single category filter. */
function focusCategory(request: ListingRequest): FlatCategory | undefined {
  const selected = request.query.filters.categories.map((s) => categoryBySlug(s)).filter((c) => c !== undefined);
  const scoped = request.listing.category ?? (request.listing.scope.category ? categoryBySlug(request.listing.scope.category) : undefined);
  if (selected.length === 1 && (!scoped || selected[0]!.path.startsWith(`${scoped.path}/`))) return selected[0];
  return scoped;
}

function colourFilter(counts: Map<ColourKey, number>, selected: readonly ColourKey[]): Filter {
  return {
    filterName: 'colours',
    otherCount: 0,
    buckets: COLOURS.filter((c) => (counts.get(c.key) ?? 0) > 0 || selected.includes(c.key)).map((c) => ({
      key: capitalise(c.key),
      id: c.key,
      textKey: c.key,
      value: c.hex,
      docCount: counts.get(c.key) ?? 0,
      selected: selected.includes(c.key),
      subBuckets: [],
    })),
  };
}

/** Sums each category's own count over its subtree. */
function subtreeCounts(own: Map<string, number>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [slug, n] of own) {
    for (let c = categoryBySlug(slug); c; c = c.parentSlug ? categoryBySlug(c.parentSlug) : undefined) {
      sums.set(c.slug, (sums.get(c.slug) ?? 0) + n);
    }
  }
  return sums;
}

const childrenOf = (() => {
  const map = new Map<string | null, FlatCategory[]>();
  for (const c of CATEGORIES) {
    const list = map.get(c.parentSlug) ?? [];
    list.push(c);
    map.set(c.parentSlug, list);
  }
  return map;
})();

/**
 * Category counts at the next level of the tree (issue 4): the children of the listing's
 * category (the top categories when it has none); a selected category, and every
 * category on the way to one, opens its own next level as subBuckets.
 */
function categoryFilter(own: Map<string, number>, request: ListingRequest): Filter {
  const sums = subtreeCounts(own);
  const selected = request.query.filters.categories.map((s) => categoryBySlug(s)).filter((c) => c !== undefined);
  const open = (c: FlatCategory) => selected.some((s) => s.slug === c.slug || s.path.startsWith(`${c.path}/`));
  const scope = request.listing.scope.category ? categoryBySlug(request.listing.scope.category) : undefined;
  const level = (parent: string | null): FilterBucket[] =>
    (childrenOf.get(parent) ?? [])
      .filter((c) => (sums.get(c.slug) ?? 0) > 0 || open(c))
      .map((c) => {
        const kids = childrenOf.get(c.slug);
        return {
          key: c.name,
          id: c.slug,
          textKey: c.slug,
          docCount: sums.get(c.slug) ?? 0,
          selected: selected.some((s) => s.slug === c.slug),
          subBuckets: kids?.length && open(c) ? [{ filterName: CATEGORY_LEVELS[c.depth]!, buckets: level(c.slug) }] : [],
        };
      });
  let buckets = level(scope?.slug ?? null);
  let depth = (scope?.depth ?? 0) + 1;
  if (scope && !childrenOf.get(scope.slug)?.length) {
    // A leaf listing: the category itself.
    buckets = [{ key: scope.name, id: scope.slug, textKey: scope.slug, docCount: sums.get(scope.slug) ?? 0, selected: true, subBuckets: [] }];
    depth = scope.depth;
  }
  return { filterName: CATEGORY_LEVELS[Math.min(depth, 5) - 1]!, buckets, otherCount: 0 };
}

function namedFilter(
  filterName: 'brand' | 'storename',
  counts: Map<number, number>,
  selected: readonly { id: number; slug: string; name: string }[],
  byId: (id: number) => { slug: string; name: string } | undefined,
  params: ListingParams,
): Filter {
  const find = params.find ? normaliseText(params.find) : '';
  const matches = (name: string) => {
    if (!find) return true;
    const n = normaliseText(name);
    return n.includes(find) || n.replace(/ /g, '').includes(find.replace(/ /g, ''));
  };
  const all = [...counts]
    .map(([id, docCount]) => ({ id, docCount, named: byId(id) }))
    .filter((x) => x.named && matches(x.named.name))
    .sort((a, b) => b.docCount - a.docCount || (a.named!.name < b.named!.name ? -1 : 1));
  const listed = all.slice(0, params.size);
  for (const s of selected) {
    if (!listed.some((x) => x.id === s.id)) listed.push({ id: s.id, docCount: counts.get(s.id) ?? 0, named: s });
  }
  const selectedIds = new Set(selected.map((s) => s.id));
  return {
    filterName,
    otherCount: all.filter((x) => !listed.some((l) => l.id === x.id)).length,
    buckets: listed.map((x) => ({
      key: x.named!.name,
      id: x.named!.slug,
      textKey: x.named!.slug,
      docCount: x.docCount,
      selected: selectedIds.has(x.id),
      subBuckets: [],
    })),
  };
}
