import { describe, expect, it } from 'vitest';
import { firstBy } from '../../../server/lib/first-by';

// firstBy must give exactly what sorting everything and taking the first n gives, for any n,
// with many ties on the first key (a country's brands: many share a product count).

type Brand = { id: number; count: number; name: string };
const byCountThenName = (a: Brand, b: Brand) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;

/** A seeded sequence of brands: counts 1-40, names from a short list (some repeat). */
function brands(length: number, seed: number): Brand[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length }, (_, id) => ({ id, count: 1 + (next() % 40), name: `brand ${next() % 300}` }));
}

describe('firstBy', () => {
  it('gives the first n of a sort, in order, for every n', () => {
    for (const [length, seed] of [
      [0, 1],
      [1, 2],
      [7, 3],
      [300, 4],
      [5000, 5],
    ] as const) {
      const items = brands(length, seed);
      const sorted = [...items].sort(byCountThenName);
      for (const n of [0, 1, 2, 3, 10, 30, 299, 300, 301, 5000, 6000]) {
        expect(firstBy(items, n, byCountThenName), `${length} items, n = ${n}`).toEqual(sorted.slice(0, n));
      }
    }
  });

  it('takes any iterable, such as a map’s entries', () => {
    const counts = new Map([
      [4, 7],
      [1, 3],
      [9, 7],
      [2, 12],
    ]);
    expect(firstBy(counts, 3, (a, b) => b[1] - a[1] || a[0] - b[0])).toEqual([
      [2, 12],
      [4, 7],
      [9, 7],
    ]);
  });
});
