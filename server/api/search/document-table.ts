import { COLOURS, type ColourKey } from '../../../shared/colours';
import { DEPARTMENTS } from '../../../shared/constants';
import { COUNTRY_CODES } from '../../../shared/countries';
import {
  CATEGORY_ORDER,
  COUNTRY_INDEX,
  DEPARTMENT_INDEX,
  colourMask,
  documentTerms,
  type DisplayWords,
  type SearchDocument,
} from './documents';
import type { CatalogDirectory } from './search-engine';

// Search documents as columns of typed arrays: about 100 bytes a product instead of a
// kilobyte of JavaScript objects, and cheap to copy when an import replaces one store's
// products (design.md "columnar typed arrays"). A table is never changed once built: an
// update builds a new one and the index swaps it in.

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
}

export const OFFER_FREE_DELIVERY = 1;
export const OFFER_COUPONS = 2;

export type DocumentTable = {
  size: number;
  productId: Int32Array;
  storeId: Int32Array;
  brandId: Int32Array;
  /** Position of the product's category in the tree (CATEGORIES order). */
  category: Uint16Array;
  department: Uint8Array;
  popularity: Int32Array;
  /** Bit i set: a variant in COLOURS[i]. */
  colours: Uint32Array;
  /** Care dictionary id, -1 for none. */
  care: Int32Array;
  /** Row i's terms are termData[termStart[i] .. termStart[i+1]): termId * 4 + field weight. */
  termStart: Uint32Array;
  termData: Uint32Array;
  /** Row i's prices are offer*[offerStart[i] .. offerStart[i+1]), one per country it is sold in. */
  offerStart: Uint32Array;
  offerCountry: Uint8Array;
  offerPrice: Int32Array;
  offerDiscount: Uint8Array;
  offerFlags: Uint8Array;
};

type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array;

function grow<T extends Typed>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

export class TableBuilder {
  private size = 0;
  private productId = new Int32Array(1024);
  private storeId = new Int32Array(1024);
  private brandId = new Int32Array(1024);
  private category = new Uint16Array(1024);
  private department = new Uint8Array(1024);
  private popularity = new Int32Array(1024);
  private colours = new Uint32Array(1024);
  private care = new Int32Array(1024);
  private termStart = new Uint32Array(1025);
  private termData = new Uint32Array(8192);
  private termCount = 0;
  private offerStart = new Uint32Array(1025);
  private offerCountry = new Uint8Array(2048);
  private offerPrice = new Int32Array(2048);
  private offerDiscount = new Uint8Array(2048);
  private offerFlags = new Uint8Array(2048);
  private offerCount = 0;

  constructor(
    private readonly terms: Dictionary,
    private readonly cares: Dictionary,
  ) {}

  private reserve(rows: number): void {
    const n = this.size + rows;
    this.productId = grow(this.productId, n);
    this.storeId = grow(this.storeId, n);
    this.brandId = grow(this.brandId, n);
    this.category = grow(this.category, n);
    this.department = grow(this.department, n);
    this.popularity = grow(this.popularity, n);
    this.colours = grow(this.colours, n);
    this.care = grow(this.care, n);
    this.termStart = grow(this.termStart, n + 1);
    this.offerStart = grow(this.offerStart, n + 1);
  }

  private reserveTerms(count: number): void {
    this.termData = grow(this.termData, this.termCount + count);
  }

  private reserveOffers(count: number): void {
    const n = this.offerCount + count;
    this.offerCountry = grow(this.offerCountry, n);
    this.offerPrice = grow(this.offerPrice, n);
    this.offerDiscount = grow(this.offerDiscount, n);
    this.offerFlags = grow(this.offerFlags, n);
  }

