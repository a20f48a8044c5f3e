import type { ColourKey } from '../../../shared/colours';
import { OFFER_BUCKETS, type Department } from '../../../shared/constants';
import { CATEGORIES } from '../catalog/category-tree';
import { analyseQuery, vocabularyOf, type Expansion, type QueryToken, type Vocabulary } from './analyser';
import {
  COLOUR_KEYS,
  COUNTRY_KEYS,
  DEPARTMENT_KEYS,
  OFFER_COUPONS,
  OFFER_FREE_DELIVERY,
  type Dictionary,
  type DocumentTable,
} from './document-table';
import { CATEGORY_ORDER, COLOUR_BIT, COUNTRY_INDEX, DEPARTMENT_INDEX, SUBTREE_END, type DisplayWords } from './documents';
import { emptyFacets, type CatalogDirectory, type FacetCounts, type SearchNeeds, type SearchQuery, type SearchResult, type TermSuggestion } from './search-engine';

// The in-memory catalog index (design.md "Catalog index"). Built from a DocumentTable:
//
// - Documents are ordered by category (tree order) and product id, so every category's
//   subtree is one contiguous range: a category page scans a range, no set intersection.
// - Per country, the products sold there get columns of their own (store, brand, category,
//   colours, price, discount, flags …) in that order, so a listing only touches that
//   country's products, sequentially.
// - Per country, sort ranks for the four sorts (Recommended, Highest Discount, price
//   ascending and descending, each ending in the product id): a page is a bounded heap
//   over ranks, and ties are broken the same way every time.
// - Brand and store pages read posting lists of positions; sale pages a list of the
//   reduced products; text queries an inverted index over analysed terms.
//
// One pass over the candidates answers the whole request: each product is checked
// against every active filter group; one that passes all is a hit and counts in every
// facet; one that fails exactly one group counts in that group's facet only (so each
// group's counts are computed without its own filter).

/** Ranks and positions are packed with a sort key into one float64: keys below 2^31, positions below 2^22. */
const SLOT = 2 ** 22;
const MAX_POPULARITY = 0x7fffffff;
const MAX_TOKENS = 16;
const MAX_TOKEN_SCORE = 9;
const COUPONS_SHIFT = 31 - Math.clz32(OFFER_COUPONS);
const FREE_SHIFT = 31 - Math.clz32(OFFER_FREE_DELIVERY);

const G_COLOUR = 0;
const G_CATEGORY = 1;
const G_BRAND = 2;
const G_STORE = 3;
const G_OFFERS = 4;
const G_DEPARTMENT = 5;
const G_COUPONS = 6;
const G_FREE = 7;
const G_SALE = 8;
const G_PRICE = 9;
const G_MADEIN = 10;
const G_CARE = 11;

const OFFER_BUCKET_OF = (() => {
  const table = new Int8Array(256).fill(-1);
  OFFER_BUCKETS.forEach((b, i) => {
    for (let d = b.from; d <= b.to; d++) table[d] = i;
  });
  return table;
})();

type CountryColumns = {
  size: number;
  /** Global document number of each position. */
  doc: Int32Array;
  productId: Int32Array;
  storeId: Int32Array;
  brandId: Int32Array;
  category: Uint16Array;
  department: Uint8Array;
  colours: Uint32Array;
  care: Int32Array;
  /** Country index of the store's own country. */
  madeIn: Uint8Array;
  /** The store is abroad and delivers internationally. */
  abroad: Uint8Array;
  price: Int32Array;
  discount: Uint8Array;
  flags: Uint8Array;
  rankPopular: Uint32Array;
  rankSale: Uint32Array;
  rankAsc: Uint32Array;
  rankDesc: Uint32Array;
  /** catStart[k]: first position whose category order is k or more (length: categories + 1). */
  catStart: Int32Array;
  brandStart: Int32Array;
  brandPositions: Int32Array;
  storeStart: Int32Array;
  storePositions: Int32Array;
  salePositions: Int32Array;
  /** Position of each global document in this country, -1 when not sold here. */
  positionOf: Int32Array;
  /** Positions in each sort order (the inverse of the rank columns). */
  orderPopular: Int32Array;
  orderSale: Int32Array;
  orderAsc: Int32Array;
  orderDesc: Int32Array;
  cells: Cells;
};

/**
 * Cells: the runs of positions with one category, one department and either reduced or
 * not (positions are in that order), each with its facet counts computed at build time. A
 * request without text whose only constraints are category, department and sale sums
 * cells instead of scanning.
 */
type Cells = {
  count: number;
  start: Int32Array;
  category: Uint16Array;
  department: Uint8Array;
  /** 1 when the cell's products are reduced in this country. */
  sale: Uint8Array;
  /** The cell of each position. */
  of: Uint16Array;
  colour: Int32Array;
  offers: Int32Array;
  /** coupons, free delivery, sale. */
  deals: Int32Array;
  minPrice: Int32Array;
  maxPrice: Int32Array;
  brandStart: Int32Array;
  brandId: Int32Array;
  brandCount: Int32Array;
  storeStart: Int32Array;
  storeId: Int32Array;
  storeCount: Int32Array;
};

export type IndexStats = {
  products: number;
  countryEntries: number;
  terms: number;
  postings: number;
  bytes: number;
};

type Scratch = {
  epoch: number;
  stamp: Int32Array;
  score: Int32Array;
  tokenStamp: Int32Array;
  tokenScore: Int32Array;
};

export class MemoryIndex {
  readonly size: number;
  readonly vocabulary: Vocabulary & { size: number; sorted: readonly string[] };
  private readonly countries: CountryColumns[];
  private readonly postingStart: Uint32Array;
  private readonly postingDoc: Int32Array;
  private readonly postingWeight: Uint8Array;
  /** Documents per term and department (termId * 3 + department). */
  private readonly termDepartmentCount: Uint32Array;
  private readonly productIdsSorted: Int32Array;
  private readonly docOfSorted: Int32Array;
  private readonly maxBrandId: number;
  private readonly maxStoreId: number;
  private readonly expansionCache = new Map<string, Expansion[]>();
  private scratch: Scratch | undefined;
  private scan: Scan | undefined;

