import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compiledCatalog } from '../../../server/lib/catalogs';
import { formatCompiled } from '../../../shared/i18n/compiled-format';
import { SITE_LANGUAGES } from '../../../shared/i18n/languages';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { createTranslator, type CompiledCatalog } from '../../../shared/i18n/translator';

// Issue 29: the browser formats the compiled messages itself (shared/i18n/compiled-format.ts)
// while the servers format them with Lingui. Hydration needs the same text from both: every
// message of every catalogue, in every site language's locale, with values that take each
// plural and select branch, is formatted both ways and must read the same.

type Token = string | [string, string?, unknown?];

/** The values to format a message with: each of its arguments given numbers or each select key. */
function valueSets(message: CompiledCatalog[string]): Record<string, unknown>[] {
  const args = new Map<string, unknown[]>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      if (type === 'select') args.set(name, [...Object.keys(format as object), 'unknown-key']);
      else if (type === 'plural' || type === 'selectordinal' || type === 'number') args.set(name, [0, 1, 2, 3, 5, 11, 21, 1234.5]);
      else if (!args.has(name)) args.set(name, ['Larch & Co', 42]);
      if (format && typeof format === 'object') for (const branch of Object.values(format)) walk(branch);
    }
  };
  walk(message);
  const width = Math.max(1, ...[...args.values()].map((v) => v.length));
  return Array.from({ length: width }, (_, i) => Object.fromEntries([...args].map(([name, values]) => [name, values[i % values.length]])));
}

const LOCALES = Object.values(SITE_LANGUAGES).flat();

describe('the browser formats every message as Lingui does', () => {
  it.each(LOCALES.map((language) => [language.locale, language.catalog] as const))('in %s', (locale, catalog) => {
    const messages = compiledCatalog(catalog);
    const lingui = createTranslator(locale, messages);
    const differ: string[] = [];
    for (const [id, message] of Object.entries(messages)) {
      for (const values of valueSets(message)) {
        const ours = formatCompiled(message, locale, values);
        const theirs = lingui.t(id as MessageId, values);
        if (ours !== theirs) differ.push(`${id} ${JSON.stringify(values)}: "${ours}" ≠ "${theirs}"`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('takes plural branches, exact numbers, offsets, # and nested arguments, selects and number styles', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['{n, plural, =0 {aucun} one {# article} other {# articles chez {store}}}', { n: 0, store: 'Larch' }],
      ['{n, plural, =0 {aucun} one {# article} other {# articles chez {store}}}', { n: 1234.5, store: 'Larch' }],
      ['{n, plural, offset:1 =0 {personne} one {vous} other {vous et # autres}}', { n: 3 }],
      ['{n, selectordinal, one {#er} other {#e}}', { n: 1 }],
      ['{g, select, f {elle} other {iel}}', { g: 'f' }],
      ['{g, select, f {elle} other {iel}}', { g: 'x' }],
      ['{p, number, percent} et {q, number}', { p: 0.25, q: 1234567.891 }],
      ['{missing} reste', {}],
    ];
    for (const [source, values] of cases) {
      const message = compileMessageOrThrow(source);
      expect(formatCompiled(message, 'fr-CA', values)).toBe(createTranslator('fr-CA', { m: message }).t('m' as MessageId, values));
    }
    expect(formatCompiled(compileMessageOrThrow('{n, plural, one {# article} other {# articles}}'), 'fr-CA', { n: 1234.5 })).toBe('1\u00a0234,5 articles');
  });
});
