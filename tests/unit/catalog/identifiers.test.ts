import { describe, expect, it } from 'vitest';
import { sizeVariantGuid, sizeVariantSlug, slugify } from '../../../server/api/catalog/identifiers';

describe('identifiers', () => {
  it('makes URL slugs of plain ASCII words', () => {
    expect(slugify('Ruched Satin Midi Dress')).toBe('ruched-satin-midi-dress');
    expect(slugify("Atelier Solène & Co.")).toBe('atelier-solene-and-co');
    expect(slugify('  --Girls’ T-Shirt!! ')).toBe('girls-t-shirt');
    expect(slugify('a'.repeat(30) + ' ' + 'b'.repeat(30), 40)).toBe('a'.repeat(30));
  });

  it('derives a version-5 guid from the store and the item id, the same every time', () => {
    const guid = sizeVariantGuid('northlane', 'NL100-BLK-S');
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sizeVariantGuid('northlane', 'NL100-BLK-S')).toBe(guid);
    expect(sizeVariantGuid('northlane', 'NL100-BLK-M')).not.toBe(guid);
    expect(sizeVariantGuid('other-store', 'NL100-BLK-S')).not.toBe(guid);
  });

  it('builds a size variant slug from title, colour and size, ending in the guid’s start', () => {
    const guid = sizeVariantGuid('northlane', 'NL100-BLK-S');
    expect(sizeVariantSlug('Ruched Satin Midi Dress', 'Black', 'UK 8', guid)).toBe(`ruched-satin-midi-dress-black-uk-8-${guid.slice(0, 8)}`);
    expect(sizeVariantSlug('</script>', undefined, undefined, guid)).toBe(`script-${guid.slice(0, 8)}`);
    expect(sizeVariantSlug('!!!', undefined, undefined, guid)).toBe(`item-${guid.slice(0, 8)}`);
  });
});
