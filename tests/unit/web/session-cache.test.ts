import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../server/web/upstream/api-upstream';
import { createSessionCache } from '../../../server/web/upstream/session-cache';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// The web's private cache of a session's own personal answers (session-cache.ts).

const caller = (token: string | undefined, geoCountry?: 'GB' | 'US', guestKey?: string): Caller => ({
  token,
  guestKey,
  geoCountry,
  isBot: false,
  requestId: 'test',
});
const entry = (body: unknown, bytes = 100) => ({ status: 200, body, bytes });

describe('session cache', () => {
  it("answers a session with its own kept answer, and no other session with it", () => {
    const cache = createSessionCache({ ttlSeconds: 30, maxBytes: 1_000_000 });
    cache.set(caller('alice'), ACCOUNT_API.userProfile, entry('alice'));
    expect(cache.get(caller('alice'), ACCOUNT_API.userProfile)?.body).toBe('alice');
    expect(cache.get(caller('bob'), ACCOUNT_API.userProfile)).toBeUndefined();
    expect(cache.get(caller(undefined, undefined, 'alice'), ACCOUNT_API.userProfile)).toBeUndefined();
    expect(cache.get(caller(undefined), ACCOUNT_API.userProfile)).toBeUndefined();
    // Nobody's answer is kept for a caller without a session.
    cache.set(caller(undefined), SITE_CONTENT_API.geoCountry, entry('anyone'));
    expect(cache.get(caller(undefined), SITE_CONTENT_API.geoCountry)).toBeUndefined();
  });

  it('keeps answers apart by the geoip country the api heard, and forgets them all at once', () => {
    const cache = createSessionCache({ ttlSeconds: 30, maxBytes: 1_000_000 });
    cache.set(caller('alice', 'GB'), SITE_CONTENT_API.geoCountry, entry('GB'));
    cache.set(caller('alice', 'US'), SITE_CONTENT_API.geoCountry, entry('US'));
    expect(cache.get(caller('alice', 'US'), SITE_CONTENT_API.geoCountry)?.body).toBe('US');
    expect(cache.get(caller('alice', 'GB'), SITE_CONTENT_API.geoCountry)?.body).toBe('GB');
    cache.forget(caller('alice', 'US'));
    expect(cache.get(caller('alice', 'GB'), SITE_CONTENT_API.geoCountry)).toBeUndefined();
    expect(cache.get(caller('alice', 'US'), SITE_CONTENT_API.geoCountry)).toBeUndefined();
  });

  it('lets an answer go when its time is up', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlSeconds: 30, maxBytes: 1_000_000, now: () => now });
    cache.set(caller('alice'), ACCOUNT_API.notificationCount, entry(3));
    now += 29_999;
    expect(cache.get(caller('alice'), ACCOUNT_API.notificationCount)?.body).toBe(3);
    now += 1;
    expect(cache.get(caller('alice'), ACCOUNT_API.notificationCount)).toBeUndefined();
  });

  it('keeps nothing when turned off or when an answer is too large for it', () => {
    const off = createSessionCache({ ttlSeconds: 0, maxBytes: 1_000_000 });
    off.set(caller('alice'), '/a', entry('x'));
    expect(off.get(caller('alice'), '/a')).toBeUndefined();
    const small = createSessionCache({ ttlSeconds: 30, maxBytes: 400 });
    small.set(caller('alice'), '/big', entry('x', 101));
    expect(small.get(caller('alice'), '/big')).toBeUndefined();
    small.set(caller('alice'), '/fits', entry('y', 100));
    expect(small.get(caller('alice'), '/fits')?.body).toBe('y');
  });
});
