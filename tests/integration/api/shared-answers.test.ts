import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApiRoute } from '../../../shared/api/api-routes';
import { API_ANSWER_HEADER } from '../../../shared/constants';
import { buildDemoSite } from '../../../server/demo/catalog/demo-site';
import { buildDemoWorld, SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { importFeed } from '../../../server/api/catalog/importer';
import { importSiteContent } from '../../../server/api/catalog/site-content';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { LISTENER_APPLICATION_NAME } from '../../../server/api/db/pg-listener';
import { ANSWERED_FROM_MEMORY, asciiJsonBytes } from '../../../server/api/http/shared-answers';
import { seedSiteContent } from '../../fixtures/site-content';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { openTestPostgresDatabase } from '../../support/test-database';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { HOME_API } from '../../../shared/api/home-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import { pathPrefix } from '../../support/api-paths';

// The api keeps the answers of its catalogue and site content routes in memory. `api` keeps
// them; `fresh`, over the same database, keeps nothing and computes every answer again: what
// `api` sends must be byte for byte what `fresh` computes (written in ASCII, every other
// character as its \u escape), before and after an import.

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;
let fresh: Awaited<ReturnType<typeof startApi>>;
const feeds = path.resolve(import.meta.dirname, '../../fixtures/feeds/good');

beforeAll(async () => {
  db = await openDemoDatabase();
  api = await startApi(db);
  fresh = await startApi(db, { answerCacheMaxBytes: 0 });
});
afterAll(async () => {
  await api?.close();
  await fresh?.close();
  await db?.close();
});

type Answer = { status: number; body: Buffer; headers: Headers };

/** The bytes the api keeps for an answer `fresh` computed. */
function asKept(computed: Answer): Buffer {
  return asciiJsonBytes(JSON.parse(computed.body.toString('utf8')));
}

async function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** How many requests the api answered from memory so far, by outcome. */
async function outcomes(): Promise<Record<string, number>> {
  const metric = await api.registry.getSingleMetric('api_shared_answers_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.outcome), v.value]));
}

/** One URL for every route kept in memory, with real ids from the catalogue. */
async function urlsOfEveryRoute(): Promise<string[]> {
  const page = JSON.parse((await get(fresh.url, `${PRODUCT_API.sitemap('products')}?perPage=1`)).body.toString()) as { data: { urls: { path: string }[] } };
  const detailPath = page.data.urls[0]!.path;
  const detail = JSON.parse((await get(fresh.url, `${pathPrefix(PRODUCT_PAGE_API.detail)}${detailPath}`)).body.toString()) as { data: { selected: { guid: string } } };
  const guid = detail.data.selected.guid;
  return [
    `${HOME_API.slides}?country=GB`,
    `${HOME_API.slides}?country=US`,
    HOME_API.fashionBlog,
    `${HOME_API.showcase}?country=IN`,
    HOME_API.promotedLinks,
    HOME_API.editorsPickLinks,
    `${HOME_API.fashionTips}?country=SG`,
    SITE_CONTENT_API.menu(1),
    SITE_CONTENT_API.country('hk'),
    `${DIRECTORY_API.brands}?country=GB&department=women`,
    `${DIRECTORY_API.stores}?country=US`,
    DIRECTORY_API.storeSearch('a'),
    PRODUCT_API.detailByGuid(guid),
    `${pathPrefix(PRODUCT_PAGE_API.detail)}${detailPath}`,
    `${PRODUCT_API.similarByGuid(guid)}?perPage=3`,
    `${pathPrefix(PRODUCT_PAGE_API.similar)}${detailPath}`,
    WISHLIST_API.editorsPickLists,
    `${priceHistoryPath(guid)}?country=GB&days=30`,
    `${PRODUCT_API.sitemapIndex}?country=GB`,
    `${PRODUCT_API.sitemap('products')}?perPage=5&page=2`,
    `${SEARCH_API.listing}?colour=black&link=%2Fdresses&sort=asc`,
  ];
}

describe('shared answers kept in memory', () => {
  it('sends every route kept in memory with the bytes and headers a fresh computation gives, from memory after the first time', async () => {
    const urls = await urlsOfEveryRoute();
    // The list covers every route kept in memory.
    expect([...new Set(urls.map((url) => findApiRoute('GET', url)!.path))].sort()).toEqual([...ANSWERED_FROM_MEMORY].sort());
    const before = await outcomes();
    for (const url of urls) {
      const computed = await get(fresh.url, url);
      const first = await get(api.url, url);
      const kept = await get(api.url, url);
      expect({ url, status: first.status }).toEqual({ url, status: 200 });
      const ascii = asKept(computed);
      for (const answer of [first, kept]) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(ascii)).toBe(true);
        expect(answer.body.every((byte) => byte < 0x80)).toBe(true);
        expect(answer.headers.get('content-type')).toBe(computed.headers.get('content-type'));
        expect(answer.headers.get('content-length')).toBe(String(ascii.length));
        expect(answer.headers.get('cache-control')).toBe(computed.headers.get('cache-control'));
      }
      expect(first.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(computed.headers.get('etag')).toBe(null);
    }
    const after = await outcomes();
    expect((after.hit ?? 0) - (before.hit ?? 0)).toBe(urls.length);
    expect((after.miss ?? 0) - (before.miss ?? 0)).toBe(urls.length);
  });

  it('writes past-ASCII characters as escapes, the same value to a JSON reader', async () => {
    // A GB listing names its currency "£" (one of the characters that sent the web's UTF-8
    // decoding of the answer off its fast path).
    const url = `${SEARCH_API.listing}?link=%2Fdresses&country=GB`;
    const computed = await get(fresh.url, url);
    const kept = await get(api.url, url);
    expect(computed.body.toString('utf8')).toContain('"currencySymbol":"£"');
    expect(kept.body.toString('utf8')).toContain('"currencySymbol":"\\u00a3"');
    expect(JSON.parse(kept.body.toString('utf8'))).toEqual(JSON.parse(computed.body.toString('utf8')));
  });

  it('computes every listing with a search text, so that each search is counted for Top Searches', async () => {
    const url = `${SEARCH_API.listing}?link=%2Fdresses&q=dress`;
    const before = await outcomes();
    const computed = await get(fresh.url, url);
    for (let i = 0; i < 2; i++) {
      const answer = await get(api.url, url);
      expect({ status: answer.status, etag: answer.headers.get('etag') }).toEqual({ status: 200, etag: null });
      expect(answer.body.equals(computed.body)).toBe(true);
    }
    expect(await outcomes()).toEqual(before);
  });

  it('answers a HEAD from memory with the headers and no body', async () => {
    const full = await get(api.url, `${HOME_API.slides}?country=CA`);
    const res = await fetch(`${api.url}${HOME_API.slides}?country=CA`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(res.headers.get('content-length')).toBe(String(full.body.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 with no body to an If-None-Match that holds its ETag, and the full answer to any other', async () => {
    const url = SITE_CONTENT_API.menu(2);
    const full = await get(api.url, url);
    const etag = full.headers.get('etag')!;
    for (const held of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const res = await get(api.url, url, { 'if-none-match': held });
      expect({ held, status: res.status, bytes: res.body.length }).toEqual({ held, status: 304, bytes: 0 });
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe(full.headers.get('cache-control'));
    }
    const other = await get(api.url, url, { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(full.body)).toBe(true);
  });

  it('keeps no error answer', async () => {
    const before = await outcomes();
    const errors = { [`${HOME_API.slides}?country=zz`]: 400, [PRODUCT_API.detailByGuid('00000000-0000-5000-8000-000000000000')]: 404 };
    for (const [url, status] of Object.entries(errors)) {
      for (let i = 0; i < 2; i++) {
        const res = await get(api.url, url);
        expect({ url, status: res.status, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control') }).toEqual({
          url,
          status,
          etag: null,
          cacheControl: 'no-store',
        });
      }
    }
    const after = await outcomes();
    expect((after.miss ?? 0) - (before.miss ?? 0)).toBe(4);
    expect(after.hit ?? 0).toBe(before.hit ?? 0);
  });

  it('sends the new answer with a new ETag once a feed import or a stores manifest through the importer is announced', async () => {
    const url = `${DIRECTORY_API.stores}?country=GB`;
    const before = await get(api.url, url);
    // Both instances say which catalogue they answer from, with the same number (before, a
    // boot id and a build counter per process made two instances disagree for ever).
    const generation = async (base: string) => Number((await get(base, '/healthz')).headers.get(API_ANSWER_HEADER.catalogVersion));
    const generationBefore = await generation(api.url);
    expect(await generation(fresh.url)).toBe(generationBefore);
    expect(before.body.toString()).not.toContain('"slug":"northlane"');
    await importStores(db, JSON.parse(fs.readFileSync(path.join(feeds, 'stores.json'), 'utf8')));
    const heard = api.answers.nextChange();
    await importFeed(db, { file: path.join(feeds, 'northlane.gb.tsv') });
    await heard;
    // The store list is counted by the catalog index, which re-reads the store a moment after
    // the notice: an answer asked for in between (still the old list) is not kept beyond it.
    expect((await get(api.url, url)).status).toBe(200);
    await api.engine.settled();
    await fresh.engine.settled();
    const after = await get(api.url, url);
    expect(after.status).toBe(200);
    expect(after.body.toString()).toContain('"slug":"northlane"');
    expect(after.body.equals(asKept(await get(fresh.url, url)))).toBe(true);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The stores manifest and the feed were one change each.
    expect([await generation(api.url), await generation(fresh.url)]).toEqual([generationBefore + 2, generationBefore + 2]);
    const stale = await get(api.url, url, { 'if-none-match': before.headers.get('etag')! });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(after.body)).toBe(true);

    // A stores manifest that renames the store is announced too.
    const manifest = JSON.parse(fs.readFileSync(path.join(feeds, 'stores.json'), 'utf8')) as { stores: { slug: string; name: string }[] };
    const renamed = { ...manifest, stores: manifest.stores.map((s) => (s.slug === 'northlane' ? { ...s, name: 'Northlane London' } : s)) };
    const announced = api.answers.nextChange();
    await importStores(db, renamed);
    await announced;
    await api.engine.settled();
    await fresh.engine.settled();
    const renamedList = await get(api.url, url);
    expect(renamedList.body.toString()).toContain('"name":"Northlane London"');
    expect(renamedList.body.equals(asKept(await get(fresh.url, url)))).toBe(true);
    expect(renamedList.headers.get('etag')).not.toBe(after.headers.get('etag'));
  });

  it('sends new home content with a new ETag once a site content import is announced', async () => {
    const url = `${HOME_API.slides}?country=GB`;
    const before = await get(api.url, url);
    const site = buildDemoSite(buildDemoWorld(SMALL_DEMO));
    const slide = { section: 'slide' as const, country: 'GB' as const, position: -1, title: 'New season edit', link: '/new-in', image: '/images/v1/banner/women/9/1200x400.svg' };
    const heard = api.answers.nextChange();
    await importSiteContent(db, { ...site, home: [slide, ...site.home] });
    await heard;
    const after = await get(api.url, url);
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString()).data.sliders[0]).toEqual({ link: '/new-in', image: slide.image, linkTitle: 'New season edit' });
    expect(after.body.equals(asKept(await get(fresh.url, url)))).toBe(true);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await get(api.url, url, { 'if-none-match': before.headers.get('etag')! })).status).toBe(200);
  });
});

