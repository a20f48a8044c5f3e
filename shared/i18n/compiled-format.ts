import { intlAnswer } from './intl-answers';
import type { CompiledCatalog, MessageValues } from './translator';

// The browser's formatter of Lingui's compiled messages (decision 0080). Lingui's runtime costs
// 1.85 KiB of every page's JavaScript where the 110 KiB goal left about one, so the browser reads
// the compiled form itself: text, {name}, {n, plural|selectordinal, …} with #, {x, select, …}
// and {n, number[, style]}. The servers format with Lingui; a unit test formats every message
// of every catalogue both ways and holds the two to the same text, so hydration matches.

type Token = string | [name: string, type?: string, format?: unknown];
type Branches = Record<string, Token[] | string> & { offset?: number };

/** Formats a compiled message in `locale`, as Lingui's `i18n._` does. */
export function formatCompiled(message: CompiledCatalog[string], locale: string, values: MessageValues = {}): string {
  // Lingui falls back to English after the locale, and so do we.
  const locales = [locale, 'en'];
  const number = (value: unknown, options?: Intl.NumberFormatOptions) =>
    intlAnswer(`n${locale}${JSON.stringify(options)}`, value as number, () => new Intl.NumberFormat(locales, options), (f) => f.format(value as number));
  // A plural's `#` is its number as Intl writes it: the NumberFormat is asked only where a branch has one.
  const format = (tokens: Token[] | string, hash?: () => string): string => {
    if (!Array.isArray(tokens)) return tokens;
    let out = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        out += token === '#' && hash !== undefined ? hash() : token;
        continue;
      }
      const [name, type, options] = token;
      const value = values[name];
      if (type === 'plural' || type === 'selectordinal') {
        const branches = options as Branches;
        const offset = branches.offset ?? 0;
        const n = (value as number) - offset;
        const category = intlAnswer(
          `p${locale}${type}`,
          n,
          () => new Intl.PluralRules(locales, { type: type === 'plural' ? 'cardinal' : 'ordinal' }),
          (rules) => rules.select(n),
        );
        const branch = branches[String(value)] ?? branches[category] ?? branches.other ?? '';
        out += format(branch as Token[], () => number(n));
      } else if (type === 'select') {
        const branches = options as Branches;
        out += format((branches[String(value)] ?? branches.other ?? '') as Token[]);
      } else if (type === 'number') {
        out += number(value, typeof options === 'object' ? (options as Intl.NumberFormatOptions) : { style: options as Intl.NumberFormatOptions['style'] });
      } else if (value != null) {
        out += String(value);
      }
    }
    return out;
  };
  return format(message as Token[] | string);
}
