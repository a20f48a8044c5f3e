import { Suspense, use } from 'react';
import { Outlet, redirect, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiContext } from '../../../client/app/contexts';
import { RouteErrorView } from '../../../client/components/shell/RouteErrorView';
import { readPayload, visibleMarkup } from '../../support/page';
import { startRecordingUpstream } from '../../support/recording-upstream';
import { startWeb } from '../../support/web-server';

// The render path with routes of the test's own: what loaders can do to a response.

const never = new Promise<string>(() => undefined);
function Forever() {
  return <p>{use(never)}</p>;
}

const Echo = z.object({ echo: z.object({ url: z.string() }) });
// A loader that needs the same answer twice (say, for two components it feeds).
async function fetchSameTwice({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const first = await api.get('/api/same', Echo);
  const second = await api.get('/api/same', Echo);
  return `${first.echo.url} ${second.echo.url}`;
}
function ShowData() {
  return <p>{String(useLoaderData())}</p>;
}

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: () => (
      <html lang="en">
        <body>
          <Outlet />
        </body>
      </html>
    ),
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
    ],
  },
];

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>;
let upstream: Upstream;
let web: Awaited<ReturnType<typeof startWeb>>;
beforeAll(async () => {
  upstream = await startRecordingUpstream();
  web = await startWeb(upstream.url, { STREAM_TIMEOUT_MS: '300' }, routes);
});
afterAll(async () => {
  await web.close();
  await upstream.close();
});

describe('render path: what loaders return', () => {
  it('turns a loader redirect into an HTTP redirect, never cached', async () => {
    const res = await request(web.url).get('/go-home').expect(302);
    expect(res.headers.location).toBe('/about-us?from=go-home');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps redirects on our own site: other hosts and protocol-relative locations go home', async () => {
    for (const path of ['/go-away', '/go-sideways', '/us/go-away']) {
      const res = await request(web.url).get(path).expect(302);
      expect(res.headers.location).toBe('/');
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

  it('fetches an upstream answer once when a page asks for it twice', async () => {
    const before = upstream.requests.length;
    const res = await request(web.url).get('/twice').expect(200);
    expect(visibleMarkup(res.text)).toContain('<p>/api/same /api/same</p>');
    expect(upstream.requests.length - before).toBe(1);
    expect(Object.keys(readPayload(res.text).payload.transfer)).toEqual(['/api/same']);
    const metrics = await request(web.url).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/transfer_cache_hits_total\{[^}]*\} 1\n/);
    expect(metrics.text).toMatch(/transfer_cache_misses_total\{[^}]*\} 1\n/);
  });

  it('asks again for every call of a signed-in shopper (personal answers are never reused)', async () => {
    const before = upstream.requests.length;
    await request(web.url).get('/twice').set('Cookie', 'token=t1').expect(200);
    expect(upstream.requests.length - before).toBe(2);
    expect(upstream.requests.at(-1)!.headers.token).toBe('t1');
  });
});
