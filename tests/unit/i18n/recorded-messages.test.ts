import { describe, expect, it } from 'vitest';
import { compiledCatalog } from '../../../server/lib/catalogs';
import { editorialLang } from '../../../shared/i18n/languages';
import { createTranslator } from '../../../shared/i18n/translator';

// Which messages a server's render tells the page to carry (decision 0080): every message it
// says, except a name of the taxonomy the catalogue words as the data does (the browser names
// it from the data) and what a part loaded on demand says (the browser draws it with the
// whole catalogue).

function recording(locale: string, catalog: 'en' | 'fr') {
  const used: string[] = [];
  return { translator: createTranslator(locale, compiledCatalog(catalog, false), (id) => used.push(id)), used };
}

describe('the messages a render records', () => {
  it('records a message it says', () => {
    const { translator, used } = recording('en-GB', 'en');
    expect(translator.t('shell.skipLink')).toBe('Skip to content');
    expect(used).toEqual(['shell.skipLink']);
  });

  it('does not record a name the catalogue words as the data does, and records one it words otherwise', () => {
    const english = recording('en-GB', 'en');
    expect(english.translator.t.named('taxonomy.category.dresses', 'Dresses')).toBe('Dresses');
    expect(english.translator.t.named('taxonomy.category.men-shoes', "Men's Shoes")).toBe('Shoes');
    expect(english.used).toEqual(['taxonomy.category.men-shoes']);
    const french = recording('fr-CA', 'fr');
    expect(french.translator.t.named('taxonomy.category.dresses', 'Dresses')).toBe('Robes');
    expect(french.used).toEqual(['taxonomy.category.dresses']);
  });

  it('gives the data’s name for one the catalogue lacks, and records nothing', () => {
    const { translator, used } = recording('fr-CA', 'fr');
    expect(translator.t.named('taxonomy.category.capes-added-since', 'Capes')).toBe('Capes');
    expect(used).toEqual([]);
  });

  it('records nothing said through `unrecorded`, which says the same', () => {
    const { translator, used } = recording('fr-CA', 'fr');
    expect(translator.unrecorded!('shell.skipLink')).toBe(translator.t('shell.skipLink'));
    expect(translator.unrecorded!.named('taxonomy.category.dresses', 'Dresses')).toBe('Robes');
    expect(used).toEqual(['shell.skipLink']);
  });
});

describe('editorial content', () => {
  it('is marked English on a page in another language only', () => {
    expect(['en-GB', 'en-CA', 'fr-CA', 'zh-HK', 'ta-SG'].map(editorialLang)).toEqual([undefined, undefined, 'en', 'en', 'en']);
  });
});
