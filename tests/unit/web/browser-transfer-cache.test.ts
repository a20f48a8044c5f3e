import { describe, expect, it } from 'vitest';
import { BrowserTransferCache } from '../../../client/api/browser-api-client';
import { createApiClient } from '../../../shared/api/api-client';
import { TransferCache } from '../../../server/web/upstream/transfer-cache';
import { HOME_API } from '../../../shared/api/home-paths';

describe('transfer cache', () => {
  it('serves each entry once in the browser, and nothing after its window', () => {
    const cache = new BrowserTransferCache({ '/api/a': { n: 1 }, '/api/b': { n: 2 } }, 1000, 0);
    expect(cache.take('/api/a', 10)).toEqual({ n: 1 });
    expect(cache.take('/api/a', 20)).toBeUndefined();
    expect(cache.take('/api/b', 2000)).toBeUndefined();
  });

  it('is bounded on the server by entries and bytes, and sealed once loaders are done', () => {
    const cache = new TransferCache({ maxEntries: 2, maxBytes: 100 });
    cache.offer('a', 1, 60);
    cache.offer('b', 2, 60);
    cache.offer('c', 3, 10);
    cache.offer('d', 4, 10);
    const sealed = cache.seal();
    cache.offer('e', 5, 1);
    expect([...sealed.keys()]).toEqual(['a', 'c']);
    expect(cache.stats).toEqual({ entries: 2, bytes: 70, refused: 2 });
  });

  it('lets the API client answer a GET from the browser cache without calling the transport', async () => {
    let calls = 0;
    const cache = new BrowserTransferCache({ [`${HOME_API.slides}?country=GB`]: { sliders: [] } });
    const client = createApiClient(
      async () => {
        calls++;
        return { status: 200, body: { data: { sliders: [{ x: 1 }] } } };
      },
      { take: (key) => cache.take(key) },
    );
    expect(await client.get(HOME_API.slides, 'Slides', { country: 'GB' })).toEqual({ sliders: [] });
    expect(calls).toBe(0);
    expect(await client.get(HOME_API.slides, 'Slides', { country: 'GB' })).toEqual({ sliders: [{ x: 1 }] });
    expect(calls).toBe(1);
  });
});
