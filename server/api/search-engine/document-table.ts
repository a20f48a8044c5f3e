import {
  COLUMNS,
  OFFER_COLUMNS,
  PRODUCT_COLUMNS,
  type ColumnArray,
  type ColumnArrays,
  type ColumnDictionaries,
  type OfferColumnName,
  type ProductColumnName,
} from './columns';
import { documentTerms, type DisplayWords, type SearchDocument } from './documents';
import { identityOrder, sortByKey } from './key-sort';
import type { CatalogDirectory } from './search-engine';

// Search documents as columns of typed arrays: about 100 bytes a product instead of a
// kilobyte of JavaScript objects, and cheap to copy when an import replaces one store's
// products. Which columns there are comes from columns.ts. A table is never changed once
// built: an update builds a new one and the index swaps it in.
//
// A built table's rows are in the index's global order (category in tree order, department,
// product id; globalOrder). The index's build reads every column once per country in that
// order, and at 10,000,000 products reading them in the order the catalogue was loaded in
// (store by store) missed the cache on nearly every read: ordering the rows once, here, made
// the build (issue 30, an api ready within a minute of a restart) about twice as fast.

/** Strings numbered in order of first sight; numbers never change, so tables can share one. */
export class Dictionary {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  lookup(value: string): number | undefined {
    return this.ids.get(value);
  }

  get size(): number {
    return this.values.length;
  }

  /** Numbers `values` in order, as a snapshot recorded them (index-snapshot.ts); only an empty dictionary may. */
  restore(values: readonly string[]): void {
    if (this.values.length) throw new Error('a dictionary in use cannot be restored');
    for (const value of values) this.id(value);
  }
}

export type DocumentTable = {
  size: number;
  /** One value per product (row). */
  products: ColumnArrays<ProductColumnName>;
  /** Row i's offers (one per country it is sold in) are offers.*[offerStart[i] .. offerStart[i+1]). */
  offerStart: Uint32Array;
  offers: ColumnArrays<OfferColumnName>;
  /**
   * Row i's terms are termData[termStart[i] .. termStart[i+1]): termId * 4 + field weight, in
   * term order. Empty in an index's own table, whose postings hold the same (termsAgain).
   */
  termStart: Uint32Array;
  termData: Uint32Array;
  /**
   * Set when termData was let go once the index's text postings were built from it (issue 30:
   * a tenth of the index's memory): gives the terms again, a step every million postings, for
   * a merge or a snapshot (withTerms).
   */
  termsAgain?: () => Generator<void, Uint32Array, void>;
};

/** `table` with its terms: itself, or a copy with termData given again by its index. */
export function* withTerms(table: DocumentTable): Generator<void, DocumentTable, void> {
  if (!table.termsAgain) return table;
  const { termsAgain, ...rest } = table;
  return { ...rest, termData: yield* termsAgain() };
}

function grow<T extends ColumnArray>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

function growAll(arrays: ColumnArray[], needed: number): void {
  for (let c = 0; c < arrays.length; c++) arrays[c] = grow(arrays[c]!, needed);
}

/**
 * The arrays as a table names them, trimmed to `end`: copies (the builder's spare capacity is
 * not kept alive), or views of the builder's arrays when `copy` is false.
 */
function named<K extends ProductColumnName | OfferColumnName>(names: readonly K[], arrays: readonly ColumnArray[], end: number, copy = true): ColumnArrays<K> {
  const out = {} as Record<K, ColumnArray>;
  names.forEach((name, c) => (out[name] = copy ? arrays[c]!.slice(0, end) : arrays[c]!.subarray(0, end)));
  return out as ColumnArrays<K>;
}

// The builder keeps its columns in arrays, in the order of PRODUCT_COLUMNS and
// OFFER_COLUMNS, with the readers alongside: adding a row then indexes arrays instead of
// looking up a differently named property per column (several times slower per row).
const PRODUCT_READERS = PRODUCT_COLUMNS.map((name) => COLUMNS[name].read);
const OFFER_READERS = OFFER_COLUMNS.map((name) => COLUMNS[name].read);

export class TableBuilder {
  private size = 0;
  private readonly products: ColumnArray[] = PRODUCT_COLUMNS.map((name) => new COLUMNS[name].array(1024));
  private termStart = new Uint32Array(1025);
  private termData = new Uint32Array(8192);
  private termCount = 0;
  private offerStart = new Uint32Array(1025);
  private readonly offers: ColumnArray[] = OFFER_COLUMNS.map((name) => new COLUMNS[name].array(2048));
  private offerCount = 0;
  private readonly dictionaries: ColumnDictionaries;

  constructor(
    private readonly terms: Dictionary,
    cares: Dictionary,
  ) {
    this.dictionaries = { cares };
  }

  private reserve(rows: number): void {
    const n = this.size + rows;
    growAll(this.products, n);
    this.termStart = grow(this.termStart, n + 1);
    this.offerStart = grow(this.offerStart, n + 1);
  }

  private reserveTerms(count: number): void {
    this.termData = grow(this.termData, this.termCount + count);
  }