  constructor(
    readonly table: DocumentTable,
    readonly directory: CatalogDirectory,
    private readonly terms: Dictionary,
    private readonly cares: Dictionary,
    private readonly display: DisplayWords,
    readonly version: number,
  ) {
    const n = table.size;
    this.size = n;
    // Global order: category (tree order), department, then product id.
    const order = new Float64Array(n);
    for (let i = 0; i < n; i++) order[i] = (table.category[i]! * 3 + table.department[i]!) * 2 ** 31 + table.productId[i]!;
    const rowOf = new Map<number, number>();
    for (let i = 0; i < n; i++) rowOf.set(table.productId[i]!, i);
    order.sort();
    const rows = new Int32Array(n);
    for (let g = 0; g < n; g++) rows[g] = rowOf.get(order[g]! % 2 ** 31)!;

    let maxBrand = 0;
    let maxStore = 0;
    for (let i = 0; i < n; i++) {
      if (table.brandId[i]! > maxBrand) maxBrand = table.brandId[i]!;
      if (table.storeId[i]! > maxStore) maxStore = table.storeId[i]!;
    }
    this.maxBrandId = maxBrand;
    this.maxStoreId = maxStore;

    // Product id → global document, for editors' pick lists.
    const byId = new Float64Array(n);
    for (let g = 0; g < n; g++) byId[g] = table.productId[rows[g]!]! * SLOT + g;
    byId.sort();
    this.productIdsSorted = new Int32Array(n);
    this.docOfSorted = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      this.productIdsSorted[i] = Math.floor(byId[i]! / SLOT);
      this.docOfSorted[i] = byId[i]! % SLOT;
    }

    this.countries = COUNTRY_KEYS.map((_, c) => this.buildCountry(c, rows, maxBrand, maxStore));

