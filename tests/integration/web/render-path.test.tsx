import type http from 'node:http';
import { Suspense, use } from 'react';
import { data, redirect, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiContext } from '../../../client/app/contexts';
import { sessionContext } from '../../../client/app/session-context';
import { ApiError } from '../../../shared/api/api-client';
import { RouteErrorView } from '../../../client/components/shell/RouteErrorView';
import { BareDocument } from '../../support/bare-document';
import { readPayload, visibleMarkup } from '../../support/page';
import type { Recorded } from '../../support/recording-upstream';
import { pollUntil } from '../../support/poll';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import { startWeb } from '../../support/web-server';
import { HOME_API } from '../../../shared/api/home-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// The render path with routes of the test's own: what loaders can do to a response.

const never = new Promise<string>(() => undefined);
function Forever() {
  return <p>{use(never)}</p>;
}

// The stand-in api answers every call with its URL as a message (cacheableEcho below).
const Echo = 'MessageResponse';
// A loader that needs the same answer twice (say, for two components it feeds): a shared
// call (the api route table lists it as the same for everyone), and a personal one.
async function fetchSameTwice({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const first = await api.get(HOME_API.fashionTips, Echo, { twice: 1 });
  const second = await api.get(HOME_API.fashionTips, Echo, { twice: 1 });
  return shown(`${first.message} ${second.message}`, first, second);
}
async function fetchProfileTwice({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const [first, second] = await Promise.all([api.get(ACCOUNT_API.userProfile, Echo), api.get(ACCOUNT_API.userProfile, Echo)]);
  const shared = await api.get(HOME_API.slides, Echo, { twice: 1 });
  return shown(`${first.message} ${second.message} ${shared.message}`, shared);
}
// A listing as a signed-in shopper sees it: the list is shared, the header's profile theirs.
async function listingWithProfile({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const [list, profile] = await Promise.all([
    api.get(SEARCH_API.list, Echo, { q, country: 'GB' }),
    context.get(sessionContext).signedIn() ? api.get(ACCOUNT_API.userProfile, Echo) : null,
  ]);
  return shown(`${list.message} ${profile?.message ?? 'guest'}`, list);
}
// A shared answer the api may stop giving (a list made private): the page is then a 404.
async function askWithdrawable({ context }: LoaderFunctionArgs) {
  try {
    return (await context.get(apiContext).get(HOME_API.fashionTips, Echo, { withdrawable: 1 })).message;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data('gone', { status: 404 });
    throw error;
  }
}
// A guest's page that asks a personal question (the visitor's own geo country).
async function askGeoCountry({ context }: LoaderFunctionArgs) {
  return (await context.get(apiContext).get(SITE_CONTENT_API.geoCountry, Echo)).message;
}
/**
 * What a loader returns: the text it shows and the shared answers it hands on as they came
 * (only answers the loader data holds travel to the browser in the payload's transfer part).
 */
function shown(text: string, ...answers: object[]) {
  return { text, answers };
}
function ShowData() {
  const data = useLoaderData() as string | { text: string };
  return <p>{typeof data === 'string' ? data : data.text}</p>;
}

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: BareDocument,
    ErrorBoundary: () => (
      <html lang="en">
        <body>
          <RouteErrorView />
        </body>
      </html>
    ),
    children: [
      { path: 'go-home', loader: () => redirect('/about-us?from=go-home'), Component: () => null },
      { path: 'go-away', loader: () => redirect('https://evil.example/phish'), Component: () => null },
      { path: 'go-sideways', loader: () => redirect('//evil.example/phish'), Component: () => null },
      {
        path: 'boom',
        loader: () => {
          throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
        },
        Component: () => null,
        ErrorBoundary: RouteErrorView,
      },
      {
        path: 'forever',
        Component: () => (
          <Suspense fallback={<p>Getting products...</p>}>
            <Forever />
          </Suspense>
        ),
      },
      { path: 'twice', loader: fetchSameTwice, Component: ShowData },
      { path: 'profile-twice', loader: fetchProfileTwice, Component: ShowData },
      { path: 'listing', loader: listingWithProfile, Component: ShowData },
      { path: 'geo', loader: askGeoCountry, Component: ShowData },
      { path: 'withdrawable', loader: askWithdrawable, Component: ShowData, ErrorBoundary: RouteErrorView },
    ],
  },
];

// The api's answers say any cache may keep them; which ones the web keeps is its own decision.
function cacheableEcho(req: Recorded, res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
  res.end(JSON.stringify({ data: { message: req.url } }));
}

const { upstream, web } = webOverUpstreamForFile({ reply: cacheableEcho, env: { STREAM_TIMEOUT_MS: '300' }, routes });

describe('render path: what loaders return', () => {
  it('turns a loader redirect into an HTTP redirect, never cached', async () => {
    const res = await request(web.url).get('/go-home').expect(302);
    expect(res.headers.location).toBe('/about-us?from=go-home');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("keeps redirects on our own site: other hosts and protocol-relative locations go to the country's home", async () => {
    for (const [path, home] of [
      ['/go-away', '/'],
      ['/go-sideways', '/'],
      ['/us/go-away', '/us'],
    ] as const) {
      const res = await request(web.url).get(path).expect(302);
      expect(res.headers.location, path).toBe(home);
    }
  });

  it('answers a crashing loader with 500, uncached, inside the error boundary, without its message', async () => {
    const res = await request(web.url).get('/boom').expect(500);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Something is wrong with our servers, please try again in some time.');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('10.0.0.7');
    expect(Object.values(readPayload(res.text).payload.router.errors ?? {})).toEqual([
      { kind: 'error', message: 'Unexpected Server Error' },
    ]);
  });

  it('ends a render that never finishes after the stream timeout, for people and crawlers', async () => {
    for (const agent of ['Mozilla/5.0 Chrome/130', 'Googlebot/2.1 (+http://www.google.com/bot.html)']) {
      const started = Date.now();
      const res = await request(web.url).get('/forever').set('User-Agent', agent).expect(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(visibleMarkup(res.text)).toContain('Getting products...');
      expect(res.text).toContain('</html>');
    }
  });

  it('fetches a shared answer once when a page asks for it twice, and carries it to the browser', async () => {
    const before = upstream.requests.length;
    const res = await request(web.url).get('/twice').expect(200);
    expect(visibleMarkup(res.text)).toContain('<p>/api/home/fashion-tips?twice=1 /api/home/fashion-tips?twice=1</p>');
    expect(upstream.requests.length - before).toBe(1);
    expect(Object.keys(readPayload(res.text).payload.transfer)).toEqual([`${HOME_API.fashionTips}?twice=1`]);
    const metrics = await request(web.metricsUrl).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/transfer_cache_hits_total\{[^}]*\} 1\n/);
    expect(metrics.text).toMatch(/transfer_cache_misses_total\{[^}]*\} 1\n/);
  });

  it('fetches a personal answer once per page, never carries it to the browser, and never answers another session with it', async () => {
    const since = upstream.requests.length;
    const res = await request(web.url).get('/profile-twice').set('Cookie', 'token=t1').expect(200);
    expect(visibleMarkup(res.text)).toContain('<p>/api/account/user-profile /api/account/user-profile /api/home/slides?twice=1</p>');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const calls = upstream.requests.slice(since).map((r) => [r.url, r.headers.token ?? null]);
    expect(calls.sort()).toEqual([
      [ACCOUNT_API.userProfile, 't1'],
      [`${HOME_API.slides}?twice=1`, null],
    ]);
    expect(Object.keys(readPayload(res.text).payload.transfer)).toEqual([`${HOME_API.slides}?twice=1`]);
    // The api said "public, max-age=60" for both; another session's page asks its own.
    const next = upstream.requests.length;
    await request(web.url).get('/profile-twice').set('Cookie', 'token=t2').expect(200);
    expect(upstream.requests.slice(next).map((r) => [r.url, r.headers.token ?? null])).toEqual([[ACCOUNT_API.userProfile, 't2']]);
  });
});

describe('render path: a kept answer the api stops giving', () => {
  it('is never answered again once a refresh of it is refused: the next page asks the api, and is a 404', async () => {
    // Kept for one second, then served stale for ten minutes while one call refreshes it.
    let withdrawn = false;
    upstream.answer((req, res) => {
      if (!req.url.includes('withdrawable')) return cacheableEcho(req, res);
      if (withdrawn) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 404, message: 'This list is private.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=1, stale-while-revalidate=600' });
      res.end(JSON.stringify({ data: { message: 'public' } }));
    });
    try {
      // The page cache is off here: each page is rendered from the shared cache.
      const noPageCache = await startWeb(upstream.url, { PAGE_CACHE_MAX_BYTES: '0' }, routes);
      try {
        const asked = () => upstream.requests.filter((r) => r.url.includes('withdrawable')).length;
        expect(visibleMarkup((await request(noPageCache.url).get('/withdrawable').expect(200)).text)).toContain('<p>public</p>');
        withdrawn = true;
        // Past its max-age a page gets the kept answer while one call refreshes it, and the
        // api refuses the refresh: from then on no page gets the kept answer.
        await pollUntil('the refused refresh applied', async () => ((await request(noPageCache.url).get('/withdrawable')).status === 404 ? true : undefined));
        const before = asked();
        for (let i = 0; i < 3; i++) expect((await request(noPageCache.url).get('/withdrawable')).status).toBe(404);
        expect(asked() - before).toBe(3);
      } finally {
        await noPageCache.close();
      }
    } finally {
      upstream.answer(cacheableEcho);
    }
  });
});

