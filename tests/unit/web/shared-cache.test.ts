import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';

const entry = (bytes: number) => ({ status: 200, body: { ok: true }, bytes });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the shared upstream cache', () => {
  it('keeps an answer for its max-age and forgets it after', () => {
    // lru-cache reads the time from the performance object it found at load, which fake
    // timers replace rather than change: make that object's clock the fake one.
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
    vi.useFakeTimers();
    const cache = createSharedCache(10_000);
    cache.set('/api/a', entry(100), 0.05);
    expect(cache.get('/api/a')?.status).toBe(200);
    vi.advanceTimersByTime(49);
    expect(cache.get('/api/a')?.status).toBe(200);
    vi.advanceTimersByTime(2);
    expect(cache.get('/api/a')).toBeUndefined();
  });

  it('serves an answer past its max-age as stale for its stale-while-revalidate time, then forgets it', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
    vi.useFakeTimers();
    const cache = createSharedCache(10_000);
    cache.set('/api/a', entry(100), 0.05, 0.1);
    expect(cache.get('/api/a')?.stale).toBe(false);
    vi.advanceTimersByTime(50);
    expect(cache.get('/api/a')?.stale).toBe(true);
    vi.advanceTimersByTime(99);
    expect(cache.get('/api/a')).toEqual({ ...entry(100), stale: true });
    vi.advanceTimersByTime(2);
    expect(cache.get('/api/a')).toBeUndefined();
  });

  it('does not keep an answer larger than a quarter of its size', () => {
    const cache = createSharedCache(1_000);
    cache.set('/api/big', entry(300), 60);
    cache.set('/api/small', entry(200), 60);
    expect(cache.get('/api/big')).toBeUndefined();
    expect(cache.get('/api/small')).toEqual({ ...entry(200), stale: false });
  });

  it('is off at size 0: nothing is kept', () => {
    const cache = createSharedCache(0);
    cache.set('/api/a', entry(1), 60);
    expect(cache.get('/api/a')).toBeUndefined();
  });

  it('makes one call for everyone who asks for an address while it is on its way, and a new one after', async () => {
    const cache = createSharedCache(10_000);
    let calls = 0;
    let release: (value: string) => void = () => undefined;
    const fetch = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.coalesce('/api/a', fetch);
    const second = cache.coalesce('/api/a', fetch);
    expect(calls).toBe(1);
    release('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    const third = cache.coalesce('/api/a', fetch);
    expect(calls).toBe(2);
    release('later');
    expect(await third).toBe('later');
  });

  it('makes a call per caller when it is off', async () => {
    const cache = createSharedCache(0);
    let calls = 0;
    await Promise.all([cache.coalesce('/api/a', async () => ++calls), cache.coalesce('/api/a', async () => ++calls)]);
    expect(calls).toBe(2);
  });
});