    // Inverted index over global documents (ascending), weights alongside.
    const termCount = this.terms.size;
    const counts = new Uint32Array(termCount + 1);
    for (let i = 0; i < table.termData.length; i++) counts[(table.termData[i]! >>> 2) + 1]!++;
    for (let t = 0; t < termCount; t++) counts[t + 1]! += counts[t]!;
    this.postingStart = counts.slice();
    const fill = counts.slice(0, termCount);
    this.postingDoc = new Int32Array(table.termData.length);
    this.postingWeight = new Uint8Array(table.termData.length);
    this.termDepartmentCount = new Uint32Array(termCount * 3);
    for (let g = 0; g < n; g++) {
      const row = rows[g]!;
      const department = table.department[row]!;
      for (let k = table.termStart[row]!; k < table.termStart[row + 1]!; k++) {
        const entry = table.termData[k]!;
        const term = entry >>> 2;
        const at = fill[term]!++;
        this.postingDoc[at] = g;
        this.postingWeight[at] = entry & 3;
        this.termDepartmentCount[term * 3 + department]!++;
      }
    }
    const live: string[] = [];
    for (let t = 0; t < termCount; t++) if (this.postingStart[t + 1]! > this.postingStart[t]!) live.push(this.terms.values[t]!);
    this.vocabulary = vocabularyOf(live);
  }

  private buildCountry(c: number, rows: Int32Array, maxBrand: number, maxStore: number): CountryColumns {
    const table = this.table;
    const n = rows.length;
    const positionOf = new Int32Array(n).fill(-1);
    const found: number[] = [];
    const foundOffer: number[] = [];
    for (let g = 0; g < n; g++) {
      const row = rows[g]!;
      for (let k = table.offerStart[row]!; k < table.offerStart[row + 1]!; k++) {
        if (table.offerCountry[k] === c) {
          found.push(g);
          foundOffer.push(k);
          break;
        }
      }
    }
    const m = found.length;
    if (m >= SLOT) throw new Error(`the index holds at most ${SLOT - 1} products per country`);
    // Positions: category, department, reduced or not here, then global order (cells).
    const placing = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      const row = rows[found[i]!]!;
      const sale = table.offerDiscount[foundOffer[i]!]! > 0 ? 1 : 0;
      placing[i] = ((table.category[row]! * 3 + table.department[row]!) * 2 + sale) * SLOT + i;
    }
    placing.sort();
    const docs: number[] = new Array<number>(m);
    const offerAt: number[] = new Array<number>(m);
    for (let p = 0; p < m; p++) {
      const i = placing[p]! % SLOT;
      docs[p] = found[i]!;
      offerAt[p] = foundOffer[i]!;
      positionOf[found[i]!] = p;
    }
    const cols: CountryColumns = {
      size: m,
      doc: Int32Array.from(docs),
      productId: new Int32Array(m),
      storeId: new Int32Array(m),
      brandId: new Int32Array(m),
      category: new Uint16Array(m),
      department: new Uint8Array(m),
      colours: new Uint32Array(m),
      care: new Int32Array(m),
      madeIn: new Uint8Array(m),
      abroad: new Uint8Array(m),
      price: new Int32Array(m),
      discount: new Uint8Array(m),
      flags: new Uint8Array(m),
      rankPopular: new Uint32Array(m),
      rankSale: new Uint32Array(m),
      rankAsc: new Uint32Array(m),
      rankDesc: new Uint32Array(m),
      catStart: new Int32Array(CATEGORIES.length + 1),
      brandStart: new Int32Array(maxBrand + 2),
      brandPositions: new Int32Array(m),
      storeStart: new Int32Array(maxStore + 2),
      storePositions: new Int32Array(m),
      salePositions: new Int32Array(0),
      positionOf,
      orderPopular: new Int32Array(0),
      orderSale: new Int32Array(0),
      orderAsc: new Int32Array(0),
      orderDesc: new Int32Array(0),
      cells: undefined as unknown as Cells,
    };
    const popularity = new Int32Array(m);
    let sales = 0;
    for (let p = 0; p < m; p++) {
      const row = rows[docs[p]!]!;
      const k = offerAt[p]!;
      const store = this.directory.stores.get(table.storeId[row]!);
      cols.productId[p] = table.productId[row]!;
      cols.storeId[p] = table.storeId[row]!;
      cols.brandId[p] = table.brandId[row]!;
      cols.category[p] = table.category[row]!;
      cols.department[p] = table.department[row]!;
      cols.colours[p] = table.colours[row]!;
      cols.care[p] = table.care[row]!;
      const storeCountry = store ? COUNTRY_INDEX.get(store.country)! : 255;
      cols.madeIn[p] = storeCountry;
      cols.abroad[p] = store && store.international && storeCountry !== c ? 1 : 0;
      cols.price[p] = table.offerPrice[k]!;
      cols.discount[p] = table.offerDiscount[k]!;
      cols.flags[p] = table.offerFlags[k]!;
      popularity[p] = table.popularity[row]!;
      if (cols.discount[p]! > 0) sales++;
    }
    // Category ranges: positions are in category order.
    let p = 0;
    for (let k = 0; k <= CATEGORIES.length; k++) {
      while (p < m && cols.category[p]! < k) p++;
      cols.catStart[k] = p;
    }
    // Brand and store posting lists (counting sort, positions ascending).
    const postings = (ids: Int32Array, max: number, start: Int32Array, out: Int32Array) => {
      for (let q = 0; q < m; q++) start[ids[q]! + 1]!++;
      for (let v = 0; v <= max; v++) start[v + 1]! += start[v]!;
      const at = start.slice(0, max + 1);
      for (let q = 0; q < m; q++) out[at[ids[q]!]!++] = q;
    };
    postings(cols.brandId, maxBrand, cols.brandStart, cols.brandPositions);
    postings(cols.storeId, maxStore, cols.storeStart, cols.storePositions);
    cols.salePositions = new Int32Array(sales);
    for (let q = 0, s = 0; q < m; q++) if (cols.discount[q]! > 0) cols.salePositions[s++] = q;

    // Sort ranks, every order ending in the product id (a stable tie-break).
    const keys = new Float64Array(m);
    const rankBy = (key: (q: number) => number, rank: Uint32Array, tie: Uint32Array) => {
      for (let q = 0; q < m; q++) keys[q] = key(q) * SLOT + tie[q]!;
      keys.sort();
      const byTie = new Int32Array(m);
      for (let q = 0; q < m; q++) byTie[tie[q]!] = q;
      for (let r = 0; r < m; r++) rank[byTie[keys[r]! % SLOT]!] = r;
    };
    // idRank: the rank of each position's product id.
    for (let q = 0; q < m; q++) keys[q] = cols.productId[q]! * SLOT + q;
    keys.sort();
    const idRank = new Uint32Array(m);
    for (let r = 0; r < m; r++) idRank[keys[r]! % SLOT] = r;
    rankBy((q) => MAX_POPULARITY - popularity[q]!, cols.rankPopular, idRank);
    rankBy((q) => 100 - cols.discount[q]!, cols.rankSale, cols.rankPopular);
    rankBy((q) => cols.price[q]!, cols.rankAsc, idRank);
    rankBy((q) => 0x7fffffff - cols.price[q]!, cols.rankDesc, idRank);
    const orderOf = (rank: Uint32Array) => {
      const out = new Int32Array(m);
      for (let q = 0; q < m; q++) out[rank[q]!] = q;
      return out;
    };
    cols.orderPopular = orderOf(cols.rankPopular);
    cols.orderSale = orderOf(cols.rankSale);
    cols.orderAsc = orderOf(cols.rankAsc);
    cols.orderDesc = orderOf(cols.rankDesc);
    cols.cells = buildCells(cols, maxBrand, maxStore);
    return cols;
  }

  stats(): IndexStats {
    let bytes = 0;
    const add = (value: unknown) => {
      if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    };
    for (const value of Object.values(this.table)) add(value);
    for (const cols of this.countries) {
      for (const value of Object.values(cols)) add(value);
      for (const value of Object.values(cols.cells)) add(value);
    }
    if (this.scan) for (const value of Object.values(this.scan)) add(value);
    for (const value of [this.postingStart, this.postingDoc, this.postingWeight, this.termDepartmentCount, this.productIdsSorted, this.docOfSorted]) add(value);
    if (this.scratch) for (const value of Object.values(this.scratch)) add(value);
    return {
      products: this.size,
      countryEntries: this.countries.reduce((sum, c) => sum + c.size, 0),
      terms: this.vocabulary.size,
      postings: this.postingDoc.length,
      bytes,
    };
  }

  /** The vocabulary with expansions remembered (typo lookups scan the vocabulary). */
  private readonly cachedVocabulary: Vocabulary = {
    has: (term) => this.vocabulary.has(term),
    ofLength: (length) => this.vocabulary.ofLength(length),
  };

  analyse(text: string): QueryToken[] {
    return analyseQuery(text, this.cachedVocabulary).slice(0, MAX_TOKENS);
  }

  private docOfProduct(productId: number): number {
    let lo = 0;
    let hi = this.productIdsSorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.productIdsSorted[mid]!;
      if (v === productId) return this.docOfSorted[mid]!;
      if (v < productId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private getScratch(): Scratch {
    if (!this.scratch || this.scratch.epoch > 0x7ffffff0) {
      this.scratch = {
        epoch: 0,
        stamp: new Int32Array(this.size),
        score: new Int32Array(this.size),
        tokenStamp: new Int32Array(this.size),
        tokenScore: new Int32Array(this.size),
      };
    }
    return this.scratch;
  }

  private termId(term: string): number | undefined {
    return this.terms.lookup(term);
  }

  /**
   * Documents matching every token (AND across words, OR across each word's expansions),
   * with their text score: per word, the best field weight × match quality.
   * Leaves scratch.stamp[g] === epoch for the matches; returns them.
   */
  private matchText(tokens: QueryToken[]): { docs: Int32Array; count: number; epoch: number } {
    const s = this.getScratch();
    const sized = tokens
      .map((t) => ({
        t,
        size: t.expansions.reduce((sum, e) => {
          const id = this.termId(e.term);
          return id === undefined ? sum : sum + this.postingStart[id + 1]! - this.postingStart[id]!;
        }, 0),
      }))
      .sort((a, b) => a.size - b.size);
    const epoch = ++s.epoch;
    let docs = new Int32Array(sized[0]!.size);
    let count = 0;
    for (const e of sized[0]!.t.expansions) {
      const id = this.termId(e.term);
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
        const id = this.termId(e.term);
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
    docs = docs.subarray(0, count);
    return { docs, count, epoch };
  }

  search(query: SearchQuery, needs: SearchNeeds): SearchResult {
    const countryIndex = COUNTRY_INDEX.get(query.country)!;
    const C = this.countries[countryIndex]!;
    const want = new Set(needs.facets);
    const tokens = query.text ? this.analyse(query.text) : [];
    const empty = (): SearchResult => ({
      total: 0,
      productIds: [],
      facets: emptyFacets(want),
      tokens,
      version: this.version,
      engine: 'memory',
    });
    if (tokens.some((t) => t.expansions.length === 0)) return empty();

    // --- the scope and the text: candidates ------------------------------------------
    const scope = query.scope;
    let rangeStart = 0;
    let rangeEnd = C.size;
    let list: Int32Array | undefined;
    let catLo = -1;
    let catHi = -1;
    if (scope.category !== undefined) {
      const k = CATEGORY_ORDER.get(scope.category);
      if (k === undefined) return empty();
      catLo = k;
      catHi = SUBTREE_END[k]!;
      rangeStart = C.catStart[catLo]!;
      rangeEnd = C.catStart[catHi]!;
    }
    const lists: Int32Array[] = [];
    let scopeBrand = -1;
    if (scope.brand !== undefined) {
      const brand = this.directory.brandBySlug.get(scope.brand);
      if (!brand || brand.id > this.maxBrandId) return empty();
      scopeBrand = brand.id;
      lists.push(C.brandPositions.subarray(C.brandStart[brand.id]!, C.brandStart[brand.id + 1]!));
    }
    let scopeStore = -1;
    if (scope.store !== undefined) {
      const store = this.directory.storeBySlug.get(scope.store);
      if (!store || store.id > this.maxStoreId) return empty();
      scopeStore = store.id;
      lists.push(C.storePositions.subarray(C.storeStart[store.id]!, C.storeStart[store.id + 1]!));
    }
    let discountLo = 0;
    let discountHi = 255;
    if (scope.sale || scope.discount) {
      discountLo = Math.max(1, scope.discount?.from ?? 1);
      discountHi = scope.discount?.to ?? 255;
      lists.push(C.salePositions);
    }
    let idSet: Set<number> | undefined;
    if (scope.productIds) {
      idSet = new Set();
      for (const id of scope.productIds) {
        const g = this.docOfProduct(id);
        if (g >= 0 && C.positionOf[g]! >= 0) idSet.add(C.positionOf[g]!);
      }
      lists.push(Int32Array.from(idSet));
    }
    let textEpoch = -1;
    const scratch = tokens.length ? this.getScratch() : undefined;
    if (tokens.length) {
      const matched = this.matchText(tokens);
      textEpoch = matched.epoch;
      const positions = new Int32Array(matched.count);
      let count = 0;
      for (let i = 0; i < matched.count; i++) {
        const pos = C.positionOf[matched.docs[i]!]!;
        if (pos >= 0) positions[count++] = pos;
      }
      lists.push(positions.subarray(0, count));
    }
    for (const l of lists) if (!list || l.length < list.length) list = l;
    if (list && list.length >= rangeEnd - rangeStart) list = undefined;

    // --- the filter groups --------------------------------------------------------------
    const f = query.filters;
    let active = 0;
    let colourSel = 0;
    for (const c of f.colours) colourSel |= 1 << COLOUR_BIT.get(c)!;
    colourSel >>>= 0;
    if (f.colours.length) active |= 1 << G_COLOUR;
    const catSel = new Uint8Array(CATEGORIES.length);
    if (f.categories.length) {
      active |= 1 << G_CATEGORY;
      for (const slug of f.categories) {
        const k = CATEGORY_ORDER.get(slug);
        if (k !== undefined) catSel.fill(1, k, SUBTREE_END[k]!);
      }
    }
    const brandSel = new Uint8Array(this.maxBrandId + 1);
    if (f.brands.length) {
      active |= 1 << G_BRAND;
      for (const slug of f.brands) {
        const b = this.directory.brandBySlug.get(slug);
        if (b && b.id <= this.maxBrandId) brandSel[b.id] = 1;
      }
    }
    const storeSel = new Uint8Array(this.maxStoreId + 1);
    if (f.stores.length) {
      active |= 1 << G_STORE;
      for (const slug of f.stores) {
        const s = this.directory.storeBySlug.get(slug);
        if (s && s.id <= this.maxStoreId) storeSel[s.id] = 1;
      }
    }
    const offerSel = new Uint8Array(256);
    if (f.offers.length) {
      active |= 1 << G_OFFERS;
      for (const r of f.offers) offerSel.fill(1, Math.max(0, r.from), Math.min(255, r.to) + 1);
    }
    let departmentSel = 0;
    if (f.departments.length) {
      active |= 1 << G_DEPARTMENT;
      for (const d of f.departments) departmentSel |= 1 << DEPARTMENT_INDEX.get(d)!;
    }
    if (f.coupons) active |= 1 << G_COUPONS;
    if (f.freeDelivery) active |= 1 << G_FREE;
    if (f.sale) active |= 1 << G_SALE;
    const priceMin = f.priceMin ?? -1;
    const priceMax = f.priceMax ?? 0x7fffffff;
    if (f.priceMin !== undefined || f.priceMax !== undefined) active |= 1 << G_PRICE;
    const madeInSel = new Uint8Array(256);
    if (f.madeIn.length) {
      active |= 1 << G_MADEIN;
      for (const c of f.madeIn) madeInSel[COUNTRY_INDEX.get(c)!] = 1;
    }
    // Indexed by care id + 1 (products without care instructions have -1).
    const careSel = new Uint8Array(this.cares.size + 2);
    if (f.care.length) {
      active |= 1 << G_CARE;
      for (const slug of f.care) {
        const id = this.cares.lookup(slug);
        if (id !== undefined) careSel[id + 1] = 1;
      }
    }

    // --- what to count ------------------------------------------------------------------
    let wantMask = 0;
    if (want.has('colour')) wantMask |= 1 << G_COLOUR;
    if (want.has('category')) wantMask |= 1 << G_CATEGORY;
    if (want.has('brand')) wantMask |= 1 << G_BRAND;
    if (want.has('store')) wantMask |= 1 << G_STORE;
    if (want.has('offers')) wantMask |= 1 << G_OFFERS;
    if (want.has('department')) wantMask |= 1 << G_DEPARTMENT;
    if (want.has('deals')) wantMask |= (1 << G_COUPONS) | (1 << G_FREE) | (1 << G_SALE);
    const F: FacetArrays = {
      colour: new Int32Array(32),
      category: new Int32Array(CATEGORIES.length),
      brand: new Int32Array(wantMask & (1 << G_BRAND) ? this.maxBrandId + 1 : 0),
      store: new Int32Array(wantMask & (1 << G_STORE) ? this.maxStoreId + 1 : 0),
      offers: new Int32Array(OFFER_BUCKETS.length),
      department: new Int32Array(3),
      deals: new Int32Array(3),
      minPrice: 0x7fffffff,
      maxPrice: -1,
    };
    const k = needs.hits ? Math.min(query.offset + query.limit, C.size) : 0;
    const textRank = tokens.length > 0 && query.sort === '';
    const rank = query.sort === 'sale' ? C.rankSale : query.sort === 'asc' ? C.rankAsc : query.sort === 'desc' ? C.rankDesc : C.rankPopular;
    let total = 0;
    let page: Int32Array;

    const aligned =
      tokens.length === 0 &&
      !query.internationalDelivery &&
      scopeBrand < 0 &&
      scopeStore < 0 &&
      ((discountLo === 0 && discountHi === 255) || (discountLo === 1 && discountHi === 255)) &&
      idSet === undefined &&
      (active & ~((1 << G_CATEGORY) | (1 << G_DEPARTMENT) | (1 << G_SALE))) === 0;
    if (aligned) {
      // Only category and department constrain the request: sum the cells' counts, and
      // walk the sort order for the page.
      const X = C.cells;
      const hitCell = new Uint8Array(X.count);
      const aCategory = (active & (1 << G_CATEGORY)) !== 0;
      const aDepartment = (active & (1 << G_DEPARTMENT)) !== 0;
      const aSale = (active & (1 << G_SALE)) !== 0;
      const saleScope = discountLo === 1;
      for (let x = 0; x < X.count; x++) {
        const cat = X.category[x]!;
        if (catLo >= 0 && (cat < catLo || cat >= catHi)) continue;
        if (saleScope && X.sale[x] === 0) continue;
        const size = X.start[x + 1]! - X.start[x]!;
        if (X.minPrice[x]! < F.minPrice) F.minPrice = X.minPrice[x]!;
        if (X.maxPrice[x]! > F.maxPrice) F.maxPrice = X.maxPrice[x]!;
        const catOk = !aCategory || catSel[cat] === 1;
        const depOk = !aDepartment || (departmentSel & (1 << X.department[x]!)) !== 0;
        const saleOk = !aSale || X.sale[x] === 1;
        if (depOk && saleOk) F.category[cat]! += size;
        if (catOk && saleOk) F.department[X.department[x]!]! += size;
        if (catOk && depOk) F.deals[2]! += X.deals[x * 3 + 2]!;
        if (!catOk || !depOk || !saleOk) continue;
        hitCell[x] = 1;
        total += size;
        addCell(X, x, wantMask, F);
      }
      const wanted = Math.min(k, total);
      if (wanted === 0) page = new Int32Array(0);
      else if (wanted * (C.size / total) <= C.size / 4) {
        const order = query.sort === 'sale' ? C.orderSale : query.sort === 'asc' ? C.orderAsc : query.sort === 'desc' ? C.orderDesc : C.orderPopular;
        page = new Int32Array(wanted);
        const of = X.of;
        for (let r = 0, found = 0; found < wanted; r++) {
          const pos = order[r]!;
          if (hitCell[of[pos]!] === 1) page[found++] = pos;
        }
      } else {
        const S = this.getScan();
        let n = 0;
        for (let x = 0; x < X.count; x++) if (hitCell[x] === 1) for (let q = X.start[x]!; q < X.start[x + 1]!; q++) S.hits[n++] = q;
        page = topK(S.hits, n, wanted, rank, undefined, C.doc, 0);
      }
    } else {
      const S = this.getScan();
      const plan: Plan = {
        C,
        list,
        from: rangeStart,
        to: rangeEnd,
        catLo: catLo >= 0 && list !== undefined ? catLo : -1,
        catHi,
        scopeBrand,
        scopeStore,
        discountLo,
        discountHi,
        idSet,
        textEpoch,
        stamp: scratch?.stamp,
        abroadOnly: query.internationalDelivery,
        active,
        colourSel,
        catSel,
        brandSel,
        storeSel,
        offerSel,
        departmentSel,
        // Whole numbers within the int32 range: prices are, and the scan subtracts.
        priceMin: Math.max(-1, Math.ceil(priceMin)),
        priceMax: Math.min(0x7fffffff, Math.floor(priceMax)),
        madeInSel,
        careSel,
        missMask: wantMask & ((1 << G_COLOUR) | (1 << G_CATEGORY) | (1 << G_BRAND) | (1 << G_STORE) | (1 << G_OFFERS) | (1 << G_DEPARTMENT)),
      };
      classify(plan, S, F);
      total = S.hitCount;
      countHits(C, S.hits, S.hitCount, wantMask, F);
      countMisses(C, S.miss, S.missGroup, S.missCount, F);
      const wanted = Math.min(k, total);
      page = wanted === 0 ? new Int32Array(0) : topK(S.hits, S.hitCount, wanted, rank, textRank ? scratch!.score : undefined, C.doc, tokens.length * MAX_TOKEN_SCORE, C.rankPopular);
    }

    // --- the answer -------------------------------------------------------------------------
    const productIds: number[] = [];
    for (let i = query.offset; i < page.length; i++) productIds.push(C.productId[page[i]!]!);
    const facets = facetsOf(want, F, this.maxBrandId, this.maxStoreId);
    return { total, productIds, facets, tokens, version: this.version, engine: 'memory' };
  }

  private getScan(): Scan {
    if (!this.scan) {
      let largest = 0;
      for (const C of this.countries) largest = Math.max(largest, C.size);
      this.scan = {
        hits: new Int32Array(largest),
        miss: new Int32Array(largest),
        missGroup: new Uint8Array(largest),
        hitCount: 0,
        missCount: 0,
      };
    }
    return this.scan;
  }

  /** Words of the catalogue starting with `prefix` (analysed), most products first. */
  suggestTerms(prefix: string, department: Department | undefined, limit: number): TermSuggestion[] {
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
      const id = this.terms.lookup(term)!;
      const count =
        d >= 0
          ? this.termDepartmentCount[id * 3 + d]!
          : this.termDepartmentCount[id * 3]! + this.termDepartmentCount[id * 3 + 1]! + this.termDepartmentCount[id * 3 + 2]!;
      if (count > 0) found.push({ text: this.display.get(term), count });
    }
    return found.sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)).slice(0, limit);
  }

  /** Products sold in a country. */
  countryProducts(country: SearchQuery['country']): number {
    return this.countries[COUNTRY_INDEX.get(country)!]!.size;
  }
}

