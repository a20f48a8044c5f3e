import type { SortValue } from '../../../shared/sort-options';
import { CATEGORIES } from '../catalog/category-tree';
import type { QueryToken } from './analyser';
import type { Dictionary } from './document-table';
import { CATEGORY_ORDER, COLOUR_BIT, COUNTRY_INDEX, DEPARTMENT_INDEX, SUBTREE_END } from './documents';
import { bitCount, discountClassesFit, type CountryColumns } from './index-build';
import { GROUP } from './index-scan';
import type { TextMatch } from './index-text';
import type { CatalogDirectory, SearchNeeds, SearchQuery } from './search-engine';

// Planning one request: from a SearchQuery to what the scan or the cells do. The plan
// resolves the scope and the filters to numbers and lookup arrays the hot loops read
// (index-scan.ts), says which facet groups to count, and decides how to answer: by adding
// up cells (requests constrained only by category, department, sale scope or the Sale
// filter) or by scanning. Planning reads the query and the catalogue's names, never the
// country's positions, except candidatesOf, which picks what a scan visits once the
// scope's and the text's lists are known.

/** Groups whose near misses count in their own facet (a product failing only that group). */
const FACET_GROUPS = (1 << GROUP.colour) | (1 << GROUP.category) | (1 << GROUP.brand) | (1 << GROUP.store) | (1 << GROUP.offers) | (1 << GROUP.department);
/** The only groups cells can filter by: a cell has one category, one department, one discount class, and free delivery and a price drop for all its products or none. */
const CELL_GROUPS =
  (1 << GROUP.category) | (1 << GROUP.department) | (1 << GROUP.sale) | (1 << GROUP.offers) | (1 << GROUP.freeDelivery) | (1 << GROUP.priceDropped);
/** Discounts are whole percents in a Uint8Array: 255 is "no upper bound". */
const ANY_DISCOUNT = 255;

/** What planning needs of the catalogue: its names, and the largest ids (lookup arrays are sized by them). */
export type PlanKeys = {
  directory: CatalogDirectory;
  maxBrandId: number;
  maxStoreId: number;
  cares: Dictionary;
};

export type SearchPlan = {
  /** Add up cells and walk a sort order (true), or scan. */
  useCells: boolean;

  // The scope and the text: which products are candidates at all.
  /** Category order range [catLo, catHi) of the scope's subtree, -1 when none. */
  catLo: number;
  catHi: number;
  /** Brand and store ids of brand and store pages, -1 when none. */
  scopeBrand: number;
  scopeStore: number;
  /** Discount bounds, both included; 0..255 when the page is not a sale page. */
  discountLo: number;
  discountHi: number;
  /** An editor's pick list, undefined when none. */
  productIds: readonly number[] | undefined;
  /** The query has words to match. */
  text: boolean;
  /** Only stores abroad that deliver here. */
  abroadOnly: boolean;
  /**
   * No store in view (no store page, store filter or pick list): each product is listed as its
   * card, the copy the index marked lead (issue 28). With one, each copy listed is that store's own.
   */
  leadOnly: boolean;
  /**
   * Stores picked by the store filter, without a store page or pick list: each product is then
   * listed as its best copy among theirs (index-scan.ts, markStoreCards), so once. Empty otherwise.
   */
  storeCards: readonly number[];

  // The filter groups: a bit per active group, and a lookup per group.
  active: number;
  /** Colour bits picked. */
  colourSel: number;
  /** 1 for each category order inside a picked subtree. */
  catSel: Uint8Array;
  /** 1 at each picked brand id / store id. */
  brandSel: Uint8Array;
  storeSel: Uint8Array;
  /** 1 at each discount percent inside a picked band. */
  offerSel: Uint8Array;
  /** Department bits picked. */
  departmentSel: number;
  /** Whole minor units within the int32 range, both included. */
  priceMin: number;
  priceMax: number;
  /** 1 at each picked country index. */
  madeInSel: Uint8Array;
  /** 1 at care id + 1 for each picked care slug (products without care have -1). */
  careSel: Uint8Array;

  // What to count.
  /** Group bits of the facets asked for (deals sets all four of its groups). */
  wantMask: number;
  /** Facet groups whose near misses the scan keeps. */
  missMask: number;
  /**
   * The facet group (colour, brand or store, -1: none) counted from the cells rather than from
   * the scan: the one active filter group cells cannot answer, when every other is theirs. Its
   * counts are over the products passing every other group, so whole cells (index-scan.ts,
   * addCellFacet); the scan keeps no near misses of it and its hits do not count in it.
   */
  cellFacet: number;
  /**
   * With cells, the slot of the cells' totals that answers it (-1: add up the cells): 0 for a
   * whole country with no filter, 1 + a department's index for that department's filter alone.
   */
  totals: number;

  // The page.
  /** Offset + limit: how many of the best hits to find (0 when no page is asked for). */
  pageEnd: number;
  sort: SortValue;
  /** Order by text relevance (words, Recommended sort). */
  textRank: boolean;
};

