import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../shared/api/search-schemas';
import {
  generateDemoCatalog,
  startApiProcess,
  startWebProcess,
  tempDataDir,
  type RunningService,
} from '../../scripts/lib/processes';
import { runImportCli } from '../support/import-cli';
import { visibleMarkup } from '../support/page';
import { pollUntil } from '../support/poll';
import { createPostgresDatabase } from '../support/postgres';
import { TEST_BUILD_DIR } from '../support/test-build';
import { CookieJar, fetchXsrf } from '../support/web-session';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import * as SEARCH_API from '../../shared/api/search-paths';
import { SUBSCRIPTION_API } from '../../shared/api/subscription-paths';

// Several instances on one PostgreSQL server (README, "Several instances"): two api processes
// and two web processes, each web in front of its own api, as two halves behind any load
// balancer. Nothing a shopper does may depend on which instance answers: sessions, XSRF
// tokens and rate limits live in the database or in settings every instance shares, and each
// api follows catalogue changes through LISTEN/NOTIFY.

const FEEDS = path.resolve(import.meta.dirname, '../fixtures/feeds/good');
const XSRF_SECRET = 'shared-by-every-web-instance-0123456789';
/** Sign-in failures allowed per client address (the test's own limit, the same on both apis). */
const LOGIN_PER_IP = 4;

let database: { url: string; drop(): Promise<void> };
const apis: RunningService[] = [];
const webs: RunningService[] = [];
const dirs: string[] = [];

async function dbRows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A store's listing on one api instance: its product count, or 404 while the instance does not know the store. */
async function storeListing(api: RunningService, store: string): Promise<number | 404> {
  const res = await fetch(`${api.url}${SEARCH_API.list}?link=/store/${store}`);
  if (res.status === 404) return 404;
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(((await res.json()) as { data: unknown }).data).totalCount;
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  const env = { DATABASE_URL: database.url, RATE_LIMIT_LOGIN: `${LOGIN_PER_IP}/100/900` };
  // The first api loads a small demo catalogue (menus, home content, products); the second
  // starts on the same database once it is in.
  const first = tempDataDir();
  const second = tempDataDir();
  dirs.push(first, second);
  generateDemoCatalog(first, 300, TEST_BUILD_DIR);
  apis.push(await startApiProcess({ ...env, DATA_DIR: first }, TEST_BUILD_DIR));
  apis.push(await startApiProcess({ ...env, DATA_DIR: second, DEMO_CATALOG: 'false' }, TEST_BUILD_DIR));
  for (const api of apis) webs.push(await startWebProcess(api.url, { XSRF_SECRET }, TEST_BUILD_DIR));
});

afterAll(async () => {
  await Promise.all([...webs, ...apis].map((s) => s.proc.stop('SIGKILL')));
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two api and two web instances on one PostgreSQL server', () => {
  it('keeps a session made through one web instance on the other, and takes its XSRF token there', async () => {
    const [webA, webB] = webs as [RunningService, RunningService];
    const jar = new CookieJar();
    const token = await fetchXsrf(webA.url, jar);
    const email = `multi${Date.now().toString(36)}@example.com`;
    const password = 'velvet-sky-42';
    const registered = await request(webA.url)
      .post(ACCOUNT_API.register)
      .set('Cookie', jar.header())
      .set('X-XSRF-TOKEN', token)
      .set('Origin', webA.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email, password, confirm_password: password, platform: 'Vitrine Web' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    jar.take(registered);
    expect(jar.get('token')).toMatch(/^.{20,}$/);
    const userName = (registered.body as { data: { userName: string } }).data.userName;

    // A page on the other web instance, through the other api, shows the shopper's account.
    const page = await request(webB.url).get('/').set('Cookie', jar.header()).set('User-Agent', 'Mozilla/5.0 Chrome/130');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(visibleMarkup(page.text)).toContain('data-testid="account-name"');
    expect(visibleMarkup(page.text)).toContain(`href="/user/${userName}/wishlists"`);

    // The XSRF token web A signed is good on web B: both have the same XSRF_SECRET.
    const subscribed = await request(webB.url)
      .post(SUBSCRIPTION_API.subscribe)
      .set('Cookie', jar.header())
      .set('X-XSRF-TOKEN', token)
      .set('Origin', webB.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
  });

  it('counts sign-in failures from one client address across both api instances', async () => {
    const [apiA, apiB] = apis as [RunningService, RunningService];
    // The web passes the shopper's address on as X-Forwarded-For; the api trusts it from loopback.
    const attempt = (api: RunningService) =>
      request(api.url).post(ACCOUNT_API.login).set('X-Forwarded-For', '203.0.113.77').send({ email: 'nobody@example.com', password: 'not-the-password' });
    const statuses: number[] = [];
    for (const api of [apiA, apiA, apiB, apiB, apiA, apiB]) statuses.push((await attempt(api)).status);
    // Two failures on each instance make the limit of four; the fifth, on either, is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('lists an import on every api instance within 5 s', async () => {
    expect(await Promise.all(apis.map((api) => storeListing(api, 'northlane')))).toEqual([404, 404]);
    await runImportCli(database.url, path.join(FEEDS, 'stores.json'));
    await runImportCli(database.url, path.join(FEEDS, 'northlane.gb.tsv'));
    const imported = Date.now();
    for (const api of apis) {
      await pollUntil(`api ${api.url} lists the import`, async () => ((await storeListing(api, 'northlane')) === 4 ? true : undefined), 5_000);
    }
    expect(Date.now() - imported).toBeLessThan(5_000);
  });

  it('loses no acknowledged write when an api instance is killed', async () => {
    const [, apiB] = apis as [RunningService, RunningService];
    const acknowledged: string[] = [];
    let refused = 0;
    let killed = false;
    // Eight writers subscribing addresses through api B, one request at a time each, until it dies.
    const writer = async (w: number) => {
      for (let n = 0; ; n++) {
        const email = `kill-${w}-${n}@example.com`;
        try {
          const res = await fetch(`${apiB.url}${SUBSCRIPTION_API.subscribe}`, {
            method: 'POST',
            // Each from a client address of its own, as through the web (the api trusts its
            // loopback proxy), so the per-client subscribe limit does not refuse them.
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${w}.${n >> 8}.${n & 255}` },
            body: JSON.stringify({ email, source: 'footer' }),
          });
          if (res.status === 200) acknowledged.push(email);
          else {
            // Nothing refused is expected; stop this writer so the test fails on it at once.
            refused++;
            return;
          }
        } catch {
          // The process is gone: this request got no answer, so nothing was promised.
          return;
        }
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          apiB.proc.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    expect(await apiB.proc.exited).toBe(null);
    expect(refused).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    const stored = await dbRows<{ email: string }>('SELECT email FROM subscriptions WHERE email = ANY($1::text[])', [acknowledged]);
    expect(stored.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    // The other instance carries on.
    expect((await fetch(`${apis[0]!.url}/readyz`)).status).toBe(200);
  });
});
