import { DEPARTMENTS, OFFER_BUCKETS, SALE_BANDS } from '../../../shared/constants';
import { COUNTRY_CODES } from '../../../shared/countries';
import type { SortValue } from '../../../shared/sort-options';
import { CATEGORIES } from '../catalog/category-tree';
import {
  COLUMNS,
  COUNTRY_COLUMNS,
  OFFER_COUPONS,
  OFFER_FREE_DELIVERY,
  newColumnArrays,
  type ColumnArray,
  type ColumnArrays,
  type ColumnName,
  type CountryColumnName,
  type OfferColumnName,
  type ProductColumnName,
} from './columns';
import { globalOrder, type DocumentTable } from './document-table';
import { buildCountryBits, type CountryBits } from './index-bits';
import { DEAL_COUNT, OFFER_BUCKET_OF, countColourBits } from './index-facets';
import type { CatalogDirectory } from './search-engine';
import { identityOrder, sortByKey } from './key-sort';
import { runAtOnce } from './time-slicer';

// Building the index from a document table: the country columns, their posting lists and
// sort orders, and the cells with their facet counts. Everything here runs once per
// build, in steps the caller may interleave with requests; the per-request work is in
// index-plan.ts and index-scan.ts.
//
// - Documents are ordered by category (tree order), department and product id, so every
//   category's subtree is one contiguous range: a category page scans a range.
// - Per country, the products sold there get the country columns (columns.ts) in that
//   order, so a listing only touches that country's products, sequentially.
// - Per country, a rank and an order of positions for each sort (Recommended, Highest
//   Discount, price ascending and descending, Price Dropped, each ending in the product id): a
//   page is a bounded heap over ranks, or a walk down an order, and ties break the same way
//   every time.
// - Brand and store pages read posting lists of positions, sale pages a list of the
//   reduced products by discount (a band is a slice of it).
// - Issue 28: every store's copy keeps its position (a store page or store filter lists
//   that store's own copies), and `lead` marks, per country, the copy that is its product's
//   card: the one a shopper can buy cheapest in all (in stock first, then the lowest total,
//   then the lowest product id). A listing without a store in view reads only the marked
//   copies; a marker costs one byte per position and one read in the scan, where a second
//   set of columns for the cards alone would double the columns and every build. With
//   stores picked, the card is the best-ranked copy among theirs (cardRank, groupOf), marked
//   per request from their posting lists (index-scan.ts, markStoreCards).

/** topK packs a text score with a rank below SLOT into one float64: positions per country stay below it (67M). */
export const SLOT = 2 ** 26;
const MAX_POPULARITY = 0x7fffffff;

/** One country's products, in position order. */
export type CountryColumns = ColumnArrays<CountryColumnName> &
  CountryBits & {
  size: number;
  /** Global document number of each position. */
  doc: Int32Array;
  rankPopular: Uint32Array;
  rankSale: Uint32Array;
  rankAsc: Uint32Array;
  rankDesc: Uint32Array;
  rankDropped: Uint32Array;
  /** Positions in each sort order (the inverse of the rank columns). */
  orderPopular: Int32Array;
  orderSale: Int32Array;
  orderAsc: Int32Array;
  orderDesc: Int32Array;
  orderDropped: Int32Array;
  /** catStart[k]: first position whose category order is k or more (length: categories + 1). */
  catStart: Int32Array;
  brandStart: Int32Array;
  brandPositions: Int32Array;
  storeStart: Int32Array;
  storePositions: Int32Array;
  /** The reduced positions by discount: percent d's (1-255) are salePositions[saleStart[d] .. saleStart[d + 1]). */
  saleStart: Int32Array;
  salePositions: Int32Array;
  /**
   * Which global documents are sold here, and where (positionOf): per 32 documents, how many
   * before them are (even words) and a bit for each of them (odd words); positionAt holds the
   * position of each, in document order. Two bits a document and four bytes a position, where
   * a position per document took 32 bits in every country (issue 30: 6 % of the index).
   */
  docBits: Uint32Array;
  positionAt: Int32Array;
  /** 1 at the position of each product's card here (its copy with the cheapest total, issue 28). */
  lead: Uint8Array;
  /** Each position's product, numbered 0 … groups - 1 here, and its rank as a card among all positions (lower: the card). */
  groupOf: Int32Array;
  cardRank: Uint32Array;
  groups: number;
  cells: Cells;
};

