import type { Product, ProductDetail, SizeVariant, Variant } from '../../../shared/api/product-schemas';
import { socialImageUrls } from '../../../shared/images';

// What the product landing page decides, apart from its
// markup: which variant and size it shows, how availability reads, which pictures it has,
// and the schema.org Product it describes to search engines.

/** Size variant status (shared/api/product-schemas.ts): 1 in stock, 0 out, 2 preorder, 3 backorder. */
export function availabilityLabel(status: number): string {
  switch (status) {
    case 1:
      return 'In stock';
    case 0:
      return 'Out of stock';
    case 2:
      return 'Pre-order';
    case 3:
      return 'Back-order';
    default:
      return 'Check availability';
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

/** A short description for meta tags: the merchant's text, else one made of the facts. */
export function metaDescription(detail: ProductDetail, selection: Selection, price: string): string {
  const { product } = detail;
  const text = selection.variant.description.replace(/\s+/g, ' ').trim();
  const facts = `${product.brand ? `${product.brand} ` : ''}${selection.variant.title} for ${price} at ${product.storename}.`;
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

/**
 * schema.org Product for product snippets (not merchant listings): Vitrine sends shoppers to retailers,
 * so the page marks up the product with its offers (one per size, sold by the store) and
 * its ratings, never a checkout or merchant return policy.
 */
export function productStructuredData({ detail, selection, url, image, rating }: StructuredDataInput): Record<string, unknown> {
  const { product } = detail;
  const { variant, size } = selection;
  const offers = variant.size_variants.map((s) => ({
    '@type': 'Offer',
    url: url(sizePath(product, s)),
    sku: s.guid,
    name: s.size ? `${variant.title}, size ${s.size}` : variant.title,
    price: s.saleprice.toFixed(2),
    priceCurrency: detail.currencyCode,
    itemCondition: 'https://schema.org/NewCondition',
    ...(schemaAvailability(s.status) ? { availability: schemaAvailability(s.status) } : {}),
    seller: { '@type': 'Organization', name: product.storename },
  }));
  const prices = variant.size_variants.map((s) => s.saleprice);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: variant.title,
    ...(variant.description.trim() ? { description: variant.description.trim() } : {}),
    // The pictures' JPEG cards, as the social tags name them: merchant listings take no SVG.
    image: socialImageUrls(galleryImages(variant)).map(image),
    sku: size.guid,
    productID: String(product.id),
    url: url(sizePath(product, size)),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(variant.colour_name ? { color: variant.colour_name } : {}),
    ...(size.size ? { size: size.size } : {}),
    category: detail.breadCrumb.map((b) => b.key).join(' > ') || undefined,
    offers:
      offers.length === 1
        ? offers[0]
        : {
            '@type': 'AggregateOffer',
            priceCurrency: detail.currencyCode,
            lowPrice: Math.min(...prices).toFixed(2),
            highPrice: Math.max(...prices).toFixed(2),
            offerCount: offers.length,
            offers,
          },
    ...(rating && rating.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.ratingValue, ratingCount: rating.ratingCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
