import { CATEGORIES } from '../catalog/category-tree';
import { OFFER_COUPONS, OFFER_FREE_DELIVERY } from './columns';
import type { CountryColumns } from './index-build';
import type { FacetCounters } from './index-facets';
import type { Candidates, SearchPlan } from './index-plan';
import { GROUP, type ScanBuffers } from './index-scan';

// Issue 30: per-value bitsets of a country's positions, and the scan that combines them a
// word (32 positions) at a time. The position scan (index-scan.ts, scanFilters) checks every
// candidate against every active group, about 790,000 products for a filter over the whole of
// GB at 1,000,000: the slowest requests of the bench. Here each active group is first turned
// into a bitset of the positions passing it (a precomputed one, ranges of cells or of
// categories, posting lists, or one tight loop over a column), then one pass over the words
// finds the hits (pass every group) and the near misses (fail exactly one) with a few logical
// operations per word; only those positions are visited. It answers the scans whose
// candidates are a range (a whole country or a category's subtree, or their reduced products)
// with no other scope check than international delivery and words; with words, the columns
// are read at their matches only, and the hits come out ascending, so the facet counts that
// follow read the columns in order. Brand and store pages, sale bands, pick lists and words
// that match little are short lists and keep the position scan.

/** A country's bitsets, one bit per position, `bitWords` words each. */
export type CountryBits = {
  bitWords: number;
  /** The cards (lead copies, issue 28). */
  leadBits: Uint32Array;
  /** Stores abroad that deliver here. */
  abroadBits: Uint32Array;
  couponBits: Uint32Array;
  freeBits: Uint32Array;
  droppedBits: Uint32Array;
  /** 32 bitsets, colour bit b's at [b * bitWords, (b + 1) * bitWords). */
  colourBits: Uint32Array;
};

// GROUP is read inside the functions, not copied at load: index-scan.ts imports index-build.ts, which imports this module.

/** The bitsets of one country's positions, built once with its columns. */
export function buildCountryBits(C: Pick<CountryColumns, 'size' | 'lead' | 'abroad' | 'flags' | 'dropped' | 'colours'>): CountryBits {
  const m = C.size;
  const W = (m + 31) >>> 5;
  const bits: CountryBits = {
    bitWords: W,
    leadBits: new Uint32Array(W),
    abroadBits: new Uint32Array(W),
    couponBits: new Uint32Array(W),
    freeBits: new Uint32Array(W),
    droppedBits: new Uint32Array(W),
    colourBits: new Uint32Array(32 * W),
  };
  for (let q = 0; q < m; q++) {
    const w = q >>> 5;
    const bit = 1 << (q & 31);
    if (C.lead[q] === 1) bits.leadBits[w]! |= bit;
    if (C.abroad[q] === 1) bits.abroadBits[w]! |= bit;
    if ((C.flags[q]! & OFFER_COUPONS) !== 0) bits.couponBits[w]! |= bit;
    if ((C.flags[q]! & OFFER_FREE_DELIVERY) !== 0) bits.freeBits[w]! |= bit;
    if (C.dropped[q]! > 0) bits.droppedBits[w]! |= bit;
    for (let c = C.colours[q]!; c !== 0; c &= c - 1) bits.colourBits[(31 - Math.clz32(c & -c)) * W + w]! |= bit;
  }
  return bits;
}

/**
 * Whether scanBits can answer these candidates: a range (a whole country, a category), or its
 * reduced products (a sale page without a band: whole cells too), with no other scope check
 * than international delivery and the words. With words, only when their matches here are
 * not few (one per 256 positions of the range or more): below that, the word passes over
 * the range cost more than visiting each match.
 */
export function bitsCanScan(P: SearchPlan, K: Candidates): boolean {
  if (P.scopeBrand >= 0 || P.scopeStore >= 0 || K.idSet !== undefined) return false;
  const text = K.textPositions;
  if (text !== undefined) return (P.discountLo === 0 || (P.discountLo === 1 && P.discountHi === 255)) && text.length >= (K.to - K.from) >>> 8;
  return P.discountLo === 0 ? K.list === undefined : P.discountLo === 1 && P.discountHi === 255;
}

/**
 * The scan of a range by words: the same hits (ascending), near misses with their group, and
 * price range as scanFilters writes for the same request (the test in
 * tests/unit/search/index-bits.test.ts holds them to it).
 */
