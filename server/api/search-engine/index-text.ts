import type { Department } from '../../../shared/constants';
import { DEPARTMENTS } from '../../../shared/constants';
import { MATCH_QUALITY, analyseQuery, vocabularyOf, type QueryToken, type Vocabulary } from './analyser';
import type { Dictionary, DocumentTable } from './document-table';
import { DEPARTMENT_INDEX, FIELD_WEIGHT, type DisplayWords } from './documents';
import type { TermSuggestion } from './search-engine';

// The text side of the index: an inverted index over the analysed terms of every document
// (global document numbers ascending, field weights alongside), the matching of a query's
// words against it, and the word suggestions of the search box.

const NO_DOCS = new Int32Array(0);
/** Postings read back into rows between two turns of the event loop (rowTerms). */
const TERMS_A_STEP = 1_000_000;
const NO_WEIGHTS = new Uint8Array(0);

/**
 * Keeps the documents of docs[0 .. count) (ascending) that are in `word`'s list, adding their
 * value there to their score; returns how many are kept.
 */
function intersect(docs: Int32Array, score: Int32Array, count: number, word: WordList): number {
  const list = word.docs;
  const weights = word.weights;
  const quality = word.quality;
  const hi = word.hi;
  let j = word.lo;
  let kept = 0;
  for (let i = 0; i < count && j < hi; i++) {
    const g = docs[i]!;
    if (list[j]! < g) {
      // Gallop: list[j] < g; find the first entry ≥ g between j + bound / 2 and j + bound.
      let bound = 1;
      while (j + bound < hi && list[j + bound]! < g) bound <<= 1;
      let lo = j + (bound >> 1) + 1;
      let top = Math.min(j + bound, hi);
      while (lo < top) {
        const mid = (lo + top) >>> 1;
        if (list[mid]! < g) lo = mid + 1;
        else top = mid;
      }
      j = lo;
    }
    if (j < hi && list[j] === g) {
      docs[kept] = g;
      score[kept++] = score[i]! + weights[j]! * quality;
      j++;
    }
  }
  return kept;
}

/**
 * Sets the documents of posting ranges (a word's expansions) in `bits`, each one's best value
 * (weight × quality) in `best`, written where its bit is first set; returns how many documents
 * it set and the words [lo, hi) of `bits` they lie in.
 */
function unite(
  postingDoc: Int32Array,
  postingWeight: Uint8Array,
  ranges: readonly { lo: number; hi: number; quality: number }[],
  bits: Uint32Array,
  best: Int32Array,
): { count: number; lo: number; hi: number } {
  let count = 0;
  let lo = 0x7fffffff;
  let hi = 0;
  for (const range of ranges) {
    const quality = range.quality;
    lo = Math.min(lo, postingDoc[range.lo]! >>> 5);
    hi = Math.max(hi, (postingDoc[range.hi - 1]! >>> 5) + 1);
    for (let k = range.lo; k < range.hi; k++) {
      const g = postingDoc[k]!;
      const v = postingWeight[k]! * quality;
      const bit = 1 << (g & 31);
      if ((bits[g >>> 5]! & bit) === 0) {
        bits[g >>> 5]! |= bit;
        best[g] = v;
        count++;
      } else if (v > best[g]!) best[g] = v;
    }
  }
  return count === 0 ? { count, lo: 0, hi: 0 } : { count, lo, hi };
}

/** A word's score is at most the best field weight times the best match quality. */
export const MAX_TOKEN_SCORE = Math.max(...Object.values(FIELD_WEIGHT)) * Math.max(...Object.values(MATCH_QUALITY));
const DEPARTMENT_COUNT = DEPARTMENTS.length;

/**
 * The documents matching every word of a query, as a bitset over the documents (its words
 * [lo, hi) hold them, every other word is 0), and their text scores (score[g], read only at a
 * matched g). Both are the index's scratch: valid until its next match.
 */
export type TextMatch = {
  bits: Uint32Array;
  lo: number;
  hi: number;
  count: number;
  score: Int32Array;
};

/** Per-document buffers reused across requests. */
type Scratch = {
  /** The last match's documents (TextMatch.bits): the next match clears words [lo, hi). */
  matched: Uint32Array;
  lo: number;
  hi: number;
  score: Int32Array;
  /** A word's expansions united, a bit per document (cleared after use); their values go in `score`. */
  union: Uint32Array;
};

/**
 * A word's documents, ascending, at docs[lo .. hi), each valued weights[k] × quality: one
 * expansion's posting list as it is, or several merged (their best value each, quality 1).
 */
type WordList = { docs: Int32Array; weights: Uint8Array; quality: number; lo: number; hi: number };

