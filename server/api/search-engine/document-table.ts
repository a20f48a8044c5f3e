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
import type { CatalogDirectory } from './search-engine';

// Search documents as columns of typed arrays: about 100 bytes a product instead of a
// kilobyte of JavaScript objects, and cheap to copy when an import replaces one store's
// products. Which columns there are comes from columns.ts. A table is never changed once
// built: an update builds a new one and the index swaps it in.

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
  /** Row i's terms are termData[termStart[i] .. termStart[i+1]): termId * 4 + field weight. */
  termStart: Uint32Array;
  termData: Uint32Array;
};

function grow<T extends ColumnArray>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

function growAll(arrays: ColumnArray[], needed: number): void {
  for (let c = 0; c < arrays.length; c++) arrays[c] = grow(arrays[c]!, needed);
}

/** The arrays as a table names them, trimmed to `end` (the builder's spare capacity is not kept alive). */
function named<K extends ProductColumnName | OfferColumnName>(names: readonly K[], arrays: readonly ColumnArray[], end: number): ColumnArrays<K> {
  const out = {} as Record<K, ColumnArray>;
  names.forEach((name, c) => (out[name] = arrays[c]!.slice(0, end)));
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
    for (const [term, weight] of terms) this.termData[this.termCount++] = this.terms.id(term) * 4 + weight;
    this.reserveOffers(doc.offers.length);
    for (const offer of doc.offers) {
      const k = this.offerCount++;
      for (let c = 0; c < OFFER_READERS.length; c++) this.offers[c]![k] = OFFER_READERS[c]!(offer);
    }
    this.size++;
    this.termStart[this.size] = this.termCount;
    this.offerStart[this.size] = this.offerCount;
  }

  /** Copies the rows `rows` of an earlier table, in that order, a column at a time (an import re-reading some stores keeps every other row). */
  copyRows(table: DocumentTable, rows: Int32Array): void {
    const r0 = this.size;
    const count = rows.length;
    this.reserve(count);
    PRODUCT_COLUMNS.forEach((name, c) => {
      const from = table.products[name];
      const to = this.products[c]!;
      for (let j = 0; j < count; j++) to[r0 + j] = from[rows[j]!]!;
    });
    let terms = 0;
    let offers = 0;
    for (let j = 0; j < count; j++) {
      const i = rows[j]!;
      terms += table.termStart[i + 1]! - table.termStart[i]!;
      offers += table.offerStart[i + 1]! - table.offerStart[i]!;
    }
    this.reserveTerms(terms);
    this.reserveOffers(offers);
    for (let j = 0, t = this.termCount, o = this.offerCount; j < count; j++) {
      const i = rows[j]!;
      for (let k = table.termStart[i]!; k < table.termStart[i + 1]!; k++) this.termData[t++] = table.termData[k]!;
      o += table.offerStart[i + 1]! - table.offerStart[i]!;
      this.termStart[r0 + j + 1] = t;
      this.offerStart[r0 + j + 1] = o;
    }
    OFFER_COLUMNS.forEach((name, c) => {
      const from = table.offers[name];
      const to = this.offers[c]!;
      let o = this.offerCount;
      for (let j = 0; j < count; j++) {
        const i = rows[j]!;
        for (let k = table.offerStart[i]!; k < table.offerStart[i + 1]!; k++) to[o++] = from[k]!;
      }
    });
    this.size += count;
    this.termCount += terms;
    this.offerCount += offers;
  }

  build(): DocumentTable {
    const n = this.size;
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
