import type http from 'node:http';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { apiContext } from '../../../client/app/contexts';
import { PAGE_CACHE_HEADER } from '../../../server/web/render/page-cache';
import { BareDocument } from '../../support/bare-document';
import { pollUntil } from '../../support/poll';
import type { Recorded } from '../../support/recording-upstream';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import { HOME_API } from '../../../shared/api/home-paths';

// A stale kept page is served at once while one background render replaces it. Those renders
// are bounded (issue 25): a burst of stale hits once started one each, queued behind the web's
// own agent where the overload gate never saw them, and the web rendered old pages for tens of
// seconds while every other request waited on its event loop. At most two run at once; a stale
// hit past that is served as it is, and a later one starts the render.

async function askTheApi({ context, request: req }: LoaderFunctionArgs) {
  const n = new URL(req.url).searchParams.get('n') ?? '0';
  return (await context.get(apiContext).get(HOME_API.fashionTips, 'MessageResponse', { n })).message;
}
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: BareDocument,
    children: [{ path: 'kept', loader: askTheApi, Component: () => <p>{String(useLoaderData())}</p> }],
  },
];

let holding = false;
const held: { req: Recorded; res: http.ServerResponse }[] = [];

// Never kept by the shared cache: each render asks the api, where the test can hold it.
function answer(req: Recorded, res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ data: { message: req.url } }));
}

const { upstream, web } = webOverUpstreamForFile({
  reply: (req, res) => (holding && req.url.startsWith(HOME_API.fashionTips) ? held.push({ req, res }) : answer(req, res)),
  routes,
});
// Registered after the stack's own, so it runs first (after-hooks run last first): a web closes
// once its requests are answered.
afterAll(() => {
  for (const { req, res } of held.splice(0)) answer(req, res);
});
afterEach(() => {
  vi.useRealTimers();
});

const inFlight = async () => Number(/^page_cache_revalidations_in_flight\{service="web"\} (\d+)$/m.exec((await request(web.metricsUrl).get('/metrics').expect(200)).text)?.[1]);

describe('background renders of stale pages', () => {
  it('run two at a time: a burst of stale hits is served at once, and starts no more', async () => {
    const pages = Array.from({ length: 6 }, (_, i) => `/kept?n=${i}`);
    for (const page of pages) await request(web.url).get(page).expect(200);
    // A minute and more later (the page cache reads the clock's date): every page is stale.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    holding = true;

    const served = await Promise.all(pages.map((page) => request(web.url).get(page)));
    expect(served.map((res) => [res.status, res.headers[PAGE_CACHE_HEADER]])).toEqual(pages.map(() => [200, 'stale']));
    expect(await inFlight()).toBe(2);
    await pollUntil('the two renders ask the api', async () => (held.length === 2 ? true : undefined));
    // More stale hits while both run: served, no third render.
    expect((await request(web.url).get(pages[5]!)).headers[PAGE_CACHE_HEADER]).toBe('stale');
    expect([await inFlight(), held.length]).toEqual([2, 2]);

    // Once they end, a stale hit starts the next.
    holding = false;
    for (const { req, res } of held.splice(0)) answer(req, res);
    await pollUntil('the renders end', async () => ((await inFlight()) === 0 ? true : undefined));
    const renders = () => upstream.requests.filter((r) => r.url.startsWith(HOME_API.fashionTips)).map((r) => r.url);
    const asked = renders().length;
    expect((await request(web.url).get(pages[5]!)).headers[PAGE_CACHE_HEADER]).toBe('stale');
    await pollUntil('the next render asks the api', async () => (renders().length > asked ? true : undefined));
    expect(renders().slice(asked)).toEqual([`${HOME_API.fashionTips}?n=5`]);
  });
});
