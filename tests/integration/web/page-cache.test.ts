import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { PAGE_CACHE_HEADER } from '../../../server/web/render/page-cache';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { readPayload, visibleMarkup, withoutNonces } from '../../support/page';
import { pollUntil } from '../../support/poll';

// The page cache keeps the rendered HTML of pages nobody in particular asked for, and gives it
// to the next visitor with nothing of their own. These tests prove that no personal part of a
// page (the header's profile and bell, a guest key, an XSRF token, the admin debug line, a CSP
// nonce, a cookie) reaches anyone else through it, that a signed-in shopper is never served
// from it, and that an import changes what it serves.

// The version probe at most every 20 ms, so the import test's poll hears of the import soon.
const stack = demoStackForFile('catalog', { PAGE_CACHE_VERSION_CHECK_MS: '20' });
const BROWSER = 'Mozilla/5.0 Chrome/130';

const get = (url: string, cookies: Record<string, string> = {}) => {
  const call = request(stack.web.url).get(url).set('User-Agent', BROWSER);
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return (cookie ? call.set('Cookie', cookie) : call).expect(200);
};

/** The nonce the response's CSP header allows scripts with. */
const cspNonce = (res: request.Response) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
/** Every nonce attribute in the page. */
const pageNonces = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))];

/** Reads the page once so it is kept, and checks that the next anonymous request is served from the cache. */
async function warm(url: string): Promise<request.Response> {
  await get(url);
  const kept = await get(url);
  expect(kept.headers[PAGE_CACHE_HEADER]).toBe('hit');
  return kept;
}

