import { describe, expect, it } from 'vitest';
import { COLOURS, type ColourKey } from '../../../shared/colours';
import { PRODUCT_IMAGE_SIZES } from '../../../shared/constants';
import { ALL_PRODUCT_KINDS, PRODUCT_STYLES, parseProductImagePath, productImageUrl } from '../../../shared/images';
import { renderProductImage } from '../../../server/demo/pictures/product-image';
import { expectWellFormedSvg } from './svg-document';

const STYLES = Array.from({ length: PRODUCT_STYLES }, (_, i) => i);
// Pale, dark, saturated and metallic: the colours where details most often go missing.
const SAMPLE_COLOURS: ColourKey[] = ['white', 'black', 'navy', 'pink', 'gold', 'turquoise'];

describe('product pictures', () => {
  it('draws every kind in every style as well-formed SVG, with a title, for pale, dark and bright colours', () => {
    for (const kind of ALL_PRODUCT_KINDS) {
      for (const style of STYLES) {
        for (const colour of SAMPLE_COLOURS) {
          const svg = renderProductImage({ kind, colour, style, size: 'full' });
          expect(() => expectWellFormedSvg(svg), `${kind} ${colour} ${style}`).not.toThrow();
        }
      }
    }
  });

  it('is as wide and as high as the size in the URL: 80, 180 and 600 pixels for full', () => {
    const expected = { '80': '80', '180': '180', full: '600' };
    for (const size of PRODUCT_IMAGE_SIZES) {
      const { root } = expectWellFormedSvg(renderProductImage({ kind: 'dress', colour: 'red', style: 0, size }));
      expect(root.attributes.width).toBe(expected[size]);
      expect(root.attributes.height).toBe(expected[size]);
      expect(root.attributes.viewBox).toBe('-6 -5 112 112');
    }
  });

  it('tints the drawing with the hex of its colour, for all 24 colours', () => {
    for (const { key, hex } of COLOURS) {
      for (const kind of ['dress', 'sneakers', 'lipstick', 'belt'] as const) {
        expect(renderProductImage({ kind, colour: key, style: 0, size: '180' })).toContain(`fill="${hex}"`);
      }
    }
  });

  it('names colour, pattern and kind in its title', () => {
    const title = (svg: string) => expectWellFormedSvg(svg).text;
    expect(title(renderProductImage({ kind: 'dress', colour: 'navy', style: 1, size: '80' }))).toBe('Navy striped dress');
    expect(title(renderProductImage({ kind: 'nail-polish', colour: 'red', style: 0, size: '80' }))).toBe('Red nail polish');
    expect(title(renderProductImage({ kind: 't-shirt', colour: 'white', style: 6, size: '80' }))).toBe('White gingham t-shirt');
  });

  it('draws the same picture for the same URL every time', () => {
    for (const kind of ALL_PRODUCT_KINDS) {
      const parsed = parseProductImagePath(productImageUrl(kind, 'olive', 5, '180'))!;
      expect(renderProductImage(parsed)).toBe(renderProductImage({ ...parsed }));
    }
  });

  it('varies the picture by style and by colour, so a grid does not repeat itself', () => {
    for (const kind of ALL_PRODUCT_KINDS) {
      const byStyle = new Set(STYLES.map((style) => renderProductImage({ kind, colour: 'teal', style, size: '180' })));
      expect(byStyle.size, kind).toBe(PRODUCT_STYLES);
    }
    const byColour = new Set(COLOURS.map(({ key }) => renderProductImage({ kind: 'tote', colour: key, style: 2, size: '180' })));
    expect(byColour.size).toBe(COLOURS.length);
  });

  it('differs between kinds in the silhouette itself, not only in the title', () => {
    const silhouette = (svg: string) => /<path id="s"[^>]* d="([^"]+)"/.exec(svg)?.[1];
    const shapes = new Set(ALL_PRODUCT_KINDS.map((kind) => silhouette(renderProductImage({ kind, colour: 'red', style: 0, size: '80' }))));
    expect(shapes.size).toBe(ALL_PRODUCT_KINDS.length);
  });

  it('stays under 3 KB for every kind, colour and style', () => {
    let largest = { bytes: 0, what: '' };
    for (const kind of ALL_PRODUCT_KINDS) {
      for (const { key } of COLOURS) {
        for (const style of STYLES) {
          const bytes = Buffer.byteLength(renderProductImage({ kind, colour: key, style, size: 'full' }));
          if (bytes > largest.bytes) largest = { bytes, what: `${kind} ${key} ${style}` };
        }
      }
    }
    expect(largest.bytes, largest.what).toBeLessThan(3 * 1024);
  });
});
