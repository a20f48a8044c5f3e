import { afterEach, describe, expect, it } from 'vitest';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { transferKey } from '../../../shared/api/api-client';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createApiUpstream, type Caller } from '../../../server/web/upstream/api-upstream';
import { createServerApiClient } from '../../../server/web/upstream/server-api-client';
import { createSessionCache } from '../../../server/web/upstream/session-cache';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';
import { startRecordingUpstream, type Recorded } from '../../support/recording-upstream';

// A page's personal GET that overlapped a personal write of the same page may hold the answer
// from before the write: My Alerts marks the notifications read while the shell reads the
// bell's count. Such an answer serves that page, but is not kept for the session's next pages
// (the header would say the old count for SESSION_CACHE_SECONDS).

const caller: Caller = { token: 'shopper-token', isBot: false, requestId: 'r1' };

let api: Awaited<ReturnType<typeof startRecordingUpstream>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/**
 * The real api upstream (and so its own rule for dropping the session's answers around a
 * personal write) over a stand-in api whose answers the test releases one by one, in the
 * order it chooses.
 */
async function heldUpstream() {
  const held: { request: Recorded; release(body: unknown): void }[] = [];
  let arrived = () => {};
  api = await startRecordingUpstream((request, res) => {
    held.push({
      request,
      release: (body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: body }));
      },
    });
    arrived();
  });
  const sessionCache = createSessionCache({ ttlSeconds: 60, maxBytes: 1 << 20 });
  const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 10_000, registry: createRegistry('web'), sessionCache });
  const page = () => createServerApiClient({ upstream, sharedCache: createSharedCache(0) }, { caller }).client;
  const waitFor = (n: number) =>
    new Promise<void>((resolve) => {
      arrived = () => {
        if (held.length >= n) resolve();
      };
      arrived();
    });
  return { sessionCache, held, page, waitFor };
}

const keptCount = (sessionCache: ReturnType<typeof createSessionCache>) => sessionCache.get(caller, transferKey({ url: ACCOUNT_API.notificationCount }));

describe('the session cache and a page’s own writes', () => {
  it('keeps a personal GET that no write of the page overlapped', async () => {
    const { sessionCache, held, page, waitFor } = await heldUpstream();
    const count = page().get(ACCOUNT_API.notificationCount, 'NotificationCount');
    await waitFor(1);
    held[0]!.release({ count: 3 });
    expect(await count).toEqual({ count: 3 });
    // Kept as the api answered it, parsed as the answer the call named (issue 26): the whole
    // body, and its size in bytes.
    const answered = { data: { count: 3 } };
    expect(keptCount(sessionCache)).toEqual({ status: 200, body: answered, bytes: Buffer.byteLength(JSON.stringify(answered)), answer: 'NotificationCount' });
  });

  it('does not keep a count read while the page marked the notifications read, whichever answers first', async () => {
    for (const order of [['get', 'put'], ['put', 'get']] as const) {
      await api?.close();
      const { sessionCache, held, page, waitFor } = await heldUpstream();
      const client = page();
      const count = client.get(ACCOUNT_API.notificationCount, 'NotificationCount');
      const marked = client.send('PUT', ALERT_API.notificationsRead, { upTo: 9 }, 'NotificationCount');
      await waitFor(2);
      const [get, put] = [held.find((h) => h.request.method === 'GET')!, held.find((h) => h.request.method === 'PUT')!];
      for (const step of order) (step === 'get' ? get : put).release({ count: step === 'get' ? 3 : 0 });
      expect(await count).toEqual({ count: 3 });
      expect(await marked).toEqual({ count: 0 });
      expect(keptCount(sessionCache), order.join(' then ')).toBeUndefined();
    }
  });
});