describe('the page cache', () => {
  it('keeps each language’s page apart: a French page never answers the English address, whatever the request says', async () => {
    const french = await warm('/ca/fr/dresses?sort=asc');
    expect(french.text).toContain('<html lang="fr-CA">');
    // The English address, asked for in French every way a browser can: still the English page,
    // first rendered, then kept and served as English.
    for (let i = 0; i < 2; i++) {
      const english = await request(stack.web.url).get('/ca/dresses?sort=asc').set('User-Agent', BROWSER).set('Accept-Language', 'fr-CA,fr').set(UPSTREAM_HEADER.locale, 'fr-CA').expect(200);
      expect([english.headers[PAGE_CACHE_HEADER], english.text.includes('<html lang="en-CA">')]).toEqual([i === 0 ? 'miss' : 'hit', true]);
    }
    expect((await get('/ca/fr/dresses?sort=asc')).text).toContain('<html lang="fr-CA">');
  });

  it("serves a hot anonymous page from memory, stamped with each response's own nonce, the one its CSP header names", async () => {
    const url = '/dresses?colour=black&sort=asc';
    const first = await get(url);
    const second = await get(url);
    const third = await get(url);
    expect([first.headers[PAGE_CACHE_HEADER], second.headers[PAGE_CACHE_HEADER], third.headers[PAGE_CACHE_HEADER]]).toEqual(['miss', 'hit', 'hit']);
    const nonces = [first, second, third].map(cspNonce);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, res] of [first, second, third].entries()) {
      expect(pageNonces(res.text)).toEqual([nonces[i]]);
      expect(readPayload(res.text).nonce).toBe(nonces[i]);
      expect(res.headers['cache-control']).toBe(CacheShort.header);
      // Kept or not, a guest's copy says it is one for these cookies (a shopper's browser must not reuse it).
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(withoutNonces(second.text)).toBe(withoutNonces(first.text));
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('never serves a signed-in shopper from the cache, and never keeps their page (profile, bell) for anyone else', async () => {
    const url = '/dresses?sort=desc';
    const shopper = await registerUser(stack.api);
    const signedIn = { [COOKIE.token]: shopper.token, [COOKIE.profileType]: '3' };
    const theirs = await get(url, signedIn);
    expect(theirs.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(theirs.headers['cache-control']).toBe(CachePrivate.header);
    expect(visibleMarkup(theirs.text)).toContain(`href="/user/${shopper.userName}/wishlists"`);
    expect(theirs.text).toContain('data-testid="notification-bell"');

    // Their render was not kept: the first guest after them is rendered for the guest.
    const guest = await get(url);
    expect(guest.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(guest.text).not.toContain(shopper.userName);
    expect(guest.text).not.toContain('data-testid="account-name"');
    expect(guest.text).not.toContain('data-testid="notification-bell"');

    // With a guest's page kept, the shopper still gets a page of their own.
    await warm(url);
    const again = await get(url, signedIn);
    expect(again.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(again.headers['cache-control']).toBe(CachePrivate.header);
    expect(visibleMarkup(again.text)).toContain(`href="/user/${shopper.userName}/wishlists"`);
    expect(again.text).toContain('data-testid="notification-bell"');
  });

  it("never serves nor keeps the page of a visitor with a guest key", async () => {
    const url = '/dresses?sort=asc';
    const key = 'guest-key-of-one-visitor';
    const theirs = await get(url, { [COOKIE.guestKey]: key });
    expect([theirs.headers[PAGE_CACHE_HEADER], theirs.headers['cache-control']]).toEqual([undefined, CachePrivate.header]);
    const guest = await get(url);
    expect(guest.headers[PAGE_CACHE_HEADER]).toBe('miss');
    await warm(url);
    const withKey = await get(url, { [COOKIE.guestKey]: key });
    expect([withKey.headers[PAGE_CACHE_HEADER], withKey.headers['cache-control']]).toEqual([undefined, CachePrivate.header]);
  });

  it("keeps nothing of a visitor's XSRF token: a page kept from their visit carries neither their token nor any cookie", async () => {
    const url = '/dresses?colour=red';
    const token = 'visitor-one-xsrf-token.signature';
    const theirs = await get(url, { [COOKIE.xsrf]: token });
    expect(theirs.headers[PAGE_CACHE_HEADER]).toBe('miss');
    const next = await get(url);
    expect(next.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(next.text).not.toContain(token);
    expect(next.headers['set-cookie']).toBeUndefined();
    // A hit for a visitor with a token of their own gives them no cookie either.
    const another = await get(url, { [COOKIE.xsrf]: 'visitor-two-xsrf-token.signature' });
    expect([another.headers[PAGE_CACHE_HEADER], another.headers['set-cookie']]).toEqual(['hit', undefined]);
  });

  it("never gives an admin's debug line to anyone, nor a kept page to the admin", async () => {
    const url = '/search?q=dreses';
    const admin = await registerUser(stack.api);
    await stack.db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
    const asAdmin = { [COOKIE.token]: admin.token, [COOKIE.profileType]: '1' };
    const debugLine = /<p class="listing-debug">/;
    const theirs = await get(url, asAdmin);
    expect(theirs.text).toMatch(debugLine);
    const guest = await get(url);
    expect(guest.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(guest.text).not.toMatch(debugLine);
    const kept = await warm(url);
    expect(kept.text).not.toMatch(debugLine);
    const adminAgain = await get(url, asAdmin);
    expect(adminAgain.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(adminAgain.text).toMatch(debugLine);
  });

  it('keeps crawlers and people apart, and HEAD reads what GET kept', async () => {
    const url = '/dresses?colour=blue';
    await warm(url);
    const crawler = await request(stack.web.url).get(url).set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)').expect(200);
    expect(crawler.headers[PAGE_CACHE_HEADER]).toBe('miss');
    const head = await request(stack.web.url).head(url).set('User-Agent', BROWSER).expect(200);
    expect(head.headers[PAGE_CACHE_HEADER]).toBe('hit');
  });

  it('counts hits, stale answers and misses on the metrics', async () => {
    const url = '/dresses?colour=green';
    await warm(url);
    const metrics = (await request(stack.web.metricsUrl).get('/metrics').expect(200)).text;
    for (const result of ['hit', 'miss']) {
      expect(metrics).toMatch(new RegExp(`^page_cache_lookups_total\\{result="${result}",service="web"\\} [1-9]\\d*$`, 'm'));
    }
    expect(metrics).toMatch(/^page_cache_bytes\{service="web"\} [1-9]\d*$/m);
  });

  describe('past its max-age', () => {
    afterEach(() => vi.useRealTimers());

    it('serves the kept page at once and renders it again once, in the background', async () => {
      const url = '/dresses?colour=white';
      const kept = await warm(url);
      // The clock the cache reads, a minute and a bit later (CacheShort: max-age=60).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const stale = await get(url);
      expect([stale.headers[PAGE_CACHE_HEADER], withoutNonces(stale.text)]).toEqual(['stale', withoutNonces(kept.text)]);
      // The signal: the background render has replaced it, fresh again.
      const fresh = await pollUntil('the page rendered again in the background', async () => {
        const res = await get(url);
        return res.headers[PAGE_CACHE_HEADER] === 'hit' ? res : undefined;
      });
      expect(fresh.headers.age).toBe('0');
      const metrics = (await request(stack.web.metricsUrl).get('/metrics').expect(200)).text;
      expect(metrics).toMatch(/^page_cache_lookups_total\{result="stale",service="web"\} [1-9]\d*$/m);
    });
  });

  it('serves a new page after an import changes the catalogue', async () => {
    const url = '/search?q=relaxed%20selvedge%20denim';
    const before = await warm(url);
    expect(before.text.includes('Relaxed Selvedge Denim Jeans')).toBe(false);

    const fixtures = path.resolve(import.meta.dirname, '../../fixtures/feeds/good');
    await importStores(stack.db, JSON.parse(fs.readFileSync(path.join(fixtures, 'stores.json'), 'utf8')));
    await importFeed(stack.db, { file: path.join(fixtures, 'northlane.gb.tsv') });
    await stack.api.engine.settled();

    // The signal: the cache, told of the new catalogue by the api, renders the page again.
    const after = await pollUntil('the page rendered again after the import', async () => {
      const res = await get(url);
      return res.headers[PAGE_CACHE_HEADER] === 'miss' ? res : undefined;
    });
    expect(visibleMarkup(after.text).includes('Relaxed Selvedge Denim Jeans')).toBe(true);
    const metrics = (await request(stack.web.metricsUrl).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^page_cache_invalidations_total\{service="web"\} 1$/m);
  });
});
