import type http from 'node:http';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiContext } from '../../../client/app/contexts';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import { BareDocument } from '../../support/bare-document';
import { pollUntil } from '../../support/poll';
import type { Recorded } from '../../support/recording-upstream';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import { startWeb } from '../../support/web-server';
import { HOME_API } from '../../../shared/api/home-paths';

// The web bounds the work in flight (renders and calls through the gateway): past the bound
// and its short queue, a request is refused at once with 503 and Retry-After instead of
// waiting behind the others. One place, one in the queue; the render in flight is held by an
// api answer the test holds back and then releases.

// The stand-in api answers with the URL it was asked as a message.
async function askTheApi({ context }: LoaderFunctionArgs) {
  return (await context.get(apiContext).get(HOME_API.fashionTips, 'MessageResponse')).message;
}
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: BareDocument,
    children: [
      { path: 'tips', loader: askTheApi, Component: () => <p>{String(useLoaderData())}</p> },
      { path: 'about', Component: () => <p>About us</p> },
    ],
  },
];

const held: { req: Recorded; res: http.ServerResponse }[] = [];

function answer(req: Recorded, res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ data: { message: req.url } }));
}

const { upstream, web } = webOverUpstreamForFile({
  reply: (req, res) => {
    if (req.url.startsWith(HOME_API.fashionTips)) held.push({ req, res });
    else answer(req, res);
  },
  env: { MAX_IN_FLIGHT: '1', MAX_API_CALLS_IN_FLIGHT: '1', QUEUE_MAX: '1', QUEUE_TIMEOUT_MS: '60000' },
  routes,
});

const metric = async (pattern: RegExp) => pattern.exec((await request(web.metricsUrl).get('/metrics').expect(200)).text)?.[1];

describe('the overload gate', () => {
  it('refuses a request past the queue at once with 503 and Retry-After, answers probes meanwhile, and serves the rest after', async () => {
    // A page rendered before the rush, kept by the page cache.
    await request(web.url).get('/about').expect(200);
    // One page in flight, held by its api call.
    const first = request(web.url).get('/tips').then((res) => res);
    await pollUntil('the first page waits on the api', async () => (held.length === 1 ? true : undefined));
    // One waiting for the place.
    const second = request(web.url).get('/tips').then((res) => res);
    await pollUntil('the second page is queued', () => metric(/^overload_queued\{gate="render",service="web"\} (1)$/m));

    // The queue is full: refused at once.
    const page = await request(web.url).get('/tips');
    expect([page.status, page.headers['retry-after'], page.headers['cache-control']]).toEqual([503, '1', 'no-store']);
    expect(page.text).toContain(SERVER_ERROR_MESSAGE);
    // Calls through to the api have a gate of their own: not held up by the renders.
    await request(web.url).get(HOME_API.slides).expect(200);
    // A kept page needs no render: it is still served.
    const kept = await request(web.url).get('/about');
    expect([kept.status, kept.headers['x-page-cache']]).toEqual([200, 'hit']);
    // Probes are never refused.
    await request(web.url).get('/healthz').expect(200);
    await request(web.url).get('/readyz').expect(200);
    expect(await metric(/^overload_refusals_total\{gate="render",reason="queue_full",service="web"\} (\d+)$/m)).toBe('1');

    // Released: the page in flight and the one queued are served.
    held.shift()!.res.end(JSON.stringify({ data: { message: 'first' } }));
    await pollUntil('the queued page reaches the api', async () => (held.length === 1 ? true : undefined));
    const next = held.shift()!;
    answer(next.req, next.res);
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.text).toContain('first');
    // And the gate is open again (another address: the page cache now keeps /tips).
    const after = request(web.url).get('/tips?again=1').then((res) => res);
    await pollUntil('a later page reaches the api', async () => (held.length === 1 ? true : undefined));
    const last = held.shift()!;
    answer(last.req, last.res);
    expect((await after).status).toBe(200);
  });
});

describe('the overload gate of calls through to the api', () => {
  it('refuses a call past its queue at once with 503, Retry-After and the message as JSON, and serves the rest after', async () => {
    const calls = [request(web.url).get(`${HOME_API.fashionTips}?call=1`), request(web.url).get(`${HOME_API.fashionTips}?call=2`)];
    const first = calls[0]!.then((res) => res);
    await pollUntil('the first call waits on the api', async () => (held.length === 1 ? true : undefined));
    const second = calls[1]!.then((res) => res);
    await pollUntil('the second call is queued', () => metric(/^overload_queued\{gate="api",service="web"\} (1)$/m));
    const refused = await request(web.url).get(`${HOME_API.fashionTips}?call=3`);
    expect([refused.status, refused.headers['retry-after'], refused.headers['cache-control'], refused.body]).toEqual([
      503,
      '1',
      'no-store',
      { status: 503, message: SERVER_ERROR_MESSAGE },
    ]);
    expect(await metric(/^overload_refusals_total\{gate="api",reason="queue_full",service="web"\} (\d+)$/m)).toBe('1');
    const one = held.shift()!;
    answer(one.req, one.res);
    await pollUntil('the queued call reaches the api', async () => (held.length === 1 ? true : undefined));
    const two = held.shift()!;
    answer(two.req, two.res);
    expect((await Promise.all([first, second])).map((res) => res.status)).toEqual([200, 200]);
  });
});

describe('shared api calls under load', () => {
  it('makes one api call for every page that asks for the same shared answer while it is on its way', async () => {
    const busy = await startWeb(upstream.url, {}, routes);
    try {
      const asked = () => upstream.requests.filter((r) => r.url.startsWith(HOME_API.fashionTips)).length;
      const before = asked();
      const pages = [request(busy.url).get('/tips?page=one'), request(busy.url).get('/tips?page=two')].map((call) => call.then((res) => res));
      const joined = async () => /^shared_cache_joined_total\{service="web"\} (1)$/m.exec((await request(busy.metricsUrl).get('/metrics')).text)?.[1];
      await pollUntil('the second page joins the first one\'s call', joined);
      expect(asked() - before).toBe(1);
      const call = held.shift()!;
      answer(call.req, call.res);
      expect((await Promise.all(pages)).map((res) => res.status)).toEqual([200, 200]);
      expect(asked() - before).toBe(1);
    } finally {
      await busy.close();
    }
  });
});
