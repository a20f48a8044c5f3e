// The WebP of a product picture at a size lists show (shared/images.ts PRODUCT_IMAGE_FORMATS):
// its SVG drawn by sharp at RASTER_DENSITY times its size. A browser lays out and paints each
// SVG picture as a document of its own; one decoded bitmap each costs a listing's main thread
// far less (decision 0086).
import sharp from 'sharp';
import { RASTER_DENSITY, type ProductPicture } from '../../../shared/images';
import { renderProductImage } from '../../demo/pictures/product-image';

/** Quality 82, sharp's default effort: about 4.7 KB for a card's 360 × 360, 16 ms to draw. */
export function renderListPicture(picture: ProductPicture): Promise<Buffer> {
  return sharp(Buffer.from(renderProductImage(picture)), { density: 72 * RASTER_DENSITY })
    .webp({ quality: 82 })
    .toBuffer();
}