describe('render path: shared and personal calls of one page', () => {
  it('sends no identity on shared calls and answers a second signed-in page from the shared cache', async () => {
    const first = upstream.requests.length;
    const signedIn = await request(web.url).get('/listing?q=red').set('Cookie', 'token=alice-token; g-to=guest-key').expect(200);
    expect(upstream.requests.slice(first).map((r) => [r.url, r.headers.token ?? null, r.headers.key ?? null]).sort()).toEqual([
      [ACCOUNT_API.userProfile, 'alice-token', null],
      [`${SEARCH_API.list}?country=GB&q=red`, null, null],
    ]);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');

    // Another shopper, the same listing: only their own call reaches the api.
    const second = upstream.requests.length;
    await request(web.url).get('/listing?q=red').set('Cookie', 'token=bob-token').expect(200);
    expect(upstream.requests.slice(second).map((r) => [r.url, r.headers.token ?? null])).toEqual([[ACCOUNT_API.userProfile, 'bob-token']]);

    // A guest: nothing reaches the api, the page may be cached, and the shared answers it
    // carries to the browser are the very bytes the signed-in page carried.
    const third = upstream.requests.length;
    const guest = await request(web.url).get('/listing?q=red').expect(200);
    expect(upstream.requests.length).toBe(third);
    expect(guest.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const transferred = (html: string) => JSON.stringify(readPayload(html).payload.transfer);
    expect(transferred(signedIn.text)).toBe(transferred(guest.text));
    expect(Object.keys(readPayload(guest.text).payload.transfer)).toEqual([`${SEARCH_API.list}?country=GB&q=red`]);
  });

  it('keeps a page private when it was built with only a guest key cookie', async () => {
    const res = await request(web.url).get('/listing?q=blue').set('Cookie', 'g-to=guest-key').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(upstream.requests.at(-1)!.headers.key).toBeUndefined();
  });

  it('keeps a page private when a loader made a personal call, cookies or not', async () => {
    const res = await request(web.url).get('/geo').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(readPayload(res.text).payload.transfer).toEqual({});
  });
});
