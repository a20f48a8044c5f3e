import request from 'supertest';
import { closedPort } from '../../support/closed-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { HOSTILE_TITLE, seedSiteContent } from '../../fixtures/site-content';
import { startApi } from '../../support/api-server';
import { registerUser } from '../accounts/accounts-api';
import { readPayload, visibleMarkup, withoutNonces } from '../../support/page';
import { encodeMenu } from '../../../client/app/menu-wire';
import type { MenuTile } from '../../../shared/api/home-schemas';
import { startWeb } from '../../support/web-server';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { HOME_API } from '../../../shared/api/home-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  const { openTestDatabase } = await import('../../support/test-database');
  db = await openTestDatabase();
  await seedSiteContent(db);
  api = await startApi(db);
  web = await startWeb(api.url);
});
afterAll(async () => {
  await web.close();
  await api.close();
  await db.close();
});

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('server rendering: the root page', () => {
  it('renders data loaded through the api, with its status and headers settled', async () => {
    const res = await request(web.url).get('/').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.etag).toBeUndefined();
    expect(res.text.startsWith('<!DOCTYPE html>')).toBe(true);
    // Menu from /api/account/menu-structure, slides from /api/home/slides.
    expect(res.text).toMatch(/<a[^>]*href="\/men-clothing"[^>]*>Men<\/a>/);
    expect(res.text).toContain('Summer Dresses');
    // Spec: sliders without links are dropped.
    expect(visibleMarkup(res.text)).not.toContain('A slide without a link');
  });

  it('carries every inline script under the CSP nonce', async () => {
    const res = await request(web.url).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const other = await request(web.url).get('/').expect(200);
    expect(other.headers['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  it('escapes a hostile title in the page and in the payload script', async () => {
    const res = await request(web.url).get('/us').expect(200);
    expect(res.text).not.toContain('</script><script>alert(1)</script>');
    expect(res.text).toContain('Gala &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Edit');
    const { payload, script } = readPayload(res.text);
    expect(script).not.toMatch(/[<>\u2028\u2029]/);
    expect(script).toContain('\\u003C\\u002Fscript\\u003E');
    expect(script).toContain('\\u2028');
    const slides = Object.values(payload.transfer).find((v) => Array.isArray((v as { sliders?: unknown }).sliders)) as {
      sliders: { linkTitle: string }[];
    };
    expect(slides.sliders.map((s) => s.linkTitle)).toContain(HOSTILE_TITLE);
  });

  it('sends each upstream answer once: router state points into the transfer cache', async () => {
    const res = await request(web.url).get('/').expect(200);
    const { payload, script } = readPayload(res.text);
    expect(payload.config).toMatchObject({ country: 'GB', basename: '' });
    // The menu is not among them: the root's data holds its compact form (menu-wire.ts).
    expect(Object.keys(payload.transfer).sort()).toEqual([
      SITE_CONTENT_API.country('GB'),
      `${HOME_API.editorsPickLinks}?country=GB`,
      `${HOME_API.fashionBlog}?country=GB`,
      `${HOME_API.fashionTips}?country=GB`,
      `${HOME_API.promotedLinks}?country=GB`,
      `${HOME_API.showcase}?country=GB`,
      `${HOME_API.slides}?country=GB`,
      `${HOME_API.topRated}?country=GB`,
    ]);
    const menu = ((await (await fetch(`${api.url}${SITE_CONTENT_API.menu(1)}`)).json()) as { data: { menuList: MenuTile[] } }).data.menuList;
    expect(menu.length).toBeGreaterThan(0);
    expect(payload.router.loaderData.root).toEqual({ menu: encodeMenu(menu), country: { $transfer: [SITE_CONTENT_API.country('GB')] } });
    expect(script.split('Summer Dresses').length - 1).toBe(1);
  });

  it('keeps the transfer cache within its bounds and then sends router state in full', async () => {
    const small = await startWeb(api.url, { TRANSFER_CACHE_MAX_ENTRIES: '1' });
    const res = await request(small.url).get('/').expect(200);
    const { payload } = readPayload(res.text);
    // One entry is kept: whichever answer came first. It travels only if router state points
    // at it (the menu's answer does not: the root's data holds its compact form).
    expect(Object.keys(payload.transfer).length).toBeLessThanOrEqual(1);
    const home = payload.router.loaderData.home as { slides: { linkTitle: string }[] };
    expect(home.slides.map((s) => s.linkTitle)).toEqual(['Summer Dresses', 'A slide without a link']);
    await small.close();
  });

  it('gives a signed-in shopper the same shared answers as a guest, and keeps their page private', async () => {
    const shopper = await registerUser(api);
    const guest = await request(web.url).get('/').expect(200);
    const signedIn = await request(web.url).get('/').set('Cookie', `token=${shopper.token}; profile-type=3`).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // Menu, countries and home content travel to the browser byte for byte as for a guest;
    // the profile the header shows is rendered, never carried in the transfer cache.
    const { payload, script } = readPayload(signedIn.text);
    expect(JSON.stringify(payload.transfer)).toBe(JSON.stringify(readPayload(guest.text).payload.transfer));
    expect(Object.keys(payload.transfer).filter((key) => key.startsWith(ACCOUNT_API.userProfile) || key.startsWith(ACCOUNT_API.notificationCount))).toEqual([]);
    expect((payload.router.loaderData.root as { viewer?: { userName: string } }).viewer?.userName).toBe(shopper.userName);
    expect(readPayload(guest.text).payload.router.loaderData.root).not.toHaveProperty('viewer');
    expect(script).not.toContain(shopper.token);
  });

  it('keeps a page built with a guest key private', async () => {
    const res = await request(web.url).get('/').set('Cookie', 'g-to=some-guest-key').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers HEAD with the same status and headers and no body', async () => {
    const res = await request(web.url).head('/').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.text ?? '').toBe('');
  });

  it('gives crawlers the same markup as people', async () => {
    const human = await request(web.url).get('/').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130').expect(200);
    const bot = await request(web.url).get('/').set('User-Agent', GOOGLEBOT).expect(200);
    const flagged = await request(web.url).get('/').set('x-bot', '1').expect(200);
    const strip = (html: string) => withoutNonces(html).replace(/"isBot":(true|false)/, '');
    expect(strip(bot.text)).toBe(strip(human.text));
    expect(readPayload(bot.text).payload.config.isBot).toBe(true);
    expect(readPayload(flagged.text).payload.config.isBot).toBe(true);
    expect(readPayload(human.text).payload.config.isBot).toBe(false);
  });

  it('serves the shell data from the shared cache after the first page', async () => {
    await request(web.url).get('/about-us').expect(200);
    const before = await request(api.url).get('/metrics');
    const count = (text: string) =>
      Number(/http_request_duration_seconds_count\{[^}]*route="\/api\/account\/menu-structure\/:id"[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
    await request(web.url).get('/about-us').expect(200);
    const after = await request(api.url).get('/metrics');
    expect(count(after.text)).toBe(count(before.text));
    const metrics = await request(web.metricsUrl).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/shared_cache_hits_total\{[^}]*\} [1-9]/);
    expect(metrics.text).toMatch(/transfer_cache_bytes_count\{[^}]*\} [1-9]/);
    expect(metrics.text).toMatch(/upstream_request_duration_seconds_count\{[^}]*path="\/api\/home\/fashion-tips"/);
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="document"[^}]*status="200"/);
  });
});

