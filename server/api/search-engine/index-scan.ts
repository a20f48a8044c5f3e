import { OFFER_BUCKETS } from '../../../shared/constants';
import { OFFER_COUPONS, OFFER_FREE_DELIVERY } from './columns';
import { CELL_FREE_DELIVERY, CELL_PRICE_DROPPED, DISCOUNT_CLASS_HI, DISCOUNT_CLASS_LO, SLOT, TOTAL_SLOTS, type Cells, type CountryColumns } from './index-build';
import { DEAL_COUNT, OFFER_BUCKET_OF, countColourBits, type FacetCounters } from './index-facets';
import type { Candidates, SearchPlan } from './index-plan';

// The hot loops of a request, over one country's columns: the filter scan, the facet counts
// of its hits and near misses, the sum over cells, and the page. Each loop reads typed
// arrays hoisted into locals and tests flags fixed before the loop, so V8 keeps them tight;
// no closures, no objects with optional fields, no calls that vary per product. What the
// loops read is this module's own or hoisted into locals: an imported binding is loaded
// (and checked) at every use when modules are not bundled into one scope, which cost the
// scan about 6% under tsx.

// Filter groups: bit numbers of the failed-groups mask the scan builds (and of the plan's
// masks). The first six have a facet of their own. Not exported themselves (see above):
// GROUP below gives them to the plan and the tests.
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
const G_DROPPED = 12;

export const GROUP = {
  colour: G_COLOUR,
  category: G_CATEGORY,
  brand: G_BRAND,
  store: G_STORE,
  offers: G_OFFERS,
  department: G_DEPARTMENT,
  coupons: G_COUPONS,
  freeDelivery: G_FREE,
  sale: G_SALE,
  price: G_PRICE,
  madeIn: G_MADEIN,
  care: G_CARE,
  priceDropped: G_DROPPED,
} as const;

const COUPONS_SHIFT = 31 - Math.clz32(OFFER_COUPONS);
const FREE_SHIFT = 31 - Math.clz32(OFFER_FREE_DELIVERY);
/** Deal counts per cell, copied into this module (see above). */
const DEALS = DEAL_COUNT;

/** Reused buffers of a scan: the hits, and the near misses (products failing one group) with their group. */
export type ScanBuffers = {
  hits: Int32Array;
  miss: Int32Array;
  missGroup: Uint8Array;
  hitCount: number;
  missCount: number;
  /** With stores picked (issue 28): the best copy of each group among theirs (-1 between requests), and 1 at each such card. */
  bestOf: Int32Array;
  card: Uint8Array;
  /** Issue 30, the scan by words (index-bits.ts): a bitset per filter group of the positions passing it, and the scope's. */
  pass: Uint32Array;
  scope: Uint32Array;
  /** A word scan with words to match: their positions as a bitset, and those in scope, ascending. */
  text: Uint32Array;
  inScope: Int32Array;
};

export function newScanBuffers(positions: number): ScanBuffers {
  return {
    hits: new Int32Array(positions),
    miss: new Int32Array(positions),
    missGroup: new Uint8Array(positions),
    hitCount: 0,
    missCount: 0,
    bestOf: new Int32Array(positions).fill(-1),
    card: new Uint8Array(positions),
    pass: new Uint32Array((G_DROPPED + 1) * ((positions + 31) >>> 5)),
    scope: new Uint32Array((positions + 31) >>> 5),
    text: new Uint32Array((positions + 31) >>> 5),
    inScope: new Int32Array(positions),
  };
}

/**
 * Issue 28: with stores picked by the store filter, a product is listed once, as the best-ranked
 * of those stores' copies (in stock, lowest total, lowest id: the rule of its card), chosen
 * before any other filter as the card is without stores. Marks those copies in S.card, read
 * from the picked stores' posting lists only; clearStoreCards undoes it after the scan.
 */
