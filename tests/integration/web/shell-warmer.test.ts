import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { shellCalls } from '../../../shared/api/shell-calls';
import { API_ANSWER_HEADER } from '../../../shared/constants';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { CacheLong } from '../../../shared/http/cache-policy';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createApiUpstream, type Caller } from '../../../server/web/upstream/api-upstream';
import { createServerApiClient, sharedCacheKey } from '../../../server/web/upstream/server-api-client';
import { createSharedCache } from '../../../server/web/upstream/shared-cache';
import { startRecordingUpstream, type Recorded } from '../../support/recording-upstream';
import { startWeb } from '../../support/web-server';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { pathPrefix } from '../../support/api-paths';

// The shell's answers (every country site's menu and country) are asked for ahead of pages:
// when the web starts, again once an import changed the catalogue, and again after a round
// the api failed. A stand-in api on loopback says which catalogue it answers from.

const SHELL = Object.values(COUNTRIES)
  .flatMap((country) => Object.values(shellCalls(country)))
  .sort();

type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

/** Answers the shell's calls and /readyz from catalogue `version`; `fail` answers 503 to the addresses it returns true for. */
async function startFakeApi() {
  const state = { version: 1, fail: (_url: string) => false };
  const waiters: { count: number; resolve: () => void }[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown, cacheControl: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': cacheControl, [API_ANSWER_HEADER.catalogVersion]: String(state.version) });
    res.end(JSON.stringify(body));
  };
  const upstream = await startRecordingUpstream((req: Recorded, res) => {
    if (state.fail(req.url)) send(res, 503, { status: 503, message: 'starting' }, 'no-store');
    else if (req.url === '/readyz') send(res, 200, { status: 'ready' }, 'no-store');
    else if (req.url.startsWith(pathPrefix(SITE_CONTENT_API.menu))) send(res, 200, { data: { menuList: [] } }, CacheLong.header);
    else {
      const code = COUNTRY_CODES.find((c) => req.url === shellCalls(COUNTRIES[c]).country);
      if (!code) send(res, 404, { status: 404, message: 'not here' }, 'no-store');
      else send(res, 200, { data: { countryCode: code, countryName: COUNTRIES[code].name, countryInfo: COUNTRIES[code].info } }, CacheLong.header);
    }
    for (const waiter of waiters.filter((w) => upstream.requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    ...upstream,
    state,
    /** Settles once the api has been asked `count` requests in all. */
    received(count: number) {
      return new Promise<void>((resolve) => (upstream.requests.length >= count ? resolve() : waiters.push({ count, resolve })));
    },
    urls(from = 0) {
      return upstream.requests.slice(from).map((r) => r.url);
    },
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setUp(): Promise<{ api: FakeApi; web: Awaited<ReturnType<typeof startWeb>> }> {
  const api = await startFakeApi();
  closers.push(api.close);
  return { api, web: await startWebOver(api) };
}

async function startWebOver(api: FakeApi) {
  const web = await startWeb(api.url, { WARM_SHELL: 'true' });
  closers.push(web.close);
  return web;
}

describe('the shell warmer', () => {
  it('asks for every country site’s menu and country once when the web starts', async () => {
    const { api, web } = await setUp();
    await web.shellWarmed;
    expect(api.urls().sort()).toEqual(SHELL);
  });

  it('asks again as soon as an answer says the catalogue changed, and not for an older one', async () => {
    const { api, web } = await setUp();
    await web.shellWarmed;
    // An answer from the same catalogue changes nothing.
    await fetch(`${web.url}/readyz`);
    expect(api.urls(16)).toEqual(['/readyz']);
    // An import: the next answer the web reads names a greater catalogue.
    api.state.version = 2;
    await fetch(`${web.url}/readyz`);
    await api.received(18 + 16);
    expect(api.urls(17)[0]).toBe('/readyz');
    expect(api.urls(18).sort()).toEqual(SHELL);
    // A smaller one (an instance behind the others) does not.
    api.state.version = 1;
    await fetch(`${web.url}/readyz`);
    expect(api.urls(34)).toEqual(['/readyz']);
  });

  it('tries again while the api fails, and is warmed only when every answer is held', async () => {
    const api = await startFakeApi();
    closers.push(api.close);
    const gb = shellCalls(COUNTRIES.GB).menu;
    let refusals = 0;
    api.state.fail = (url) => url === gb && refusals++ < 1;
    const web = await startWebOver(api);
    await web.shellWarmed;
    // The first round: 16 calls, the GB menu refused; the second: 16 again, all answered.
    expect(api.urls(0).slice(0, 16).sort()).toEqual(SHELL);
    expect(api.urls(16).sort()).toEqual(SHELL);
  });

  it('serves pages the shell it holds, with the shared cache off too', async () => {
    const api = await startFakeApi();
    closers.push(api.close);
    const web = await startWeb(api.url, { WARM_SHELL: 'true', SHARED_CACHE_MAX_BYTES: '0' });
    closers.push(web.close);
    await web.shellWarmed;
    const page = await fetch(`${web.url}/us/no-such-page`);
    expect(page.status).toBe(404);
    // An unknown address is looked up as a listing link (the api knows none): that is the
    // page's one call; the US site's menu and country came from what the web holds.
    expect(await page.text()).toContain('Page Not Found');
    expect(api.urls(16)).toEqual([`${SEARCH_API.listing}?country=US&link=%2Fno-such-page`]);
  });
});

describe('a shared answer past its max-age', () => {
  it('is served as kept while one call fetches a fresh copy', async () => {
    const api = await startFakeApi();
    closers.push(api.close);
    const upstream = createApiUpstream({ baseUrl: api.url, timeoutMs: 5_000, registry: createRegistry('web') });
    const sharedCache = createSharedCache(1_000_000);
    const url = shellCalls(COUNTRIES.GB).country;
    const caller: Caller = { isBot: false, requestId: 'test' };
    // Kept (for English pages, as every answer is kept per language) with no max-age left and a minute to be served stale.
    const key = sharedCacheKey(caller, url);
    sharedCache.set(key, { status: 200, body: { data: { countryCode: 'GB', countryName: 'Kept', countryInfo: COUNTRIES.GB.info } }, bytes: 100 }, 0, 60);
    const page = () => createServerApiClient({ upstream, sharedCache }, { caller }).client;

    const [first, second] = await Promise.all([page().get(url, 'CountryResponse'), page().get(url, 'CountryResponse')]);
    expect([first.countryName, second.countryName]).toEqual(['Kept', 'Kept']);
    // One refresh for both pages; it is on its way or done.
    await sharedCache.coalesce(key, async () => undefined);
    expect(api.urls()).toEqual([url]);
    expect(sharedCache.get(key)).toMatchObject({ stale: false, body: { data: { countryName: COUNTRIES.GB.name } } });
    expect((await page().get(url, 'CountryResponse')).countryName).toBe(COUNTRIES.GB.name);
    expect(api.urls()).toEqual([url]);
  });
});