/**
 * The plan of one request, or undefined when nothing can match: a word with no match in
 * the catalogue, or a scope naming an unknown category, brand or store.
 */
export function planSearch(query: SearchQuery, needs: SearchNeeds, tokens: readonly QueryToken[], keys: PlanKeys): SearchPlan | undefined {
  if (tokens.some((t) => t.expansions.length === 0)) return undefined;
  const scope = query.scope;
  let catLo = -1;
  let catHi = -1;
  if (scope.category !== undefined) {
    const k = CATEGORY_ORDER.get(scope.category);
    if (k === undefined) return undefined;
    catLo = k;
    catHi = SUBTREE_END[k]!;
  }
  let scopeBrand = -1;
  if (scope.brand !== undefined) {
    const brand = keys.directory.brandBySlug.get(scope.brand);
    if (!brand || brand.id > keys.maxBrandId) return undefined;
    scopeBrand = brand.id;
  }
  let scopeStore = -1;
  if (scope.store !== undefined) {
    const store = keys.directory.storeBySlug.get(scope.store);
    if (!store || store.id > keys.maxStoreId) return undefined;
    scopeStore = store.id;
  }
  let discountLo = 0;
  let discountHi = ANY_DISCOUNT;
  if (scope.sale || scope.discount) {
    discountLo = Math.max(1, scope.discount?.from ?? 1);
    discountHi = scope.discount?.to ?? ANY_DISCOUNT;
  }

  const f = query.filters;
  let active = 0;
  let colourSel = 0;
  if (f.colours.length) {
    active |= 1 << GROUP.colour;
    for (const c of f.colours) colourSel |= 1 << COLOUR_BIT.get(c)!;
    colourSel >>>= 0;
  }
  const catSel = new Uint8Array(CATEGORIES.length);
  if (f.categories.length) {
    active |= 1 << GROUP.category;
    for (const slug of f.categories) {
      const k = CATEGORY_ORDER.get(slug);
      if (k !== undefined) catSel.fill(1, k, SUBTREE_END[k]!);
    }
  }
  const brandSel = new Uint8Array(keys.maxBrandId + 1);
  if (f.brands.length) {
    active |= 1 << GROUP.brand;
    for (const slug of f.brands) {
      const b = keys.directory.brandBySlug.get(slug);
      if (b && b.id <= keys.maxBrandId) brandSel[b.id] = 1;
    }
  }
  const storeSel = new Uint8Array(keys.maxStoreId + 1);
  const picked = new Set<number>();
  if (f.stores.length) {
    active |= 1 << GROUP.store;
    for (const slug of f.stores) {
      const s = keys.directory.storeBySlug.get(slug);
      if (s && s.id <= keys.maxStoreId) {
        storeSel[s.id] = 1;
        picked.add(s.id);
      }
    }
  }
  const offerSel = new Uint8Array(256);
  // Whether every offers range picked is whole discount classes (the offers buckets are), so whole cells.
  let offersFitCells = true;
  if (f.offers.length) {
    active |= 1 << GROUP.offers;
    for (const r of f.offers) {
      const [lo, hi] = [Math.max(0, r.from), Math.min(255, r.to)];
      offerSel.fill(1, lo, hi + 1);
      if (hi >= lo && !discountClassesFit(lo, hi)) offersFitCells = false;
    }
  }
  let departmentSel = 0;
  if (f.departments.length) {
    active |= 1 << GROUP.department;
    for (const d of f.departments) departmentSel |= 1 << DEPARTMENT_INDEX.get(d)!;
  }
  if (f.coupons) active |= 1 << GROUP.coupons;
  if (f.freeDelivery) active |= 1 << GROUP.freeDelivery;
  if (f.sale) active |= 1 << GROUP.sale;
  if (f.priceDropped) active |= 1 << GROUP.priceDropped;
  if (f.priceMin !== undefined || f.priceMax !== undefined) active |= 1 << GROUP.price;
  const madeInSel = new Uint8Array(256);
  if (f.madeIn.length) {
    active |= 1 << GROUP.madeIn;
    for (const c of f.madeIn) madeInSel[COUNTRY_INDEX.get(c)!] = 1;
  }
  const careSel = new Uint8Array(keys.cares.size + 2);
  if (f.care.length) {
    active |= 1 << GROUP.care;
    for (const slug of f.care) {
      const id = keys.cares.lookup(slug);
      if (id !== undefined) careSel[id + 1] = 1;
    }
  }

  const want = new Set(needs.facets);
  let wantMask = 0;
  if (want.has('colour')) wantMask |= 1 << GROUP.colour;
  if (want.has('category')) wantMask |= 1 << GROUP.category;
  if (want.has('brand')) wantMask |= 1 << GROUP.brand;
  if (want.has('store')) wantMask |= 1 << GROUP.store;
  if (want.has('offers')) wantMask |= 1 << GROUP.offers;
  if (want.has('department')) wantMask |= 1 << GROUP.department;
  if (want.has('deals')) wantMask |= (1 << GROUP.coupons) | (1 << GROUP.freeDelivery) | (1 << GROUP.sale) | (1 << GROUP.priceDropped);

  const text = tokens.length > 0;
  // Cells hold whole categories and departments, one discount class and one say on free
  // delivery and price drops each: a sale page (with or without a band of SALE_BANDS), the
  // Sale, Offers, Free Delivery and Price Dropped filters, a category scope or filter and a
  // department filter are unions of cells; anything else (words, brand or store pages, bands
  // or offers of other bounds, pick lists, any other filter group, international delivery)
  // needs the products themselves.
  const scopeFitsCells =
    !text &&
    !query.internationalDelivery &&
    scopeBrand < 0 &&
    scopeStore < 0 &&
    (discountLo === 0 || discountClassesFit(discountLo, discountHi)) &&
    offersFitCells &&
    scope.productIds === undefined;
  const useCells = scopeFitsCells && (active & ~CELL_GROUPS) === 0;
  // A whole country, or one department of it: the cells' totals.
  let totals = -1;
  if (useCells && catLo < 0 && discountLo === 0) {
    if (active === 0) totals = 0;
    else if (active === 1 << GROUP.department && (departmentSel & (departmentSel - 1)) === 0) totals = 1 + (31 - Math.clz32(departmentSel));
  }
  // One colour, brand or store filter on such a page: the scan finds the hits, the cells count its facet.
  let cellFacet = -1;
  if (scopeFitsCells) {
    for (const g of [GROUP.colour, GROUP.brand, GROUP.store]) if ((active & ~CELL_GROUPS) === 1 << g && (wantMask & (1 << g)) !== 0) cellFacet = g;
  }

  return {
    useCells,
    catLo,
    catHi,
    scopeBrand,
    scopeStore,
    discountLo,
    discountHi,
    productIds: scope.productIds,
    text,
    abroadOnly: query.internationalDelivery,
    leadOnly: scopeStore < 0 && (active & (1 << GROUP.store)) === 0 && scope.productIds === undefined,
    storeCards: scopeStore < 0 && scope.productIds === undefined ? [...picked] : [],
    active,
    colourSel,
    catSel,
    brandSel,
    storeSel,
    offerSel,
    departmentSel,
    // Whole numbers within the int32 range: prices are, and the scan subtracts.
    priceMin: Math.max(-1, Math.ceil(f.priceMin ?? -1)),
    priceMax: Math.min(0x7fffffff, Math.floor(f.priceMax ?? 0x7fffffff)),
    madeInSel,
    careSel,
    wantMask,
    missMask: wantMask & FACET_GROUPS & ~(cellFacet >= 0 ? 1 << cellFacet : 0),
    cellFacet,
    totals,
    pageEnd: needs.hits ? query.offset + query.limit : 0,
    sort: query.sort,
    textRank: text && query.sort === '',
  };
}

