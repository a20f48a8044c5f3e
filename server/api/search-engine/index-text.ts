import type { Department } from '../../../shared/constants';
import { DEPARTMENTS } from '../../../shared/constants';
import { MATCH_QUALITY, analyseQuery, vocabularyOf, type Expansion, type QueryToken, type Vocabulary } from './analyser';
import type { Dictionary, DocumentTable } from './document-table';
import { DEPARTMENT_INDEX, FIELD_WEIGHT, type DisplayWords } from './documents';
import type { TermSuggestion } from './search-engine';

// The text side of the index: an inverted index over the analysed terms of every document
// (global document numbers ascending, field weights alongside), the matching of a query's
// words against it, and the word suggestions of the search box.

/** A word's score is at most the best field weight times the best match quality. */
export const MAX_TOKEN_SCORE = Math.max(...Object.values(FIELD_WEIGHT)) * Math.max(...Object.values(MATCH_QUALITY));
const DEPARTMENT_COUNT = DEPARTMENTS.length;

/** The documents matching every word of a query, and their scores (valid while stamp[g] === epoch). */
export type TextMatch = {
  docs: Int32Array;
  count: number;
  epoch: number;
  stamp: Int32Array;
  score: Int32Array;
};

/** Per-document buffers reused across requests; stamps say which entries are this request's. */
type Scratch = {
  epoch: number;
  stamp: Int32Array;
  score: Int32Array;
  tokenStamp: Int32Array;
  tokenScore: Int32Array;
};

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

  /** Bytes held by the typed arrays. */
  get bytes(): number {
    let bytes = this.postingStart.byteLength + this.postingDoc.byteLength + this.postingWeight.byteLength + this.termDepartmentCount.byteLength;
    if (this.adminTermDepartmentCount !== this.termDepartmentCount) bytes += this.adminTermDepartmentCount.byteLength;
    if (this.scratch) bytes += this.scratch.stamp.byteLength + this.scratch.score.byteLength + this.scratch.tokenStamp.byteLength + this.scratch.tokenScore.byteLength;
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
    if (!this.scratch || this.scratch.epoch > 0x7ffffff0) {
      this.scratch = {
        epoch: 0,
        stamp: new Int32Array(documents),
        score: new Int32Array(documents),
        tokenStamp: new Int32Array(documents),
        tokenScore: new Int32Array(documents),
      };
    }
    return this.scratch;
  }

  private postingCount(e: Expansion): number {
    const id = this.terms.lookup(e.term);
    return id === undefined ? 0 : this.postingStart[id + 1]! - this.postingStart[id]!;
  }

  /**
   * Documents matching every token (AND across words, OR across each word's expansions),
   * with their text score: per word, the best field weight × match quality. The rarest
   * word goes first, so later words only check its matches.
   */
  match(tokens: readonly QueryToken[], documents: number): TextMatch {
    const s = this.getScratch(documents);
    const sized = tokens
      .map((t) => ({ t, size: t.expansions.reduce((sum, e) => sum + this.postingCount(e), 0) }))
      .sort((a, b) => a.size - b.size);
    const epoch = ++s.epoch;
    const docs = new Int32Array(sized[0]!.size);
    let count = 0;
    for (const e of sized[0]!.t.expansions) {
      const id = this.terms.lookup(e.term);
      if (id === undefined) continue;
      for (let k = this.postingStart[id]!; k < this.postingStart[id + 1]!; k++) {
        const g = this.postingDoc[k]!;
        const v = this.postingWeight[k]! * e.quality;
        if (s.stamp[g] !== epoch) {
          s.stamp[g] = epoch;
          s.score[g] = v;
          docs[count++] = g;
        } else if (v > s.score[g]!) s.score[g] = v;
      }
    }
    for (let t = 1; t < sized.length && count > 0; t++) {
      const tokenEpoch = ++s.epoch;
      for (const e of sized[t]!.t.expansions) {
        const id = this.terms.lookup(e.term);
        if (id === undefined) continue;
        for (let k = this.postingStart[id]!; k < this.postingStart[id + 1]!; k++) {
          const g = this.postingDoc[k]!;
          if (s.stamp[g] !== epoch) continue;
          const v = this.postingWeight[k]! * e.quality;
          if (s.tokenStamp[g] !== tokenEpoch) {
            s.tokenStamp[g] = tokenEpoch;
            s.tokenScore[g] = v;
          } else if (v > s.tokenScore[g]!) s.tokenScore[g] = v;
        }
      }
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const g = docs[i]!;
        if (s.tokenStamp[g] === tokenEpoch) {
          s.score[g]! += s.tokenScore[g]!;
          docs[kept++] = g;
        } else {
          s.stamp[g] = 0;
        }
      }
      count = kept;
    }
    return { docs: docs.subarray(0, count), count, epoch, stamp: s.stamp, score: s.score };
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
