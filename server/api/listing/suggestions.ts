import type { z } from 'zod';
import type { SuggestionSchema, SuggestionsSchema } from '../../../shared/api/search-schemas';
import type { Department } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import type { Translate } from '../../../shared/i18n/translator';
import { CATEGORIES } from '../catalog/category-tree';
import { slugify } from '../catalog/identifiers';
import { normaliseText, normalisedName } from '../search-engine/analyser';
import { categoryTitle } from './listing-link';
import { catalogQuery, type SearchEngine } from '../search-engine/search-engine';
import { subtreeCounts } from './category-facets';
import type { PopularSearches } from './popular-searches';

// The search box's suggestions (GET /api/search/auto-suggest, spec section 4 "Shell"):
// popular searches first, then categories, brands and catalogue words that start like the
// text, within the shopper's department. A category is named in the caller's language (issue
// 29); the text is matched against the catalogue's English names and aliases.

type Suggestion = z.infer<typeof SuggestionSchema>;
type Suggestions = z.infer<typeof SuggestionsSchema>;

const MAX_SUGGESTIONS = 12;
const PER_KIND = 4;
const TERMS = 6;

export class SearchSuggestions {
  constructor(
    private readonly engine: SearchEngine,
    private readonly popular: PopularSearches,
  ) {}

  /** `adminView`: count the admin-only stores' products too (spec section 6); `t`, the caller's language. */
  async suggest(text: string, department: Department | undefined, country: CountryCode, adminView: boolean, t: Translate): Promise<Suggestions> {
    await this.engine.start();
    const normalised = normaliseText(text);
    if (!normalised) return { suggestions: [] };
    const words = normalised.split(' ');
    const last = words[words.length - 1]!;
    const head = words.slice(0, -1).join(' ');
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const add = (s: Suggestion) => {
      const k = `${s.type}:${s.canonicalUrl}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push(s);
      }
    };
    for (const query of await this.popular.startingWith(country, department, normalised, PER_KIND)) {
      add({ key: query, type: 'search', canonicalUrl: `shop/${slugify(query)}`, docCount: null });
    }

    const everything = await this.engine.search(catalogQuery(country, department, adminView), { hits: false, facets: ['category', 'brand'] });
    const categoryCounts = subtreeCounts(everything.facets.category!);
    // A name (normalised) matches when one of its words, or the whole of it, starts with what was typed.
    const startsWith = (name: string) => name.split(' ').some((w) => w.startsWith(normalised)) || name.startsWith(normalised);
    const matches = (name: string) => startsWith(normaliseText(name));
    CATEGORIES.filter((c) => (!department || c.department === department) && (matches(c.name) || c.aliases.some(matches)))
      .map((c) => ({ c, n: categoryCounts.get(c.slug) ?? 0 }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, PER_KIND)
      .forEach(({ c, n }) => add({ key: categoryTitle(c, t), type: 'category', canonicalUrl: c.slug, docCount: n }));
    const dir = this.engine.directory();
    [...everything.facets.brand!]
      .map(([id, n]) => ({ b: dir.brands.get(id), n }))
      .filter((x) => x.b && startsWith(normalisedName(x.b)))
      .sort((a, b) => b.n - a.n)
      .slice(0, PER_KIND)
      .forEach(({ b, n }) => add({ key: b!.name, type: 'brand', canonicalUrl: `brand/${b!.slug}`, docCount: n }));
    if (last.length >= 2) {
      for (const t of await this.engine.suggestTerms(last, department, TERMS, adminView)) {
        const phrase = head ? `${head} ${t.text}` : t.text;
        add({ key: phrase, type: 'term', canonicalUrl: `shop/${slugify(phrase)}`, docCount: head ? null : t.count });
      }
    }
    return { suggestions: out.slice(0, MAX_SUGGESTIONS) };
  }
}
