import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { ANSWER_SCHEMAS } from '../../../shared/api/answer-schemas';
import { transferKey } from '../../../shared/api/api-client';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { COUNTRIES } from '../../../shared/countries';
import { CacheLong, CachePrivate } from '../../../shared/http/cache-policy';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createApiUpstream, type Caller } from '../../../server/web/upstream/api-upstream';
import { createServerApiClient, sharedCacheKey } from '../../../server/web/upstream/server-api-client';
import { createSessionCache } from '../../../server/web/upstream/session-cache';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';
import { TransferCache } from '../../../server/web/upstream/transfer-cache';
import { startRecordingUpstream } from '../../support/recording-upstream';

// Issue 26: the web parses each api answer once per fetch. The shared cache, the session cache
// and a page's transfer cache keep the parsed answer, so what they answer is not parsed again.

const guest: Caller = { isBot: false, requestId: 'r1' };
const shopper: Caller = { token: 'shopper-token', isBot: false, requestId: 'r2' };
const countryUrl = SITE_CONTENT_API.country('GB');
/** What the api sends: the answer and a field the answer does not name (parsing leaves it out). */
const country = { countryCode: 'GB', countryName: COUNTRIES.GB.name, countryInfo: COUNTRIES.GB.info };
const countrySent = { ...country, notInTheAnswer: true };

let api: Awaited<ReturnType<typeof startRecordingUpstream>> | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await api?.close();
  api = undefined;
});

async function web() {
  api = await startRecordingUpstream((request, res) => {
    const personal = request.url.startsWith(ACCOUNT_API.notificationCount);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': personal ? CachePrivate.header : CacheLong.header });
    res.end(JSON.stringify({ data: personal ? { count: 3 } : countrySent }));
  });
  const sessionCache = createSessionCache({ ttlSeconds: 60, maxBytes: 1 << 20 });
  const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 10_000, registry: createRegistry('web'), sessionCache });
  const sharedCache = createSharedCache(1 << 20);
  const page = (caller: Caller, transfer?: TransferCache) => createServerApiClient({ upstream, sharedCache }, { caller, transfer }).client;
  return { api, sharedCache, page };
}

describe('each api answer is parsed once per fetch', () => {
  it('keeps a shared answer parsed, and answers the next pages from it without parsing again', async () => {
    const { api, sharedCache, page } = await web();
    const parses = vi.spyOn(ANSWER_SCHEMAS.CountryResponse, 'safeParse');
    expect(await page(guest).get(countryUrl, 'CountryResponse')).toEqual(country);
    expect(await page(guest).get(countryUrl, 'CountryResponse')).toEqual(country);
    expect(await page(shopper).get(countryUrl, 'CountryResponse')).toEqual(country);
    expect(api.requests).toHaveLength(1);
    expect(parses).toHaveBeenCalledTimes(1);
    // What the cache keeps is the parsed answer, not the body as it came.
    expect(sharedCache.get(sharedCacheKey(guest, transferKey({ url: countryUrl })))).toMatchObject({ body: { data: country }, answer: 'CountryResponse' });
  });

  it('answers a page’s second ask from its transfer cache without parsing it again', async () => {
    const { api, page } = await web();
    const parses = vi.spyOn(ANSWER_SCHEMAS.CountryResponse, 'safeParse');
    const client = page(guest, new TransferCache({ maxEntries: 10, maxBytes: 1 << 20 }));
    const first = await client.get(countryUrl, 'CountryResponse');
    const second = await client.get(countryUrl, 'CountryResponse');
    expect(second).toBe(first);
    expect(api.requests).toHaveLength(1);
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it('keeps a personal answer parsed for the session’s next pages', async () => {
    const { api, page } = await web();
    const parses = vi.spyOn(ANSWER_SCHEMAS.NotificationCount, 'safeParse');
    expect(await page(shopper).get(ACCOUNT_API.notificationCount, 'NotificationCount')).toEqual({ count: 3 });
    expect(await page(shopper).get(ACCOUNT_API.notificationCount, 'NotificationCount')).toEqual({ count: 3 });
    expect(api.requests).toHaveLength(1);
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it('still refuses an answer that does not fit, whatever keeps it', async () => {
    api = await startRecordingUpstream((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': CacheLong.header });
      res.end(JSON.stringify({ data: { countryCode: 'GB' } }));
    });
    const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 10_000, registry: createRegistry('web') });
    const sharedCache = createSharedCache(1 << 20);
    const page = () => createServerApiClient({ upstream, sharedCache }, { caller: guest }).client;
    await expect(page().get(countryUrl, 'CountryResponse')).rejects.toMatchObject({ status: 502 });
    await expect(page().get(countryUrl, 'CountryResponse')).rejects.toMatchObject({ status: 502 });
  });
});
