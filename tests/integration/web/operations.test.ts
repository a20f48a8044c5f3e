import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { NOT_READY } from '../../../server/web/http/operations';
import { CacheNone } from '../../../shared/http/cache-policy';
import { startApi } from '../../support/api-server';
import { closedPort } from '../../support/closed-port';
import { withWebOverUpstream } from '../../support/web-over-upstream';
import { startWeb } from '../../support/web-server';

// What operators ask the web server: /readyz follows the api's own readiness, and the
// Prometheus text is on the metrics listener only, never on the public port.

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  const { openTestDatabase } = await import('../../support/test-database');
  db = await openTestDatabase();
  api = await startApi(db);
  web = await startWeb(api.url);
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
});

describe('/metrics', () => {
  it('is not on the public port, in any case or method', async () => {
    await request(web.url).get('/about-us');
    for (const path of ['/metrics', '/METRICS', '/metrics/']) {
      const res = await request(web.url).get(path);
      expect([res.status, res.text]).toEqual([404, 'Not found.']);
    }
    expect((await request(web.url).head('/metrics')).status).toBe(404);
  });

  it('is on the metrics listener, with what the public port served', async () => {
    await request(web.url).get('/healthz').expect(200);
    const res = await request(web.metricsUrl).get('/metrics').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="healthz"[^}]*status="200"[^}]*\} [1-9]/);
    expect((await request(web.metricsUrl).get('/')).status).toBe(404);
  });
});

describe('/readyz', () => {
  it('is ready when the api is, and nobody keeps the answer', async () => {
    const res = await request(web.url).get('/readyz');
    expect([res.status, res.body, res.headers['cache-control']]).toEqual([200, { status: 'ready' }, CacheNone.header]);
  });

  it('is not ready while the api is not', async () => {
    api.readiness.catalogLoaded = false;
    try {
      const res = await request(web.url).get('/readyz');
      expect([res.status, res.body, res.headers['cache-control']]).toEqual([503, { status: 'not ready', reason: NOT_READY.apiNotReady }, CacheNone.header]);
    } finally {
      api.readiness.catalogLoaded = true;
    }
    expect((await request(web.url).get('/readyz')).status).toBe(200);
  });

  it('is not ready when nothing listens at the api address', async () => {
    const down = await startWeb(`http://127.0.0.1:${await closedPort()}`);
    try {
      const res = await request(down.url).get('/readyz');
      expect([res.status, res.body]).toEqual([503, { status: 'not ready', reason: NOT_READY.apiUnreachable }]);
    } finally {
      await down.close();
    }
  });

  it('is not ready when the api never answers', async () => {
    await withWebOverUpstream({ reply: () => undefined, env: { UPSTREAM_TIMEOUT_MS: '200' } }, async ({ upstream: hung, web }) => {
      const res = await request(web.url).get('/readyz');
      expect([res.status, res.body]).toEqual([503, { status: 'not ready', reason: NOT_READY.apiUnreachable }]);
      expect(hung.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /readyz']);
    });
  });
});
