import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productImageUrl } from '../../../shared/images';
import { LOOK_COLLAGE } from '../../../shared/validation/look-rules';
import { renderLookCollage, type CollagePiece } from '../../../server/web/images/look-collage';

// The collage is a real picture: decoded, the size of an Open Graph card, with the pieces
// drawn where the board put them, and a different picture when a piece moves.

const BACKGROUND = [0xf7, 0xf4, 0xef];

async function decode(png: Buffer) {
  const image = sharp(png);
  const meta = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  /** The colour at (x, y) as [r, g, b]. */
  const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
  return { meta, at, stats: await sharp(png).stats() };
}

const dress: CollagePiece = { image: productImageUrl('dress', 'red', 0), x: 0, y: 0, width: 500, height: 500, z: 0 };
const bag: CollagePiece = { image: productImageUrl('handbag', 'black', 2, '180'), x: 500, y: 500, width: 500, height: 500, z: 1 };

describe('the look collage', () => {
  it('is a PNG of 1200 × 630 with the pieces drawn on the board and the background elsewhere', async () => {
    const { meta, at, stats } = await decode(await renderLookCollage([dress, bag]));
    expect([meta.format, meta.width, meta.height]).toEqual(['png', LOOK_COLLAGE.width, LOOK_COLLAGE.height]);
    // Outside the board (the canvas's left margin): the background.
    expect(at(10, 10)).toEqual(BACKGROUND);
    // The dress's middle (board 250, 250 → 285 + 158, 158) is red cloth; the bag's (750, 750) is dark.
    const [r, g, b] = at(285 + 158, 158) as [number, number, number];
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    expect(Math.max(...at(285 + 473, 473))).toBeLessThan(120);
    // Not a blank canvas: the channels vary.
    expect(stats.channels.slice(0, 3).map((c) => c.stdev > 10)).toEqual([true, true, true]);
  });

  it('differs from a blank canvas, and changes when a piece moves or its order changes', async () => {
    const blank = await decode(await renderLookCollage([]));
    expect(blank.stats.channels.map((c) => Math.round(c.mean))).toEqual(BACKGROUND);
    expect(blank.stats.channels.map((c) => c.stdev)).toEqual([0, 0, 0]);
    const look = await renderLookCollage([dress, bag]);
    const moved = await renderLookCollage([dress, { ...bag, x: 400 }]);
    expect(moved.equals(look)).toBe(false);
    const overlapping = { ...bag, x: 200, y: 200 };
    const bagOnTop = await renderLookCollage([dress, overlapping]);
    const dressOnTop = await renderLookCollage([{ ...dress, z: 2 }, overlapping]);
    expect(dressOnTop.equals(bagOnTop)).toBe(false);
  });

  it('leaves out a picture that is not one of ours instead of fetching it', async () => {
    const foreign = { ...bag, image: 'https://example.com/bag.jpg' };
    expect((await renderLookCollage([dress, foreign])).equals(await renderLookCollage([dress]))).toBe(true);
  });

  it('keeps a piece at the board’s far corner inside the canvas', async () => {
    const corner = { ...bag, x: 1, y: 1, width: 999, height: 999 };
    const { meta } = await decode(await renderLookCollage([corner]));
    expect([meta.width, meta.height]).toEqual([LOOK_COLLAGE.width, LOOK_COLLAGE.height]);
  });
});
