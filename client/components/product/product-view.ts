import type { Offer, SizeOffers } from '../../../shared/api/offer-schemas';
import type { Product, ProductDetail, SizeVariant, Variant } from '../../../shared/api/product-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { socialImageUrls } from '../../../shared/images';

// What the product landing page decides, apart from its
// markup: which variant and size it shows, how availability reads, which pictures it has,
// its canonical page, and the schema.org ProductGroup it describes to search engines.

/** Size variant status (shared/api/product-schemas.ts): 1 in stock, 0 out, 2 preorder, 3 backorder; in the page's language (issue 29). */
export function availabilityLabel(t: Translate, status: number): string {
  switch (status) {
    case 1:
      return t('product.stock.inStock');
    case 0:
      return t('product.stock.outOfStock');
    case 2:
      return t('product.stock.preOrder');
    case 3:
      return t('product.stock.backOrder');
    default:
      return t('product.stock.check');
  }
}

/** schema.org ItemAvailability for a status; unknown statuses say nothing rather than guess. */
export function schemaAvailability(status: number): string | undefined {
  return (
    {
      1: 'https://schema.org/InStock',
      0: 'https://schema.org/OutOfStock',
      2: 'https://schema.org/PreOrder',
      3: 'https://schema.org/BackOrder',
    } as Record<number, string>
  )[status];
}

export type Selection = { variant: Variant; variantIndex: number; size: SizeVariant };

/** The variant and size variant the URL named, falling back to the first priced one. */
export function selectedOf(detail: ProductDetail): Selection | undefined {
  const variants = detail.product.variants;
  const byGuid = variants.findIndex((v) => v.size_variants.some((s) => s.guid === detail.selected.guid));
  const variantIndex = byGuid >= 0 ? byGuid : Math.min(detail.selected.variant_index, variants.length - 1);
  const variant = variants[variantIndex];
  if (!variant) return undefined;
  const size = variant.size_variants.find((s) => s.guid === detail.selected.guid) ?? variant.size_variants[0];
  if (!size) return undefined;
  return { variant, variantIndex, size };
}

/** The product page of one size variant: /{category_slug}/{subcategory_slug}/{slug}. */
export function sizePath(product: Pick<Product, 'category_slug' | 'subcategory_slug'>, size: Pick<SizeVariant, 'slug'>): string {
  return `/${product.category_slug}/${product.subcategory_slug}/${size.slug}`;
}

/** The variant's pictures, main first, without repeats. */
export function galleryImages(variant: Variant): string[] {
  return [...new Set([variant.images.productimage, ...variant.additional_images].filter(Boolean))];
}

/** A short description for meta tags: the facts in the page's language, then the merchant's text as the feed gave it. */
export function metaDescription(t: Translate, detail: ProductDetail, selection: Selection, price: string): string {
  const { product } = detail;
  const text = selection.variant.description.replace(/\s+/g, ' ').trim();
  const facts = t('product.meta.description', { product: `${product.brand ? `${product.brand} ` : ''}${selection.variant.title}`, price, store: product.storename });
  const full = text ? `${facts} ${text}` : facts;
  return full.length > 300 ? `${full.slice(0, 297).trimEnd()}…` : full;
}

/** Ratings are optional in the contract: only real ones with at least one vote are marked up. */
export type Rating = { ratingValue: number; ratingCount: number };

type StructuredDataInput = {
  detail: ProductDetail;
  selection: Selection;
  /** Absolute URL of a site path on this country site. */
  url: (path: string) => string;
  /** Absolute URL of an image path. */
  image: (src: string) => string;
  rating?: Rating | null;
};

/** The offers of one size of the page's colour (issue 28), as the detail carries them. */
export function sizeOffersOf(detail: ProductDetail, guid: string): SizeOffers | undefined {
  return detail.sizeOffers.find((s) => s.guid === guid);
}

/**
 * The page's rel=canonical path (issue 28, decision 0079): every store's copy of a size names
 * the canonical copy's page of that size; this page's own path when the api named none.
 */
export function canonicalPath(detail: ProductDetail, selection: Selection): string {
  return `/${sizeOffersOf(detail, selection.size.guid)?.canonicalUrl ?? detail.canonicalUrl}`;
}

/** A store's offer as schema.org reads it: its price without delivery, its availability, its seller and its copy's page. */
function offerLd(offer: Offer, currency: string, url: (path: string) => string): Record<string, unknown> {
  return {
    '@type': 'Offer',
    url: url(`/${offer.path}`),
    price: offer.saleprice.toFixed(2),
    priceCurrency: currency,
    itemCondition: 'https://schema.org/NewCondition',
    ...(schemaAvailability(offer.status) ? { availability: schemaAvailability(offer.status) } : {}),
    seller: { '@type': 'Organization', name: offer.storename },
  };
}

/** One store's Offer, or an AggregateOffer across the stores that sell the size. */
function offersLd(offers: readonly Offer[], currency: string, url: (path: string) => string): Record<string, unknown> {
  if (offers.length === 1) return offerLd(offers[0]!, currency, url);
  const prices = offers.map((o) => o.saleprice);
  return {
    '@type': 'AggregateOffer',
    priceCurrency: currency,
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: offers.length,
    offers: offers.map((o) => offerLd(o, currency, url)),
  };
}

/**
 * schema.org ProductGroup for product snippets (not merchant listings): Vitrine sends shoppers to
 * retailers, so the page marks up the colour as a group varying by size, each size a Product
 * with its GTIN and MPN where the feed gave them and its offers in every store that sells it
 * here (issue 28: the page's own size no longer mixed with the others), and its ratings; never a
 * checkout or merchant return policy.
 */
export function productStructuredData({ detail, selection, url, image, rating }: StructuredDataInput): Record<string, unknown> {
  const { product } = detail;
  const { variant } = selection;
  const hasVariant = variant.size_variants.flatMap((s) => {
    const sized = sizeOffersOf(detail, s.guid);
    if (!sized) return [];
    return [
      {
        '@type': 'Product',
        name: s.size ? `${variant.title}, size ${s.size}` : variant.title,
        sku: s.guid,
        ...(sized.gtin ? { gtin: sized.gtin } : {}),
        ...(sized.mpn ? { mpn: sized.mpn } : {}),
        ...(s.size ? { size: s.size } : {}),
        url: url(`/${sized.canonicalUrl}`),
        offers: offersLd(sized.offers, detail.currencyCode, url),
      },
    ];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: variant.title,
    ...(variant.description.trim() ? { description: variant.description.trim() } : {}),
    // The pictures' JPEG cards, as the social tags name them: merchant listings take no SVG.
    image: socialImageUrls(galleryImages(variant)).map(image),
    productGroupID: String(product.id),
    variesBy: ['https://schema.org/size'],
    url: url(canonicalPath(detail, selection)),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(variant.colour_name ? { color: variant.colour_name } : {}),
    category: detail.breadCrumb.map((b) => b.key).join(' > ') || undefined,
    hasVariant,
    ...(rating && rating.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.ratingValue, ratingCount: rating.ratingCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