/**
 * Discount classes: runs of whole percents cut wherever a sale band (SALE_BANDS), an offers
 * bucket (OFFER_BUCKETS) or the sale scope (1 and up) starts or ends, so that each of them is
 * a union of classes: 0, 1-9, 10-20, 21-29, 30-40, 41-49, 50, 51-59, 60-69, 70, 71-100, 101-255.
 * Class k holds the discounts DISCOUNT_CLASS_LO[k] ..= DISCOUNT_CLASS_HI[k].
 */
export const DISCOUNT_CLASS_LO = Uint8Array.from(
  new Set([0, 1, 101, ...[...SALE_BANDS, ...OFFER_BUCKETS].flatMap((band) => [band.from, band.to + 1])].filter((d) => d <= 255).sort((a, b) => a - b)),
);
export const DISCOUNT_CLASS_HI = DISCOUNT_CLASS_LO.map((_lo, k) => (k + 1 < DISCOUNT_CLASS_LO.length ? DISCOUNT_CLASS_LO[k + 1]! - 1 : 255));
/** The class of each whole discount percent. */
export const DISCOUNT_CLASS_OF = (() => {
  const table = new Uint8Array(256);
  DISCOUNT_CLASS_LO.forEach((lo, k) => table.fill(k, lo, DISCOUNT_CLASS_HI[k]! + 1));
  return table;
})();

/** Whether the discounts lo ..= hi (hi 255: no upper bound) are whole classes, and so whole cells. */
export function discountClassesFit(lo: number, hi: number): boolean {
  return DISCOUNT_CLASS_LO.includes(lo) && (hi >= 255 || DISCOUNT_CLASS_LO.includes(hi + 1));
}

/** A cell's deals (Cells.deal): every position of it has free delivery, or a price that fell. */
export const CELL_FREE_DELIVERY = 1;
export const CELL_PRICE_DROPPED = 2;

/** The deal bits of a position in cells' terms: what its flags and price drop say. */
function cellDeal(flags: number, dropped: number): number {
  return ((flags & OFFER_FREE_DELIVERY) !== 0 ? CELL_FREE_DELIVERY : 0) | (dropped > 0 ? CELL_PRICE_DROPPED : 0);
}

const DISCOUNT_CLASSES = DISCOUNT_CLASS_LO.length;

/**
 * A position's cell as one number: category, department, discount class, deals. Positions are
 * placed in its order, and a cell is a run of one key (buildCells).
 */
function cellKey(category: number, department: number, discount: number, flags: number, dropped: number): number {
  return ((category * 3 + department) * DISCOUNT_CLASSES + DISCOUNT_CLASS_OF[discount]!) * 4 + cellDeal(flags, dropped);
}

/**
 * Cells: the runs of positions with one category, one department, one discount class and
 * the same free delivery and price drop (positions are in that order), each with its facet
 * counts computed at build time. A request without text whose only constraints are
 * category, department, sale, a sale band, offers, free delivery and price dropped adds up
 * cells instead of scanning (index-plan.ts decides).
 */
