import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import type { OverloadOptions } from '../../../server/api/http/overload';
import { seedSiteContent } from '../../fixtures/site-content';
import { startApi } from '../../support/api-server';
import { pollUntil } from '../../support/poll';
import { openTestDatabase } from '../../support/test-database';
import { HOME_API } from '../../../shared/api/home-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// The api bounds the work in flight. A request is held in flight deterministically by holding
// the database: PGlite is one connection, so a transaction that waits on the test keeps every
// other statement waiting behind it. Nothing is kept in memory here (answerCacheMaxBytes 0), so
// every request reaches the database.

let db: Database;
const apis: Awaited<ReturnType<typeof startApi>>[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await seedSiteContent(db);
});
afterAll(async () => {
  for (const api of apis) await api.close();
  await db?.close();
});

async function apiWith(overload: OverloadOptions) {
  const api = await startApi(db, { overload, answerCacheMaxBytes: 0 });
  apis.push(api);
  return api;
}

/** Holds the database until the returned function is called; resolves it once the hold has ended. */
function holdDatabase(): () => Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = db.transaction(async () => {
    await gate;
  });
  return async () => {
    release();
    await held;
  };
}

/** With the database held, one request the api has taken and cannot finish until `release`. */
async function holdFirstRequest(api: Awaited<ReturnType<typeof startApi>>): Promise<{ release: () => Promise<void>; first: Promise<Response> }> {
  const release = holdDatabase();
  const first = fetch(`${api.url}${HOME_API.slides}?country=US`);
  await pollUntil('the first request in flight', async () => ((await gauge(api, 'api_requests_in_flight')) === 1 ? true : undefined));
  return { release, first };
}

async function gauge(api: Awaited<ReturnType<typeof startApi>>, name: string): Promise<number> {
  return (await api.registry.getSingleMetric(name)!.get()).values[0]?.value ?? 0;
}

async function refusals(api: Awaited<ReturnType<typeof startApi>>): Promise<Record<string, number>> {
  const metric = await api.registry.getSingleMetric('api_overload_refusals_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.reason), v.value]));
}

async function expectRefused(res: Response): Promise<void> {
  expect({ status: res.status, retryAfter: res.headers.get('retry-after'), cacheControl: res.headers.get('cache-control') }).toEqual({
    status: 503,
    retryAfter: '1',
    cacheControl: 'no-store',
  });
  expect(await res.json()).toEqual({ status: 503, message: 'The service is busy. Please try again in a moment.' });
}

describe('api under overload', () => {
  it('refuses at once with 503 and Retry-After past the limit, still answers probes and metrics, and serves again once the work is done', async () => {
    const api = await apiWith({ maxInFlight: 1, queueLength: 0, queueWaitMs: 60_000 });
    const { release, first } = await holdFirstRequest(api);

    // Answered while the first request is still held: nothing waits for it.
    await expectRefused(await fetch(`${api.url}${HOME_API.topRated}`));
    await expectRefused(await fetch(`${api.url}${SITE_CONTENT_API.country('gb')}`));
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const metrics = await fetch(`${api.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^api_overload_refusals_total\{reason="queue_full"[^}]*\} 2$/m);

    await release();
    expect((await first).status).toBe(200);
    expect((await fetch(`${api.url}${HOME_API.topRated}`)).status).toBe(200);
    expect((await fetch(`${api.url}${SITE_CONTENT_API.country('gb')}`)).status).toBe(200);
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
    expect(await refusals(api)).toEqual({ queue_full: 2 });
    expect(await gauge(api, 'api_requests_in_flight')).toBe(0);
  });

  it('lets a request wait its turn in the queue, and refuses the one that finds the queue full', async () => {
    const api = await apiWith({ maxInFlight: 1, queueLength: 1, queueWaitMs: 60_000 });
    const { release, first } = await holdFirstRequest(api);
    const second = fetch(`${api.url}${HOME_API.fashionTips}`);
    await pollUntil('the second request queued', async () => ((await gauge(api, 'api_requests_queued')) === 1 ? true : undefined));

    await expectRefused(await fetch(`${api.url}${HOME_API.topRated}`));

    await release();
    expect((await first).status).toBe(200);
    const tips = await second;
    expect(tips.status).toBe(200);
    expect(((await tips.json()) as { data: { title: string }[] }).data.map((t) => t.title)).toEqual(['Layer up']);
    expect(await refusals(api)).toEqual({ queue_full: 1 });
    expect([await gauge(api, 'api_requests_in_flight'), await gauge(api, 'api_requests_queued')]).toEqual([0, 0]);
  });

  it('refuses a queued request whose wait has run out, while the work ahead of it is still held', async () => {
    const api = await apiWith({ maxInFlight: 1, queueLength: 10, queueWaitMs: 50 });
    const { release, first } = await holdFirstRequest(api);

    await expectRefused(await fetch(`${api.url}${HOME_API.topRated}`));
    expect(await gauge(api, 'api_requests_queued')).toBe(0);

    await release();
    expect((await first).status).toBe(200);
    expect((await fetch(`${api.url}${HOME_API.topRated}`)).status).toBe(200);
    expect(await refusals(api)).toEqual({ queue_timeout: 1 });
  });
});
