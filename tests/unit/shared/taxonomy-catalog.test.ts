import { describe, expect, it } from 'vitest';
import { categoryName, colourName, departmentName } from '../../../client/app/taxonomy-names';
import { CATEGORIES } from '../../../server/api/catalog/category-tree';
import { COLOURS } from '../../../shared/colours';
import { DEPARTMENTS } from '../../../shared/constants';
import { CATALOG_SOURCES } from '../../../shared/i18n/catalog-sources';
import { DEPARTMENT_LABELS } from '../../../shared/listing/vocabulary';
import { testTranslator } from '../../support/i18n';

// Issue 29: the taxonomy catalogue names the catalogue's fixed vocabulary by slug, so each
// family of ids is exactly its data: every category, department and colour has its id, no id
// names something the data lacks, and the English message is the name the api sends today.
// (The build holds every other language to the English ids.)

const english = CATALOG_SOURCES.en.taxonomy;
const family = (prefix: string) =>
  Object.fromEntries(
    Object.entries(english)
      .filter(([id]) => id.startsWith(prefix))
      .map(([id, name]) => [id.slice(prefix.length), name]),
  );

describe('the taxonomy catalogue', () => {
  it('names every category of the tree, and nothing else, by its English name', () => {
    expect(family('taxonomy.category.')).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.name])));
  });

  it('names every department, and nothing else, as the department filter does', () => {
    expect(family('taxonomy.department.')).toEqual(Object.fromEntries(DEPARTMENTS.map((d) => [d, DEPARTMENT_LABELS[d]])));
  });

  it('names every colour of the 24, and nothing else, as the colour filter does (capitalised)', () => {
    expect(family('taxonomy.colour.')).toEqual(Object.fromEntries(COLOURS.map((c) => [c.key, c.key[0]!.toUpperCase() + c.key.slice(1)])));
  });

  it('has no id outside the three families', () => {
    const ids = Object.keys(english);
    expect(ids.length).toBe(CATEGORIES.length + DEPARTMENTS.length + COLOURS.length);
  });

  it('names them in the page’s language, and a slug it does not know by the api’s English name', () => {
    const fr = testTranslator('fr-CA').t;
    const hk = testTranslator('zh-HK').t;
    const ta = testTranslator('ta-SG').t;
    expect(categoryName(fr, 'dresses', 'Dresses')).toBe('Robes');
    expect(categoryName(hk, 'men-jeans', 'Jeans')).toBe('牛仔褲');
    expect(departmentName(ta, 'women', 'Women')).toBe('பெண்கள்');
    expect(colourName(fr, 'red', 'Red')).toBe('Rouge');
    expect(colourName(testTranslator('zh-SG').t, 'blue', 'Blue')).toBe('蓝色');
    expect(categoryName(fr, 'capes-added-since', 'Capes')).toBe('Capes');
    expect(categoryName(testTranslator('en-GB').t, 'dresses', 'Dresses')).toBe('Dresses');
  });
});
