import { describe, expect, it } from 'vitest';
import { LOGO_HEIGHT, LOGO_WIDTH, renderLogoImage } from '../../../server/demo/pictures/logo-image';
import { escapeXml } from '../../../server/web/lib/xml';
import { expectWellFormedSvg } from './svg-document';

const SLUGS = ['zara', 'h-and-m', 'net-a-porter', 'urban-outfitters', 'a', '9', '-', 'x--y', `${'long-name-'.repeat(6)}`];

describe('logo pictures', () => {
  it('draws a well-formed wordmark for ordinary, short, odd and 60-character slugs', () => {
    for (const slug of SLUGS) {
      const { root } = expectWellFormedSvg(renderLogoImage(slug));
      expect(root.attributes).toMatchObject({ width: String(LOGO_WIDTH), height: String(LOGO_HEIGHT) });
    }
  });

  it('spells the name from the slug, title-cased, in its text and title', () => {
    const doc = expectWellFormedSvg(renderLogoImage('urban-outfitters'));
    expect(doc.elements.some((e) => e.name === 'text')).toBe(true);
    expect(doc.text.toLowerCase()).toContain('urban');
    expect(doc.text.toLowerCase()).toContain('outfitters');
    expect(doc.elements.find((e) => e.name === 'title')).toBeDefined();
    expect(renderLogoImage('urban-outfitters')).toContain('<title>Urban Outfitters logo</title>');
  });

  it('refuses anything that is not a slug, so no markup can reach the picture', () => {
    for (const bad of ['', 'Zara', 'a&b', '<script>', 'a b', 'a"b', 'x'.repeat(61), 'café']) {
      expect(() => renderLogoImage(bad), bad).toThrow(RangeError);
    }
  });

  it('escapes the characters that would break out of text or attributes', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;');
    // Font names with quotes sit inside a double-quoted attribute.
    for (const slug of SLUGS) expect(renderLogoImage(slug)).not.toMatch(/font-family="[^"]*'/);
  });

  it('gives a store the same logo every time, and different stores different logos', () => {
    expect(renderLogoImage('selfridges')).toBe(renderLogoImage('selfridges'));
    const logos = new Set(['asos', 'mango', 'boots', 'cos', 'ssense'].map(renderLogoImage));
    expect(logos.size).toBe(5);
  });
});
