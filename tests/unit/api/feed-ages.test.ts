import { describe, expect, it } from 'vitest';
import { confirmedBefore, feedAge } from '../../../server/api/catalog/feed-ages';
import { loadApiConfig } from '../../../server/api/config';

// The rule of prices' age (issue 27): past FEED_STALE_HOURS a store's prices in a country may
// be out of date; past twice that its items leave the country's listings. Both lines are
// "longer ago than", the same in JavaScript (feedAge) and in SQL (confirmedBefore).

const NOW = new Date('2026-11-28T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('the age of a feed', () => {
  it('is fresh up to FEED_STALE_HOURS, stale past it, withheld past twice it', () => {
    const ages = [0, 72, 72.01, 73, 144, 144.01, 145].map((h) => feedAge(hoursAgo(h), NOW, 72));
    expect(ages).toEqual(['fresh', 'fresh', 'stale', 'stale', 'stale', 'withheld', 'withheld']);
  });

  it('is fresh when no feed has confirmed the prices (nothing is known to be old)', () => {
    expect(feedAge(null, NOW, 72)).toBe('fresh');
  });

  it('draws the lines SQL compares with at the same moments', () => {
    const ages = { staleHours: 72, clock: () => NOW };
    expect(confirmedBefore(ages, 1).toISOString()).toBe(hoursAgo(72).toISOString());
    expect(confirmedBefore(ages, 2).toISOString()).toBe(hoursAgo(144).toISOString());
  });
});

describe('FEED_STALE_HOURS', () => {
  it('is 72 unless told, and takes hours, fractions too', () => {
    expect(loadApiConfig({}).feedStaleHours).toBe(72);
    expect(loadApiConfig({ FEED_STALE_HOURS: '0.5' }).feedStaleHours).toBe(0.5);
    expect(loadApiConfig({ FEED_STALE_HOURS: '168' }).feedStaleHours).toBe(168);
  });

  it('refuses what is not a positive number of hours, saying what it takes', () => {
    expect(() => loadApiConfig({ FEED_STALE_HOURS: 'three days' })).toThrow(
      'Invalid api configuration: FEED_STALE_HOURS: FEED_STALE_HOURS must be a number of hours, such as 72',
    );
    expect(() => loadApiConfig({ FEED_STALE_HOURS: '0' })).toThrow('FEED_STALE_HOURS must be more than 0 hours');
    expect(() => loadApiConfig({ FEED_STALE_HOURS: '9000' })).toThrow('FEED_STALE_HOURS must be at most a year (8760 hours)');
  });
});