describe('static files', () => {
  it('serves hashed assets as immutable and fixed-name public files briefly cached', async () => {
    const page = await request(web.url).get('/').expect(200);
    // The page's script loader starts the entry named in its payload.
    const entry = readPayload(page.text).payload.config.assets.entry;
    const asset = await request(web.url).get(entry).expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const favicon = await request(web.url).get('/favicon.svg').expect(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it('does not serve the build manifest, and answers a missing asset with 404', async () => {
    const manifest = await request(web.url).get('/manifest.json').expect(404);
    expect(manifest.text).toContain('Page Not Found');
    const missing = await request(web.url).get('/assets/entry.client-NOPE.js').expect(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    // A malformed escape in a path is the client's mistake.
    await request(web.url).get('/%E0%A4%A').expect(400);
  });
});

describe('server rendering: countries and missing pages', () => {
  it('renders country sites under their prefix, with that country in the payload', async () => {
    const res = await request(web.url).get('/us/about-us').expect(200);
    const { payload } = readPayload(res.text);
    expect(payload.config).toMatchObject({ country: 'US', basename: '/us' });
    expect(res.text).toMatch(/<a[^>]*href="\/us\/men-clothing"/);
    expect(res.text).toContain('<html lang="en-US">');
  });

  it('sends /gb/... to the unprefixed GB address', async () => {
    const res = await request(web.url).get('/gb/about-us?x=1').expect(301);
    expect(res.headers.location).toBe('/about-us?x=1');
  });

  it('answers unknown pages with 404, no-store, inside the shell, under every prefix', async () => {
    for (const path of ['/no-such-page', '/404', '/us/no/such/page', '/hk/404']) {
      const res = await request(web.url).get(path).expect(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('Page Not Found');
      expect(res.text).toContain('Oops! We could not find the page you are looking for. Sorry!');
      expect(res.text).toMatch(/<header class="site-header"/);
      expect(res.text).toMatch(/<footer class="site-footer">/);
    }
  });

  it('still renders the page, uncached, when the api is down', async () => {
    const port = await closedPort();
    const down = await startWeb(`http://127.0.0.1:${port}`);
    const res = await request(down.url).get('/').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/<header class="site-header"/);
    expect(res.text).not.toContain(String(port));
    await down.close();
  });
});
