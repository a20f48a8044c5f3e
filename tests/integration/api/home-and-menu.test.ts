import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { dbQueryObserver } from '../../../server/api/db/db-metrics';
import { createRegistry } from '../../../server/lib/http-metrics';
import { HOSTILE_TITLE, seedSiteContent } from '../../fixtures/site-content';
import { startApi } from '../../support/api-server';
import { openTestDatabase } from '../../support/test-database';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { HOME_API } from '../../../shared/api/home-paths';

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  const registry = createRegistry('api');
  db = await openTestDatabase(dbQueryObserver(registry));
  await seedSiteContent(db);
  api = await startApi(db, { registry });
});
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('api: menu, countries and home content', () => {
  it('wraps the menu structure as data.menuList, children under their tiles', async () => {
    const res = await request(api.url).get(SITE_CONTENT_API.menu(1)).expect(200);
    expect(res.body.data.menuList.map((t: { name: string }) => t.name)).toEqual(['Featured', 'Women', 'Men', 'Blog']);
    expect(res.body.data.menuList[3]).toMatchObject({ itemSlug: 'blog', externalUrl: 'https://blog.vitrine.example', childItems: [] });
    expect(res.headers['cache-control']).toMatch(/^public/);
    // helmet's headers (worked out once at start, server/lib/helmet-headers.ts); no CSP, the api's
    // answers run nothing; no HSTS, which is the web's to send on an HTTPS site alone.
    expect([res.headers['x-frame-options'], res.headers['x-content-type-options']]).toEqual(['SAMEORIGIN', 'nosniff']);
    expect([res.headers['content-security-policy'], res.headers['strict-transport-security']]).toEqual([undefined, undefined]);
  });

  it('refuses a menu id that is not a number, and one that is no site of ours', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const bad = await request(api.url).get(SITE_CONTENT_API.menu(id)).expect(400);
      expect(bad.body).toEqual({ status: 400, message: 'id: id must be a whole number from 1 to 2147483647' });
    }
    const unknown = await request(api.url).get(SITE_CONTENT_API.menu(99)).expect(404);
    expect(unknown.body.message).toBe('No menu for site 99');
  });

  it('describes each of the eight countries, with HK$ for Hong Kong', async () => {
    const res = await request(api.url).get(SITE_CONTENT_API.country('hk')).expect(200);
    expect(res.body.data).toEqual({
      countryCode: 'HK',
      countryName: 'Hong Kong',
      countryInfo: { countryId: 7, currencyCode: 'HKD', currencyName: 'Hong Kong Dollar', symbol: 'HK$' },
    });
    for (const code of ['in', 'ae', 'us', 'gb', 'ca', 'au', 'sg']) {
      const r = await request(api.url).get(SITE_CONTENT_API.country(code)).expect(200);
      expect(r.body.data.countryCode).toBe(code.toUpperCase());
    }
  });

  it('answers an unknown country with 400 and the list of ours', async () => {
    const res = await request(api.url).get(SITE_CONTENT_API.country('fr')).expect(400);
    expect(res.body.message).toBe('code: country must be one of GB, US, IN, AE, CA, AU, HK, SG');
  });

  it('serves slides for a country: its own and the shared ones, links kept as stored', async () => {
    const gb = await request(api.url).get(HOME_API.slides).expect(200);
    expect(gb.body.data.sliders.map((s: { linkTitle: string }) => s.linkTitle)).toEqual(['Summer Dresses', 'A slide without a link']);
    const us = await request(api.url).get(`${HOME_API.slides}?country=US`).expect(200);
    expect(us.body.data.sliders[0]).toEqual({ link: '/sneakers', image: '/images/v1/banner/shoes/3/1200x400.svg', linkTitle: HOSTILE_TITLE });
    expect(us.body.data.sliders).toHaveLength(3);
  });

  it('serves link lists, the top-rated spotlights and fashion tips in their spec shapes', async () => {
    const promoted = await request(api.url).get(HOME_API.promotedLinks).expect(200);
    expect(promoted.body.data.links).toEqual([{ slug: '/50-percent-off', image: '/images/v1/banner/sale/4/400x300.svg', linkTitle: 'Half price' }]);
    for (const path of [HOME_API.fashionBlog, HOME_API.showcase, HOME_API.editorsPickLinks]) {
      const res = await request(api.url).get(path).expect(200);
      expect(res.body.data).toEqual({ links: [] });
    }
    const top = await request(api.url).get(HOME_API.topRated).expect(200);
    expect(top.body.data.topRatedList).toEqual([{ brandSpotlight: [], designerSpotlight: [] }, { beautyStoreSpotlight: [] }]);
    const tips = await request(api.url).get(HOME_API.fashionTips).expect(200);
    expect(tips.body.data).toEqual([{ title: 'Layer up', body: 'Light knits over slip dresses.', link: null, image: null }]);
  });

  it('refuses an unknown country on home content with 400, never 500', async () => {
    const res = await request(api.url).get(`${HOME_API.slides}?country=zz`).expect(400);
    expect(res.body).toEqual({ status: 400, message: 'country: country must be one of GB, US, IN, AE, CA, AU, HK, SG' });
  });

  it('answers unknown endpoints with a 404 message and malformed JSON bodies with 400', async () => {
    // eslint-disable-next-line no-restricted-syntax -- an unknown path, on purpose
    const missing = await request(api.url).get('/api/nothing-here').expect(404);
    expect(missing.body).toEqual({ status: 404, message: 'No API endpoint at GET /api/nothing-here' });
    const malformed = await request(api.url)
      .post(HOME_API.slides)
      .set('content-type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(malformed.body).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
  });
});

describe('api: health, readiness and metrics', () => {
  it('is alive, and ready only once the catalog is loaded', async () => {
    await request(api.url).get('/healthz').expect(200, { status: 'ok' });
    api.readiness.catalogLoaded = false;
    const loading = await request(api.url).get('/readyz').expect(503);
    expect(loading.body).toEqual({ status: 'not ready', message: 'catalog loading', database: 'open', catalog: 'loading' });
    api.readiness.catalogLoaded = true;
    await request(api.url).get('/readyz').expect(200, { status: 'ready', database: 'open', catalog: 'loaded' });
  });

  it('is not ready when the database is closed', async () => {
    const other = await openTestDatabase();
    const closedApi = await startApi(other);
    await other.close();
    const res = await request(closedApi.url).get('/readyz').expect(503);
    expect(res.body.database).toBe('unavailable');
    await closedApi.close();
  });

  it('exposes request durations by route and status, and DB query durations, as Prometheus text', async () => {
    await request(api.url).get(`${HOME_API.slides}?country=GB`).expect(200);
    await request(api.url).get(`${HOME_API.slides}?country=zz`).expect(400);
    const res = await request(api.url).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/home\/slides"[^}]*status="200"[^}]*\} [1-9]/);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/home\/slides"[^}]*status="400"[^}]*\} [1-9]/);
    expect(res.text).toMatch(/db_query_duration_seconds_count\{[^}]*operation="select"[^}]*ok="true"[^}]*\} [1-9]/);
  });
});
