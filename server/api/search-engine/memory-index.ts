import type { Department } from '../../../shared/constants';
import type { QueryToken } from './analyser';
import { withTerms, type Dictionary, type DocumentTable } from './document-table';
import { COUNTRY_INDEX, type DisplayWords } from './documents';
import { buildIndex, buildIndexSteps, orderFor, positionOf, rankFor, type BuiltIndex, type CountryColumns } from './index-build';
import { bitsCanScan, scanBits } from './index-bits';
import { facetCountsOf, newFacetCounters, type FacetCounters } from './index-facets';
import { candidatesOf, planSearch, type PlanKeys, type SearchPlan } from './index-plan';
import {
  addCellFacet,
  addCellTotals,
  cellPositions,
  clearStoreCards,
  countHits,
  countMisses,
  markStoreCards,
  newScanBuffers,
  pageFromOrder,
  scanFilters,
  sumCells,
  topK,
  type ScanBuffers,
} from './index-scan';
import { MAX_TOKEN_SCORE, TextIndex } from './index-text';
import { sortedIndexOf } from './key-sort';
import { runAtOnce, runSliced, type TimeSlicer } from './time-slicer';
import { emptyFacets, type CatalogDirectory, type SearchNeeds, type SearchQuery, type SearchResult, type TermSuggestion } from './search-engine';

// The in-memory catalog index (docs/decisions/0008-one-engine-call-per-listing-answer.md). It is
// built once from a document table (index-build.ts, index-text.ts) and never changed; a
// request is planned (index-plan.ts), then answered either from cells or by a scan
// (index-scan.ts): one pass over the candidates checks every filter group, products that
// pass all are hits and count in every facet, products that fail exactly one group count
// in that group's facet only, so each group's counts are taken without its own filter.

export type IndexStats = {
  products: number;
  countryEntries: number;
  terms: number;
  postings: number;
  bytes: number;
};

const NO_POSITIONS = new Int32Array(0);
const NO_TERMS = new Uint32Array(0);

export class MemoryIndex {
  readonly size: number;
  private readonly countries: CountryColumns[];
  /** Every product, admin-only stores' too (spec section 6); `countries` itself when no store is admin-only. */
  private readonly adminCountries: CountryColumns[];
  private readonly text: TextIndex;
  private readonly keys: PlanKeys;
  private readonly productIdOf: Int32Array;
  private readonly docOfSorted: Int32Array;
  private scanBuffers: ScanBuffers | undefined;

  /** The table it was built from, its terms let go (the postings hold them: DocumentTable.termsAgain). */
  readonly table: DocumentTable;

  constructor(
    table: DocumentTable,
    readonly directory: CatalogDirectory,
    terms: Dictionary,
    cares: Dictionary,
    display: DisplayWords,
    readonly version: number,
    /** The built structures, when the caller built them in slices (MemoryIndex.build). */
    built: BuiltIndex = buildIndex(table, directory),
  ) {
    // Another index's table: its terms first (the columns' build above does not read them).
    if (table.termsAgain) table = runAtOnce(withTerms(table));
    this.size = table.size;
    this.countries = built.countries;
    this.adminCountries = built.adminCountries;
    this.productIdOf = built.productIdOf;
    this.docOfSorted = built.docOfSorted;
    this.keys = { directory, maxBrandId: built.maxBrandId, maxStoreId: built.maxStoreId, cares };
    this.text = new TextIndex(table, built.rows, terms, display, built.hiddenRows);
    const { termStart } = table;
    const rows = built.rowsInOrder ? undefined : built.rows;
    const text = this.text;
    this.table = { ...table, termData: NO_TERMS, termsAgain: () => text.rowTerms(termStart, rows) };
  }

  /** Builds an index in slices, giving the event loop a turn whenever `slicer` says the slice is used up. */
  static async build(
    table: DocumentTable,
    directory: CatalogDirectory,
    terms: Dictionary,
    cares: Dictionary,
    display: DisplayWords,
    version: number,
    slicer: TimeSlicer,
  ): Promise<MemoryIndex> {
    const built = await runSliced(buildIndexSteps(table, directory), slicer);
    await slicer.pause();
    return new MemoryIndex(table, directory, terms, cares, display, version, built);
  }

  /** Answers one listing request: plan it, answer it from cells or a scan, turn the counters into facets. */
  search(query: SearchQuery, needs: SearchNeeds): SearchResult {
    // The public columns hold no admin-only product at all: leaving them out is choosing the columns.
    const C = (query.adminView ? this.adminCountries : this.countries)[COUNTRY_INDEX.get(query.country)!]!;
    const want = new Set(needs.facets);
    const tokens = query.text ? this.text.analyse(query.text) : [];
    const plan = planSearch(query, needs, tokens, this.keys);
    if (!plan) return { total: 0, productIds: [], facets: emptyFacets(want), tokens, version: this.version, engine: 'memory' };
    const F = newFacetCounters(want, this.keys.maxBrandId, this.keys.maxStoreId);
    const { total, page } = plan.useCells ? this.fromCells(C, plan, F) : this.fromScan(C, plan, tokens, F);
    const productIds: number[] = [];
    for (let i = query.offset; i < page.length; i++) productIds.push(this.productIdOf[C.doc[page[i]!]!]!);
    const facets = facetCountsOf(want, F, this.keys.maxBrandId, this.keys.maxStoreId);
    return { total, productIds, facets, tokens, version: this.version, engine: 'memory' };
  }

