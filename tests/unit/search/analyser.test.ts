import { describe, expect, it } from 'vitest';
import {
  MATCH_QUALITY,
  allowedTypos,
  analyse,
  analyseQuery,
  expandWord,
  normaliseText,
  normalisedName,
  stem,
  synonymsOf,
  vocabularyOf,
  withinEdits,
  words,
} from '../../../server/api/search-engine/analyser';
import { SYNONYM_GROUPS } from '../../../server/api/search-engine/synonyms';

describe('text analyser', () => {
  it('lower-cases, drops accents and joins hyphenated words as the search box does', () => {
    expect(normaliseText('Solène  T-Shirt, RED!')).toBe('solene tshirt red');
    expect(words('the T shirt and a dress')).toEqual(['tshirt', 'dress']);
  });

  it('gives a word and its plural one stem', () => {
    for (const [one, many] of [
      ['dress', 'dresses'],
      ['jean', 'jeans'],
      ['hoodie', 'hoodies'],
      ['blouse', 'blouses'],
      ['shoe', 'shoes'],
      ['watch', 'watches'],
      ['woman', 'women'],
      ['scarf', 'scarves'],
    ]) {
      expect(stem(many!), `${one}/${many}`).toBe(stem(one!));
    }
    expect(stem('dress')).not.toBe(stem('dressing'));
    expect(analyse('Dresses and DRESS')).toEqual([stem('dress')]);
  });

  it('allows one edit from 5 letters and two from 9', () => {
    expect(allowedTypos('bags')).toBe(0);
    expect(allowedTypos('jeans')).toBe(1);
    expect(allowedTypos('cardigans')).toBe(2);
    expect(allowedTypos('sweatshir')).toBe(2);
    expect(withinEdits('dres', 'dress', 1)).toBe(true);
    expect(withinEdits('jaens', 'jeans', 1)).toBe(true); // a swap of neighbours is one edit
    expect(withinEdits('jxxns', 'jeans', 1)).toBe(false);
    expect(withinEdits('cardgians', 'cardigans', 1)).toBe(true);
    expect(withinEdits('crdgains', 'cardigans', 2)).toBe(false);
  });

  it('reads a typo only when the word itself is not in the catalogue', () => {
    const vocabulary = vocabularyOf(['dress', 'jean', 'bag', 'cardigan', 'dres'].map(stem));
    expect(expandWord('jeens', vocabulary)).toEqual([{ term: stem('jeans'), quality: MATCH_QUALITY.typo }]);
    // Four letters: no typo allowed.
    expect(expandWord('bgas', vocabulary)).toEqual([]);
    // Nine letters: two edits.
    expect(expandWord('cardiganns', vocabulary).map((e) => e.term)).toContain(stem('cardigan'));
    expect(expandWord('crdigaans', vocabulary).map((e) => e.term)).toContain(stem('cardigan'));
    // An exact term wins; no typo expansion then.
    expect(expandWord('dress', vocabulary)).toEqual([{ term: stem('dress'), quality: MATCH_QUALITY.exact }]);
  });

  it('keeps synonyms as data, symmetric, and finds them only when the catalogue has them', () => {
    expect(SYNONYM_GROUPS.some((g) => g.includes('jumper') && g.includes('sweater'))).toBe(true);
    expect(synonymsOf(stem('sweater'))).toContain(stem('jumper'));
    expect(synonymsOf(stem('jumper'))).toContain(stem('sweater'));
    expect(synonymsOf(stem('trainers'))).toContain(stem('sneakers'));
    expect(synonymsOf(stem('color'))).toContain(stem('colour'));
    const vocabulary = vocabularyOf([stem('jumper'), stem('sneaker')]);
    expect(expandWord('sweaters', vocabulary)).toEqual([{ term: stem('jumper'), quality: MATCH_QUALITY.synonym }]);
    expect(expandWord('trainers', vocabulary)).toEqual([{ term: stem('sneaker'), quality: MATCH_QUALITY.synonym }]);
  });

  it('analyses a query word by word, repeated words once, unknown words with nothing', () => {
    const vocabulary = vocabularyOf(['red', 'dress'].map(stem));
    const tokens = analyseQuery('red dreses red qqqqq', vocabulary);
    expect(tokens.map((t) => t.word)).toEqual(['red', 'dreses', 'qqqqq']);
    expect(tokens[1]!.expansions).toEqual([{ term: 'dress', quality: MATCH_QUALITY.typo }]);
    expect(tokens[2]!.expansions).toEqual([]);
  });
});

describe('a directory entry’s normalised name', () => {
  it('is its name as normaliseText reads it, read once per entry', () => {
    const brand = { id: 1, slug: 'cafe-noir', name: 'Café  Noir-Étoile' };
    expect(normalisedName(brand)).toBe(normaliseText(brand.name));
    expect(normalisedName(brand)).toBe('cafe noiretoile');
    // Kept for that entry: a directory's entries are never changed, a new directory brings new ones.
    const renamed = { ...brand, name: 'Maison Rouge' };
    expect(normalisedName(renamed)).toBe('maison rouge');
    expect(normalisedName(brand)).toBe('cafe noiretoile');
  });
});
