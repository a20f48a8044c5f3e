import { describe, expect, it } from 'vitest';
import { catalogProblems } from '../../../server/lib/catalogs';
import { unusedMessageIds } from '../../../scripts/lib/message-usage';
import { CATALOG_SOURCES } from '../../../shared/i18n/catalog-sources';
import { CATALOGS } from '../../../shared/i18n/languages';

// Issue 29, "done when": the build fails when a message id is missing from any catalogue or
// unused in the code (scripts/build.ts writeCatalogs runs these two checks and throws on any
// line). Here each check meets a catalogue set with one fault of each kind.

type Sources = typeof CATALOG_SOURCES;

/** The real catalogues with `change` applied to a copy of one area of one language. */
function withChange(catalog: keyof Sources, area: keyof Sources['en'], change: (messages: Record<string, string>) => void): Sources {
  const copy = structuredClone(CATALOG_SOURCES) as { -readonly [C in keyof Sources]: { -readonly [A in keyof Sources[C]]: Record<string, string> } };
  change(copy[catalog][area]);
  return copy as Sources;
}

const everyLanguage = (area: keyof Sources['en'], id: string, message: string) => (sources: Sources) => {
  for (const catalog of CATALOGS) (sources[catalog][area] as Record<string, string>)[id] = message;
  return sources;
};

describe('the catalogue checks', () => {
  it('find nothing wrong with the catalogues as they are', () => {
    expect(catalogProblems()).toEqual([]);
    expect(unusedMessageIds()).toEqual([]);
  });

  it('name an id a language lacks, one English does not have, and one outside its area', () => {
    const english = Object.keys(CATALOG_SOURCES.en.shell)[0]!;
    expect(catalogProblems(withChange('fr', 'shell', (m) => delete m[english]))).toEqual([`fr/shell.json: "${english}" is missing`]);
    expect(catalogProblems(withChange('ta', 'shell', (m) => (m['shell.notInEnglish'] = 'x')))).toEqual(['ta/shell.json: "shell.notInEnglish" is not in the English catalogue']);
    const misplaced = everyLanguage('home', 'shell.misplaced', 'x')(structuredClone(CATALOG_SOURCES) as Sources);
    expect(catalogProblems(misplaced)).toEqual(CATALOGS.map((catalog) => `${catalog}/home.json: "shell.misplaced" does not start with "home."`));
  });

  it('name a message that does not parse, and a translation whose arguments differ from English', () => {
    const sources = everyLanguage('shell', 'shell.testCount', '{count, plural, one {# item} other {# items}}')(structuredClone(CATALOG_SOURCES) as Sources);
    (sources.fr.shell as Record<string, string>)['shell.testCount'] = '{nombre, plural, one {# article} other {# articles}}';
    (sources['zh-Hant'].shell as Record<string, string>)['shell.testCount'] = '{count, plural, other {# 件';
    const problems = catalogProblems(sources);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe('fr/shell.json: "shell.testCount" uses {nombre}, the English message {count}');
    expect(problems[1]).toMatch(/^zh-Hant\/shell\.json: "shell\.testCount" does not parse: /);
  });

  it('finds the ids no code names, and counts a family used when the code builds its ids', () => {
    const ids = ['shell.used', 'shell.unused', 'taxonomy.category.dresses', 'taxonomy.colour.red'];
    const code = "t('shell.used'); categoryName(t, slug, name) // `taxonomy.category.${slug}`";
    expect(unusedMessageIds(code, ids)).toEqual(['shell.unused', 'taxonomy.colour.red']);
  });
});
