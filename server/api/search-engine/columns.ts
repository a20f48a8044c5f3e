import type { Dictionary } from './document-table';
import { CATEGORY_ORDER, COUNTRY_INDEX, DEPARTMENT_INDEX, colourMask, type DocumentOffer, type SearchDocument } from './documents';
import type { DirectoryStore } from './search-engine';

// The columns of the catalog index, declared once. Each entry says where its values come
// from, the typed array that holds them, how one value is read, and what the index does
// with it. The document table (storage, building, copying rows) and the per-country
// columns of the index are derived from this list, so a new column is one entry here;
// what a filter group or facet does with it is written where groups and facets are
// (index-plan.ts, index-scan.ts).

/** What the index does with a column. */
type ColumnUse =
  /** Answers carry it (the page of product ids). */
  | 'answer'
  /** A page's scope tests it (category, brand, store and sale pages, international delivery). */
  | 'scope'
  /** A filter group tests it. */
  | 'filter'
  /** A facet counts it. */
  | 'facet'
  /** A sort order is built from it. */
  | 'sort'
  /** It says which country an offer is for. */
  | 'country'
  /** It picks a product's card among its store copies (issue 28): read when a country's positions are built. */
  | 'card';

/** Uses that need the values at scan time, so the column is copied into each country's positions. */
const SCANNED_USES = ['answer', 'scope', 'filter', 'facet'] as const satisfies readonly ColumnUse[];
type ScannedUse = (typeof SCANNED_USES)[number];

type ArrayType = Int32ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;
export type ColumnArray = Int32Array | Uint32Array | Uint16Array | Uint8Array;
type ArrayOf<A extends ArrayType> = A extends Int32ArrayConstructor
  ? Int32Array
  : A extends Uint32ArrayConstructor
    ? Uint32Array
    : A extends Uint16ArrayConstructor
      ? Uint16Array
      : Uint8Array;

/** Dictionaries that number a column's strings (shared by every table of one engine). */
export type ColumnDictionaries = { cares: Dictionary };

type ColumnBase = { array: ArrayType; uses: readonly ColumnUse[] };
/** One value per product, read from its search document. */
type ProductColumn = ColumnBase & { from: 'product'; read: (doc: SearchDocument, dictionaries: ColumnDictionaries) => number };
/** One value per product and country it is sold in, read from that offer. */
type OfferColumn = ColumnBase & { from: 'offer'; read: (offer: DocumentOffer) => number };
/** One value per product and country, read from its store when the index is built (a store's facts may change without its products). */
type StoreColumn = ColumnBase & { from: 'store'; read: (store: DirectoryStore | undefined, country: number) => number };
type Column = ProductColumn | OfferColumn | StoreColumn;

/** Bits of the `flags` column. */
export const OFFER_FREE_DELIVERY = 1;
export const OFFER_COUPONS = 2;
/** madeIn of a product whose store the directory does not know. */
const UNKNOWN_COUNTRY = 255;

