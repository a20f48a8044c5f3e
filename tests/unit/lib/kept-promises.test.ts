import { describe, expect, it } from 'vitest';
import { KeptPromises } from '../../../server/lib/kept-promises';

// The answers the listing's passes and country totals and the sitemaps' change-log reads keep:
// one computation per key while it is kept, a rejection forgotten, the least recently asked
// dropped past the bound.

describe('KeptPromises', () => {
  it('computes a key once, asks in flight sharing it, and computes again after a rejection', async () => {
    const kept = new KeptPromises<number>(10);
    let computed = 0;
    const compute = async () => ++computed;
    const [a, b] = await Promise.all([kept.get('k', compute), kept.get('k', compute)]);
    expect([a, b, computed]).toEqual([1, 1, 1]);

    await expect(kept.get('bad', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await kept.get('bad', compute)).toBe(2);
    expect(await kept.get('bad', compute)).toBe(2);
  });

  it('keeps an answer made elsewhere only where none is kept, and drops the least recently asked past its bound', async () => {
    const kept = new KeptPromises<string>(2);
    kept.keep('a', 'made elsewhere');
    kept.keep('a', 'made again');
    expect(await kept.get('a', async () => 'computed')).toBe('made elsewhere');
    await kept.get('b', async () => 'b');
    await kept.get('a', async () => 'computed');
    await kept.get('c', async () => 'c');
    // 'b' was the least recently asked when 'c' came.
    expect([await kept.get('a', async () => 'again'), await kept.get('b', async () => 'again')]).toEqual(['made elsewhere', 'again']);
  });
});
