import { describe, expect, it } from 'vitest';
import { FilterSchema, type Filter, type FilterBucket } from '../../../shared/api/search-schemas';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';

// The filter schema is spelt out to the category levels' depth instead of recursing
// (shared/api/search-schemas.ts): every level a category filter can show must still pass,
// exactly as sent, and nothing deeper.

/** A category filter whose first bucket opens `levels` levels, one bucket each. */
function categoryFilter(levels: number): Filter {
  const bucket = (level: number): FilterBucket => ({
    key: `Level ${level}`,
    id: `level-${level}`,
    docCount: 10 - level,
    textKey: `level-${level}`,
    selected: level === levels - 1,
    subBuckets: level + 1 < levels ? [{ filterName: CATEGORY_LEVELS[level + 1] ?? 'deeper', buckets: [bucket(level + 1)] }] : [],
  });
  return { filterName: 'category', buckets: [bucket(0), { key: 'Shoes', id: 'shoes', docCount: 3, textKey: 'shoes', selected: false, subBuckets: [] }], otherCount: 0 };
}

describe('FilterSchema', () => {
  it('takes a category opened down to subcategory4, every level as the api sent it', () => {
    const filter = categoryFilter(CATEGORY_LEVELS.length);
    const parsed = FilterSchema.safeParse(filter);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(filter);
  });

  it('takes a colour bucket with its hex value and drops keys the contract does not name', () => {
    const sent = { filterName: 'colours', otherCount: 0, buckets: [{ key: 'Black', id: 'black', docCount: 4, textKey: 'black', value: '#000000', selected: true, subBuckets: [], extra: 1 }] };
    expect(FilterSchema.parse(sent)).toEqual({ filterName: 'colours', otherCount: 0, buckets: [{ key: 'Black', id: 'black', docCount: 4, textKey: 'black', value: '#000000', selected: true, subBuckets: [] }] });
  });

  it('refuses a bucket nested deeper than the category levels', () => {
    expect(FilterSchema.safeParse(categoryFilter(CATEGORY_LEVELS.length + 1)).success).toBe(false);
  });

  it('refuses a bucket whose nested level is malformed at the deepest level', () => {
    const filter = categoryFilter(CATEGORY_LEVELS.length);
    let bucket = filter.buckets[0]!;
    while (bucket.subBuckets.length) bucket = bucket.subBuckets[0]!.buckets[0]!;
    (bucket as { docCount: unknown }).docCount = 'many';
    expect(FilterSchema.safeParse(filter).success).toBe(false);
  });
});
