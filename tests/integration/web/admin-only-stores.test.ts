import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminView } from '../../../shared/api/admin-view';
import { COOKIE } from '../../../shared/constants';
import { CachePrivate } from '../../../shared/http/cache-policy';
import { PAGE_CACHE_HEADER } from '../../../server/web/render/page-cache';
import type { Database } from '../../../server/api/db/database';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { readPayload } from '../../support/page';
import { startSearchApi } from '../../support/search-api';
import { startWeb } from '../../support/web-server';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';

// Spec section 6 through the real web, api and index: a store marked admin-only (here in this
// test's own copy of the demo catalogue) is on no page a guest or a shopper gets, and the
// pages that differ for admins never cross between them through the web's caches: the page
// cache, the shared cache of api answers, or the transfer cache in the page.

let db: Database;
let api: Awaited<ReturnType<typeof startSearchApi>>;
let accounts: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;
let store: { slug: string; name: string };
let product: { guid: string; path: string };
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  db = await openDemoDatabase();
  // The store of the product that sells in GB with the lowest id, as stores.json's adminOnly would mark it.
  const [row] = await db.query<{ slug: string; name: string }>(
    `UPDATE stores SET admin_only = true
      WHERE id = (SELECT p.store_id FROM products p
                    JOIN variants v ON v.product_id = p.id JOIN size_variants sv ON sv.variant_id = v.id
                    JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB'
                   ORDER BY p.id LIMIT 1)
      RETURNING slug, name`,
  );
  store = row!;
  api = await startSearchApi(db);
  accounts = await startAccountsApi({ db });
  web = await startWeb(api.url);
  const a = await registerUser(accounts);
  await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [a.userId]);
  admin = { [COOKIE.token]: a.token, [COOKIE.profileType]: '1' };
  const s = await registerUser(accounts);
  // A forged profile-type cookie: the page asks for the admin view, the api says no.
  shopper = { [COOKIE.token]: s.token, [COOKIE.profileType]: '1' };
  const list = await request(api.url)
    .get(withAdminView(`${SEARCH_API.list}?country=GB&storename=${store.slug}&perPage=1`))
    .set('token', a.token)
    .expect(200);
  const guid = list.body.data.products[0].variants[0].size_variants[0].guid as string;
  const detail = await request(api.url).get(withAdminView(`${PRODUCT_API.detailByGuid(guid)}?country=GB`)).set('token', a.token).expect(200);
  product = { guid, path: `/${detail.body.data.canonicalUrl as string}` };
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  // Stops the accounts timers and closes the shared database.
  await accounts?.close();
});

const page = (url: string, cookies: Record<string, string> = {}) => {
  const call = request(web.url).get(url).set('User-Agent', 'Mozilla/5.0 Chrome/130');
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return cookie ? call.set('Cookie', cookie) : call;
};

/** Every key of the page's transfer cache (the api answers the browser reuses). */
const transferKeys = (html: string) => Object.keys(readPayload(html).payload.transfer);

describe('admin-only stores on the site', () => {
  it('are on no page a guest or a shopper gets: directory, listings, store page, product page, click-through', async () => {
    for (const cookies of [{}, shopper]) {
      for (const url of ['/stores', '/search', '/search?sort=desc']) {
        const res = await page(url, cookies).expect(200);
        expect(res.text, url).not.toContain(store.name);
        expect(res.text, url).not.toContain(store.slug);
      }
      // Filtered by the store's slug: the page echoes the filter it was asked for (a chip
      // titled from the URL), and lists none of the store's products.
      const filtered = await page(`/search?storename=${store.slug}`, cookies).expect(200);
      expect(filtered.text).not.toContain(product.path);
      expect(filtered.text).not.toContain(`/store/${store.slug}`);
      await page(`/store/${store.slug}`, cookies).expect(404);
      await page(product.path, cookies).expect(404);
      await page(`/products/loadRetailerProductPage/${product.guid}`, cookies).expect(404);
    }
  });

  it("are on an admin's pages, which are private and carry no admin answer in their transfer cache", async () => {
    for (const url of ['/stores', `/search?storename=${store.slug}`, `/store/${store.slug}`]) {
      const res = await page(url, admin).expect(200);
      expect(res.text, url).toContain(url === '/stores' ? `/store/${store.slug}` : product.path);
      expect(res.headers['cache-control'], url).toBe(CachePrivate.header);
      expect(res.headers[PAGE_CACHE_HEADER], url).toBeUndefined();
      expect(transferKeys(res.text).filter((key) => key.includes('view=admin')), url).toEqual([]);
      expect(JSON.stringify(readPayload(res.text).payload.transfer), url).not.toContain(store.slug);
    }
    await page(product.path, admin).expect(200);
    const out = await page(`/products/loadRetailerProductPage/${product.guid}`, admin).expect(200);
    expect(out.text).toContain(`Taking you to ${store.name}`);
  });

  it("passes the browser's admin view through the gateway with the session, and answers it privately", async () => {
    const url = withAdminView(`${SEARCH_API.list}?country=GB&storename=${store.slug}`);
    const theirs = await page(url, admin).expect(200);
    expect(theirs.headers['cache-control']).toBe(CachePrivate.header);
    expect(theirs.body.data.products.map((p: { store_slug: string }) => p.store_slug)).toContain(store.slug);
    for (const cookies of [{}, shopper]) {
      const res = await page(url, cookies).expect(200);
      expect(res.body.data.products).toEqual([]);
    }
  });

  it("marks an admin's catalogue calls for the admin view at the gateway, so page scripts need not", async () => {
    // The browser's call as a page script makes it: no marker. The profile-type cookie only
    // asks; the api grants the view to an admin's session alone.
    const url = `${SEARCH_API.list}?country=GB&storename=${store.slug}`;
    const theirs = await page(url, admin).expect(200);
    expect(theirs.headers['cache-control']).toBe(CachePrivate.header);
    expect(theirs.body.data.products.map((p: { store_slug: string }) => p.store_slug)).toContain(store.slug);
    const forged = await page(url, shopper).expect(200);
    expect(forged.headers['cache-control']).toBe(CachePrivate.header);
    expect(forged.body.data.products).toEqual([]);
    const guest = await page(url).expect(200);
    expect(guest.headers['cache-control']).not.toBe(CachePrivate.header);
    expect(guest.body.data.products).toEqual([]);
  });

  it('never serves a cached public page to an admin, nor the admin’s page or api answers to anyone after', async () => {
    const url = '/stores';
    await page(url).expect(200);
    const kept = await page(url).expect(200);
    expect(kept.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(kept.text).not.toContain(store.name);

    const theirs = await page(url, admin).expect(200);
    expect(theirs.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(theirs.text).toContain(store.name);

    // A listing an admin saw first: the guest after them gets the public answer, rendered for
    // them (the page cache kept nothing of the admin's, nor the shared cache the admin's api answer).
    const listing = `/search?storename=${store.slug}&sort=asc`;
    const adminFirst = await page(listing, admin).expect(200);
    expect(adminFirst.text).toContain(product.path);
    const guestAfter = await page(listing).expect(200);
    expect(guestAfter.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(guestAfter.text).not.toContain(product.path);
    const guestAgain = await page(url).expect(200);
    expect(guestAgain.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(guestAgain.text).not.toContain(store.name);
  });
});