export class TextIndex {
  readonly vocabulary: Vocabulary & { size: number; sorted: readonly string[] };
  private readonly postingStart: Uint32Array;
  private readonly postingDoc: Int32Array;
  private readonly postingWeight: Uint8Array;
  /** Documents per term and department (termId * 3 + department), without the admin-only stores' (suggestions). */
  private readonly termDepartmentCount: Uint32Array;
  /** The same with every document, for admins; the same array when no store is admin-only. */
  private readonly adminTermDepartmentCount: Uint32Array;
  private scratch: Scratch | undefined;

  /** `rows`: the table row of each global document. */
  constructor(
    table: DocumentTable,
    rows: Int32Array,
    private readonly terms: Dictionary,
    private readonly display: DisplayWords,
    /** 1 for each table row whose store is admin-only, undefined when none is. */
    hiddenRows?: Uint8Array,
  ) {
    const termCount = terms.size;
    const counts = new Uint32Array(termCount + 1);
    for (let i = 0; i < table.termData.length; i++) counts[(table.termData[i]! >>> 2) + 1]!++;
    for (let t = 0; t < termCount; t++) counts[t + 1]! += counts[t]!;
    this.postingStart = counts.slice();
    const fill = counts.slice(0, termCount);
    this.postingDoc = new Int32Array(table.termData.length);
    this.postingWeight = new Uint8Array(table.termData.length);
    this.termDepartmentCount = new Uint32Array(termCount * DEPARTMENT_COUNT);
    this.adminTermDepartmentCount = hiddenRows ? new Uint32Array(termCount * DEPARTMENT_COUNT) : this.termDepartmentCount;
    const department = table.products.department;
    for (let g = 0; g < rows.length; g++) {
      const row = rows[g]!;
      const hidden = hiddenRows !== undefined && hiddenRows[row] === 1;
      for (let k = table.termStart[row]!; k < table.termStart[row + 1]!; k++) {
        const entry = table.termData[k]!;
        const term = entry >>> 2;
        const at = fill[term]!++;
        this.postingDoc[at] = g;
        this.postingWeight[at] = entry & 3;
        const cell = term * DEPARTMENT_COUNT + department[row]!;
        if (!hidden) this.termDepartmentCount[cell]!++;
        if (hiddenRows) this.adminTermDepartmentCount[cell]!++;
      }
    }
    const live: string[] = [];
    for (let t = 0; t < termCount; t++) if (this.postingStart[t + 1]! > this.postingStart[t]!) live.push(terms.values[t]!);
    this.vocabulary = vocabularyOf(live);
  }

  /**
   * The per-row terms the postings were built from (a table's termData), each row's in term
   * order, row rows[g] holding document g's (rows undefined: row g): the postings read the other
   * way, a step every TERMS_A_STEP of them.
   */
  *rowTerms(termStart: Uint32Array, rows: Int32Array | undefined): Generator<void, Uint32Array, void> {
    const n = termStart.length - 1;
    const out = new Uint32Array(termStart[n]!);
    const at = termStart.slice(0, n);
    const { postingStart, postingDoc, postingWeight } = this;
    for (let t = 0, stepped = 0; t < postingStart.length - 1; t++) {
      const hi = postingStart[t + 1]!;
      for (let k = postingStart[t]!; k < hi; k++) {
        const g = postingDoc[k]!;
        out[at[rows === undefined ? g : rows[g]!]!++] = t * 4 + postingWeight[k]!;
      }
      if (hi - stepped >= TERMS_A_STEP) {
        stepped = hi;
        yield;
      }
    }
    return out;
  }

  /** Bytes held by the typed arrays. */
  get bytes(): number {
    let bytes = this.postingStart.byteLength + this.postingDoc.byteLength + this.postingWeight.byteLength + this.termDepartmentCount.byteLength;
    if (this.adminTermDepartmentCount !== this.termDepartmentCount) bytes += this.adminTermDepartmentCount.byteLength;
    if (this.scratch) bytes += this.scratch.matched.byteLength + this.scratch.score.byteLength + this.scratch.union.byteLength;
    return bytes;
  }

  get postings(): number {
    return this.postingDoc.length;
  }

  /** How the catalogue reads a query's words (at most MAX_QUERY_TOKENS of them). */
  analyse(text: string): QueryToken[] {
    return analyseQuery(text, this.vocabulary);
  }

  private getScratch(documents: number): Scratch {
    if (!this.scratch || this.scratch.score.length !== documents) {
      this.scratch = {
        matched: new Uint32Array((documents + 31) >>> 5),
        lo: 0,
        hi: 0,
        score: new Int32Array(documents),
        union: new Uint32Array((documents + 31) >>> 5),
      };
    }
    return this.scratch;
  }