export function markStoreCards(C: CountryColumns, stores: readonly number[], S: ScanBuffers): void {
  const best = S.bestOf;
  const groupOf = C.groupOf;
  const rank = C.cardRank;
  const positions = C.storePositions;
  const start = C.storeStart;
  for (const s of stores) {
    for (let j = start[s]!; j < start[s + 1]!; j++) {
      const pos = positions[j]!;
      const q = best[groupOf[pos]!]!;
      if (q < 0 || rank[pos]! < rank[q]!) best[groupOf[pos]!] = pos;
    }
  }
  for (const s of stores) for (let j = start[s]!; j < start[s + 1]!; j++) S.card[best[groupOf[positions[j]!]!]!] = 1;
}

export function clearStoreCards(C: CountryColumns, stores: readonly number[], S: ScanBuffers): void {
  const positions = C.storePositions;
  const start = C.storeStart;
  for (const s of stores) {
    for (let j = start[s]!; j < start[s + 1]!; j++) {
      S.card[positions[j]!] = 0;
      S.bestOf[C.groupOf[positions[j]!]!] = -1;
    }
  }
}

/**
 * The scan: each candidate is checked against the scope and the text, then against every
 * active filter group. One that passes all is a hit; one that fails exactly one group is a
 * near miss, counted later in that group's facet only (disjunctive counts). The price range
 * is taken over every candidate in scope.
 */
