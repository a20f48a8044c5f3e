import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { PriceAgeSchema, SizeOffersSchema } from './offer-schemas';

// How old a price is belongs to an offer (offer-schemas.ts); pages read it from here too.
export { PriceAgeSchema, type PriceAge } from './offer-schemas';

// Product payloads of the api (spec section 3 "Product", "Variant", "Size variant"), parsed
// by the web wherever they cross into it. Prices are in the requested country's currency,
// as numbers with two decimals at most; a product appears in a country only when it has a
// price there, and only its size variants priced there are listed.
//
// Endpoints (every answer is { data: … }; errors { status, message }):
//
//   GET  /api/products/detail/{category}/{lastnode}/{slug}?country=   ProductDetailSchema
//        the product landing page {cat}/{lastnode}/{slug} (spec section 2): category is the
//        top category's slug, lastnode the product's own category, slug a size variant's
//        slug. A known slug under another path still answers, with the canonicalUrl to
//        redirect to; an unknown slug, or a product never sold in the country, is 404; one
//        whose every price row there is withdrawn (issue 27) is 410 { status, message, data:
//        WithdrawnProductSchema }, so the page can still say what it was and where it was sold
//   GET  /api/products/detail/guid/{guid}?country=                      ProductDetailSchema
//        both with priceAge: when a feed last confirmed the store's prices in the country
//        and sizeOffers: each size of the selected colour with every store's offer of it
//        in the country, sorted by total (issue 28, offer-schemas.ts)
//   GET  /api/products/similar/{category}/{lastnode}/{slug}?country=&page=&perPage=
//   GET  /api/products/similar/guid/{guid}?country=&page=&perPage=    SimilarProductsSchema
//   GET  /api/products/list-editors-picks                              EditorsPickListsSchema
//   POST /api/products/add-csd  { id: size variant guid, country?, source? }   ClickRecordedSchema
//        records a click-through to the retailer, at most one per visitor, size variant and
//        CLICK_WINDOW_MINUTES (recorded: false for the others); source as isClickSource
//        says, anything else recorded as ''; unknown guid 404
//   GET  /api/products/retailer/{guid}?country=                        RetailerLinkSchema
//        what products/loadRetailerProductPage/{guid} sends the shopper on with; unknown 404;
//        withdrawn in the country: withdrawn true, url '' (the store's page instead)
//   GET  /api/products/sitemap?country=                                SitemapIndexSchema
//   GET  /api/products/sitemap/{categories|brands|stores|products}?country=&page=&perPage=
//                                                                      SitemapUrlsSchema
//        perPage up to 50,000 (one sitemap file); paths have no leading slash
//   GET  /api/account/brand-list?country=&department=                  BrandListSchema
//   GET  /api/account/store-list?country=                              StoreListSchema
//   GET  /api/account/store-search/{term}?country=                     StoreListSchema

export const ProductImagesSchema = z.object({
  productimage: z.string(),
  productimage80_png: z.string(),
  productimage180_jpg: z.string(),
});

export const CouponSchema = z.object({ code: z.string(), description: z.string() });

export const SizeVariantSchema = z.object({
  guid: z.string(),
  /** The retailer's page (open through products/loadRetailerProductPage/{guid}). */
  url: z.string(),
  slug: z.string(),
  size: z.string(),
  msrp: z.number(),
  saleprice: z.number(),
  /** 1 in stock, 0 out of stock, 2 preorder, 3 backorder. */
  status: z.number(),
  /** Discount percent, 0 when not reduced. */
  offers: z.number(),
  free_delivery: z.boolean(),
  coupon: CouponSchema.nullable(),
});
export type SizeVariant = z.infer<typeof SizeVariantSchema>;

export const VariantSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** One of the 24 colour keys, or null when the merchant's colour maps onto none. */
  colour: z.string().nullable(),
  colour_name: z.string(),
  images: ProductImagesSchema,
  /** Every other view of this variant, full size. */
  additional_images: z.array(z.string()),
  size_variants: z.array(SizeVariantSchema),
});
export type Variant = z.infer<typeof VariantSchema>;