export function scanBits(C: CountryColumns, P: SearchPlan, K: Candidates, S: ScanBuffers, F: FacetCounters): void {
  const W = C.bitWords;
  const from = K.from;
  const to = K.to;
  S.hitCount = 0;
  S.missCount = 0;
  if (to <= from) return;
  const w0 = from >>> 5;
  const w1 = ((to - 1) >>> 5) + 1;
  const scope = S.scope;
  const X = C.cells;
  // The runs of positions in scope: the range, or its reduced cells; the column loops below read only these.
  const runs: number[] = [];
  if (P.discountLo > 0) {
    for (let x = X.of[from]!; x <= X.of[to - 1]!; x++) {
      if (X.discountClass[x] === 0) continue;
      if (runs.length > 0 && runs[runs.length - 1] === X.start[x]) runs[runs.length - 1] = X.start[x + 1]!;
      else runs.push(X.start[x]!, X.start[x + 1]!);
    }
  } else {
    runs.push(from, to);
  }
  scope.fill(0, w0, w1);
  for (let r = 0; r < runs.length; r += 2) setRange(scope, 0, runs[r]!, runs[r + 1]!);
  // With words, only their matches are in scope; the columns below are then read at those positions alone.
  const text = K.textPositions;
  if (text !== undefined) {
    const T = S.text;
    T.fill(0, w0, w1);
    for (let i = 0; i < text.length; i++) {
      const q = text[i]!;
      if (q >= from && q < to) T[q >>> 5]! |= 1 << (q & 31);
    }
    for (let w = w0; w < w1; w++) scope[w]! &= T[w]!;
  }
  if (P.abroadOnly) for (let w = w0; w < w1; w++) scope[w]! &= C.abroadBits[w]!;
  const matched = text !== undefined ? S.inScope : undefined;
  const matchedCount = matched !== undefined ? positionsOf(scope, w0, w1, matched) : 0;
  if (matched !== undefined) matchedPriceRange(C, P, matched, matchedCount, F);
  else priceRange(C, P, runs, F);

  const pass = S.pass;
  const groups: number[] = [];
  const active = P.active;
  const on = (g: number) => (active & (1 << g)) !== 0;
  const zero = (g: number) => {
    groups.push(g);
    pass.fill(0, g * W + w0, g * W + w1);
    return g * W;
  };
  const copy = (g: number, bits: Uint32Array) => {
    groups.push(g);
    pass.set(bits.subarray(w0, w1), g * W + w0);
  };
  if (on(GROUP.colour)) {
    const base = zero(GROUP.colour);
    for (let sel = P.colourSel; sel !== 0; sel &= sel - 1) {
      const at = (31 - Math.clz32(sel & -sel)) * W;
      for (let w = w0; w < w1; w++) pass[base + w]! |= C.colourBits[at + w]!;
    }
  }
  if (on(GROUP.category)) {
    const base = zero(GROUP.category);
    for (let k = 0; k < CATEGORIES.length; k++) if (P.catSel[k] === 1) setRange(pass, base, Math.max(from, C.catStart[k]!), Math.min(to, C.catStart[k + 1]!));
  }
  if (on(GROUP.brand)) {
    const base = zero(GROUP.brand);
    for (let b = 0; b < P.brandSel.length; b++) if (P.brandSel[b] === 1) setPositions(pass, base, C.brandPositions, C.brandStart[b]!, C.brandStart[b + 1]!, undefined);
  }
  if (on(GROUP.store)) {
    const base = zero(GROUP.store);
    // Issue 28: with stores picked, each product passes as its best copy among theirs (S.card).
    const card = P.storeCards.length > 0 ? S.card : undefined;
    for (let s = 0; s < P.storeSel.length; s++) if (P.storeSel[s] === 1) setPositions(pass, base, C.storePositions, C.storeStart[s]!, C.storeStart[s + 1]!, card);
  } else if (P.leadOnly) {
    // No store in view: a product is its card, another store's copy fails the store group.
    copy(GROUP.store, C.leadBits);
  }
  // A column's group, over the runs or at the matches.
  const where = (values: Uint8Array | Int32Array, sel: Uint8Array, shift: number, base: number) => {
    if (matched !== undefined) matchedWhere(values, sel, shift, matched, matchedCount, pass, base);
    else bitsWhere(values, sel, shift, runs, pass, base);
  };
  if (on(GROUP.offers)) where(C.discount, P.offerSel, 0, zero(GROUP.offers));
  if (on(GROUP.department)) {
    const base = zero(GROUP.department);
    for (let x = X.of[from]!; x <= X.of[to - 1]!; x++) if (((P.departmentSel >>> X.department[x]!) & 1) === 1) setRange(pass, base, X.start[x]!, X.start[x + 1]!);
  }
  if (on(GROUP.coupons)) copy(GROUP.coupons, C.couponBits);
  if (on(GROUP.freeDelivery)) copy(GROUP.freeDelivery, C.freeBits);
  if (on(GROUP.sale)) {
    const base = zero(GROUP.sale);
    for (let x = X.of[from]!; x <= X.of[to - 1]!; x++) if (X.discountClass[x] !== 0) setRange(pass, base, X.start[x]!, X.start[x + 1]!);
  }
  if (on(GROUP.price)) {
    const base = zero(GROUP.price);
    if (matched !== undefined) matchedPriceBits(C.price, P.priceMin, P.priceMax, matched, matchedCount, pass, base);
    else priceBits(C.price, P.priceMin, P.priceMax, runs, pass, base);
  }
  if (on(GROUP.madeIn)) where(C.madeIn, P.madeInSel, 0, zero(GROUP.madeIn));
  if (on(GROUP.care)) where(C.care, P.careSel, 1, zero(GROUP.care));
  if (on(GROUP.priceDropped)) copy(GROUP.priceDropped, C.droppedBits);

  const n = groups.length;
  const bases = Int32Array.from(groups, (g) => g * W);
  const missing = groups.filter((g) => (P.missMask & (1 << g)) !== 0);
  const missBases = Int32Array.from(missing, (g) => g * W);
  const missGroups = Uint8Array.from(missing);
  const m = missing.length;
  const hits = S.hits;
  const miss = S.miss;
  const missGroup = S.missGroup;
  let hitN = 0;
  let missN = 0;
  for (let w = w0; w < w1; w++) {
    const s = scope[w]!;
    if (s === 0) continue;
    // Failed at least once, and at least twice: a bit-parallel count up to two.
    let ones = 0;
    let twos = 0;
    for (let j = 0; j < n; j++) {
      const failed = ~pass[bases[j]! + w]!;
      twos |= ones & failed;
      ones |= failed;
    }
    const at = w << 5;
    for (let hit = s & ~ones; hit !== 0; hit &= hit - 1) hits[hitN++] = at + 31 - Math.clz32(hit & -hit);
    const once = s & ones & ~twos;
    if (once === 0) continue;
    for (let j = 0; j < m; j++) {
      for (let near = once & ~pass[missBases[j]! + w]!; near !== 0; near &= near - 1) {
        miss[missN] = at + 31 - Math.clz32(near & -near);
        missGroup[missN++] = missGroups[j]!;
      }
    }
  }
  S.hitCount = hitN;
  S.missCount = missN;
}

