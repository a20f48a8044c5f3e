// The first n of many items in an order, without sorting them all: a country's brand facet
// holds thousands of brands and a listing shows ten to thirty of them (issue 30: sorting 5,000
// brands for the filter panel's thirty took about a millisecond of every listing page).

/**
 * The first `n` of `items` in `compare`'s order, in that order: what sorting them all and
 * taking `n` gives when `compare` orders any two distinct items (break its ties). A bounded
 * heap whose root is the worst of the best so far, so most items cost one comparison.
 */
export function firstBy<T>(items: Iterable<T>, n: number, compare: (a: T, b: T) => number): T[] {
  const heap: T[] = [];
  if (n <= 0) return heap;
  // Max-heap by `compare`: a parent comes after its children.
  const after = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const item of items) {
    if (heap.length < n) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && after(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && after(left, worst)) worst = left;
        if (right < heap.length && after(right, worst)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort(compare);
}
