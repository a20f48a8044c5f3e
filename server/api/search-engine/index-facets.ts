import { COLOURS } from '../../../shared/colours';
import { DEPARTMENTS, OFFER_BUCKETS } from '../../../shared/constants';
import { CATEGORIES } from '../catalog/category-tree';
import { sortedIndexOf } from './key-sort';
import type { FacetCounts } from './search-engine';

// Facet counters of one request: plain typed arrays the scan and the cells add into, turned
// into the engine's FacetCounts at the end; and how one product counts in the colour and
// offers facets (the scan and the cells' build count alike).

/** Per-request facet counters. */
export type FacetCounters = {
  /** By colour bit. */
  colour: Int32Array;
  /** By category order. */
  category: Int32Array;
  /** By brand id / store id (empty when not wanted). */
  brand: Int32Array;
  store: Int32Array;
  /** By OFFER_BUCKETS index. */
  offers: Int32Array;
  department: Int32Array;
  /** coupons, free delivery, sale, price dropped. */
  deals: Int32Array;
  /** Lowest and highest price over the scope and text, of the cards when no store is in view (issue 28; maxPrice -1: none). */
  minPrice: number;
  maxPrice: number;
};

const COLOUR_KEYS = COLOURS.map((c) => c.key);

/** Deal counts per request and per cell: coupons, free delivery, sale, price dropped. */
export const DEAL_COUNT = 4;

/** The OFFER_BUCKETS index of each whole discount percent, -1 for none. */
export const OFFER_BUCKET_OF = (() => {
  const table = new Int8Array(256).fill(-1);
  OFFER_BUCKETS.forEach((b, i) => {
    for (let d = b.from; d <= b.to; d++) table[d] = i;
  });
  return table;
})();

/** Adds `count` (one by default) to out[base + i] for each bit i set in `bits` (a product's colours). */
export function countColourBits(bits: number, out: Int32Array, base: number, count = 1): void {
  while (bits !== 0) {
    const low = bits & -bits;
    out[base + 31 - Math.clz32(low)]! += count;
    bits ^= low;
  }
}

/** Zeroed counters; the brand and store ones (sized by the largest id) only when those facets are wanted. */
export function newFacetCounters(want: ReadonlySet<string>, maxBrandId: number, maxStoreId: number): FacetCounters {
  return {
    colour: new Int32Array(32),
    category: new Int32Array(CATEGORIES.length),
    brand: new Int32Array(want.has('brand') ? maxBrandId + 1 : 0),
    store: new Int32Array(want.has('store') ? maxStoreId + 1 : 0),
    offers: new Int32Array(OFFER_BUCKETS.length),
    department: new Int32Array(DEPARTMENTS.length),
    deals: new Int32Array(DEAL_COUNT),
    minPrice: 0x7fffffff,
    maxPrice: -1,
  };
}

/** The counters as the engine answers them: only the groups asked for, only values with products. */
export function facetCountsOf(want: ReadonlySet<string>, F: FacetCounters, maxBrandId: number, maxStoreId: number): FacetCounts {
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
  if (want.has('brand')) facets.brand = IdCounts.of(F.brand, maxBrandId);
  if (want.has('store')) facets.store = IdCounts.of(F.store, maxStoreId);
  if (want.has('offers')) facets.offers = Array.from(F.offers);
  if (want.has('department')) {
    facets.department = new Map();
    DEPARTMENTS.forEach((d, i) => {
      if (F.department[i]! > 0) facets.department!.set(d, F.department[i]!);
    });
  }
  if (want.has('deals')) facets.deals = { coupons: F.deals[0]!, freedelivery: F.deals[1]!, sale: F.deals[2]!, pricedropped: F.deals[3]! };
  if (want.has('price')) facets.price = F.maxPrice >= 0 ? { min: F.minPrice, max: F.maxPrice } : null;
  return facets;
}

/**
 * Products by brand or store id, as a read-only Map over two typed arrays: the ids with
 * products, ascending, and their counts. A whole country's brand facet has thousands of
 * entries, and filling a Map with them cost a broad request a fifth of its time (issue 30);
 * these are gathered in one pass over the counters.
 */
export class IdCounts implements ReadonlyMap<number, number> {
  private constructor(
    private readonly ids: Int32Array,
    private readonly counts: Int32Array,
  ) {}

  /** The ids 1 … maxId with a count above 0 in `dense` (indexed by id). */
  static of(dense: Int32Array, maxId: number): IdCounts {
    let n = 0;
    for (let id = 1; id <= maxId; id++) if (dense[id]! > 0) n++;
    const ids = new Int32Array(n);
    const counts = new Int32Array(n);
    for (let id = 1, k = 0; k < n; id++) {
      if (dense[id]! > 0) {
        ids[k] = id;
        counts[k++] = dense[id]!;
      }
    }
    return new IdCounts(ids, counts);
  }

  get size(): number {
    return this.ids.length;
  }

  get(id: number): number | undefined {
    const at = sortedIndexOf(this.ids, id);
    return at < 0 ? undefined : this.counts[at];
  }

  has(id: number): boolean {
    return sortedIndexOf(this.ids, id) >= 0;
  }

  forEach(callback: (count: number, id: number, map: ReadonlyMap<number, number>) => void, thisArg?: unknown): void {
    for (let k = 0; k < this.ids.length; k++) callback.call(thisArg, this.counts[k]!, this.ids[k]!, this);
  }

  *entries(): MapIterator<[number, number]> {
    for (let k = 0; k < this.ids.length; k++) yield [this.ids[k]!, this.counts[k]!];
  }

  *keys(): MapIterator<number> {
    for (let k = 0; k < this.ids.length; k++) yield this.ids[k]!;
  }

  *values(): MapIterator<number> {
    for (let k = 0; k < this.ids.length; k++) yield this.counts[k]!;
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'IdCounts';
  }
}