/** Lowest and highest price in scope: of the cards when no store is in view, every copy otherwise (as scanFilters). */
function priceRange(C: CountryColumns, P: SearchPlan, runs: readonly number[], F: FacetCounters): void {
  let min = 0x7fffffff;
  let max = -1;
  if (!P.abroadOnly) {
    // The runs are whole cells, whose prices the build kept.
    const X = C.cells;
    const lows = P.leadOnly ? X.minPrice : X.copyMinPrice;
    const highs = P.leadOnly ? X.maxPrice : X.copyMaxPrice;
    for (let r = 0; r < runs.length; r += 2) {
      for (let x = X.of[runs[r]!]!; x <= X.of[runs[r + 1]! - 1]!; x++) {
        if (lows[x]! < min) min = lows[x]!;
        if (highs[x]! > max) max = highs[x]!;
      }
    }
  } else {
    const price = C.price;
    const lead = C.lead;
    const abroad = C.abroad;
    const leadOnly = P.leadOnly;
    for (let r = 0; r < runs.length; r += 2) {
      for (let q = runs[r]!; q < runs[r + 1]!; q++) {
        if (abroad[q] === 0 || (leadOnly && lead[q] === 0)) continue;
        const p = price[q]!;
        if (p < min) min = p;
        if (p > max) max = p;
      }
    }
  }
  F.minPrice = min;
  F.maxPrice = max;
}