export type Cells = {
  count: number;
  start: Int32Array;
  category: Uint16Array;
  department: Uint8Array;
  /** The cell's discount class (DISCOUNT_CLASS_LO): its products' discounts in this country; 0 is not reduced. */
  discountClass: Uint8Array;
  /** CELL_FREE_DELIVERY and CELL_PRICE_DROPPED: what every product of the cell has here. */
  deal: Uint8Array;
  /** The cell of each position. */
  of: Uint16Array;
  /** Cards (lead positions) per cell: what a cell adds to totals; every facet but the store's counts them alone. */
  leads: Int32Array;
  /** 32 counts per cell, one per colour bit. */
  colour: Int32Array;
  /** OFFER_BUCKETS.length counts per cell. */
  offers: Int32Array;
  /** coupons, free delivery, sale, price dropped: DEAL_COUNT counts per cell. */
  deals: Int32Array;
  minPrice: Int32Array;
  maxPrice: Int32Array;
  /** The same over every copy, not only the cards (a request with a store in view prices them all). */
  copyMinPrice: Int32Array;
  copyMaxPrice: Int32Array;
  /** Cell x's brands are brandId/brandCount[brandStart[x] .. brandStart[x+1]); stores alike. */
  brandStart: Int32Array;
  brandId: Int32Array;
  brandCount: Int32Array;
  storeStart: Int32Array;
  storeId: Int32Array;
  storeCount: Int32Array;
  /**
   * Every cell added up, for a whole country (slot 0) and for each department alone (slot 1 + its
   * index): what a request with no scope and no filter but one department counts. A
   * country's brand and store lists sum to about as many entries as it has products, so such a
   * request adding up its cells cost as much as a scan. Per slot: cards, then counts by colour bit,
   * category order, department, offers bucket, deal, brand id and store id (every copy).
   */
  totalLeads: Int32Array;
  totalColour: Int32Array;
  totalCategory: Int32Array;
  totalDepartment: Int32Array;
  totalOffers: Int32Array;
  totalDeals: Int32Array;
  totalBrand: Int32Array;
  totalStore: Int32Array;
};

/** Slots of Cells' totals: the whole country, then one per department. */
export const TOTAL_SLOTS = 1 + DEPARTMENTS.length;

export type BuiltIndex = {
  /** Table row of each global document (category, department, product id order). */
  rows: Int32Array;
  /** Whether rows is the identity: the table's rows were in global order, as every built table's are. */
  rowsInOrder: boolean;
  /** Each country's columns as everyone but admins sees it: without the admin-only stores' products. */
  countries: CountryColumns[];
  /**
   * As admins see it (spec section 6): every product. The same arrays as `countries` when no
   * store is admin-only, so a catalogue without one costs nothing more.
   */
  adminCountries: CountryColumns[];
  /** 1 for each table row whose store is admin-only, undefined when none is. */
  hiddenRows: Uint8Array | undefined;
  /** Each global document's product id (the answers' ids), and the documents in product id order (editors' pick lists). */
  productIdOf: Int32Array;
  docOfSorted: Int32Array;
  maxBrandId: number;
  maxStoreId: number;
};

/** Builds the index in one go (the benchmark; the api builds in slices, buildIndexSteps). */
export function buildIndex(table: DocumentTable, directory: CatalogDirectory): BuiltIndex {
  return runAtOnce(buildIndexSteps(table, directory));
}

/**
 * Builds the index as a series of steps, each some milliseconds at the demo's size (a sort,
 * a country's columns, its cells): the api's engine gives the event loop a turn between
 * them (time-slicer.ts), so a build never holds requests for long.
 */
export function* buildIndexSteps(table: DocumentTable, directory: CatalogDirectory): Generator<void, BuiltIndex, void> {
  const order = globalOrder(table);
  const rows = order ?? identityOrder(table.size);
  yield;
  const { storeId, brandId, productId } = table.products;
  let maxBrandId = 0;
  let maxStoreId = 0;
  for (let i = 0; i < table.size; i++) {
    if (brandId[i]! > maxBrandId) maxBrandId = brandId[i]!;
    if (storeId[i]! > maxStoreId) maxStoreId = storeId[i]!;
  }
  const n = rows.length;
  // The table's own column when its rows are in global order, as every built table's are.
  let productIdOf = productId;
  if (order) {
    productIdOf = new Int32Array(n);
    for (let g = 0; g < n; g++) productIdOf[g] = productId[rows[g]!]!;
  }
  const docOfSorted = sortByKey(new Uint32Array(productIdOf.buffer, productIdOf.byteOffset, n), identityOrder(n));
  yield;
  const hiddenRows = adminOnlyRows(table, directory);
  const offerIn = offersByCountry(table);
  yield;
  const countries: CountryColumns[] = [];
  for (let c = 0; c < COUNTRY_CODES.length; c++) countries.push(yield* buildCountry(table, directory, rows, offerIn, c, maxBrandId, maxStoreId, hiddenRows));
  // Admin-only products are kept out of the public columns altogether (positions, posting
  // lists, sort orders and cells), so a public request runs exactly as it would without them;
  // an admin's request reads a second set of columns holding everything.
  const adminCountries: CountryColumns[] = [];
  if (hiddenRows) {
    for (let c = 0; c < COUNTRY_CODES.length; c++) adminCountries.push(yield* buildCountry(table, directory, rows, offerIn, c, maxBrandId, maxStoreId, undefined));
  }
  return { rows, rowsInOrder: order === undefined, countries, adminCountries: hiddenRows ? adminCountries : countries, hiddenRows, productIdOf, docOfSorted, maxBrandId, maxStoreId };
}

