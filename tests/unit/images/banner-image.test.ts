import { describe, expect, it } from 'vitest';
import { BANNER_THEMES } from '../../../shared/images';
import { BANNER_MAX_SIDE, BANNER_MIN_SIDE, renderBannerImage } from '../../../server/demo/pictures/banner-image';
import { expectWellFormedSvg } from './svg-document';

// Wide hero, square tile, tall tile, and the two extremes of the size bounds.
const SHAPES: [number, number][] = [
  [1200, 400],
  [300, 300],
  [240, 360],
  [BANNER_MIN_SIDE, BANNER_MIN_SIDE],
  [BANNER_MAX_SIDE, 900],
];

describe('banner pictures', () => {
  it('draws every theme at every shape as well-formed SVG with unique ids', () => {
    for (const theme of BANNER_THEMES) {
      for (const seed of [0, 1, 42, 0xffffffff]) {
        for (const [width, height] of SHAPES) {
          const svg = renderBannerImage(theme, seed, width, height);
          expect(() => expectWellFormedSvg(svg), `${theme} ${seed} ${width}x${height}`).not.toThrow();
        }
      }
    }
  });

  it('is exactly as large as asked, with a matching viewBox', () => {
    const { root } = expectWellFormedSvg(renderBannerImage('women', 3, 1200, 400));
    expect(root.attributes).toMatchObject({ width: '1200', height: '400', viewBox: '0 0 1200 400' });
  });

  it(`keeps each side between ${BANNER_MIN_SIDE} and ${BANNER_MAX_SIDE} pixels`, () => {
    const size = (w: number, h: number) => {
      const { root } = expectWellFormedSvg(renderBannerImage('sale', 1, w, h));
      return [root.attributes.width, root.attributes.height];
    };
    expect(size(1, 0)).toEqual(['16', '16']);
    expect(size(-500, 99_999)).toEqual(['16', '2400']);
    expect(size(Number.NaN, Number.POSITIVE_INFINITY)).toEqual(['16', '2400']);
    expect(size(300.4, 250.6)).toEqual(['300', '251']);
  });

  it('draws the same banner for the same seed, and varies it across seeds', () => {
    for (const theme of BANNER_THEMES) {
      expect(renderBannerImage(theme, 7, 600, 300)).toBe(renderBannerImage(theme, 7, 600, 300));
      const variants = new Set([1, 2, 3, 4, 5, 6].map((seed) => renderBannerImage(theme, seed, 600, 300)));
      expect(variants.size, theme).toBeGreaterThan(4);
    }
  });

  it('names its theme in the title, escaping the apostrophe', () => {
    const svg = renderBannerImage('kids', 1, 300, 300);
    expect(svg).toContain('<title>Kids&#39; fashion banner</title>');
    expect(expectWellFormedSvg(svg).text).toBe("Kids' fashion banner");
  });

  it('treats odd seeds as whole 32-bit numbers instead of failing', () => {
    expect(renderBannerImage('men', 2 ** 32 + 5, 300, 300)).toBe(renderBannerImage('men', 5, 300, 300));
    expect(() => expectWellFormedSvg(renderBannerImage('men', Number.NaN, 300, 300))).not.toThrow();
  });
});
