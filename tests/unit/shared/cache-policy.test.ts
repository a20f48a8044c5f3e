import { describe, expect, it } from 'vitest';
import { CacheImmutable, CacheLong, CachePrivate, CacheShort, sharedMaxAge, sharedStaleSeconds } from '../../../shared/http/cache-policy';

describe('sharedMaxAge', () => {
  it('reads how long a shared cache may keep a public answer', () => {
    expect(sharedMaxAge('public, max-age=300, stale-while-revalidate=3600')).toBe(300);
    expect(sharedMaxAge('public, max-age=60, s-maxage=10')).toBe(10);
    expect(sharedMaxAge(CacheImmutable.header)).toBe(31_536_000);
  });

  it('keeps nothing private, uncacheable or unlabelled', () => {
    for (const header of ['private, max-age=60', 'no-store', 'public, no-cache, max-age=60', 'max-age=60', '', undefined, 'public, max-age=abc']) {
      expect(sharedMaxAge(header)).toBe(0);
    }
  });
});

describe('sharedStaleSeconds', () => {
  it('reads how long past its max-age a shared cache may serve a public answer while it fetches a fresh one', () => {
    expect(sharedStaleSeconds(CacheShort.header)).toBe(300);
    expect(sharedStaleSeconds(CacheLong.header)).toBe(3600);
    expect(sharedStaleSeconds('public, max-age=60')).toBe(0);
  });

  it('allows nothing stale for what may not be kept at all', () => {
    for (const header of [CachePrivate.header, 'no-store, stale-while-revalidate=60', 'stale-while-revalidate=60', undefined]) {
      expect(sharedStaleSeconds(header)).toBe(0);
    }
  });
});