/** For country c and row r, at c * size + r: the row's first offer in that country, -1 when not sold there. */
function offersByCountry(table: DocumentTable): Int32Array {
  const n = table.size;
  const offerIn = new Int32Array(COUNTRY_CODES.length * n).fill(-1);
  const country = table.offers.country;
  for (let row = 0; row < n; row++) {
    for (let k = table.offerStart[row + 1]! - 1; k >= table.offerStart[row]!; k--) offerIn[country[k]! * n + row] = k;
  }
  return offerIn;
}

/** The rows whose store is admin-only (spec section 6), or undefined when there are none. */
function adminOnlyRows(table: DocumentTable, directory: CatalogDirectory): Uint8Array | undefined {
  if (![...directory.stores.values()].some((s) => s.adminOnly)) return undefined;
  const hidden = new Uint8Array(table.size);
  const { storeId } = table.products;
  let any = false;
  for (let i = 0; i < table.size; i++) {
    if (directory.stores.get(storeId[i]!)?.adminOnly) {
      hidden[i] = 1;
      any = true;
    }
  }
  return any ? hidden : undefined;
}

function isProductColumn(name: ColumnName): name is ProductColumnName {
  return COLUMNS[name].from === 'product';
}

function isOfferColumn(name: ColumnName): name is OfferColumnName {
  return COLUMNS[name].from === 'offer';
}

function gather(from: ColumnArray, at: Int32Array, to: ColumnArray): void {
  for (let p = 0; p < at.length; p++) to[p] = from[at[p]!]!;
}