describe('shared answers on a PostgreSQL server', () => {
  it('keeps nothing while its listening connection is lost, and asks the database again once it listens again', async () => {
    const pgDb = await openTestPostgresDatabase();
    const pgApi = await startApi(pgDb).catch(async (error: unknown) => {
      await pgDb.close();
      throw error;
    });
    try {
      await seedSiteContent(pgDb);
      await pgApi.answers.listening;
      const url = `${HOME_API.slides}?country=GB`;
      const before = await get(pgApi.url, url);
      expect(JSON.parse(before.body.toString()).data.sliders[0].linkTitle).toBe('Summer Dresses');

      // A change nobody announced (not through an importer) is not seen while the answer is kept …
      await pgDb.query(`UPDATE home_content SET title = 'Changed unannounced' WHERE title = 'Summer Dresses'`);
      expect((await get(pgApi.url, url)).body.equals(before.body)).toBe(true);

      // … and a lost listening connection may have missed an announcement: everything kept is dropped.
      const lost = pgApi.answers.nextChange();
      const [terminated] = await pgDb.query<{ done: boolean }>(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      expect(terminated).toEqual({ done: true });
      await lost;
      const resumed = pgApi.answers.nextChange();
      expect(JSON.parse((await get(pgApi.url, url)).body.toString()).data.sliders[0].linkTitle).toBe('Changed unannounced');
      await resumed;

      // Listening again, it keeps answers again.
      const hits = async () => (await pgApi.registry.getSingleMetric('api_shared_answers_total')!.get()).values.find((v) => v.labels.outcome === 'hit')?.value ?? 0;
      const again = await get(pgApi.url, url);
      expect(JSON.parse(again.body.toString()).data.sliders[0].linkTitle).toBe('Changed unannounced');
      const hitsBefore = await hits();
      expect((await get(pgApi.url, url)).body.equals(again.body)).toBe(true);
      expect((await hits()) - hitsBefore).toBe(1);
    } finally {
      await pgApi.close();
      await pgDb.close();
    }
  });
});