  /** Adds up the cells in scope; the page walks the sort order, or ranks the cells' positions when the walk would be long. */
  private fromCells(C: CountryColumns, plan: SearchPlan, F: FacetCounters): { total: number; page: Int32Array } {
    const X = C.cells;
    const hitCell = new Uint8Array(X.count);
    const total = plan.totals >= 0 ? addCellTotals(X, plan, hitCell, F) : sumCells(X, plan, hitCell, F);
    const wanted = Math.min(plan.pageEnd, total);
    if (wanted === 0) return { total, page: NO_POSITIONS };
    // The walk reads about wanted × size / total positions of the order.
    if (wanted * (C.size / total) <= C.size / 4) return { total, page: pageFromOrder(orderFor(C, plan.sort), X.of, hitCell, C.lead, wanted) };
    const S = this.buffers();
    const n = cellPositions(X, hitCell, C.lead, S.hits);
    return { total, page: topK(S.hits, n, wanted, rankFor(C, plan.sort), undefined, C.doc, 0, C.rankPopular) };
  }

  /** Scans the candidates, counts the facets of hits and near misses, and ranks the hits. */
  private fromScan(C: CountryColumns, plan: SearchPlan, tokens: readonly QueryToken[], F: FacetCounters): { total: number; page: Int32Array } {
    const text = plan.text ? this.text.match(tokens, this.size) : undefined;
    const candidates = candidatesOf(C, plan, plan.productIds ? this.positionsOf(C, plan.productIds) : undefined, text);
    const S = this.buffers();
    markStoreCards(C, plan.storeCards, S);
    // Issue 30: a range (a whole country, a category) is scanned a word at a time, lists position by position.
    if (bitsCanScan(plan, candidates)) scanBits(C, plan, candidates, S, F);
    else scanFilters(C, plan, candidates, S, F);
    clearStoreCards(C, plan.storeCards, S);
    // A facet the cells count (plan.cellFacet) is theirs alone: hits and near misses alike.
    countHits(C, S.hits, S.hitCount, plan.cellFacet >= 0 ? plan.wantMask & ~(1 << plan.cellFacet) : plan.wantMask, F);
    countMisses(C, S.miss, S.missGroup, S.missCount, F);
    if (plan.cellFacet >= 0) addCellFacet(C.cells, plan, F);
    const total = S.hitCount;
    const wanted = Math.min(plan.pageEnd, total);
    if (wanted === 0) return { total, page: NO_POSITIONS };
    const score = plan.textRank ? text!.score : undefined;
    return { total, page: topK(S.hits, total, wanted, rankFor(C, plan.sort), score, C.doc, tokens.length * MAX_TOKEN_SCORE, C.rankPopular) };
  }

  /** Positions in country C of the products an editor picked (those sold there). */
  private positionsOf(C: CountryColumns, productIds: readonly number[]): Set<number> {
    const positions = new Set<number>();
    for (const id of productIds) {
      const g = this.docOfProduct(id);
      const pos = g >= 0 ? positionOf(C, g) : -1;
      if (pos >= 0) positions.add(pos);
    }
    return positions;
  }

  private docOfProduct(productId: number): number {
    const at = sortedIndexOf(this.docOfSorted, productId, this.productIdOf);
    return at < 0 ? -1 : this.docOfSorted[at]!;
  }

  /** Scan buffers sized for the largest country, made on first use and kept. */
  private buffers(): ScanBuffers {
    this.scanBuffers ??= newScanBuffers(Math.max(0, ...this.adminCountries.map((C) => C.size)));
    return this.scanBuffers;
  }

  /** Words of the catalogue starting with `prefix` (analysed), most products first. */
  suggestTerms(prefix: string, department: Department | undefined, limit: number, adminView = false): TermSuggestion[] {
    return this.text.suggest(prefix, department, limit, adminView);
  }

  stats(): IndexStats {
    let bytes = arrayBytes(this.table) + arrayBytes(this.table.products) + arrayBytes(this.table.offers);
    for (const C of this.countries) bytes += arrayBytes(C) + arrayBytes(C.cells);
    if (this.adminCountries !== this.countries) for (const C of this.adminCountries) bytes += arrayBytes(C) + arrayBytes(C.cells);
    if (this.scanBuffers) bytes += arrayBytes(this.scanBuffers);
    // productIdOf is the table's own column (counted above) unless the build gathered it.
    if (this.productIdOf !== this.table.products.productId) bytes += this.productIdOf.byteLength;
    bytes += this.text.bytes + this.docOfSorted.byteLength;
    return {
      products: this.size,
      countryEntries: this.countries.reduce((sum, C) => sum + C.size, 0),
      terms: this.text.vocabulary.size,
      postings: this.text.postings,
      bytes,
    };
  }
}

/** Bytes held by the typed arrays that are direct members of `holder`. */
function arrayBytes(holder: object): number {
  let bytes = 0;
  for (const value of Object.values(holder)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  return bytes;
}