/** Per-request facet counters. */
type FacetArrays = {
  colour: Int32Array;
  category: Int32Array;
  brand: Int32Array;
  store: Int32Array;
  offers: Int32Array;
  department: Int32Array;
  /** coupons, free delivery, sale. */
  deals: Int32Array;
  minPrice: number;
  maxPrice: number;
};

/** Reused buffers of a scan: the hits, and the near misses (products failing one group) with their group. */
type Scan = {
  hits: Int32Array;
  miss: Int32Array;
  missGroup: Uint8Array;
  hitCount: number;
  missCount: number;
};

/** One request's candidates and filter groups, as the scan reads them. */
type Plan = {
  C: CountryColumns;
  list: Int32Array | undefined;
  from: number;
  to: number;
  /** Category range to check (when a list drives the scan), -1 when none. */
  catLo: number;
  catHi: number;
  scopeBrand: number;
  scopeStore: number;
  discountLo: number;
  discountHi: number;
  idSet: Set<number> | undefined;
  textEpoch: number;
  stamp: Int32Array | undefined;
  abroadOnly: boolean;
  active: number;
  colourSel: number;
  catSel: Uint8Array;
  brandSel: Uint8Array;
  storeSel: Uint8Array;
  offerSel: Uint8Array;
  departmentSel: number;
  priceMin: number;
  priceMax: number;
  madeInSel: Uint8Array;
  careSel: Uint8Array;
  /** Groups whose near misses are counted in their own facet. */
  missMask: number;
};

