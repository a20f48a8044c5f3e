import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { CATEGORY_LEVELS, DEAL_KEYS } from '../listing/vocabulary';
import { ProductCardSchema } from './product-schemas';

// Search and listing payloads of the api (spec section 7 "Products and search", section 3
// "Product list response", "Filter", "Deals", "Breadcrumb", "SEO links"), parsed by the web.
//
// The query parameters are the listing grammar (shared/listing/query-grammar.ts): q, the
// category levels, department, brand, storename, colour, offers, care, priceRanges, madein,
// internationaldelivery, coupons, freedelivery, sale, pricedropped, sort, page, perPage, plus link (the
// listing path: /brand/{slug}, /store/{slug}, /{category}, /{sale band}, /sale, /featured,
// /editors-picks/{slug}, /shop/{words}; naming nothing we know is a 404) and country. A known
// parameter with a value that means nothing is a 400 naming it; unknown parameters are
// ignored. Each companion call reads only what it depends on (shared/listing/companion-calls.ts).
//
// Endpoints:
//   GET /api/search                           SearchResponseSchema (the same bytes for everyone)
//   GET /api/search/debug                     SearchDebugAnswerSchema: admins only (profile type
//                                             1 or 2), 403 for anyone else; personal
//   GET /api/search/filters/{type}            FilterSchema, type: category, brand, store, colour,
//                                             offer, department (extra: size=top N, find=name
//                                             words for brand and store); PriceFilterSchema for
//                                             price (q or link, country, internationaldelivery only)
//   GET /api/search/deals                     DealsSchema
//   GET /api/search/filters/breadcrumb        BreadcrumbSchema
//   GET /api/search/canonical-links           CanonicalLinksSchema
//   GET /api/search/listing                   ListingPageSchema: one site page of a listing
//                                             (page counts site pages of PAGE_STEP api pages):
//                                             its api pages as /api/search answers each, and
//                                             every companion's answer above, from one pass,
//                                             and its products per country site
//   GET /api/search/auto-suggest/{department}/{query}, /auto-suggest/{query}/{department},
//       /auto-suggest/{query}?department=     SuggestionsSchema

export const SearchDebugSchema = z.object({
  engine: z.string(),
  indexVersion: z.number(),
  tokens: z.array(
    z.object({
      word: z.string(),
      term: z.string(),
      expansions: z.array(z.object({ term: z.string(), quality: z.number() })),
    }),
  ),
  scope: z.record(z.string(), z.unknown()),
});