  /**
   * Documents matching every token (AND across words, OR across each word's expansions),
   * with their text score: per word, the best field weight × match quality. Posting lists
   * are ascending by document, so several words are intersected in order, the rarest first,
   * each later word's list searched forward from where the last match was (a galloping
   * search: a word far longer than the matches left is not read whole), and only the
   * documents that match every word are set in the bitset.
   */
  match(tokens: readonly QueryToken[], documents: number): TextMatch {
    const s = this.getScratch(documents);
    s.matched.fill(0, s.lo, s.hi);
    s.lo = 0;
    s.hi = 0;
    if (tokens.length === 1) return this.matchOne(tokens[0]!, s);
    const words = tokens.map((t) => this.wordList(t, s)).sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
    const first = words[0]!;
    let count = first.hi - first.lo;
    const docs = first.docs.slice(first.lo, first.hi);
    const score = new Int32Array(count);
    for (let i = 0; i < count; i++) score[i] = first.weights[first.lo + i]! * first.quality;
    for (let t = 1; t < words.length && count > 0; t++) count = intersect(docs, score, count, words[t]!);
    const bits = s.matched;
    for (let i = 0; i < count; i++) {
      const g = docs[i]!;
      bits[g >>> 5]! |= 1 << (g & 31);
      s.score[g] = score[i]!;
    }
    if (count > 0) {
      s.lo = docs[0]! >>> 5;
      s.hi = (docs[count - 1]! >>> 5) + 1;
    }
    return { bits, lo: s.lo, hi: s.hi, count, score: s.score };
  }

  /** The posting lists of a word's expansions found in the catalogue, and their length together. */
  private postingRanges(token: QueryToken): { ranges: { lo: number; hi: number; quality: number }[]; size: number } {
    const ranges: { lo: number; hi: number; quality: number }[] = [];
    let size = 0;
    for (const e of token.expansions) {
      const id = this.terms.lookup(e.term);
      if (id === undefined || this.postingStart[id + 1] === this.postingStart[id]) continue;
      ranges.push({ lo: this.postingStart[id]!, hi: this.postingStart[id + 1]!, quality: e.quality });
      size += this.postingStart[id + 1]! - this.postingStart[id]!;
    }
    return { ranges, size };
  }

  /** One word's documents: its expansions' posting lists set in the match bitset. */
  private matchOne(token: QueryToken, s: Scratch): TextMatch {
    const { count, lo, hi } = unite(this.postingDoc, this.postingWeight, this.postingRanges(token).ranges, s.matched, s.score);
    s.lo = lo;
    s.hi = hi;
    return { bits: s.matched, lo, hi, count, score: s.score };
  }

  /**
   * A word's documents: its one expansion's posting list, or its expansions' lists united
   * through a bitset over the documents (a merge of interleaved lists branches unpredictably
   * at every step, and cost a two-expansion word twice what setting bits does). Each one's
   * value is kept in the score buffer meanwhile: the match writes its scores after this.
   */
  private wordList(token: QueryToken, s: Scratch): WordList {
    const { ranges: lists, size } = this.postingRanges(token);
    if (lists.length === 0) return { docs: NO_DOCS, weights: NO_WEIGHTS, quality: 1, lo: 0, hi: 0 };
    if (lists.length === 1) return { docs: this.postingDoc, weights: this.postingWeight, ...lists[0]! };
    const union = s.union;
    const value = s.score;
    const { lo, hi } = unite(this.postingDoc, this.postingWeight, lists, union, value);
    const docs = new Int32Array(size);
    const weights = new Uint8Array(size);
    let n = 0;
    for (let w = lo; w < hi; w++) {
      for (let b = union[w]!; b !== 0; b &= b - 1) {
        const g = (w << 5) + 31 - Math.clz32(b & -b);
        docs[n] = g;
        weights[n++] = value[g]!;
      }
      union[w] = 0;
    }
    return { docs, weights, quality: 1, lo: 0, hi: n };
  }

  /** Words of the catalogue starting with `prefix` (analysed), most products first. */
  suggest(prefix: string, department: Department | undefined, limit: number, adminView = false): TermSuggestion[] {
    const counts = adminView ? this.adminTermDepartmentCount : this.termDepartmentCount;
    const sorted = this.vocabulary.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const d = department ? DEPARTMENT_INDEX.get(department)! : -1;
    const found: TermSuggestion[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
      const term = sorted[i]!;
      const at = this.terms.lookup(term)! * DEPARTMENT_COUNT;
      let count = 0;
      if (d >= 0) count = counts[at + d]!;
      else for (let k = 0; k < DEPARTMENT_COUNT; k++) count += counts[at + k]!;
      if (count > 0) found.push({ text: this.display.get(term), count });
    }
    return found.sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)).slice(0, limit);
  }
}