export function scanFilters(C: CountryColumns, P: SearchPlan, K: Candidates, S: ScanBuffers, F: FacetCounters): void {
  const list = K.list;
  const from = K.from;
  const count = list !== undefined ? list.length : K.to - K.from;
  const colours = C.colours;
  const category = C.category;
  const brandId = C.brandId;
  const storeId = C.storeId;
  const discount = C.discount;
  const dropped = C.dropped;
  const department = C.department;
  const flags = C.flags;
  const price = C.price;
  const madeIn = C.madeIn;
  const care = C.care;
  const abroad = C.abroad;
  const lead = C.lead;
  const leadOnly = P.leadOnly;
  const storeCards = P.storeCards.length > 0;
  const card = S.card;
  const docOf = C.doc;
  const catLo = K.catLo;
  const catHi = K.catHi;
  const checkCategory = catLo >= 0;
  const scopeBrand = P.scopeBrand;
  const scopeStore = P.scopeStore;
  const checkBrand = scopeBrand >= 0;
  const checkStore = scopeStore >= 0;
  const discountLo = P.discountLo;
  const discountHi = P.discountHi;
  const checkDiscount = discountLo > 0 || discountHi < 255;
  const idSet = K.idSet;
  const checkIds = idSet !== undefined;
  const textBits = K.textBits;
  const checkText = textBits !== undefined;
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
  const aDropped = (active & (1 << G_DROPPED)) !== 0;
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
    if (checkText && (textBits[docOf[pos]! >>> 5]! & (1 << (docOf[pos]! & 31))) === 0) continue;
    if (checkAbroad && abroad[pos] === 0) continue;
    // Issue 28: with no store in view a product is its card, so another store's copy fails
    // the store group: it counts under its own store in the store facet and nowhere else.
    const copy = leadOnly ? 1 - lead[pos]! : 0;
    const p = price[pos]!;
    if (copy === 0 && p < minPrice) minPrice = p;
    if (copy === 0 && p > maxPrice) maxPrice = p;
    // A mask of the failed groups, without branches (the tests are unpredictable);
    // hits and near misses are appended the same way.
    let failed = copy << G_STORE;
    if (aColour) failed |= (((colours[pos]! & colourSel) - 1) >>> 31) << G_COLOUR;
    if (aCategory) failed |= (1 - catSel[category[pos]!]!) << G_CATEGORY;
    if (aBrand) failed |= (1 - brandSel[brandId[pos]!]!) << G_BRAND;
    if (aStore) failed |= (1 - (storeCards ? card[pos]! : storeSel[storeId[pos]!]!)) << G_STORE;
    if (aOffers) failed |= (1 - offerSel[discount[pos]!]!) << G_OFFERS;
    if (aDepartment) failed |= (1 - ((departmentSel >>> department[pos]!) & 1)) << G_DEPARTMENT;
    if (aCoupons) failed |= (1 - ((flags[pos]! >>> COUPONS_SHIFT) & 1)) << G_COUPONS;
    if (aFree) failed |= (1 - ((flags[pos]! >>> FREE_SHIFT) & 1)) << G_FREE;
    if (aSale) failed |= ((discount[pos]! - 1) >>> 31) << G_SALE;
    if (aPrice) failed |= (((p - priceMin) >>> 31) | ((priceMax - p) >>> 31)) << G_PRICE;
    if (aMadeIn) failed |= (1 - madeInSel[madeIn[pos]!]!) << G_MADEIN;
    if (aCare) failed |= (1 - careSel[care[pos]! + 1]!) << G_CARE;
    if (aDropped) failed |= ((dropped[pos]! - 1) >>> 31) << G_DROPPED;
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

/** Every wanted facet over the hits, one loop per facet. */
export function countHits(C: CountryColumns, list: Int32Array, n: number, wantMask: number, F: FacetCounters): void {
  const countBits = countColourBits;
  const bucketOf = OFFER_BUCKET_OF;
  if (wantMask & (1 << G_COLOUR)) {
    // Issue 30: by byte, four counts per hit, spread over the bits once at the end (a loop
    // over each product's bits costs a branch the CPU cannot predict).
    const colours = C.colours;
    const byByte = BYTE_COUNTS.fill(0);
    for (let i = 0; i < n; i++) {
      const c = colours[list[i]!]!;
      byByte[c & 255]!++;
      byByte[256 + ((c >>> 8) & 255)]!++;
      byByte[512 + ((c >>> 16) & 255)]!++;
      byByte[768 + (c >>> 24)]!++;
    }
    for (let v = 0; v < 1024; v++) if ((v & 255) !== 0 && byByte[v]! > 0) countBits(v & 255, F.colour, (v >>> 8) * 8, byByte[v]!);
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
      const bucket = bucketOf[discount[list[i]!]!]!;
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
    const dropped = C.dropped;
    let coupons = 0;
    let free = 0;
    let sale = 0;
    let fell = 0;
    for (let i = 0; i < n; i++) {
      const pos = list[i]!;
      const f = flags[pos]!;
      coupons += (f >>> COUPONS_SHIFT) & 1;
      free += (f >>> FREE_SHIFT) & 1;
      if (discount[pos]! > 0) sale++;
      if (dropped[pos]! > 0) fell++;
    }
    F.deals[0]! += coupons;
    F.deals[1]! += free;
    F.deals[2]! += sale;
    F.deals[3]! += fell;
  }
}

/** countHits' colour counters: 256 per byte of the colour mask. */
const BYTE_COUNTS = new Int32Array(4 * 256);

/** Near misses count in the facet of the one group they failed. */
export function countMisses(C: CountryColumns, list: Int32Array, group: Uint8Array, n: number, F: FacetCounters): void {
  const colours = C.colours;
  const category = C.category;
  const brandId = C.brandId;
  const storeId = C.storeId;
  const discount = C.discount;
  const department = C.department;
  const countBits = countColourBits;
  const bucketOf = OFFER_BUCKET_OF;
  for (let i = 0; i < n; i++) {
    const pos = list[i]!;
    switch (group[i]) {
      case G_COLOUR:
        countBits(colours[pos]!, F.colour, 0);
        break;
      case G_CATEGORY:
        F.category[category[pos]!]!++;
        break;
      case G_BRAND:
        F.brand[brandId[pos]!]!++;
        break;
      case G_STORE:
        F.store[storeId[pos]!]!++;
        break;
      case G_OFFERS: {
        const bucket = bucketOf[discount[pos]!]!;
        if (bucket >= 0) F.offers[bucket]!++;
        break;
      }
      case G_DEPARTMENT:
        F.department[department[pos]!]!++;
        break;
    }
  }
}

/** A cell outside the scope's categories or sale band (cellMisses). */
const CELL_OUT = -1;
const DEAL_GROUPS = (1 << G_FREE) | (1 << G_DROPPED);

/**
 * The groups cells answer that cell x fails, as group bits (category, department, Sale,
 * Offers, and Free Delivery or Price Dropped when it lacks the deal), or CELL_OUT when it is
 * outside the scope's categories or sale band (the plan takes cells only when that band is
 * whole discount classes). A cell's discounts are one class, inside one offers bucket or none.
 */
function cellMisses(X: Cells, x: number, P: SearchPlan): number {
  const cat = X.category[x]!;
  const c = X.discountClass[x]!;
  if (P.catLo >= 0 && (cat < P.catLo || cat >= P.catHi)) return CELL_OUT;
  if (P.discountLo > 0 && (DISCOUNT_CLASS_LO[c]! < P.discountLo || DISCOUNT_CLASS_HI[c]! > P.discountHi)) return CELL_OUT;
  const active = P.active;
  let misses = 0;
  if ((active & (1 << G_CATEGORY)) !== 0 && P.catSel[cat] !== 1) misses |= 1 << G_CATEGORY;
  if ((active & (1 << G_DEPARTMENT)) !== 0 && (P.departmentSel & (1 << X.department[x]!)) === 0) misses |= 1 << G_DEPARTMENT;
  if ((active & (1 << G_SALE)) !== 0 && c === 0) misses |= 1 << G_SALE;
  if ((active & (1 << G_OFFERS)) !== 0 && P.offerSel[DISCOUNT_CLASS_LO[c]!] !== 1) misses |= 1 << G_OFFERS;
  if ((active & (1 << G_FREE)) !== 0 && (X.deal[x]! & CELL_FREE_DELIVERY) === 0) misses |= 1 << G_FREE;
  if ((active & (1 << G_DROPPED)) !== 0 && (X.deal[x]! & CELL_PRICE_DROPPED) === 0) misses |= 1 << G_DROPPED;
  return misses;
}

/**
 * The cells' answer to a plan that needs no scan: marks hitCell[x] for the cells that pass
 * every group, adds their precomputed counts, and returns the total. Each filter group's own
 * facet is counted over the cells that pass the others; the price range over the scope.
 */
export function sumCells(X: Cells, P: SearchPlan, hitCell: Uint8Array, F: FacetCounters): number {
  const wantOffers = (P.wantMask & (1 << G_OFFERS)) !== 0;
  const buckets = OFFER_BUCKETS.length;
  const wantMask = P.wantMask;
  const CATEGORY = 1 << G_CATEGORY;
  const DEPARTMENT = 1 << G_DEPARTMENT;
  const SALE = 1 << G_SALE;
  const OFFERS = 1 << G_OFFERS;
  let total = 0;
  for (let x = 0; x < X.count; x++) {
    const misses = cellMisses(X, x, P);
    if (misses === CELL_OUT) continue;
    const size = X.leads[x]!;
    if (X.minPrice[x]! < F.minPrice) F.minPrice = X.minPrice[x]!;
    if (X.maxPrice[x]! > F.maxPrice) F.maxPrice = X.maxPrice[x]!;
    // The deals groups have no near misses: they narrow every facet as the hits are narrowed.
    if ((misses & DEAL_GROUPS) !== 0) continue;
    if ((misses & ~CATEGORY) === 0) F.category[X.category[x]!]! += size;
    if ((misses & ~DEPARTMENT) === 0) F.department[X.department[x]!]! += size;
    if ((misses & ~SALE) === 0) F.deals[2]! += X.deals[x * DEALS + 2]!;
    if (wantOffers && (misses & ~OFFERS) === 0) for (let b = 0; b < buckets; b++) F.offers[b]! += X.offers[x * buckets + b]!;
    if (misses !== 0) continue;
    hitCell[x] = 1;
    total += size;
    addCell(X, x, wantMask, F);
  }
  return total;
}

/**
 * The cells' answer from their totals (SearchPlan.totals): a whole country, or one department
 * of it. Marks hitCell for the page and returns the total, counting as sumCells would: the
 * department facet and the price range over the whole country, the rest over the slot.
 */
export function addCellTotals(X: Cells, P: SearchPlan, hitCell: Uint8Array, F: FacetCounters): number {
  const t = P.totals;
  const department = t - 1;
  for (let x = 0; x < X.count; x++) {
    if (t === 0 || X.department[x] === department) hitCell[x] = 1;
    if (X.minPrice[x]! < F.minPrice) F.minPrice = X.minPrice[x]!;
    if (X.maxPrice[x]! > F.maxPrice) F.maxPrice = X.maxPrice[x]!;
  }
  const slot = <T extends Int32Array>(totals: T, width: number, at: number) => totals.subarray(at * width, (at + 1) * width);
  F.colour.set(slot(X.totalColour, 32, t));
  F.category.set(slot(X.totalCategory, F.category.length, t));
  F.department.set(slot(X.totalDepartment, F.department.length, 0));
  F.offers.set(slot(X.totalOffers, F.offers.length, t));
  F.deals.set(slot(X.totalDeals, DEALS, t));
  if (F.brand.length > 0) F.brand.set(slot(X.totalBrand, X.totalBrand.length / TOTAL_SLOTS, t));
  if (F.store.length > 0) F.store.set(slot(X.totalStore, X.totalStore.length / TOTAL_SLOTS, t));
  return X.totalLeads[t]!;
}

/**
 * The plan's cell facet (colour, brand or store: SearchPlan.cellFacet) over the cells in scope
 * that pass every other group: its hits and near misses, counted without visiting them. A
 * store counts every copy, colours and brands the cards, as the scan counts them.
 */
export function addCellFacet(X: Cells, P: SearchPlan, F: FacetCounters): void {
  const only = 1 << P.cellFacet;
  for (let x = 0; x < X.count; x++) if (cellMisses(X, x, P) === 0) addCell(X, x, only, F);
}

/** Adds one cell's precomputed counts (colour, brand, store, coupons, free delivery and price dropped; sumCells adds its offers). */
function addCell(X: Cells, x: number, wantMask: number, F: FacetCounters): void {
  if (wantMask & (1 << G_COLOUR)) for (let b = 0; b < 32; b++) F.colour[b]! += X.colour[x * 32 + b]!;
  if (wantMask & (1 << G_BRAND)) {
    const out = F.brand;
    for (let j = X.brandStart[x]!; j < X.brandStart[x + 1]!; j++) out[X.brandId[j]!]! += X.brandCount[j]!;
  }
  if (wantMask & (1 << G_STORE)) {
    const out = F.store;
    for (let j = X.storeStart[x]!; j < X.storeStart[x + 1]!; j++) out[X.storeId[j]!]! += X.storeCount[j]!;
  }
  if (wantMask & (1 << G_COUPONS)) {
    // The sale count is not the hits' (sumCells adds it, without the Sale filter).
    F.deals[0]! += X.deals[x * DEALS]!;
    F.deals[1]! += X.deals[x * DEALS + 1]!;
    F.deals[3]! += X.deals[x * DEALS + 3]!;
  }
}

/** The first `wanted` cards of `order` whose cell is marked: a page straight from a sort order. */
export function pageFromOrder(order: Int32Array, cellOf: Uint16Array, hitCell: Uint8Array, lead: Uint8Array, wanted: number): Int32Array {
  const page = new Int32Array(wanted);
  for (let r = 0, found = 0; found < wanted; r++) {
    const pos = order[r]!;
    if (hitCell[cellOf[pos]!] === 1 && lead[pos] === 1) page[found++] = pos;
  }
  return page;
}

/** Writes the cards of the marked cells into `out`; returns how many. */
export function cellPositions(X: Cells, hitCell: Uint8Array, lead: Uint8Array, out: Int32Array): number {
  let n = 0;
  for (let x = 0; x < X.count; x++) if (hitCell[x] === 1) for (let q = X.start[x]!; q < X.start[x + 1]!; q++) if (lead[q] === 1) out[n++] = q;
  return n;
}

/**
 * The k best of n positions, best first: a bounded max-heap over the sort rank, or (for
 * text relevance, when `score` is given) over the text score then Recommended.
 */
export function topK(
  list: Int32Array,
  n: number,
  k: number,
  rank: Uint32Array,
  score: Int32Array | undefined,
  docOf: Int32Array,
  maxScore: number,
  popular: Uint32Array,
): Int32Array {
  const slot = SLOT;
  const heapKeys = new Float64Array(k);
  const heapPos = new Int32Array(k);
  let heapSize = 0;
  for (let i = 0; i < n; i++) {
    const pos = list[i]!;
    const key = score !== undefined ? (maxScore - score[docOf[pos]!]!) * slot + popular[pos]! : rank[pos]!;
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