function* buildCountry(
  table: DocumentTable,
  directory: CatalogDirectory,
  rows: Int32Array,
  offerIn: Int32Array,
  c: number,
  maxBrand: number,
  maxStore: number,
  /** Rows left out of these columns (the admin-only stores' products), when any are. */
  skipRows: Uint8Array | undefined,
): Generator<void, CountryColumns, void> {
  const n = rows.length;
  const offerDiscount = table.offers.discount;
  const found = new Int32Array(n);
  const foundOffer = new Int32Array(n);
  let m = 0;
  for (let g = 0, base = c * table.size; g < n; g++) {
    const row = rows[g]!;
    if (skipRows !== undefined && skipRows[row] === 1) continue;
    const k = offerIn[base + row]!;
    if (k < 0) continue;
    found[m] = g;
    foundOffer[m++] = k;
  }
  if (m >= SLOT) throw new Error(`the index holds at most ${SLOT - 1} products per country`);
  // Positions: category, department, discount class and deals here, then global order (cells).
  const { category, department } = table.products;
  const { flags: offerFlags, dropped: offerDropped } = table.offers;
  const placingKey = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const row = rows[found[i]!]!;
    const k = foundOffer[i]!;
    placingKey[i] = cellKey(category[row]!, department[row]!, offerDiscount[k]!, offerFlags[k]!, offerDropped[k]!);
  }
  const placing = sortByKey(placingKey, identityOrder(m));
  yield;
  const doc = new Int32Array(m);
  const rowAt = new Int32Array(m);
  const offerAt = new Int32Array(m);
  const positionAt = new Int32Array(m);
  // Each position's cell key, for the cells' boundaries.
  const keyAt = new Uint32Array(m);
  for (let p = 0; p < m; p++) {
    const i = placing[p]!;
    keyAt[p] = placingKey[i]!;
    doc[p] = found[i]!;
    rowAt[p] = rows[found[i]!]!;
    offerAt[p] = foundOffer[i]!;
    positionAt[i] = p;
  }
  const docBits = new Uint32Array(2 * ((n + 31) >>> 5));
  for (let i = 0; i < m; i++) docBits[2 * (found[i]! >>> 5) + 1]! |= 1 << (found[i]! & 31);
  for (let w = 1, before = 0; w < docBits.length; w += 2) {
    docBits[w - 1] = before;
    before += bitCount(docBits[w]!);
  }

  const columns = newColumnArrays(COUNTRY_COLUMNS, m);
  for (const name of COUNTRY_COLUMNS) {
    if (isProductColumn(name)) gather(table.products[name], rowAt, columns[name]);
    else if (isOfferColumn(name)) gather(table.offers[name], offerAt, columns[name]);
    else {
      // Read once per store, then looked up by store id.
      const read = COLUMNS[name].read;
      const byStore = new Int32Array(maxStore + 1);
      for (let id = 0; id <= maxStore; id++) byStore[id] = read(directory.stores.get(id), c);
      const out = columns[name];
      const storeId = table.products.storeId;
      for (let p = 0; p < m; p++) out[p] = byStore[storeId[rowAt[p]!]!]!;
    }
  }

  yield;
  // Category ranges: positions are in category order.
  const catStart = new Int32Array(CATEGORIES.length + 1);
  for (let k = 0, p = 0; k <= CATEGORIES.length; k++) {
    while (p < m && columns.category[p]! < k) p++;
    catStart[k] = p;
  }
  const brands = postingList(columns.brandId, maxBrand);
  const stores = postingList(columns.storeId, maxStore);
  // Issue 30: the reduced positions by discount, so a sale band (60 % off and more) reads its own products only.
  const byDiscount = postingList(columns.discount, 255);
  const saleStart = byDiscount.start.map((at) => Math.max(0, at - byDiscount.start[1]!));
  const salePositions = byDiscount.positions.slice(byDiscount.start[1]);

  // Sort ranks, every order ending in the product id (a stable tie-break); Highest
  // Discount and Price Dropped break ties by Recommended, and Price Dropped lists the
  // products whose price did not fall (all tied at 0) after the others, in Recommended order.
  yield;
  const popularity = new Int32Array(m);
  gather(table.products.popularity, rowAt, popularity);
  const ids = new Int32Array(m);
  gather(table.products.productId, rowAt, ids);
  const byId = sortBy(ids, 1, 0, undefined);
  yield;
  const popular = sortBy(popularity, -1, MAX_POPULARITY, byId);
  yield;
  const sale = sortBy(columns.discount, -1, 100, popular);
  yield;
  const asc = sortBy(columns.price, 1, 0, byId);
  yield;
  const desc = sortBy(columns.price, -1, 0x7fffffff, byId);
  yield;
  const dropped = sortBy(columns.dropped, -1, 100, popular);
  yield;
  const cards = cardColumns(table, rowAt, offerAt, byId);
  yield;
  const bits = buildCountryBits({ size: m, lead: cards.lead, abroad: columns.abroad, flags: columns.flags, dropped: columns.dropped, colours: columns.colours });
  yield;

  const country = {
    size: m,
    doc,
    ...columns,
    rankPopular: popular.rank,
    rankSale: sale.rank,
    rankAsc: asc.rank,
    rankDesc: desc.rank,
    rankDropped: dropped.rank,
    orderPopular: popular.order,
    orderSale: sale.order,
    orderAsc: asc.order,
    orderDesc: desc.order,
    orderDropped: dropped.order,
    catStart,
    brandStart: brands.start,
    brandPositions: brands.positions,
    storeStart: stores.start,
    storePositions: stores.positions,
    saleStart,
    salePositions,
    docBits,
    positionAt,
    ...cards,
    ...bits,
    cells: undefined as unknown as Cells,
  };
  yield;
  country.cells = buildCells(country, keyAt, maxBrand, maxStore);
  yield;
  return country;
}

/** Set bits of a 32-bit word. */
export function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Position of global document g in country C, -1 when it is not sold there. */
export function positionOf(C: CountryColumns, g: number): number {
  const word = C.docBits[2 * (g >>> 5) + 1]!;
  const bit = 1 << (g & 31);
  return (word & bit) === 0 ? -1 : C.positionAt[C.docBits[2 * (g >>> 5)]! + bitCount(word & (bit - 1))]!;
}

