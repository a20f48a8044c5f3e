import { describe, expect, it } from 'vitest';
import { IdCounts } from '../../../server/api/search-engine/index-facets';

// Issue 30: the index answers its brand and store facets as read-only maps over typed arrays.
// Whatever reads them as a Map (spreads, get, size, forEach) must see what a Map of the
// counters' ids with products would hold.

describe('IdCounts', () => {
  const dense = Int32Array.from([0, 3, 0, 0, 7, 1, 0, 2, 5]);
  // Id 8's count lies past maxId: the counters are sized by the largest id, the facet ends there.
  const counts = IdCounts.of(dense, 7);
  const expected = new Map([
    [1, 3],
    [4, 7],
    [5, 1],
    [7, 2],
  ]);

  it('holds the ids 1 … maxId with products, ascending, as a Map of them would', () => {
    expect(counts.size).toBe(4);
    expect([...counts]).toEqual([...expected]);
    expect([...counts.entries()]).toEqual([...expected.entries()]);
    expect([...counts.keys()]).toEqual([1, 4, 5, 7]);
    expect([...counts.values()]).toEqual([3, 7, 1, 2]);
    const seen: [number, number][] = [];
    counts.forEach((count, id, map) => {
      expect(map).toBe(counts);
      seen.push([id, count]);
    });
    expect(seen).toEqual([...expected]);
  });

  it('answers get and has for every id, with and without products', () => {
    for (let id = -1; id <= 9; id++) {
      expect(counts.get(id), `get(${id})`).toBe(expected.get(id));
      expect(counts.has(id), `has(${id})`).toBe(expected.has(id));
    }
  });

  it('is empty when no id has products', () => {
    const none = IdCounts.of(new Int32Array(5), 4);
    expect(none.size).toBe(0);
    expect([...none]).toEqual([]);
    expect(none.get(1)).toBeUndefined();
  });
});
