// Social cards: the JPEG a page names as its og:image and twitter:image (shared/images.ts
// socialImageUrl), 1200 × 630, drawn from the same artwork as the picture it stands for.
// Facebook, X and LinkedIn show neither SVG nor a small square well: a product's picture is
// drawn on the wide canvas (its backdrop widened), a banner drawn again at the card's shape, a
// logo enlarged on its own ground. The path decides every pixel, so the router keeps each
// card once and serves it as immutable.
import sharp, { type Sharp } from 'sharp';
import { BANNER_THEMES, IMAGE_VERSION, SOCIAL_CARD, parseProductImagePath, type BannerTheme } from '../../../shared/images';
import { renderBannerImage } from '../../demo/pictures/banner-image';
import { LOGO_HEIGHT, LOGO_SLUG, LOGO_WIDTH, renderLogoImage } from '../../demo/pictures/logo-image';
import { renderProductImage } from '../../demo/pictures/product-image';

export const SOCIAL_CARD_PREFIX = `/images/${IMAGE_VERSION}/card/`;

const PRODUCT = /^product\/([a-z-]+\/[a-z]+\/\d)$/;
// Whole numbers without leading zeros, as the banners' own paths (image-router.ts).
const BANNER = /^banner\/([a-z]+)\/(0|[1-9]\d{0,9})$/;
const LOGO = /^logo\/([^/]+)$/;
const MAX_SEED = 0xffffffff;
/** A logo is drawn four times its size (960 × 480), centred on its own ground. */
const LOGO_SCALE = 4;

/** `logo`: the drawing is a logo, enlarged on its own ground; otherwise it is drawn at the card's size. */
type Card = { svg: string; logo: boolean };

/** What a card path draws, or undefined when it names no card. */
function cardSource(pathname: string): Card | undefined {
  if (!pathname.startsWith(SOCIAL_CARD_PREFIX) || !pathname.endsWith('.jpg')) return undefined;
  const name = pathname.slice(SOCIAL_CARD_PREFIX.length, -'.jpg'.length);
  const product = PRODUCT.exec(name);
  if (product) {
    const parsed = parseProductImagePath(`/images/${IMAGE_VERSION}/product/${product[1]}/full.svg`);
    return parsed && { logo: false, svg: renderProductImage(parsed, SOCIAL_CARD) };
  }
  const banner = BANNER.exec(name);
  if (banner) {
    const [, theme = '', seed = ''] = banner;
    if (!BANNER_THEMES.includes(theme as BannerTheme) || Number(seed) > MAX_SEED) return undefined;
    return { logo: false, svg: renderBannerImage(theme as BannerTheme, Number(seed), SOCIAL_CARD.width, SOCIAL_CARD.height) };
  }
  const logo = LOGO.exec(name);
  if (logo?.[1] && LOGO_SLUG.test(logo[1])) return { logo: true, svg: renderLogoImage(logo[1]) };
  return undefined;
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();

/** The card's JPEG, or undefined when the path names no card. */
export async function renderSocialCard(pathname: string): Promise<Buffer | undefined> {
  const source = cardSource(pathname);
  if (!source) return undefined;
  const svg = Buffer.from(source.svg);
  if (!source.logo) return jpeg(sharp(svg).flatten({ background: '#ffffff' }));
  const logo = await sharp(svg, { density: 72 * LOGO_SCALE }).png().toBuffer();
  // The logo's ground is its first pixel: the card extends it to the edges.
  const { data } = await sharp(logo).extract({ left: 0, top: 0, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = (SOCIAL_CARD.width - LOGO_WIDTH * LOGO_SCALE) / 2;
  const y = (SOCIAL_CARD.height - LOGO_HEIGHT * LOGO_SCALE) / 2;
  return jpeg(sharp(logo).flatten({ background: '#ffffff' }).extend({ left: x, right: x, top: y, bottom: y, background: { r: data[0]!, g: data[1]!, b: data[2]! } }));
}