/** What a scan visits: a list of positions, or the range [from, to). */
export type Candidates = {
  list: Int32Array | undefined;
  from: number;
  to: number;
  /** The scope's category range, to check when a list drives the scan (-1: no check). */
  catLo: number;
  catHi: number;
  /** Positions of an editor's pick list. */
  idSet: Set<number> | undefined;
  /** Text matches: the documents set in this bitset (TextMatch.bits; undefined: no text). */
  textBits: Uint32Array | undefined;
  /** The text matches' positions in this country, in no order (undefined: no text). */
  textPositions: Int32Array | undefined;
};

/**
 * The candidates of a scan in one country: the scope's category range, or the shortest of
 * the brand, store, sale, pick and text lists when it is shorter than that range.
 */
export function candidatesOf(C: CountryColumns, plan: SearchPlan, idSet: Set<number> | undefined, text: TextMatch | undefined): Candidates {
  const from = plan.catLo >= 0 ? C.catStart[plan.catLo]! : 0;
  const to = plan.catLo >= 0 ? C.catStart[plan.catHi]! : C.size;
  const lists: Int32Array[] = [];
  if (plan.scopeBrand >= 0) lists.push(C.brandPositions.subarray(C.brandStart[plan.scopeBrand]!, C.brandStart[plan.scopeBrand + 1]!));
  if (plan.scopeStore >= 0) lists.push(C.storePositions.subarray(C.storeStart[plan.scopeStore]!, C.storeStart[plan.scopeStore + 1]!));
  if (plan.discountLo > 0) lists.push(C.salePositions.subarray(C.saleStart[plan.discountLo]!, C.saleStart[Math.min(255, plan.discountHi) + 1]!));
  if (idSet) lists.push(Int32Array.from(idSet));
  let textPositions: Int32Array | undefined;
  if (text) {
    const positions = new Int32Array(text.count);
    let count = 0;
    // positionOf (index-build.ts), a word of 32 documents at a time: the matches this country
    // sells are the match bits and its own, each one's position counted from the word's.
    const bits = text.bits;
    const docBits = C.docBits;
    const positionAt = C.positionAt;
    for (let w = text.lo; w < text.hi; w++) {
      const sold = docBits[2 * w + 1]!;
      let here = bits[w]! & sold;
      if (here === 0) continue;
      const before = docBits[2 * w]!;
      for (; here !== 0; here &= here - 1) positions[count++] = positionAt[before + bitCount(sold & ((here & -here) - 1))]!;
    }
    textPositions = positions.subarray(0, count);
    lists.push(textPositions);
  }
  let list: Int32Array | undefined;
  for (const l of lists) if (!list || l.length < list.length) list = l;
  if (list && list.length >= to - from) list = undefined;
  return {
    list,
    from,
    to,
    catLo: plan.catLo >= 0 && list !== undefined ? plan.catLo : -1,
    catHi: plan.catHi,
    idSet,
    textBits: text?.bits,
    textPositions,
  };
}