  private reserveOffers(count: number): void {
    growAll(this.offers, this.offerCount + count);
  }

  add(doc: SearchDocument, directory: CatalogDirectory, display?: DisplayWords): void {
    this.reserve(1);
    const i = this.size;
    for (let c = 0; c < PRODUCT_READERS.length; c++) this.products[c]![i] = PRODUCT_READERS[c]!(doc, this.dictionaries);
    const terms = documentTerms(doc, directory, display);
    this.reserveTerms(terms.size);
    const first = this.termCount;
    for (const [term, weight] of terms) this.termData[this.termCount++] = this.terms.id(term) * 4 + weight;
    // In term order, as an index gives them back (withTerms): a table is the same either way.
    this.termData.subarray(first, this.termCount).sort();
    this.reserveOffers(doc.offers.length);
    for (const offer of doc.offers) {
      const k = this.offerCount++;
      for (let c = 0; c < OFFER_READERS.length; c++) this.offers[c]![k] = OFFER_READERS[c]!(offer);
    }
    this.size++;
    this.termStart[this.size] = this.termCount;
    this.offerStart[this.size] = this.offerCount;
  }

  /** The table, its rows in global order. */
  build(): DocumentTable {
    const n = this.size;
    const loaded: DocumentTable = {
      size: n,
      products: named(PRODUCT_COLUMNS, this.products, n, false),
      offerStart: this.offerStart.subarray(0, n + 1),
      offers: named(OFFER_COLUMNS, this.offers, this.offerCount, false),
      termStart: this.termStart.subarray(0, n + 1),
      termData: this.termData.subarray(0, this.termCount),
    };
    const order = globalOrder(loaded);
    if (order) return reorderedTable(loaded, order);
    return {
      size: n,
      products: named(PRODUCT_COLUMNS, this.products, n),
      offerStart: this.offerStart.slice(0, n + 1),
      offers: named(OFFER_COLUMNS, this.offers, this.offerCount),
      termStart: this.termStart.slice(0, n + 1),
      termData: this.termData.slice(0, this.termCount),
    };
  }
}

/** Row i's place in global order as two numbers: its category and department, then its product id. */
function groupOf(table: DocumentTable, i: number): number {
  return table.products.category[i]! * 3 + table.products.department[i]!;
}

/** Whether row a of `ta` comes before row b of `tb` in global order. */
function before(ta: DocumentTable, a: number, tb: DocumentTable, b: number): boolean {
  const ga = groupOf(ta, a);
  const gb = groupOf(tb, b);
  return ga < gb || (ga === gb && ta.products.productId[a]! < tb.products.productId[b]!);
}

/**
 * The rows of `table` in global order: category (tree order), department, then product id;
 * undefined when they already are (a snapshot's table, one merged by mergedTable).
 */
export function globalOrder(table: DocumentTable): Int32Array | undefined {
  const n = table.size;
  let inOrder = 1;
  while (inOrder < n && !before(table, inOrder, table, inOrder - 1)) inOrder++;
  if (inOrder >= n) return undefined;
  // By product id, then (stably) by category and department. A catalogue read from the
  // database comes in product id order: that sort is skipped.
  const ids = new Uint32Array(n);
  const group = new Uint32Array(n);
  let idsAscend = true;
  for (let i = 0; i < n; i++) {
    ids[i] = table.products.productId[i]!;
    group[i] = groupOf(table, i);
    if (i > 0 && ids[i]! < ids[i - 1]!) idsAscend = false;
  }
  return sortByKey(group, idsAscend ? identityOrder(n) : sortByKey(ids, identityOrder(n)));
}

/** A new table holding the rows `order` of `table`, in that order, every array its exact size. */
function reorderedTable(table: DocumentTable, order: Int32Array): DocumentTable {
  const { offers, terms } = spanOf(table, order);
  const to = rowArrays(order.length, offers, terms);
  copyRowsInto(table, order, to);
  return tableOf(to);
}

/**
 * The rows `kept` of `index` and every row of `fresh`, each in global order, merged in global
 * order into a new table, every array its exact size: an import re-reading some stores keeps
 * every other row of the index's table (memory-engine.ts), its terms given again first. The
 * merge is worked out once as runs (new rows taken from consecutive rows of one table: about
 * two per added row, when the added store's rows are spread through the order), then each
 * array is written a run at a time (a step each: a turn for the event loop). At 10,000,000 rows, copying row by row took
 * several seconds of a start after a store changed (decision 0100).
 */
