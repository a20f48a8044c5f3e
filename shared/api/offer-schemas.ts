import { z } from 'zod';

// The offers of a size (issue 28, docs/decisions/0079): every store's copy of the same size
// (size variants sharing size_variants.canonical_id) priced on one country's site and not
// withdrawn there. They travel inside the product detail (ProductDetailSchema.sizeOffers,
// product-schemas.ts), one entry per size of the page's colour: the page that shows them is
// the one answer that names them, and it is kept until an import changes them.

/**
 * How old a store's prices on a country's site are (issue 27): when a feed last confirmed them
 * (ISO 8601; null when no feed has said yet), and whether that is longer ago than the api's
 * FEED_STALE_HOURS, when the page says "Prices may be out of date". One per store's offer.
 */
export const PriceAgeSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  mayBeOutOfDate: z.boolean(),
});
export type PriceAge = z.infer<typeof PriceAgeSchema>;

/** One store's offer of a size in the country; amounts in the site's currency. */
export const OfferSchema = z.object({
  /** The store's size variant: its click-through is products/loadRetailerProductPage/{guid}. */
  guid: z.string(),
  /** The store copy's own page: {category_slug}/{subcategory_slug}/{slug}, no leading slash. */
  path: z.string(),
  storename: z.string(),
  store_slug: z.string(),
  /** 5: direct cart link; 6: through the currency switch (spec section 9). */
  affiliate_id: z.number(),
  saleprice: z.number(),
  msrp: z.number(),
  /** The honest discount in percent (shared/reference-price.ts), 0 when not reduced. */
  offers: z.number(),
  /** 1 in stock, 0 out of stock, 2 preorder, 3 backorder, in the country. */
  status: z.number(),
  /** Delivery to the country (shared/free-delivery.ts deliveryPrice): 0 free, null not shown by the store. */
  delivery: z.number().nullable(),
  /** Price and delivery (offerTotal): an unknown delivery counts as 0. */
  total: z.number(),
  priceAge: PriceAgeSchema,
});
export type Offer = z.infer<typeof OfferSchema>;

/** One size of the page's colour and every store's offer of it. */
export const SizeOffersSchema = z.object({
  /** The page's own size variant of this size (one of the selected variant's size_variants). */
  guid: z.string(),
  /** The feed's GTIN, 14 digits, when it gave a valid one; the feed's MPN when it gave one. */
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  /**
   * This size's canonical page (rel=canonical of every store's copy): the oldest copy (lowest
   * id) of the match on offer in the country, which is size_variants.canonical_id's own page
   * wherever that copy is sold there. No leading slash.
   */
  canonicalUrl: z.string(),
  /** Buyable offers first, each part by total, then by age of the copy (the lower id first). */
  offers: z.array(OfferSchema),
});
export type SizeOffers = z.infer<typeof SizeOffersSchema>;