/**
 * The scan: each candidate is checked against the scope and the text, then against every
 * active filter group. One that passes all is a hit; one that fails exactly one group is a
 * near miss, counted later in that group's facet only (disjunctive counts).
 */
function classify(P: Plan, S: Scan, F: FacetArrays): void {
  const C = P.C;
  const list = P.list;
  const from = P.from;
  const count = list !== undefined ? list.length : P.to - P.from;
  const colours = C.colours;
  const category = C.category;
  const brandId = C.brandId;
  const storeId = C.storeId;
  const discount = C.discount;
  const department = C.department;
  const flags = C.flags;
  const price = C.price;
  const madeIn = C.madeIn;
  const care = C.care;
  const abroad = C.abroad;
  const docOf = C.doc;
  const catLo = P.catLo;
  const catHi = P.catHi;
  const checkCategory = catLo >= 0;
  const scopeBrand = P.scopeBrand;
  const scopeStore = P.scopeStore;
  const checkBrand = scopeBrand >= 0;
  const checkStore = scopeStore >= 0;
  const discountLo = P.discountLo;
  const discountHi = P.discountHi;
  const checkDiscount = discountLo > 0 || discountHi < 255;
  const idSet = P.idSet;
  const checkIds = idSet !== undefined;
  const textEpoch = P.textEpoch;
  const checkText = textEpoch >= 0;
  const stamp = P.stamp;
  const checkAbroad = P.abroadOnly;
  const active = P.active;
  const aColour = (active & (1 << G_COLOUR)) !== 0;
  const aCategory = (active & (1 << G_CATEGORY)) !== 0;
  const aBrand = (active & (1 << G_BRAND)) !== 0;
  const aStore = (active & (1 << G_STORE)) !== 0;
  const aOffers = (active & (1 << G_OFFERS)) !== 0;
  const aDepartment = (active & (1 << G_DEPARTMENT)) !== 0;
  const aCoupons = (active & (1 << G_COUPONS)) !== 0;
  const aFree = (active & (1 << G_FREE)) !== 0;
  const aSale = (active & (1 << G_SALE)) !== 0;
  const aPrice = (active & (1 << G_PRICE)) !== 0;
  const aMadeIn = (active & (1 << G_MADEIN)) !== 0;
  const aCare = (active & (1 << G_CARE)) !== 0;
  const colourSel = P.colourSel;
  const catSel = P.catSel;
  const brandSel = P.brandSel;
  const storeSel = P.storeSel;
  const offerSel = P.offerSel;
  const departmentSel = P.departmentSel;
  const priceMin = P.priceMin;
  const priceMax = P.priceMax;
  const madeInSel = P.madeInSel;
  const careSel = P.careSel;
  const missMask = P.missMask;
  const hits = S.hits;
  const miss = S.miss;
  const missGroup = S.missGroup;
  let hitN = 0;
  let missN = 0;
  let minPrice = 0x7fffffff;
  let maxPrice = -1;
  for (let i = 0; i < count; i++) {
    const pos = list !== undefined ? list[i]! : from + i;
    if (checkCategory && (category[pos]! < catLo || category[pos]! >= catHi)) continue;
    if (checkBrand && brandId[pos] !== scopeBrand) continue;
    if (checkStore && storeId[pos] !== scopeStore) continue;
    if (checkDiscount && (discount[pos]! < discountLo || discount[pos]! > discountHi)) continue;
    if (checkIds && !idSet.has(pos)) continue;
    if (checkText && stamp![docOf[pos]!] !== textEpoch) continue;
    if (checkAbroad && abroad[pos] === 0) continue;
    const p = price[pos]!;
    if (p < minPrice) minPrice = p;
    if (p > maxPrice) maxPrice = p;
    // A mask of the failed groups, without branches (the tests are unpredictable);
    // hits and near misses are appended the same way.
    let failed = 0;
    if (aColour) failed |= (((colours[pos]! & colourSel) - 1) >>> 31) << G_COLOUR;
    if (aCategory) failed |= (1 - catSel[category[pos]!]!) << G_CATEGORY;
    if (aBrand) failed |= (1 - brandSel[brandId[pos]!]!) << G_BRAND;
    if (aStore) failed |= (1 - storeSel[storeId[pos]!]!) << G_STORE;
    if (aOffers) failed |= (1 - offerSel[discount[pos]!]!) << G_OFFERS;
    if (aDepartment) failed |= (1 - ((departmentSel >>> department[pos]!) & 1)) << G_DEPARTMENT;
    if (aCoupons) failed |= (1 - ((flags[pos]! & OFFER_COUPONS) >>> COUPONS_SHIFT)) << G_COUPONS;
    if (aFree) failed |= (1 - ((flags[pos]! & OFFER_FREE_DELIVERY) >>> FREE_SHIFT)) << G_FREE;
    if (aSale) failed |= ((discount[pos]! - 1) >>> 31) << G_SALE;
    if (aPrice) failed |= (((p - priceMin) >>> 31) | ((priceMax - p) >>> 31)) << G_PRICE;
    if (aMadeIn) failed |= (1 - madeInSel[madeIn[pos]!]!) << G_MADEIN;
    if (aCare) failed |= (1 - careSel[care[pos]! + 1]!) << G_CARE;
    hits[hitN] = pos;
    hitN += (failed - 1) >>> 31;
    miss[missN] = pos;
    missGroup[missN] = 31 - Math.clz32(failed);
    missN += ((failed & (failed - 1)) - 1) >>> 31 & (-(failed & missMask) >>> 31);
  }
  S.hitCount = hitN;
  S.missCount = missN;
  F.minPrice = minPrice;
  F.maxPrice = maxPrice;
}