/** Writes the positions of the bits set in words [w0, w1) into `out`, ascending; returns how many. */
function positionsOf(bits: Uint32Array, w0: number, w1: number, out: Int32Array): number {
  let n = 0;
  for (let w = w0; w < w1; w++) for (let b = bits[w]!; b !== 0; b &= b - 1) out[n++] = (w << 5) + 31 - Math.clz32(b & -b);
  return n;
}

/** priceRange over the matches in scope (abroad already applied): the cards' prices when no store is in view. */
function matchedPriceRange(C: CountryColumns, P: SearchPlan, matched: Int32Array, n: number, F: FacetCounters): void {
  const price = C.price;
  const lead = C.lead;
  const leadOnly = P.leadOnly;
  let min = 0x7fffffff;
  let max = -1;
  for (let i = 0; i < n; i++) {
    const q = matched[i]!;
    if (leadOnly && lead[q] === 0) continue;
    const p = price[q]!;
    if (p < min) min = p;
    if (p > max) max = p;
  }
  F.minPrice = min;
  F.maxPrice = max;
}

/** bitsWhere at the matches only. */
function matchedWhere(values: Uint8Array | Int32Array, sel: Uint8Array, shift: number, matched: Int32Array, n: number, bits: Uint32Array, base: number): void {
  for (let i = 0; i < n; i++) {
    const q = matched[i]!;
    bits[base + (q >>> 5)]! |= sel[values[q]! + shift]! << (q & 31);
  }
}

/** priceBits at the matches only. */
function matchedPriceBits(price: Int32Array, min: number, max: number, matched: Int32Array, n: number, bits: Uint32Array, base: number): void {
  for (let i = 0; i < n; i++) {
    const q = matched[i]!;
    const p = price[q]!;
    bits[base + (q >>> 5)]! |= ((((p - min) | (max - p)) >>> 31) ^ 1) << (q & 31);
  }
}

/** Sets bits [lo, hi) of the bitset at `base`. */
function setRange(bits: Uint32Array, base: number, lo: number, hi: number): void {
  if (hi <= lo) return;
  const a = lo >>> 5;
  const b = (hi - 1) >>> 5;
  const first = -1 << (lo & 31);
  const last = -1 >>> (31 - ((hi - 1) & 31));
  if (a === b) {
    bits[base + a]! |= first & last;
    return;
  }
  bits[base + a]! |= first;
  bits.fill(0xffffffff, base + a + 1, base + b);
  bits[base + b]! |= last;
}

/** Sets the bits of positions[start .. end) (those marked in `only`, when given). */
function setPositions(bits: Uint32Array, base: number, positions: Int32Array, start: number, end: number, only: Uint8Array | undefined): void {
  for (let j = start; j < end; j++) {
    const q = positions[j]!;
    if (only === undefined || only[q] === 1) bits[base + (q >>> 5)]! |= 1 << (q & 31);
  }
}

/** Adds the bits of the runs' positions where sel[values[q] + shift] is 1, a word at a time. */
function bitsWhere(values: Uint8Array | Int32Array, sel: Uint8Array, shift: number, runs: readonly number[], bits: Uint32Array, base: number): void {
  for (let r = 0; r < runs.length; r += 2) {
    const to = runs[r + 1]!;
    let word = 0;
    for (let q = runs[r]!; q < to; q++) {
      word |= sel[values[q]! + shift]! << (q & 31);
      if ((q & 31) === 31) {
        bits[base + (q >>> 5)]! |= word;
        word = 0;
      }
    }
    if ((to & 31) !== 0) bits[base + ((to - 1) >>> 5)]! |= word;
  }
}

/** Adds the bits of the runs' positions whose price is within [min, max]. */
function priceBits(price: Int32Array, min: number, max: number, runs: readonly number[], bits: Uint32Array, base: number): void {
  for (let r = 0; r < runs.length; r += 2) {
    const to = runs[r + 1]!;
    let word = 0;
    for (let q = runs[r]!; q < to; q++) {
      const p = price[q]!;
      word |= ((((p - min) | (max - p)) >>> 31) ^ 1) << (q & 31);
      if ((q & 31) === 31) {
        bits[base + (q >>> 5)]! |= word;
        word = 0;
      }
    }
    if ((to & 31) !== 0) bits[base + ((to - 1) >>> 5)]! |= word;
  }
}