/** A sold-out copy's card key starts here: after every copy in stock (totals are kept below it). */
const SOLD_OUT_KEY = 2 ** 30;

/**
 * Each product's copies here (issue 28): a dense group number per position, each position's
 * rank as a card (in stock first, then the lowest total, then the lowest product id), and 1 at
 * the best-ranked copy of each group, the product's card when no store is in view.
 */
function cardColumns(
  table: DocumentTable,
  rowAt: Int32Array,
  offerAt: Int32Array,
  byId: SortedPositions,
): { groupOf: Int32Array; cardRank: Uint32Array; lead: Uint8Array; groups: number } {
  const m = rowAt.length;
  const groupId = table.products.groupId;
  const total = table.offers.total;
  const inStock = table.offers.inStock;
  const key = new Uint32Array(m);
  for (let p = 0; p < m; p++) key[p] = (inStock[offerAt[p]!] === 1 ? 0 : SOLD_OUT_KEY) + Math.min(Math.max(0, total[offerAt[p]!]!), SOLD_OUT_KEY - 1);
  const cardRank = sortBy(key, 1, 0, byId).rank;
  let maxGroup = 0;
  for (let p = 0; p < m; p++) if (groupId[rowAt[p]!]! > maxGroup) maxGroup = groupId[rowAt[p]!]!;
  const dense = new Int32Array(maxGroup + 1).fill(-1);
  const groupOf = new Int32Array(m);
  let groups = 0;
  for (let p = 0; p < m; p++) {
    const g = groupId[rowAt[p]!]!;
    if (dense[g]! < 0) dense[g] = groups++;
    groupOf[p] = dense[g]!;
  }
  const best = new Int32Array(groups).fill(-1);
  for (let p = 0; p < m; p++) {
    const q = best[groupOf[p]!]!;
    if (q < 0 || cardRank[p]! < cardRank[q]!) best[groupOf[p]!] = p;
  }
  const lead = new Uint8Array(m);
  for (const p of best) lead[p] = 1;
  return { groupOf, cardRank, lead, groups };
}

/** Positions of each id value, ascending (a counting sort): value v's are positions[start[v] .. start[v+1]). */
function postingList(ids: Int32Array | Uint8Array, max: number): { start: Int32Array; positions: Int32Array } {
  const m = ids.length;
  const start = new Int32Array(max + 2);
  const positions = new Int32Array(m);
  for (let q = 0; q < m; q++) start[ids[q]! + 1]!++;
  for (let v = 0; v <= max; v++) start[v + 1]! += start[v]!;
  const at = start.slice(0, max + 1);
  for (let q = 0; q < m; q++) positions[at[ids[q]!]!++] = q;
  return { start, positions };
}

/** A sort of a country's positions: the positions in order, and each one's rank in it. */
type SortedPositions = { order: Int32Array; rank: Uint32Array };

/**
 * The positions sorted by `base + sign * values[q]`, ties in the order of the sort `tie` (by
 * position when none).
 */
function sortBy(values: ColumnArray, sign: 1 | -1, base: number, tie: SortedPositions | undefined): SortedPositions {
  const m = values.length;
  const keys = new Uint32Array(m);
  // A value past `base` (none in a valid catalogue) sorts first, as a negative key would.
  for (let q = 0; q < m; q++) keys[q] = Math.max(0, base + sign * values[q]!);
  // sortByKey sorts the tie order in place: a copy.
  const order = sortByKey(keys, tie ? tie.order.slice() : identityOrder(m));
  const rank = new Uint32Array(m);
  for (let r = 0; r < m; r++) rank[order[r]!] = r;
  return { order, rank };
}

/** The rank a sort orders positions by. */
export function rankFor(C: CountryColumns, sort: SortValue): Uint32Array {
  switch (sort) {
    case 'sale':
      return C.rankSale;
    case 'asc':
      return C.rankAsc;
    case 'desc':
      return C.rankDesc;
    case 'dropped':
      return C.rankDropped;
    case '':
      return C.rankPopular;
  }
}