/** Every wanted facet over the hits, one facet at a time. */
function countHits(C: CountryColumns, list: Int32Array, n: number, wantMask: number, F: FacetArrays): void {
  if (wantMask & (1 << G_COLOUR)) {
    const colours = C.colours;
    const out = F.colour;
    for (let i = 0; i < n; i++) {
      let bits = colours[list[i]!]!;
      while (bits !== 0) {
        const low = bits & -bits;
        out[31 - Math.clz32(low)]!++;
        bits ^= low;
      }
    }
  }
  if (wantMask & (1 << G_CATEGORY)) {
    const category = C.category;
    const out = F.category;
    for (let i = 0; i < n; i++) out[category[list[i]!]!]!++;
  }
  if (wantMask & (1 << G_BRAND)) {
    const brandId = C.brandId;
    const out = F.brand;
    for (let i = 0; i < n; i++) out[brandId[list[i]!]!]!++;
  }
  if (wantMask & (1 << G_STORE)) {
    const storeId = C.storeId;
    const out = F.store;
    for (let i = 0; i < n; i++) out[storeId[list[i]!]!]!++;
  }
  if (wantMask & (1 << G_OFFERS)) {
    const discount = C.discount;
    const out = F.offers;
    for (let i = 0; i < n; i++) {
      const bucket = OFFER_BUCKET_OF[discount[list[i]!]!]!;
      if (bucket >= 0) out[bucket]!++;
    }
  }
  if (wantMask & (1 << G_DEPARTMENT)) {
    const department = C.department;
    const out = F.department;
    for (let i = 0; i < n; i++) out[department[list[i]!]!]!++;
  }
  if (wantMask & (1 << G_COUPONS)) {
    const flags = C.flags;
    const discount = C.discount;
    let coupons = 0;
    let free = 0;
    let sale = 0;
    for (let i = 0; i < n; i++) {
      const pos = list[i]!;
      const f = flags[pos]!;
      if ((f & OFFER_COUPONS) !== 0) coupons++;
      if ((f & OFFER_FREE_DELIVERY) !== 0) free++;
      if (discount[pos]! > 0) sale++;
    }
    F.deals[0]! += coupons;
    F.deals[1]! += free;
    F.deals[2]! += sale;
  }
}