const productCore = {
  id: z.number(),
  /** 5: direct cart link; 6: through the currency switch (spec section 9). */
  affiliate_id: z.number(),
  brand: z.string().nullable(),
  brand_id: z.number().nullable(),
  brand_slug: z.string().nullable(),
  storename: z.string(),
  store_id: z.number(),
  store_slug: z.string(),
  /** The top category's slug and the product's own category's slug: the product path is /{category_slug}/{subcategory_slug}/{size variant slug}. */
  category_slug: z.string(),
  subcategory_slug: z.string(),
  department: z.enum(['women', 'men', 'kids']),
  /** The lowest sale price of the product in this country, and that size variant's list price. */
  saleprice: z.number(),
  msrp: z.number(),
  sales: z.array(z.object({ sale_title: z.string() })),
  /** Always 0 from the api (the card selects a variant client-side). */
  variant_index: z.number(),
  /** The store's free-delivery thresholds as they hold on this site (spec section 9), or null: all null where the store prices in another currency (shared/free-delivery.ts). */
  GB: z.number().nullable(),
  US: z.number().nullable(),
  INTERNATIONAL: z.number().nullable(),
};

/** The full product (landing page). */
export const ProductSchema = z.object({
  ...productCore,
  title: z.string(),
  description: z.string(),
  variants: z.array(VariantSchema),
  /** Issue 28, as on the card: the stores with the item on offer in this country, and its cheapest total in stock. */
  offersCount: z.number(),
  fromPrice: z.number().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

/** What a product card needs and no more (listing payloads travel to the browser). */
export const CardSizeVariantSchema = SizeVariantSchema.pick({
  guid: true,
  slug: true,
  msrp: true,
  saleprice: true,
  status: true,
  offers: true,
  free_delivery: true,
});
export const CardVariantSchema = z.object({
  title: z.string(),
  colour: z.string().nullable(),
  images: ProductImagesSchema.pick({ productimage80_png: true, productimage180_jpg: true }),
  /** The variant's cheapest size variant here: what the card's price and Buy control show. */
  size_variants: z.array(CardSizeVariantSchema),
});
export const ProductCardSchema = z.object({
  ...productCore,
  variants: z.array(CardVariantSchema),
  /**
   * Issue 28: the card stands for every store's copy of the product (the store fields above are
   * the copy a shopper pays least for in all). How many stores have it on offer in this country
   * (not withdrawn, a size in stock), and the cheapest total (sale price and delivery) among
   * them; null when no store has a size in stock.
   */
  offersCount: z.number(),
  fromPrice: z.number().nullable(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const BreadcrumbEntrySchema = z.object({
  /** category, subcategory, subcategory2 … subcategory4 (spec section 3 "Breadcrumb"). */
  filterName: z.string(),
  key: z.string(),
  slug: z.string(),
});
export type BreadcrumbEntry = z.infer<typeof BreadcrumbEntrySchema>;

export const ProductDetailSchema = z.object({
  product: ProductSchema,
  /** The variant and size variant the URL named (by slug or guid). */
  selected: z.object({ variant_index: z.number(), guid: z.string() }),
  /** {category_slug}/{subcategory_slug}/{slug}, no leading slash. */
  canonicalUrl: z.string(),
  breadCrumb: z.array(BreadcrumbEntrySchema),
  countryCode: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  /** The age of the product's store's prices in this country (the one offer the page shows). */
  priceAge: PriceAgeSchema,
  /**
   * Shoppers' star ratings of the product (POST /api/account/product-rating), when it has
   * any: the page marks them up as schema.org AggregateRating. Optional (added by the web
   * side for the product page; absent means no ratings).
   */
  rating: z.object({ ratingValue: z.number(), ratingCount: z.number() }).nullable().optional(),
  /**
   * The country sites this size variant is sold on (so the same page answers there: the country
   * chooser offers these). Optional: absent means every country.
   */
  soldIn: z.array(z.enum(COUNTRY_CODES)).optional(),
  /**
   * Issue 28: the country sites where this page is its size's canonical page (the oldest copy on
   * offer there from a public store), which are the only alternates it names: on another site the
   * same address names another store's copy as canonical.
   */
  canonicalIn: z.array(z.enum(COUNTRY_CODES)).optional(),
  /** Each size of the selected variant with every store's offer of it in the country (issue 28: offer-schemas.ts). */
  sizeOffers: z.array(SizeOffersSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/**
 * What a 410 from the product detail says of a product withdrawn from the country's site
 * (every price row there withdrawn, issue 27): enough for a page that is no dead end.
 */
export const WithdrawnProductSchema = z.object({
  id: z.number(),
  title: z.string(),
  brand: z.string().nullable(),
  storename: z.string(),
  store_slug: z.string(),
  /** The first colour's pictures. */
  images: ProductImagesSchema,
  /** {category_slug}/{subcategory_slug}/{slug}, no leading slash, as for a product sold. */
  canonicalUrl: z.string(),
});
export type WithdrawnProduct = z.infer<typeof WithdrawnProductSchema>;

export const SimilarProductsSchema = z.object({
  products: z.array(ProductCardSchema),
  totalCount: z.number(),
});

export const EditorsPickListsSchema = z.object({
  lists: z.array(
    z.object({ listId: z.number(), listName: z.string(), slug: z.string(), productCount: z.number() }),
  ),
});

/** add-csd: whether this click was counted (false: the visitor's click on it was counted moments ago). */
export const ClickRecordedSchema = z.object({ recorded: z.boolean() });

/**
 * Clicks are counted at most once per visitor and size variant within this many minutes, so
 * reloading the click-through page (or a script calling add-csd) cannot inflate the count.
 */
export const CLICK_WINDOW_MINUTES = 5;

export const CLICK_SOURCE_MAX = 300;

/**
 * add-csd's `source`: where the click happened, as the web sends it (client/routes/
 * retailer.route.tsx, clickSource): '' or the path and query of one of our own pages, as a URL
 * writes them (printable ASCII without spaces, one leading slash: never another site's URL). Anything else is not a place on our
 * site: the click still counts, with source ''.
 */
export function isClickSource(value: string): boolean {
  return value === '' || (value.length <= CLICK_SOURCE_MAX && /^\/(?!\/)[!-~]*$/.test(value));
}

export const RetailerLinkSchema = z.object({
  guid: z.string(),
  url: z.string(),
  affiliate_id: z.number(),
  store_slug: z.string(),
  storename: z.string(),
  status: z.number(),
  title: z.string(),
  brand: z.string().nullable(),
  /** The price in the requested country, when the size variant is sold there. */
  saleprice: z.number().nullable(),
  currencyCode: z.string(),
  /**
   * Withdrawn from the requested country's site (issue 27): the retailer's link is dead, so
   * `url` is '' and the click-through goes to the store's page (/store/{store_slug}) instead.
   */
  withdrawn: z.boolean(),
});
export type RetailerLink = z.infer<typeof RetailerLinkSchema>;

export const SITEMAP_KINDS = ['categories', 'brands', 'stores', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;

export const SitemapIndexSchema = z.object({
  pageSize: z.number(),
  kinds: z.array(
    z.object({
      kind: z.enum(SITEMAP_KINDS),
      totalCount: z.number(),
      pages: z.number(),
      /** Each file's newest lastModified, file by file (null: none of its URLs has one), for the index's lastmod. */
      lastModified: z.array(z.string().nullable()),
    }),
  ),
});

export const SitemapUrlSchema = z.object({
  /** Site path without a leading slash: "midi-dresses", "brand/zara", "clothing/midi-dresses/…". */
  path: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  productCount: z.number().nullable(),
  lastModified: z.string().nullable(),
});
export type SitemapUrl = z.infer<typeof SitemapUrlSchema>;

export const SitemapUrlsSchema = z.object({
  kind: z.enum(SITEMAP_KINDS),
  urls: z.array(SitemapUrlSchema),
  totalCount: z.number(),
  page: z.number(),
  perPage: z.number(),
});

export const BrandListSchema = z.object({
  brands: z.array(
    z.object({ id: z.number(), name: z.string(), slug: z.string(), productCount: z.number(), letter: z.string() }),
  ),
});

export const StoreListSchema = z.object({
  stores: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      slug: z.string(),
      logo: z.string().nullable(),
      countryCode: z.string(),
      productCount: z.number(),
      letter: z.string(),
    }),
  ),
});