/** The positions of a country in a sort's order. */
export function orderFor(C: CountryColumns, sort: SortValue): Int32Array {
  switch (sort) {
    case 'sale':
      return C.orderSale;
    case 'asc':
      return C.orderAsc;
    case 'desc':
      return C.orderDesc;
    case 'dropped':
      return C.orderDropped;
    case '':
      return C.orderPopular;
  }
}

/** The cells of a country's positions; `keyAt`: each position's cell key (cellKey), ascending. */
function buildCells(C: CountryColumns, keyAt: Uint32Array, maxBrand: number, maxStore: number): Cells {
  const m = C.size;
  let count = 0;
  const boundary = (q: number) => q === 0 || keyAt[q] !== keyAt[q - 1];
  for (let q = 0; q < m; q++) if (boundary(q)) count++;
  if (count > 0xffff) throw new Error(`a country holds ${count} cells, more than Cells.of can name`);
  const cells: Cells = {
    count,
    start: new Int32Array(count + 1),
    category: new Uint16Array(count),
    department: new Uint8Array(count),
    discountClass: new Uint8Array(count),
    deal: new Uint8Array(count),
    of: new Uint16Array(m),
    leads: new Int32Array(count),
    colour: new Int32Array(count * 32),
    offers: new Int32Array(count * OFFER_BUCKETS.length),
    deals: new Int32Array(count * DEAL_COUNT),
    minPrice: new Int32Array(count),
    maxPrice: new Int32Array(count),
    copyMinPrice: new Int32Array(count),
    copyMaxPrice: new Int32Array(count),
    brandStart: new Int32Array(count + 1),
    brandId: new Int32Array(0),
    brandCount: new Int32Array(0),
    storeStart: new Int32Array(count + 1),
    storeId: new Int32Array(0),
    storeCount: new Int32Array(0),
    totalLeads: new Int32Array(0),
    totalColour: new Int32Array(0),
    totalCategory: new Int32Array(0),
    totalDepartment: new Int32Array(0),
    totalOffers: new Int32Array(0),
    totalDeals: new Int32Array(0),
    totalBrand: new Int32Array(0),
    totalStore: new Int32Array(0),
  };
  for (let q = 0, x = -1; q < m; q++) {
    if (boundary(q)) {
      x++;
      cells.start[x] = q;
      cells.category[x] = C.category[q]!;
      cells.department[x] = C.department[q]!;
      cells.discountClass[x] = DISCOUNT_CLASS_OF[C.discount[q]!]!;
      cells.deal[x] = cellDeal(C.flags[q]!, C.dropped[q]!);
    }
    cells.of[q] = x;
  }
  cells.start[count] = m;
  const brands = new Int32Array(maxBrand + 1);
  const stores = new Int32Array(maxStore + 1);
  // A cell lists each brand of its cards and each store of its copies once: at most one entry per position.
  const brandIds = new Int32Array(m);
  const brandCounts = new Int32Array(m);
  const storeIds = new Int32Array(m);
  const storeCounts = new Int32Array(m);
  let brandEnd = 0;
  let storeEnd = 0;
  // The ids a cell counted, to read and clear back (a country holds thousands of cells).
  const cellBrands = new Int32Array(maxBrand + 1);
  const cellStores = new Int32Array(maxStore + 1);
  let cellBrandCount = 0;
  let cellStoreCount = 0;
  for (let x = 0; x < count; x++) {
    let min = 0x7fffffff;
    let max = -1;
    let copyMin = 0x7fffffff;
    let copyMax = -1;
    for (let q = cells.start[x]!; q < cells.start[x + 1]!; q++) {
      // A store counts every copy it sells (the store facet counts a product under each of
      // its stores, issue 28); everything else counts the cards.
      if (stores[C.storeId[q]!]!++ === 0) cellStores[cellStoreCount++] = C.storeId[q]!;
      if (C.price[q]! < copyMin) copyMin = C.price[q]!;
      if (C.price[q]! > copyMax) copyMax = C.price[q]!;
      if (C.lead[q] === 0) continue;
      cells.leads[x]!++;
      countColourBits(C.colours[q]!, cells.colour, x * 32);
      const bucket = OFFER_BUCKET_OF[C.discount[q]!]!;
      if (bucket >= 0) cells.offers[x * OFFER_BUCKETS.length + bucket]!++;
      if ((C.flags[q]! & OFFER_COUPONS) !== 0) cells.deals[x * DEAL_COUNT]!++;
      if ((C.flags[q]! & OFFER_FREE_DELIVERY) !== 0) cells.deals[x * DEAL_COUNT + 1]!++;
      if (C.discount[q]! > 0) cells.deals[x * DEAL_COUNT + 2]!++;
      if (C.dropped[q]! > 0) cells.deals[x * DEAL_COUNT + 3]!++;
      const p = C.price[q]!;
      if (p < min) min = p;
      if (p > max) max = p;
      if (brands[C.brandId[q]!]!++ === 0) cellBrands[cellBrandCount++] = C.brandId[q]!;
    }
    cells.minPrice[x] = min;
    cells.maxPrice[x] = max;
    cells.copyMinPrice[x] = copyMin;
    cells.copyMaxPrice[x] = copyMax;
    // In id order; id 0 (no brand, no store) is not listed.
    for (const b of cellBrands.subarray(0, cellBrandCount).sort()) {
      if (b > 0) {
        brandIds[brandEnd] = b;
        brandCounts[brandEnd++] = brands[b]!;
      }
      brands[b] = 0;
    }
    cellBrandCount = 0;
    cells.brandStart[x + 1] = brandEnd;
    for (const v of cellStores.subarray(0, cellStoreCount).sort()) {
      if (v > 0) {
        storeIds[storeEnd] = v;
        storeCounts[storeEnd++] = stores[v]!;
      }
      stores[v] = 0;
    }
    cellStoreCount = 0;
    cells.storeStart[x + 1] = storeEnd;
  }
  cells.brandId = brandIds.slice(0, brandEnd);
  cells.brandCount = brandCounts.slice(0, brandEnd);
  cells.storeId = storeIds.slice(0, storeEnd);
  cells.storeCount = storeCounts.slice(0, storeEnd);
  addUpCells(cells, maxBrand, maxStore);
  return cells;
}

