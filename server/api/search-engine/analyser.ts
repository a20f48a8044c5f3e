import { COMPOUNDS, IRREGULAR_FORMS, STOP_WORDS, SYNONYM_GROUPS } from './synonyms';

// The text analyser both search engines share: the same function turns
// product fields into index terms and a shopper's query into terms to look up, so
// "Dresses" in a title and "dress" in the search box meet at the stem "dress".
//
//   normalise  lower case, accents off, apostrophes and hyphens joined ("T-Shirt" → "tshirt",
//              as the search box itself sanitises it: spec section 5 "Search text"),
//              every other non-letter a space
//   words      compounds joined ("t shirt" → "tshirt"), stop words and lone letters dropped
//   stem       plural and spelling endings off, so singular and plural share one term
//   expand     a query word finds its stem, then its synonyms, and only when neither is
//              in the catalogue's vocabulary, terms within 1 edit (words of 5+ letters) or
//              2 edits (9+ letters)

const STOP = new Set(STOP_WORDS);
const COMPOUND_PAIRS = new Map(COMPOUNDS.map(([phrase, word]) => [phrase, word]));

/** Lower-cased, accent-free text of letters, digits and single spaces. */
export function normaliseText(text: string): string {
  const ascii = /[^\p{ASCII}]/u.test(text) ? text.normalize('NFKD').replace(/\p{M}+/gu, '') : text;
  return ascii
    .toLowerCase()
    .replace(/['’`-]+/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const normalisedNames = new WeakMap<object, string>();

/**
 * A brand's or store's name as normaliseText reads it, worked out once per directory entry:
 * name searches (the search box's suggestions, Find a Brand) compare a country's every
 * brand, thousands of them, on each keystroke.
 */
export function normalisedName(entry: { readonly name: string }): string {
  let normalised = normalisedNames.get(entry);
  if (normalised === undefined) {
    normalised = normaliseText(entry.name);
    normalisedNames.set(entry, normalised);
  }
  return normalised;
}

/** The words of a text that carry meaning, compounds joined. */
export function words(text: string): string[] {
  const raw = normaliseText(text).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const pair = i + 1 < raw.length ? COMPOUND_PAIRS.get(`${raw[i]} ${raw[i + 1]}`) : undefined;
    if (pair) {
      out.push(pair);
      i++;
      continue;
    }
    const word = raw[i]!;
    if (STOP.has(word)) continue;
    if (word.length === 1 && !/\d/.test(word)) continue;
    out.push(word);
  }
  return out;
}

const stemCache = new Map<string, string>();

/**
 * A light plural stemmer. It only has to give a word and its plural the same term
 * (dress/dresses, jean/jeans, hoodie/hoodies/hoody, blouse/blouses, shoe/shoes), and to
 * give the same answer for documents and queries; the stems need not be English words.
 */
export function stem(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const result = computeStem(word);
  if (stemCache.size < 100_000) stemCache.set(word, result);
  return result;
}

/** The irregular form of a word, if it has one (own keys only: "constructor" is a search word too). */
const irregularForm = (word: string) => (Object.hasOwn(IRREGULAR_FORMS, word) ? IRREGULAR_FORMS[word] : undefined);

function computeStem(word: string): string {
  const irregular = irregularForm(word);
  if (irregular) return irregular;
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}i`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (/(?:x|ch|sh|z)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us')) s = s.slice(0, -1);
  const again = irregularForm(s);
  if (again) return again;
  if (s.endsWith('ie') && s.length > 3) s = `${s.slice(0, -2)}i`;
  else if (/[^aeiou]y$/.test(s) && s.length > 3) s = `${s.slice(0, -1)}i`;
  if (s.endsWith('e') && !s.endsWith('ee') && s.length > 3) s = s.slice(0, -1);
  return s;
}

/** The terms of a text, in order, without repeats. */
export function analyse(text: string): string[] {
  return [...new Set(words(text).map(stem))];
}

const synonymsByStem = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const stems = [...new Set(group.flatMap((w) => analyse(w)))];
    for (const s of stems) {
      const set = map.get(s) ?? new Set<string>();
      for (const other of stems) if (other !== s) set.add(other);
      map.set(s, set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v].sort()]));
})();

/** Other terms that mean the same as `term` (stems), sorted. */
export function synonymsOf(term: string): readonly string[] {
  return synonymsByStem.get(term) ?? [];
}

/** Edits a query word of this length may be away from a term: 1 from 5 letters, 2 from 9. */
export function allowedTypos(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Whether `a` and `b` are at most `max` edits apart (insertions, deletions, substitutions
 * and swaps of neighbours: the optimal string alignment distance).
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return prev[n]! <= max;
}

/** How well an index term matches a query word: the word itself, a synonym, a typo. */
export const MATCH_QUALITY = { exact: 3, synonym: 2, typo: 1 } as const;
export type MatchQuality = (typeof MATCH_QUALITY)[keyof typeof MATCH_QUALITY];

export type Expansion = { term: string; quality: MatchQuality };
export type QueryToken = { word: string; term: string; expansions: Expansion[] };

/** The terms an engine's catalogue holds: what query words are looked up in. */
export type Vocabulary = {
  has(term: string): boolean;
  /** Every term of this length (typo candidates). */
  ofLength(length: number): readonly string[];
};

/** The terms a query word finds in a vocabulary, best first; none when nothing is close. */
export function expandWord(word: string, vocabulary: Vocabulary): Expansion[] {
  const term = stem(word);
  const out: Expansion[] = [];
  if (vocabulary.has(term)) out.push({ term, quality: MATCH_QUALITY.exact });
  for (const synonym of synonymsOf(term)) {
    if (vocabulary.has(synonym)) out.push({ term: synonym, quality: MATCH_QUALITY.synonym });
  }
  if (out.length) return out;
  const max = allowedTypos(word);
  if (!max) return out;
  for (let length = term.length - max; length <= term.length + max; length++) {
    for (const candidate of vocabulary.ofLength(length)) {
      if (withinEdits(term, candidate, max)) out.push({ term: candidate, quality: MATCH_QUALITY.typo });
    }
  }
  return out.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** How many words of a query count: typo expansion is the costly part, and nobody types more. */
export const MAX_QUERY_TOKENS = 16;

/** A query's words with what each finds; repeated words count once; at most MAX_QUERY_TOKENS. */
export function analyseQuery(text: string, vocabulary: Vocabulary): QueryToken[] {
  const seen = new Set<string>();
  const tokens: QueryToken[] = [];
  for (const word of words(text)) {
    if (tokens.length === MAX_QUERY_TOKENS) break;
    const term = stem(word);
    if (seen.has(term)) continue;
    seen.add(term);
    tokens.push({ word, term, expansions: expandWord(word, vocabulary) });
  }
  return tokens;
}

/** A vocabulary over a set of terms, with terms grouped by length for typo lookups. */
export function vocabularyOf(terms: Iterable<string>): Vocabulary & { size: number; sorted: readonly string[] } {
  const set = new Set(terms);
  const byLength = new Map<number, string[]>();
  for (const term of set) {
    const list = byLength.get(term.length) ?? [];
    list.push(term);
    byLength.set(term.length, list);
  }
  for (const list of byLength.values()) list.sort();
  const sorted = [...set].sort();
  return {
    size: set.size,
    sorted,
    has: (term) => set.has(term),
    ofLength: (length) => byLength.get(length) ?? [],
  };
}
