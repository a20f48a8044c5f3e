import type { ProductCard } from '../../../shared/api/product-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { percentOff } from '../../../shared/reference-price';

// The product card's decisions (spec section 2 "Product card", section 9), kept apart from
// the markup so they read like the spec; their words in the page's language (issue 29).

export type CardSizeVariant = ProductCard['variants'][number]['size_variants'][number];

/**
 * What a card reads of a product, and no more. Cards are most of a listing page's payload
 * (their data travels to the browser to hydrate them): the loader sends this view.
 */
export type CardProduct = Pick<
  ProductCard,
  'id' | 'affiliate_id' | 'brand' | 'storename' | 'store_slug' | 'category_slug' | 'subcategory_slug' | 'variant_index' | 'GB' | 'US' | 'INTERNATIONAL'
> & {
  variants: (Pick<ProductCard['variants'][number], 'title' | 'colour' | 'images'> & {
    size_variants: Pick<CardSizeVariant, 'guid' | 'slug' | 'msrp' | 'saleprice' | 'status' | 'offers'>[];
  })[];
  /** Issue 28: present when more than one store has the product in stock here ("from £X at N stores"). */
  compare?: CardCompare;
};

/** How many stores have the card's product in stock here, and the cheapest total (sale price and delivery) among them. */
export type CardCompare = { stores: number; fromPrice: number };

/** What the api's card says of its offers (issue 28): a comparison only when more than one store has it in stock. */
export function cardCompare(p: Partial<Pick<ProductCard, 'offersCount' | 'fromPrice'>>): CardCompare | undefined {
  return p.offersCount !== undefined && p.offersCount > 1 && p.fromPrice != null ? { stores: p.offersCount, fromPrice: p.fromPrice } : undefined;
}

/** The card's comparison line, as issue 28 words it: "from £X at N stores". */
export function compareLine(t: Translate, compare: CardCompare, price: (n: number) => string): string {
  return t('listing.card.compare', { price: price(compare.fromPrice), stores: compare.stores });
}

/** The card view of a product: the card shows each variant's first size variant only. */
export function cardProduct(p: Omit<CardProduct, 'compare'> & Partial<Pick<ProductCard, 'offersCount' | 'fromPrice'>>): CardProduct {
  const compare = cardCompare(p);
  return {
    ...(compare ? { compare } : {}),
    id: p.id,
    affiliate_id: p.affiliate_id,
    brand: p.brand,
    storename: p.storename,
    store_slug: p.store_slug,
    category_slug: p.category_slug,
    subcategory_slug: p.subcategory_slug,
    variant_index: p.variant_index,
    GB: p.GB,
    US: p.US,
    INTERNATIONAL: p.INTERNATIONAL,
    variants: p.variants.map((v) => ({
      title: v.title,
      colour: v.colour,
      images: { productimage80_png: v.images.productimage80_png, productimage180_jpg: v.images.productimage180_jpg },
      size_variants: v.size_variants.slice(0, 1).map((s) => ({ guid: s.guid, slug: s.slug, msrp: s.msrp, saleprice: s.saleprice, status: s.status, offers: s.offers })),
    })),
  };
}

/** Affiliates 5 and 6 sell through a cart of their own (spec section 9). */
const CART_AFFILIATES = new Set([5, 6]);

export type BuyControl =
  | { kind: 'buy'; label: string; to: string }
  | { kind: 'browse'; label: string; to: string }
  | { kind: 'cart'; label: string; to: string };

/**
 * Status 1 and an affiliate other than 5 or 6: 'Buy at {store}' (the retailer, new tab).
 * Status 0: 'Browse {store}' (the store's listing). Status not 0 with affiliate 5 or 6:
 * 'Add to Cart'. Preorder and backorder with other affiliates buy at the store too.
 */
export function buyControl(
  product: Pick<ProductCard, 'affiliate_id' | 'storename' | 'store_slug'>,
  size: Pick<CardSizeVariant, 'status' | 'guid'>,
  t: Translate,
): BuyControl {
  const retailer = `/products/loadRetailerProductPage/${encodeURIComponent(size.guid)}`;
  const store = product.storename;
  if (size.status === 0) return { kind: 'browse', label: t('listing.card.browse', { store }), to: `/store/${product.store_slug}` };
  if (CART_AFFILIATES.has(product.affiliate_id)) return { kind: 'cart', label: t('listing.card.addToCart'), to: retailer };
  return { kind: 'buy', label: t('listing.card.buyAt', { store }), to: retailer };
}

// The card's badge is the api's own rule (spec section 9), given the thresholds the api
// sent with the card: the store's as they hold on this site.
export { hasFreeDelivery } from '../../../shared/free-delivery';

/** The product page: /{category_slug}/{subcategory_slug}/{size variant slug}. */
export function productPath(product: Pick<ProductCard, 'category_slug' | 'subcategory_slug'>, size: Pick<CardSizeVariant, 'slug'>): string {
  return `/${product.category_slug}/${product.subcategory_slug}/${size.slug}`;
}

/** Dress Me with this size variant on the board (spec section 2 route create-a-look/{productSlug}/{productGuid}). */
export function createLookPath(size: Pick<CardSizeVariant, 'slug' | 'guid'>): string {
  return `/create-a-look/${size.slug}/${size.guid}`;
}

/** Shown when a product picture fails to load: a plain tile, from our own page (no fetch). */
export const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180"><rect width="180" height="180" fill="#f2efe9"/><path d="M62 120l22-28 16 20 12-14 16 22z" fill="#cfc8bd"/><circle cx="112" cy="70" r="10" fill="#cfc8bd"/></svg>',
  );

/**
 * Whether the feed's list price is shown struck through as the "was" price. The discount shown
 * is the honest one (shared/reference-price.ts, stored as `offers`); the list price is shown
 * only when it tells the same story, so a card never says "was £120, 2% off". Where the feed's
 * claim is bigger, the product page's price history explains both.
 */
export function showsListPrice(size: Pick<CardSizeVariant, 'msrp' | 'saleprice' | 'offers'>): boolean {
  return size.offers > 0 && percentOff(Math.round(size.msrp * 100), Math.round(size.saleprice * 100)) === size.offers;
}