export const COLUMNS = {
  /** Answers carry it too, read through a position's document (MemoryIndex's productIdOf), not copied per country. */
  productId: { from: 'product', array: Int32Array, uses: ['sort'], read: (doc) => doc.productId },
  storeId: { from: 'product', array: Int32Array, uses: ['scope', 'filter', 'facet'], read: (doc) => doc.storeId },
  /** products.canonical_id: the copies sharing it are one product, one card (issue 28). */
  groupId: { from: 'product', array: Int32Array, uses: ['card'], read: (doc) => doc.groupId },
  /** 0 when the feed named no brand. */
  brandId: { from: 'product', array: Int32Array, uses: ['scope', 'filter', 'facet'], read: (doc) => doc.brandId },
  /** Position of the product's category in the tree (CATEGORIES order): a subtree is a range. */
  category: { from: 'product', array: Uint16Array, uses: ['scope', 'filter', 'facet'], read: (doc) => CATEGORY_ORDER.get(doc.category)! },
  department: { from: 'product', array: Uint8Array, uses: ['filter', 'facet'], read: (doc) => DEPARTMENT_INDEX.get(doc.department)! },
  popularity: { from: 'product', array: Int32Array, uses: ['sort'], read: (doc) => doc.popularity },
  /** Bit i set: a variant in COLOURS[i]. */
  colours: { from: 'product', array: Uint32Array, uses: ['filter', 'facet'], read: (doc) => colourMask(doc.colours) },
  /** Care dictionary id, -1 for none. */
  care: { from: 'product', array: Int32Array, uses: ['filter'], read: (doc, d) => (doc.care ? d.cares.id(doc.care) : -1) },
  /** Country index (COUNTRY_CODES order). */
  country: { from: 'offer', array: Uint8Array, uses: ['country'], read: (offer) => COUNTRY_INDEX.get(offer.country)! },
  /** Lowest sale price there, minor units. */
  price: { from: 'offer', array: Int32Array, uses: ['filter', 'facet', 'sort'], read: (offer) => offer.price },
  /** Highest discount percent there, 0 when not reduced. */
  discount: { from: 'offer', array: Uint8Array, uses: ['scope', 'filter', 'facet', 'sort'], read: (offer) => offer.discount },
  /** Largest price fall there over the last 7 days, whole percent, 0 when none (the Price Dropped filter and sort). */
  dropped: { from: 'offer', array: Uint8Array, uses: ['filter', 'facet', 'sort'], read: (offer) => offer.dropped },
  /** Cheapest total there (sale price and delivery), minor units: the cheapest copy is the card. */
  total: { from: 'offer', array: Int32Array, uses: ['card'], read: (offer) => offer.total },
  /** 1 when a size can be bought there: a copy in stock is the card before any sold-out one. */
  inStock: { from: 'offer', array: Uint8Array, uses: ['card'], read: (offer) => (offer.inStock ? 1 : 0) },
  flags: {
    from: 'offer',
    array: Uint8Array,
    uses: ['filter', 'facet'],
    read: (offer) => (offer.freeDelivery ? OFFER_FREE_DELIVERY : 0) | (offer.coupons ? OFFER_COUPONS : 0),
  },
  /** Country index of the store's own country (the Local toggle). */
  madeIn: {
    from: 'store',
    array: Uint8Array,
    uses: ['filter'],
    read: (store) => (store ? COUNTRY_INDEX.get(store.country)! : UNKNOWN_COUNTRY),
  },
  /** 1 when the store is abroad and delivers internationally (the international delivery toggle). */
  abroad: {
    from: 'store',
    array: Uint8Array,
    uses: ['scope'],
    read: (store, country) => (store && store.international && COUNTRY_INDEX.get(store.country)! !== country ? 1 : 0),
  },
} as const satisfies Record<string, Column>;

type Columns = typeof COLUMNS;
export type ColumnName = keyof Columns;
type NamesFrom<From extends Column['from']> = { [K in ColumnName]: Columns[K]['from'] extends From ? K : never }[ColumnName];
export type ProductColumnName = NamesFrom<'product'>;
export type OfferColumnName = NamesFrom<'offer'>;
export type CountryColumnName = {
  [K in ColumnName]: Extract<Columns[K]['uses'][number], ScannedUse> extends never ? never : K;
}[ColumnName];

/** One typed array per named column. */
export type ColumnArrays<K extends ColumnName> = { [N in K]: ArrayOf<Columns[N]['array']> };

function namesWhere(test: (column: Column) => boolean): ColumnName[] {
  return (Object.keys(COLUMNS) as ColumnName[]).filter((name) => test(COLUMNS[name]));
}

export const PRODUCT_COLUMNS = namesWhere((c) => c.from === 'product') as readonly ProductColumnName[];
export const OFFER_COLUMNS = namesWhere((c) => c.from === 'offer') as readonly OfferColumnName[];
/** The columns each country keeps for its positions: not popularity (its sort order keeps it), not an offer's country (it picks the positions). */
export const COUNTRY_COLUMNS = namesWhere((c) => c.uses.some((use) => (SCANNED_USES as readonly ColumnUse[]).includes(use))) as readonly CountryColumnName[];

/** Zeroed arrays of `length` for the named columns. */
export function newColumnArrays<K extends ColumnName>(names: readonly K[], length: number): ColumnArrays<K> {
  const arrays = {} as Record<K, ColumnArray>;
  for (const name of names) arrays[name] = new COLUMNS[name].array(length);
  return arrays as ColumnArrays<K>;
}