/** Near misses count in the facet of the one group they failed. */
function countMisses(C: CountryColumns, list: Int32Array, group: Uint8Array, n: number, F: FacetArrays): void {
  for (let i = 0; i < n; i++) {
    const pos = list[i]!;
    switch (group[i]) {
      case G_COLOUR: {
        let bits = C.colours[pos]!;
        while (bits !== 0) {
          const low = bits & -bits;
          F.colour[31 - Math.clz32(low)]!++;
          bits ^= low;
        }
        break;
      }
      case G_CATEGORY:
        F.category[C.category[pos]!]!++;
        break;
      case G_BRAND:
        F.brand[C.brandId[pos]!]!++;
        break;
      case G_STORE:
        F.store[C.storeId[pos]!]!++;
        break;
      case G_OFFERS: {
        const bucket = OFFER_BUCKET_OF[C.discount[pos]!]!;
        if (bucket >= 0) F.offers[bucket]!++;
        break;
      }
      case G_DEPARTMENT:
        F.department[C.department[pos]!]!++;
        break;
    }
  }
}

/** Adds one cell's precomputed counts (colour, brand, store, offers, coupons and free delivery). */
function addCell(X: Cells, x: number, wantMask: number, F: FacetArrays): void {
  if (wantMask & (1 << G_COLOUR)) for (let b = 0; b < 32; b++) F.colour[b]! += X.colour[x * 32 + b]!;
  if (wantMask & (1 << G_BRAND)) {
    const out = F.brand;
    for (let j = X.brandStart[x]!; j < X.brandStart[x + 1]!; j++) out[X.brandId[j]!]! += X.brandCount[j]!;
  }
  if (wantMask & (1 << G_STORE)) {
    const out = F.store;
    for (let j = X.storeStart[x]!; j < X.storeStart[x + 1]!; j++) out[X.storeId[j]!]! += X.storeCount[j]!;
  }
  if (wantMask & (1 << G_OFFERS)) for (let b = 0; b < OFFER_BUCKETS.length; b++) F.offers[b]! += X.offers[x * OFFER_BUCKETS.length + b]!;
  if (wantMask & (1 << G_COUPONS)) {
    // The sale count is not the hits' (the caller adds it, without the sale filter).
    F.deals[0]! += X.deals[x * 3]!;
    F.deals[1]! += X.deals[x * 3 + 1]!;
  }
}

/**
 * The k best of n positions, best first: a bounded max-heap over the sort rank, or (for
 * text relevance) over the text score then popularity.
 */
