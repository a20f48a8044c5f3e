// The collage of a look: one PNG of its pieces where the shopper put them, the look's Open
// Graph and Twitter image, its tile on My Lookbook and the owner's download. Product pictures
// are drawn by this web (server/demo/pictures/product-image.ts), so the collage draws each piece from the same
// artwork rather than fetching its URL (nothing may come from the internet), without the
// picture's backdrop so pieces overlap as cut-outs, and sharp lays them on the canvas.
import sharp, { type OverlayOptions } from 'sharp';
import { parseProductImagePath, resizeProductImage } from '../../../shared/images';
import { BOARD_SIZE, LOOK_COLLAGE } from '../../../shared/validation/look-rules';
import { productArtwork } from '../../demo/pictures/product-image';

export type CollagePiece = { image: string; x: number; y: number; width: number; height: number; z: number };

/** The product picture's own viewBox: the artwork is drawn for it. */
const ARTWORK_VIEWBOX = '-6 -5 112 112';

/**
 * Where the board sits on the canvas: the square board fills the canvas's height, centred
 * (1000 board units become 630 pixels on the 1200 × 630 canvas).
 */
function boardFrame() {
  const side = Math.min(LOOK_COLLAGE.width, LOOK_COLLAGE.height);
  return { left: Math.round((LOOK_COLLAGE.width - side) / 2), top: Math.round((LOOK_COLLAGE.height - side) / 2), scale: side / BOARD_SIZE };
}

/** One piece's artwork at its size on the canvas, on a transparent ground; undefined for a picture we do not draw. */
function pieceSvg(image: string, width: number, height: number): string | undefined {
  const parsed = parseProductImagePath(resizeProductImage(image, 'full'));
  if (!parsed) return undefined;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${ARTWORK_VIEWBOX}" preserveAspectRatio="xMidYMid meet">` +
    productArtwork(parsed.kind, parsed.colour, parsed.style) +
    `</svg>`
  );
}

/**
 * The collage PNG of these pieces, bottom first by z (equal z keeps their order). A piece
 * whose picture is not one of ours is left out rather than fetched.
 */
export async function renderLookCollage(pieces: readonly CollagePiece[]): Promise<Buffer> {
  const { left, top, scale } = boardFrame();
  const ordered = pieces.map((piece, index) => ({ piece, index })).sort((a, b) => a.piece.z - b.piece.z || a.index - b.index);
  const layers: OverlayOptions[] = [];
  for (const { piece } of ordered) {
    // Edges rounded, not sizes: a piece touching the board's edge stays inside the canvas.
    const x0 = Math.round(piece.x * scale);
    const y0 = Math.round(piece.y * scale);
    const width = Math.max(1, Math.round((piece.x + piece.width) * scale) - x0);
    const height = Math.max(1, Math.round((piece.y + piece.height) * scale) - y0);
    const svg = pieceSvg(piece.image, width, height);
    if (!svg) continue;
    layers.push({ input: await sharp(Buffer.from(svg)).png().toBuffer(), left: left + x0, top: top + y0 });
  }
  return sharp({ create: { width: LOOK_COLLAGE.width, height: LOOK_COLLAGE.height, channels: 3, background: LOOK_COLLAGE.background } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