export function* mergedTable(index: DocumentTable, kept: Int32Array, fresh: DocumentTable): Generator<void, DocumentTable, void> {
  const table = yield* withTerms(index);
  const added = yield* withTerms(fresh);
  const n = kept.length + added.size;
  // Run k: new rows runAt[k] to runAt[k + 1], from rows runRow[k] on of `added` where runAdded[k], else of `table`.
  const runAt: number[] = [];
  const runRow: number[] = [];
  const runAdded: boolean[] = [];
  for (let i = 0, j = 0, o = 0; o < n; o++) {
    const fromAdded = j < added.size && (i >= kept.length || before(added, j, table, kept[i]!));
    const r = fromAdded ? j++ : kept[i++]!;
    const k = runAt.length - 1;
    if (k >= 0 && runAdded[k] === fromAdded && runRow[k]! + (o - runAt[k]!) === r) continue;
    runAt.push(o);
    runRow.push(r);
    runAdded.push(fromAdded);
  }
  runAt.push(n);
  const runs = runRow.length;
  const source = (k: number) => (runAdded[k] ? added : table);
  const to = rowArrays(n, 0, 0);
  for (let k = 0; k < runs; k++) {
    const t = source(k);
    const [o0, r0, end] = [runAt[k]!, runRow[k]!, runAt[k + 1]!];
    const [termBase, offerBase] = [to.termStart[o0]! - t.termStart[r0]!, to.offerStart[o0]! - t.offerStart[r0]!];
    for (let o = o0, r = r0; o < end; o++, r++) {
      to.termStart[o + 1] = termBase + t.termStart[r + 1]!;
      to.offerStart[o + 1] = offerBase + t.offerStart[r + 1]!;
    }
  }
  yield;
  /** Copies one array a run at a time: each run's rows, or with `start` (termStart, offerStart) the spans the rows start. */
  const copyRuns = (out: ColumnArray, from: (t: DocumentTable) => ColumnArray, start?: 'termStart' | 'offerStart') => {
    for (let k = 0; k < runs; k++) {
      const t = source(k);
      const [r0, r1] = [runRow[k]!, runRow[k]! + runAt[k + 1]! - runAt[k]!];
      if (start) out.set(from(t).subarray(t[start][r0], t[start][r1]), to[start][runAt[k]!]);
      else out.set(from(t).subarray(r0, r1), runAt[k]);
    }
  };
  for (const [c, name] of PRODUCT_COLUMNS.entries()) {
    copyRuns(to.products[c]!, (t) => t.products[name]);
    yield;
  }
  to.termData = new Uint32Array(to.termStart[n]!);
  copyRuns(to.termData, (t) => t.termData, 'termStart');
  yield;
  for (const [c, name] of OFFER_COLUMNS.entries()) {
    copyRuns((to.offers[c] = new COLUMNS[name].array(to.offerStart[n]!)), (t) => t.offers[name], 'offerStart');
    yield;
  }
  return tableOf(to);
}

/** Empty arrays for a table of `n` rows holding `offers` offers and `terms` terms. */
function rowArrays(n: number, offers: number, terms: number): RowArrays {
  return {
    products: PRODUCT_COLUMNS.map((name) => new COLUMNS[name].array(n)),
    offerStart: new Uint32Array(n + 1),
    offers: OFFER_COLUMNS.map((name) => new COLUMNS[name].array(offers)),
    termStart: new Uint32Array(n + 1),
    termData: new Uint32Array(terms),
  };
}

/** The table whose arrays `to` are, filled. */
function tableOf(to: RowArrays): DocumentTable {
  const n = to.offerStart.length - 1;
  return {
    size: n,
    products: named(PRODUCT_COLUMNS, to.products, n, false),
    offerStart: to.offerStart,
    offers: named(OFFER_COLUMNS, to.offers, to.offerStart[n]!, false),
    termStart: to.termStart,
    termData: to.termData,
  };
}

/** How many offers and terms the rows `rows` of `table` hold. */
function spanOf(table: DocumentTable, rows: Int32Array): { offers: number; terms: number } {
  let offers = 0;
  let terms = 0;
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]!;
    offers += table.offerStart[i + 1]! - table.offerStart[i]!;
    terms += table.termStart[i + 1]! - table.termStart[i]!;
  }
  return { offers, terms };
}

/** A table's arrays as a builder holds them: columns in the order of PRODUCT_COLUMNS and OFFER_COLUMNS. */
type RowArrays = { products: ColumnArray[]; offerStart: Uint32Array; offers: ColumnArray[]; termStart: Uint32Array; termData: Uint32Array };

/** Copies the rows `rows` of `table`, in that order, into `to`, a column at a time; `to` has the room. */
function copyRowsInto(table: DocumentTable, rows: Int32Array, to: RowArrays): void {
  const count = rows.length;
  PRODUCT_COLUMNS.forEach((name, c) => {
    const from = table.products[name];
    const out = to.products[c]!;
    for (let j = 0; j < count; j++) out[j] = from[rows[j]!]!;
  });
  for (let j = 0, t = 0, o = 0; j < count; j++) {
    const i = rows[j]!;
    for (let k = table.termStart[i]!; k < table.termStart[i + 1]!; k++) to.termData[t++] = table.termData[k]!;
    o += table.offerStart[i + 1]! - table.offerStart[i]!;
    to.termStart[j + 1] = t;
    to.offerStart[j + 1] = o;
  }
  OFFER_COLUMNS.forEach((name, c) => {
    const from = table.offers[name];
    const out = to.offers[c]!;
    let o = 0;
    for (let j = 0; j < count; j++) {
      const i = rows[j]!;
      for (let k = table.offerStart[i]!; k < table.offerStart[i + 1]!; k++) out[o++] = from[k]!;
    }
  });
}