  add(doc: SearchDocument, directory: CatalogDirectory, display?: DisplayWords): void {
    this.reserve(1);
    const i = this.size;
    this.productId[i] = doc.productId;
    this.storeId[i] = doc.storeId;
    this.brandId[i] = doc.brandId;
    this.category[i] = CATEGORY_ORDER.get(doc.category)!;
    this.department[i] = DEPARTMENT_INDEX.get(doc.department)!;
    this.popularity[i] = doc.popularity;
    this.colours[i] = colourMask(doc.colours);
    this.care[i] = doc.care ? this.cares.id(doc.care) : -1;
    const terms = documentTerms(doc, directory, display);
    this.reserveTerms(terms.size);
    for (const [term, weight] of terms) this.termData[this.termCount++] = this.terms.id(term) * 4 + weight;
    this.reserveOffers(doc.offers.length);
    for (const o of doc.offers) {
      const k = this.offerCount++;
      this.offerCountry[k] = COUNTRY_INDEX.get(o.country)!;
      this.offerPrice[k] = o.price;
      this.offerDiscount[k] = o.discount;
      this.offerFlags[k] = (o.freeDelivery ? OFFER_FREE_DELIVERY : 0) | (o.coupons ? OFFER_COUPONS : 0);
    }
    this.size++;
    this.termStart[this.size] = this.termCount;
    this.offerStart[this.size] = this.offerCount;
  }

  /** Copies row `i` of an earlier table (its dictionaries are this builder's). */
  copy(table: DocumentTable, i: number): void {
    this.reserve(1);
    const r = this.size;
    this.productId[r] = table.productId[i]!;
    this.storeId[r] = table.storeId[i]!;
    this.brandId[r] = table.brandId[i]!;
    this.category[r] = table.category[i]!;
    this.department[r] = table.department[i]!;
    this.popularity[r] = table.popularity[i]!;
    this.colours[r] = table.colours[i]!;
    this.care[r] = table.care[i]!;
    const t0 = table.termStart[i]!;
    const t1 = table.termStart[i + 1]!;
    this.reserveTerms(t1 - t0);
    this.termData.set(table.termData.subarray(t0, t1), this.termCount);
    this.termCount += t1 - t0;
    const o0 = table.offerStart[i]!;
    const o1 = table.offerStart[i + 1]!;
    this.reserveOffers(o1 - o0);
    this.offerCountry.set(table.offerCountry.subarray(o0, o1), this.offerCount);
    this.offerPrice.set(table.offerPrice.subarray(o0, o1), this.offerCount);
    this.offerDiscount.set(table.offerDiscount.subarray(o0, o1), this.offerCount);
    this.offerFlags.set(table.offerFlags.subarray(o0, o1), this.offerCount);
    this.offerCount += o1 - o0;
    this.size++;
    this.termStart[this.size] = this.termCount;
    this.offerStart[this.size] = this.offerCount;
  }

  build(): DocumentTable {
    const n = this.size;
    // Trimmed copies: the builder's spare capacity is not kept alive.
    return {
      size: n,
      productId: this.productId.slice(0, n),
      storeId: this.storeId.slice(0, n),
      brandId: this.brandId.slice(0, n),
      category: this.category.slice(0, n),
      department: this.department.slice(0, n),
      popularity: this.popularity.slice(0, n),
      colours: this.colours.slice(0, n),
      care: this.care.slice(0, n),
      termStart: this.termStart.slice(0, n + 1),
      termData: this.termData.slice(0, this.termCount),
      offerStart: this.offerStart.slice(0, n + 1),
      offerCountry: this.offerCountry.slice(0, this.offerCount),
      offerPrice: this.offerPrice.slice(0, this.offerCount),
      offerDiscount: this.offerDiscount.slice(0, this.offerCount),
      offerFlags: this.offerFlags.slice(0, this.offerCount),
    };
  }
}

/** Bytes held by a table's arrays. */
export function tableBytes(table: DocumentTable): number {
  let bytes = 0;
  for (const value of Object.values(table)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  return bytes;
}

export const COLOUR_KEYS: readonly ColourKey[] = COLOURS.map((c) => c.key);
export const DEPARTMENT_KEYS = DEPARTMENTS;
export const COUNTRY_KEYS = COUNTRY_CODES;