/** Fills the cells' totals (Cells.totalLeads …): each cell adds to the whole country's slot and its department's. */
function addUpCells(X: Cells, maxBrand: number, maxStore: number): void {
  const buckets = OFFER_BUCKETS.length;
  const brands = maxBrand + 1;
  const stores = maxStore + 1;
  X.totalLeads = new Int32Array(TOTAL_SLOTS);
  X.totalColour = new Int32Array(TOTAL_SLOTS * 32);
  X.totalCategory = new Int32Array(TOTAL_SLOTS * CATEGORIES.length);
  X.totalDepartment = new Int32Array(TOTAL_SLOTS * DEPARTMENTS.length);
  X.totalOffers = new Int32Array(TOTAL_SLOTS * buckets);
  X.totalDeals = new Int32Array(TOTAL_SLOTS * DEAL_COUNT);
  X.totalBrand = new Int32Array(TOTAL_SLOTS * brands);
  X.totalStore = new Int32Array(TOTAL_SLOTS * stores);
  for (let x = 0; x < X.count; x++) {
    for (const t of [0, 1 + X.department[x]!]) {
      const leads = X.leads[x]!;
      X.totalLeads[t]! += leads;
      X.totalCategory[t * CATEGORIES.length + X.category[x]!]! += leads;
      X.totalDepartment[t * DEPARTMENTS.length + X.department[x]!]! += leads;
      for (let b = 0; b < 32; b++) X.totalColour[t * 32 + b]! += X.colour[x * 32 + b]!;
      for (let b = 0; b < buckets; b++) X.totalOffers[t * buckets + b]! += X.offers[x * buckets + b]!;
      for (let d = 0; d < DEAL_COUNT; d++) X.totalDeals[t * DEAL_COUNT + d]! += X.deals[x * DEAL_COUNT + d]!;
      for (let j = X.brandStart[x]!; j < X.brandStart[x + 1]!; j++) X.totalBrand[t * brands + X.brandId[j]!]! += X.brandCount[j]!;
      for (let j = X.storeStart[x]!; j < X.storeStart[x + 1]!; j++) X.totalStore[t * stores + X.storeId[j]!]! += X.storeCount[j]!;
    }
  }
}
