// Sorting positions by a whole-number key, for the index's builds (index-build.ts). The build
// used to pack each key and its tie-break into one float64 and sort the floats: at 1,000,000
// products that was more than half of a build (issue 30, an api ready within 10 s of a
// restart). A least-significant-digit radix sort, 8 bits a pass, takes a third of that: four
// passes for keys up to 2^32, one for keys below 256 (a discount). And finding a value in a
// sorted array, which the index's look-ups by id share.

const DIGIT = 8;
const BUCKETS = 1 << DIGIT;

/** 0, 1, … n - 1. */
export function identityOrder(n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/**
 * `order` (positions into `keys`) sorted by `keys[position]`, stably: positions with equal keys
 * keep their order in `order`, which is the tie-break. Keys are below 2^32. Each pass moves the
 * keys with the positions, so it reads them in sequence; `order` is used as scratch space: use
 * the returned array.
 */
export function sortByKey(keys: Uint32Array, order: Int32Array): Int32Array {
  const m = order.length;
  let keyFrom = new Uint32Array(m);
  let max = 0;
  let min = 0xffffffff;
  for (let i = 0; i < m; i++) {
    const k = keys[order[i]!]!;
    keyFrom[i] = k;
    if (k > max) max = k;
    if (k < min) min = k;
  }
  // Keys measured from the least: a pass per digit of the range, not of the largest key
  // (popularity ranks keys near 2^31 that differ in their lowest bits only).
  if (min > 0 && min <= max) {
    for (let i = 0; i < m; i++) keyFrom[i] = keyFrom[i]! - min;
    max -= min;
  }
  let from: Int32Array = order;
  let keyTo = new Uint32Array(m);
  let to: Int32Array = new Int32Array(m);
  const start = new Uint32Array(BUCKETS + 1);
  for (let shift = 0; shift < 32 && max >>> shift > 0; shift += DIGIT) {
    start.fill(0);
    for (let i = 0; i < m; i++) start[((keyFrom[i]! >>> shift) & (BUCKETS - 1)) + 1]!++;
    for (let d = 1; d <= BUCKETS; d++) start[d]! += start[d - 1]!;
    for (let i = 0; i < m; i++) {
      const k = keyFrom[i]!;
      const at = start[(k >>> shift) & (BUCKETS - 1)]!++;
      keyTo[at] = k;
      to[at] = from[i]!;
    }
    [keyFrom, keyTo] = [keyTo, keyFrom];
    [from, to] = [to, from];
  }
  return from;
}

/**
 * Where `value` is in `sorted` (ascending, no repeats), or -1 when it is not there: a binary
 * search. With `key`, `sorted` holds positions ascending by key[position], and the key is sought.
 */
export function sortedIndexOf(sorted: Int32Array, value: number, key?: Int32Array): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = key === undefined ? sorted[mid]! : key[sorted[mid]!]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