function topK(
  list: Int32Array,
  n: number,
  k: number,
  rank: Uint32Array,
  score: Int32Array | undefined,
  docOf: Int32Array,
  maxScore: number,
  popular?: Uint32Array,
): Int32Array {
  const heapKeys = new Float64Array(k);
  const heapPos = new Int32Array(k);
  let heapSize = 0;
  for (let i = 0; i < n; i++) {
    const pos = list[i]!;
    const key = score !== undefined ? (maxScore - score[docOf[pos]!]!) * SLOT + popular![pos]! : rank[pos]!;
    if (heapSize < k) {
      let at = heapSize++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heapKeys[parent]! >= key) break;
        heapKeys[at] = heapKeys[parent]!;
        heapPos[at] = heapPos[parent]!;
        at = parent;
      }
      heapKeys[at] = key;
      heapPos[at] = pos;
    } else if (key < heapKeys[0]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= heapSize) break;
        const right = left + 1;
        const child = right < heapSize && heapKeys[right]! > heapKeys[left]! ? right : left;
        if (heapKeys[child]! <= key) break;
        heapKeys[at] = heapKeys[child]!;
        heapPos[at] = heapPos[child]!;
        at = child;
      }
      heapKeys[at] = key;
      heapPos[at] = pos;
    }
  }
  const order = Array.from({ length: heapSize }, (_, i) => i).sort((a, b) => heapKeys[a]! - heapKeys[b]!);
  const out = new Int32Array(heapSize);
  for (let i = 0; i < heapSize; i++) out[i] = heapPos[order[i]!]!;
  return out;
}

function facetsOf(want: ReadonlySet<string>, F: FacetArrays, maxBrand: number, maxStore: number): FacetCounts {
  const facets: FacetCounts = {};
  if (want.has('colour')) {
    facets.colour = new Map();
    COLOUR_KEYS.forEach((key, bit) => {
      if (F.colour[bit]! > 0) facets.colour!.set(key, F.colour[bit]!);
    });
  }
  if (want.has('category')) {
    facets.category = new Map();
    CATEGORIES.forEach((c, i) => {
      if (F.category[i]! > 0) facets.category!.set(c.slug, F.category[i]!);
    });
  }
  if (want.has('brand')) {
    facets.brand = new Map();
    for (let b = 1; b <= maxBrand; b++) if (F.brand[b]! > 0) facets.brand.set(b, F.brand[b]!);
  }
  if (want.has('store')) {
    facets.store = new Map();
    for (let s = 1; s <= maxStore; s++) if (F.store[s]! > 0) facets.store.set(s, F.store[s]!);
  }
  if (want.has('offers')) facets.offers = Array.from(F.offers);
  if (want.has('department')) {
    facets.department = new Map();
    DEPARTMENT_KEYS.forEach((d, i) => {
      if (F.department[i]! > 0) facets.department!.set(d, F.department[i]!);
    });
  }
  if (want.has('deals')) facets.deals = { coupons: F.deals[0]!, freedelivery: F.deals[1]!, sale: F.deals[2]! };
  if (want.has('price')) facets.price = F.maxPrice >= 0 ? { min: F.minPrice, max: F.maxPrice } : null;
  return facets;
}

function buildCells(C: CountryColumns, maxBrand: number, maxStore: number): Cells {
  const m = C.size;
  let count = 0;
  const boundary = (q: number) =>
    q === 0 || C.category[q] !== C.category[q - 1] || C.department[q] !== C.department[q - 1] || (C.discount[q] === 0) !== (C.discount[q - 1] === 0);
  for (let q = 0; q < m; q++) if (boundary(q)) count++;
  const cells: Cells = {
    count,
    start: new Int32Array(count + 1),
    category: new Uint16Array(count),
    department: new Uint8Array(count),
    sale: new Uint8Array(count),
    of: new Uint16Array(m),
    colour: new Int32Array(count * 32),
    offers: new Int32Array(count * OFFER_BUCKETS.length),
    deals: new Int32Array(count * 3),
    minPrice: new Int32Array(count),
    maxPrice: new Int32Array(count),
    brandStart: new Int32Array(count + 1),
    brandId: new Int32Array(0),
    brandCount: new Int32Array(0),
    storeStart: new Int32Array(count + 1),
    storeId: new Int32Array(0),
    storeCount: new Int32Array(0),
  };
  for (let q = 0, x = -1; q < m; q++) {
    if (boundary(q)) {
      x++;
      cells.start[x] = q;
      cells.category[x] = C.category[q]!;
      cells.department[x] = C.department[q]!;
      cells.sale[x] = C.discount[q]! > 0 ? 1 : 0;
    }
    cells.of[q] = x;
  }
  cells.start[count] = m;
  const brands = new Int32Array(maxBrand + 1);
  const stores = new Int32Array(maxStore + 1);
  const brandIds: number[] = [];
  const brandCounts: number[] = [];
  const storeIds: number[] = [];
  const storeCounts: number[] = [];
  for (let x = 0; x < count; x++) {
    let min = 0x7fffffff;
    let max = -1;
    for (let q = cells.start[x]!; q < cells.start[x + 1]!; q++) {
      let bits = C.colours[q]!;
      while (bits !== 0) {
        const low = bits & -bits;
        cells.colour[x * 32 + 31 - Math.clz32(low)]!++;
        bits ^= low;
      }
      const bucket = OFFER_BUCKET_OF[C.discount[q]!]!;
      if (bucket >= 0) cells.offers[x * OFFER_BUCKETS.length + bucket]!++;
      if ((C.flags[q]! & OFFER_COUPONS) !== 0) cells.deals[x * 3]!++;
      if ((C.flags[q]! & OFFER_FREE_DELIVERY) !== 0) cells.deals[x * 3 + 1]!++;
      if (C.discount[q]! > 0) cells.deals[x * 3 + 2]!++;
      const p = C.price[q]!;
      if (p < min) min = p;
      if (p > max) max = p;
      brands[C.brandId[q]!]!++;
      stores[C.storeId[q]!]!++;
    }
    cells.minPrice[x] = min;
    cells.maxPrice[x] = max;
    for (let b = 1; b <= maxBrand; b++) {
      if (brands[b]! > 0) {
        brandIds.push(b);
        brandCounts.push(brands[b]!);
        brands[b] = 0;
      }
    }
    brands[0] = 0;
    cells.brandStart[x + 1] = brandIds.length;
    for (let v = 1; v <= maxStore; v++) {
      if (stores[v]! > 0) {
        storeIds.push(v);
        storeCounts.push(stores[v]!);
        stores[v] = 0;
      }
    }
    stores[0] = 0;
    cells.storeStart[x + 1] = storeIds.length;
  }
  cells.brandId = Int32Array.from(brandIds);
  cells.brandCount = Int32Array.from(brandCounts);
  cells.storeId = Int32Array.from(storeIds);
  cells.storeCount = Int32Array.from(storeCounts);
  return cells;
}