export const SearchResponseSchema = z.object({
  products: z.array(ProductCardSchema),
  totalCount: z.number(),
  /** A paragraph about the listing (shown collapsible above 100 characters). */
  description: z.string(),
  /** The page title. */
  key: z.string(),
  /** The listing's own path without a leading slash ("midi-dresses", "brand/zara", "shop/red-dresses"). */
  canonicalUrl: z.string(),
  page: z.number(),
  perPage: z.number(),
  countryCode: z.string(),
  currencySymbol: z.string(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * Spec section 2: "Users with a token and profile type 1 or 2 see a debug and time-taken
 * line." Its own call, so the listing itself is the same bytes for everyone: how the api read
 * the listing request, and how long answering it took (milliseconds).
 */
export const SearchDebugAnswerSchema = z.object({ debug: SearchDebugSchema, timeTaken: z.number() });
export type SearchDebugAnswer = z.infer<typeof SearchDebugAnswerSchema>;

/** The 403 of GET /api/search/debug for anyone but an admin (a 401 would end a shopper's session). */
export const SEARCH_DEBUG_FORBIDDEN = 'The debug line is only for admins (profile type 1 or 2).';

/**
 * One value of a filter (spec section 3 "Filter"): `key` is what people read, `id` the
 * value to put in the query parameter, `textKey` the slug for URLs, `value` a colour's hex.
 * `selected` says the request had this value (selected values are always listed).
 */
export type FilterBucket = {
  key: string;
  id: string;
  docCount: number;
  textKey: string;
  value?: string | undefined;
  selected: boolean;
  subBuckets: { filterName: string; buckets: FilterBucket[] }[];
};

/**
 * A bucket and `depth` levels below it. Only categories nest (category, subcategory …
 * subcategory4: five levels), so the schema is spelt out to that depth rather than recursive: zod guards
 * a recursive schema against cyclic input by recording every object it visits in weak maps,
 * which made checking a listing answer the api had just sent two to three times dearer
 * (docs/performance.md, "Throughput").
 */
function bucketSchema(depth: number): z.ZodType<FilterBucket> {
  return z.object({
    key: z.string(),
    id: z.string(),
    docCount: z.number(),
    textKey: z.string(),
    value: z.string().optional(),
    selected: z.boolean(),
    subBuckets: depth === 0 ? z.tuple([]) : z.array(z.object({ filterName: z.string(), buckets: z.array(bucketSchema(depth - 1)) })),
  });
}

export const FilterBucketSchema = bucketSchema(CATEGORY_LEVELS.length - 1);

/** filterName: category (sub-levels subcategory … subcategory4), brand, storename, colours, offers, department. */
export const FilterSchema = z.object({
  filterName: z.string(),
  buckets: z.array(FilterBucketSchema),
  /** Values with products beyond those listed (brand and store lists are cut at `size`). */
  otherCount: z.number(),
});
export type Filter = z.infer<typeof FilterSchema>;

export const PriceFilterSchema = z.object({
  filterName: z.literal('priceRange'),
  buckets: z.object({
    /** Whole units of the country's currency, rounded down and up; null when nothing is listed. */
    price_min: z.number().nullable(),
    price_max: z.number().nullable(),
    /** The country's slider step (spec section 9). */
    price_steps: z.number(),
  }),
  currencyCode: z.string(),
  currencySymbol: z.string(),
});
export type PriceFilter = z.infer<typeof PriceFilterSchema>;

/** `textKey` is what the Deals group shows, in English (DEAL_MESSAGES): our pages name deals by key in their language. */
export const DealSchema = z.object({ key: z.enum(DEAL_KEYS), textKey: z.string(), docCount: z.number() });
/** Always four, in the spec's order: coupons, freedelivery, sale, then pricedropped. */
export const DealsSchema = z.object({ deals: z.tuple([DealSchema, DealSchema, DealSchema, DealSchema]) });

export const BreadcrumbSchema = z.object({
  breadCrumb: z.array(z.object({ filterName: z.string(), key: z.string(), slug: z.string() })),
});

export const SeoLinkSchema = z.object({ key: z.string(), canonicalUrl: z.string(), displayKeyword: z.string() });
export type SeoLink = z.infer<typeof SeoLinkSchema>;

export const CanonicalLinksSchema = z.object({
  /** "Popular In Brand": brands of this listing (brand + category pages when the listing has a category). */
  brand: z.array(SeoLinkSchema),
  /** Colours of this listing: "Red Dresses" → shop/red-dresses. */
  attribute: z.array(SeoLinkSchema),
  /** "All Popular Brands": the country's biggest brands. */
  fixedbrand: z.array(SeoLinkSchema),
  /** "Top Searches": what shoppers here search for most. */
  topsearches: z.array(SeoLinkSchema),
  searchinfo: z.object({ category: z.string().nullable(), department: z.string().nullable(), brand: z.string().nullable() }),
});
export type CanonicalLinks = z.infer<typeof CanonicalLinksSchema>;

export const SuggestionSchema = z.object({
  key: z.string(),
  type: z.enum(['search', 'category', 'brand', 'term']),
  /** Path to go to, no leading slash. */
  canonicalUrl: z.string(),
  docCount: z.number().nullable(),
});
export const SuggestionsSchema = z.object({ suggestions: z.array(SuggestionSchema) });

/** How many products a listing has on each of the eight country sites. */
export const CountryTotalsSchema = z.record(z.enum(COUNTRY_CODES), z.number());
export type CountryTotals = z.infer<typeof CountryTotalsSchema>;

/**
 * GET /api/search/listing: everything one site page of a listing shows, in one answer. Each
 * part is what its own endpoint answers for the same request: `pages` the api pages of the
 * site page (the next only while the previous was full and more exist), `filters` the six
 * filter groups at their default size, then price, deals, breadcrumb and canonical links.
 * `countryTotals`: the listing's products (its link and filters, any page) on each country
 * site, what GET /api/search counts there, so a page names as hreflang alternates only the
 * sites where it has products; null for a page never indexed (a search, deep facets:
 * shared/listing/chips.ts isIndexableListing).
 */
export const ListingPageSchema = z.object({
  pages: z.array(SearchResponseSchema),
  filters: z.object({
    category: FilterSchema,
    brand: FilterSchema,
    store: FilterSchema,
    colour: FilterSchema,
    offer: FilterSchema,
    department: FilterSchema,
  }),
  price: PriceFilterSchema,
  deals: DealsSchema,
  breadcrumb: BreadcrumbSchema,
  links: CanonicalLinksSchema,
  countryTotals: CountryTotalsSchema.nullable(),
});
export type ListingPage = z.infer<typeof ListingPageSchema>;
