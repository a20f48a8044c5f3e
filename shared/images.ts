// Pictures are generated on our own origin: nothing is fetched from the internet.
// The URLs are content-addressed (the path decides every pixel), so they are cached
// as immutable; IMAGE_VERSION changes when the drawings change.
import { COLOURS, type ColourKey } from './colours';
import type { ProductImageSize } from './constants';
import { IMAGE_VERSION } from './image-version';

export { IMAGE_VERSION };

/** Product shapes the image server can draw, grouped by the category they belong to. */
export const PRODUCT_KINDS = {
  clothing: [
    'dress', 'top', 't-shirt', 'shirt', 'blouse', 'knitwear', 'hoodie', 'jeans', 'trousers',
    'shorts', 'skirt', 'coat', 'jacket', 'blazer', 'suit', 'jumpsuit', 'swimwear', 'lingerie',
    'nightwear', 'activewear',
  ],
  shoes: ['sneakers', 'boots', 'heels', 'flats', 'sandals', 'loafers'],
  bags: ['handbag', 'tote', 'backpack', 'clutch', 'crossbody', 'wallet'],
  accessories: ['belt', 'scarf', 'hat', 'sunglasses', 'watch', 'necklace', 'earrings', 'bracelet', 'tie', 'gloves'],
  beauty: ['lipstick', 'perfume', 'skincare', 'nail-polish', 'mascara', 'palette'],
} as const;

export type ProductKind = (typeof PRODUCT_KINDS)[keyof typeof PRODUCT_KINDS][number];
export const ALL_PRODUCT_KINDS: readonly ProductKind[] = Object.values(PRODUCT_KINDS).flat();

/** Variations of one shape (pattern, trim, angle), so a grid does not repeat one picture. */
export const PRODUCT_STYLES = 8;

export const BANNER_THEMES = [
  'women', 'men', 'kids', 'shoes', 'bags', 'accessories', 'beauty', 'sale', 'blog',
  'editorial', 'showcase', 'brand', 'store', 'designer',
] as const;
export type BannerTheme = (typeof BANNER_THEMES)[number];

/** Pixel sizes of the spec's image fields (productimage80_png, productimage180_jpg). */
export const PRODUCT_IMAGE_PIXELS: Record<ProductImageSize, number> = { '80': 80, '180': 180, full: 600 };

/**
 * How each size of a product picture travels. The sizes lists show (cards, swatches,
 * thumbnails: dozens a page) are WebP, drawn from the SVG at RASTER_DENSITY times their
 * size: a browser draws each SVG picture as a document of its own, and a listing's forty were
 * most of its main-thread work without script (decision 0086). The full size (one a page, the
 * feeds' own link) stays SVG. A picture's SVG at any size is still served: e-mails and
 * notifications sent before keep their pictures.
 */
export const PRODUCT_IMAGE_FORMATS: Record<ProductImageSize, 'webp' | 'svg'> = { '80': 'webp', '180': 'webp', full: 'svg' };
/** Pixels per CSS pixel of a WebP picture: sharp on screens of up to two pixels a point. */
export const RASTER_DENSITY = 2;

export function productImageUrl(kind: ProductKind, colour: ColourKey, style: number, size: ProductImageSize = 'full'): string {
  return `/images/${IMAGE_VERSION}/product/${kind}/${colour}/${style}/${size}.${PRODUCT_IMAGE_FORMATS[size]}`;
}

export function bannerImageUrl(theme: BannerTheme, seed: number, width: number, height: number): string {
  return `/images/${IMAGE_VERSION}/banner/${theme}/${seed}/${width}x${height}.svg`;
}

export function logoImageUrl(slug: string): string {
  return `/images/${IMAGE_VERSION}/logo/${slug}.svg`;
}

/**
 * Social cards (Open Graph, Twitter): the large networks show neither SVG nor odd shapes, so
 * a page names a 1200 × 630 JPEG the web draws from the same artwork as the picture
 * (server/web/images/social-card.ts). One card per picture whatever size the page shows.
 */
export const SOCIAL_CARD = { width: 1200, height: 630, type: 'image/jpeg' } as const;

// The part of a drawn picture's path that names its artwork (not its size).
const DRAWN = new RegExp(`^(/images/${IMAGE_VERSION}/)(product/[^/]+/[^/]+/\\d|banner/[^/]+/\\d+|logo/[^/]+)(/[^/]+)?\\.(?:svg|webp)$`);

/**
 * The picture social tags name for a page's picture: one of our drawn pictures' card; any
 * other picture as it is. Every picture under /images/ a page names is then card-sized: a
 * card, or a look's collage (a PNG).
 */
export function socialImageUrl(src: string): string {
  return src.replace(DRAWN, '$1card/$2.jpg');
}

/** Spec section 2 "Page metadata": at most 10 product images in social tags. */
export const MAX_SOCIAL_IMAGES = 10;

/**
 * A page's pictures as its social tags and structured data name them: each one's card, once,
 * in order, at most MAX_SOCIAL_IMAGES. Neither social networks nor merchant listings take SVG
 * (issue 25).
 */
export function socialImageUrls(images: readonly string[]): string[] {
  return [...new Set(images.map(socialImageUrl))].slice(0, MAX_SOCIAL_IMAGES);
}

const PRODUCT_PATH = new RegExp(`^/images/${IMAGE_VERSION}/product/([a-z-]+)/([a-z]+)/(\\d)/(80|180|full)\\.(svg|webp)$`);

/** The same product picture at another size, in that size's format; URLs that are not ours are returned as they are. */
export function resizeProductImage(url: string, size: ProductImageSize): string {
  const parsed = parseProductImagePath(url);
  return parsed ? productImageUrl(parsed.kind, parsed.colour, parsed.style, size) : url;
}

/** What a product picture shows, at which size. */
export type ProductPicture = { kind: ProductKind; colour: ColourKey; style: number; size: ProductImageSize };
/** A product picture's path read back: the picture and the format it is asked in. */
export type ParsedProductImage = ProductPicture & { format: 'svg' | 'webp' };

/** A product picture's path: any size as SVG, and the sizes lists show as WebP (PRODUCT_IMAGE_FORMATS). */
export function parseProductImagePath(pathname: string): ParsedProductImage | undefined {
  const match = PRODUCT_PATH.exec(pathname);
  if (!match) return undefined;
  const [, kind, colour, style, size, format] = match;
  if (!ALL_PRODUCT_KINDS.includes(kind as ProductKind)) return undefined;
  if (!COLOURS.some((c) => c.key === colour)) return undefined;
  const styleNumber = Number(style);
  if (styleNumber >= PRODUCT_STYLES) return undefined;
  if (format === 'webp' && PRODUCT_IMAGE_FORMATS[size as ProductImageSize] !== 'webp') return undefined;
  return { kind: kind as ProductKind, colour: colour as ColourKey, style: styleNumber, size: size as ProductImageSize, format: format as 'svg' | 'webp' };
}
