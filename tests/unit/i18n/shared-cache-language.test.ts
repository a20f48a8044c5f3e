import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheLong } from '../../../shared/http/cache-policy';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createApiUpstream, type Caller } from '../../../server/web/upstream/api-upstream';
import { createServerApiClient } from '../../../server/web/upstream/server-api-client';
import { createSessionCache } from '../../../server/web/upstream/session-cache';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';
import { startRecordingUpstream } from '../../support/recording-upstream';

// Issue 29: the api words its messages in the caller's language (x-locale), so the web's shared
// cache keeps an answer per language: one asked for a French page is never given to an English
// one, and the api hears each page's locale.

let api: Awaited<ReturnType<typeof startRecordingUpstream>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('the shared cache, per language', () => {
  it('asks the api once per language, with that language’s locale, and answers each from its own copy', async () => {
    api = await startRecordingUpstream((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': CacheLong.header });
      res.end(JSON.stringify({ data: { countryCode: 'CA', countryName: `said in ${String(request.headers[UPSTREAM_HEADER.locale])}`, countryInfo: { countryId: 5, currencyCode: 'CAD', currencyName: 'Canadian Dollar', symbol: '$' } } }));
    });
    const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 10_000, registry: createRegistry('web'), sessionCache: createSessionCache({ ttlSeconds: 60, maxBytes: 1 << 20 }) });
    const sharedCache = createSharedCache(1 << 20);
    const page = (locale: string) => createServerApiClient({ upstream, sharedCache }, { caller: { isBot: false, requestId: 'r', locale } satisfies Caller }).client;
    const url = SITE_CONTENT_API.country('CA');

    expect((await page('fr-CA').get(url, 'CountryResponse'))?.countryName).toBe('said in fr-CA');
    expect((await page('en-CA').get(url, 'CountryResponse'))?.countryName).toBe('said in en-CA');
    expect((await page('fr-CA').get(url, 'CountryResponse'))?.countryName).toBe('said in fr-CA');
    expect((await page('en-CA').get(url, 'CountryResponse'))?.countryName).toBe('said in en-CA');
    expect(api.requests.map((r) => r.headers[UPSTREAM_HEADER.locale])).toEqual(['fr-CA', 'en-CA']);
  });
});
