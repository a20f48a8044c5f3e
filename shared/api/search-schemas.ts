import { z } from 'zod';
import { ProductCardSchema } from './product-schemas';

// Search and listing payloads of the api (spec section 7 "Products and search", section 3
// "Product list response", "Filter", "Deals", "Breadcrumb", "SEO links"), parsed by the web.
//
// Query parameters shared by the listing endpoints (all optional; multi-value ones are
// comma-separated; unknown parameters are ignored; a nonsense value is a 400 naming it):
//   q                   what the shopper typed (letters, digits and spaces are kept)
//   link                a listing path: /brand/{slug}, /store/{slug}, /{category slug} (/dresses,
//                       /men-clothing), /{sale band} (/50-percent-off …), /sale, /featured,
//                       /editors-picks/{slug} (and /editors-pick/, /shop/editors-picks/),
//                       /shop/{words} (a search for the words, /shop/{any of the above} is
//                       that page). A link naming nothing we know: 404.
//   colour              colour keys (shared/colours.ts)
//   category, subcategory, subcategory2 … subcategory4
//                       category slugs; a product in any named subtree passes (a deeper
//                       level refines its ancestor)
//   brand, storename    brand / store slugs
//   offers              discount bands "1.0-50.0", "51.0-70.0", "71.0-100.0" (any "from-to")
//   department          women, men, kids
//   priceRanges         "min,max" in the country's currency
//   internationaldelivery  true/1 or a country code: stores abroad that deliver here
//   madein              country codes of the stores' own countries (the Local toggle)
//   care                care-instruction slugs
//   freedelivery, coupons, sale   true/1 or false/0
//   country             GB (default), US, IN, AE, CA, AU, HK, SG
//   sort                '' (Recommended), sale, desc, asc
//   page                1-based; perPage 1 … 100 (larger is capped at 100; PER_PAGE by default)
//
// Endpoints:
//   GET /api/search                           SearchResponseSchema
//   GET /api/search/filters/{type}            FilterSchema, type: category, brand, store, colour,
//                                             offer, department (extra: size=top N, find=name
//                                             words for brand and store); PriceFilterSchema for
//                                             price (q or link, country, internationaldelivery only)
//   GET /api/search/deals                     DealsSchema
//   GET /api/search/filters/breadcrumb        BreadcrumbSchema
//   GET /api/search/canonical-links           CanonicalLinksSchema
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
  /** Only for profile types 1 and 2 (spec section 2). */
  debug: SearchDebugSchema.optional(),
  timeTaken: z.number().optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

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

export const FilterBucketSchema: z.ZodType<FilterBucket> = z.lazy(() =>
  z.object({
    key: z.string(),
    id: z.string(),
    docCount: z.number(),
    textKey: z.string(),
    value: z.string().optional(),
    selected: z.boolean(),
    subBuckets: z.array(z.object({ filterName: z.string(), buckets: z.array(FilterBucketSchema) })),
  }),
);

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

export const DealSchema = z.object({ key: z.enum(['coupons', 'freedelivery', 'sale']), textKey: z.string(), docCount: z.number() });
/** Always three, in the spec's order: coupons, freedelivery, sale. */
export const DealsSchema = z.object({ deals: z.tuple([DealSchema, DealSchema, DealSchema]) });

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
