import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicWishlistPath } from '../../../client/components/wishlist/wishlist-page-rules';
import { PURGE_HEADER } from '../../../shared/api/cache-purges';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { lookPagePath } from '../../../shared/validation/look-rules';
import type { Database } from '../../../server/api/db/database';
import { PAGE_CACHE_HEADER } from '../../../server/web/render/page-cache';
import { registerUser } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { pollUntil } from '../../support/poll';
import { startSearchApi } from '../../support/search-api';
import { BROWSER_AGENT, CookieJar, fetchXsrf } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { LOOK_API } from '../../../shared/api/look-paths';

// Issue 25: a list or look made private (or deleted) stayed public for about 11 minutes: the
// api answered 404 at once, but the web's page cache served its kept page, and re-rendered it
// from the shared cache's kept answer. Two webs over one api, as behind a balancer: what a
// shopper withdraws through one leaves both at once, the one that carried the write before it
// answers, the other at its next exchange with the api (any page it renders, or the page
// cache's probe while it serves only kept pages), and nothing kept is served after that.

type Web = Awaited<ReturnType<typeof startWeb>>;
type Shopper = Awaited<ReturnType<typeof registerUser>>;

let db: Database;
let api: Awaited<ReturnType<typeof startSearchApi>>;
/** The web the shoppers write through. */
let writer: Web;
/** Another instance; it probes the api at most every 20 ms while it serves kept pages. */
let other: Web;
let products: number[];
let guids: string[];

beforeAll(async () => {
  db = await openDemoDatabase();
  api = await startSearchApi(db);
  [writer, other] = await Promise.all([startWeb(api.url), startWeb(api.url, { PAGE_CACHE_VERSION_CHECK_MS: '20' })]);
  const rows = await db.query<{ id: number; guid: string }>(
    `SELECT DISTINCT ON (v.product_id) v.product_id AS id, sv.guid::text AS guid FROM size_variants sv JOIN variants v ON v.id = sv.variant_id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' ORDER BY v.product_id, sv.id LIMIT 2`,
  );
  products = rows.map((r) => r.id);
  guids = rows.map((r) => r.guid);
});
afterAll(async () => {
  await Promise.all([writer?.close(), other?.close()]);
  await api?.close();
  await db?.close();
});

const guest = (web: Web, path: string) => request(web.url).get(path).set('User-Agent', BROWSER_AGENT);

/** Reads the page on both webs until each serves it from its page cache. */
async function keptOnBoth(path: string): Promise<void> {
  for (const web of [writer, other]) {
    await guest(web, path).expect(200);
    expect((await guest(web, path).expect(200)).headers[PAGE_CACHE_HEADER]).toBe('hit');
  }
}

/** The shopper's browser on the writing web: a page's call, same origin, with the XSRF token. */
async function throughWriter(shopper: Shopper, method: 'put' | 'delete' | 'post', path: string, body?: object) {
  const jar = new CookieJar().set('token', shopper.token).set('profile-type', String(shopper.profileType));
  const xsrf = await fetchXsrf(writer.url, jar);
  const call = request(writer.url)[method](path).set('Cookie', jar.header()).set('X-XSRF-TOKEN', xsrf).set('Origin', writer.url).set('Sec-Fetch-Site', 'same-origin');
  const res = await (body ? call.send(body) : call);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/**
 * The other web renders a page (one call to the api): it hears of the purge there. A search of
 * its own each time: a page the other web kept from an earlier call would be served without
 * one, leaving the purge to the page cache's probe, which runs beside the next request.
 */
let searches = 0;
const otherTalksToApi = () => guest(other, `/search?q=purge+${++searches}`).expect(200);

const onApi = (shopper: Shopper) => ({
  post: (path: string, body: object) => request(api.url).post(path).set(UPSTREAM_HEADER.token, shopper.token).send(body).expect(200),
});

async function publicList(shopper: Shopper): Promise<string> {
  const created = await onApi(shopper).post(WISHLIST_API.create, { listName: `Public ${Math.random().toString(36).slice(2, 8)}` });
  const list = created.body.data.lists[0] as { listId: number; slug: string };
  await onApi(shopper).post(WISHLIST_API.add, { id: products[0], listId: list.listId });
  await request(api.url).put(WISHLIST_API.privacy).set(UPSTREAM_HEADER.token, shopper.token).send({ listId: list.listId, isPublic: 1 }).expect(200);
  return publicWishlistPath(list);
}

async function publicLook(shopper: Shopper): Promise<{ path: string; listId: number }> {
  const items = guids.map((guid, i) => ({ guid, x: i * 300, y: 0, width: 300, height: 300, z: i }));
  const saved = (await onApi(shopper).post(LOOK_API.save, { setName: 'Weekend', setId: 0, setPublic: 1, data: { items } })).body.data;
  return { path: lookPagePath(saved.slug, saved.listId), listId: saved.listId };
}

describe('a list or look withdrawn by its shopper', () => {
  it('leaves the writing web at once when made private, and the other at its next call to the api', async () => {
    const shopper = await registerUser(api);
    const path = await publicList(shopper);
    await keptOnBoth(path);
    const listId = Number(path.split('/')[2]);

    const answer = await throughWriter(shopper, 'put', WISHLIST_API.privacy, { listId, isPublic: 0 });
    // The api's names for what it answers about never reach a browser.
    expect(answer.headers[PURGE_HEADER.keys]).toBeUndefined();
    expect((await guest(writer, path)).status).toBe(404);

    await otherTalksToApi();
    expect((await guest(other, path)).status).toBe(404);
    // Nor is it kept again, on either web: the api answers 404 and each asks it afresh.
    for (const web of [writer, other]) expect((await guest(web, path)).status).toBe(404);
  });

  it('leaves a web that serves only kept pages by its probe of the api', async () => {
    const shopper = await registerUser(api);
    const path = await publicList(shopper);
    await keptOnBoth(path);
    await throughWriter(shopper, 'delete', WISHLIST_API.deleteList(Number(path.split('/')[2])));
    // The other web asks the api nothing while it serves kept pages, but its probe: each
    // kept page it serves may start one, and the one that hears the purge drops the page.
    const statuses = await pollUntil('the other web drops the deleted list', async () => {
      const res = await guest(other, path);
      return res.status === 404 ? res.status : undefined;
    });
    expect(statuses).toBe(404);
  });

  it('takes a look made private, changed or deleted off every web, its owner’s public lookbook and profile too', async () => {
    const shopper = await registerUser(api);
    const look = await publicLook(shopper);
    const profile = `/profile/${shopper.userName}`;
    await keptOnBoth(look.path);
    await keptOnBoth(profile);
    expect((await guest(writer, profile)).text).toContain(look.path);

    await throughWriter(shopper, 'put', LOOK_API.rename, { listId: look.listId, setName: 'Weekend', setPublic: 0 });
    await otherTalksToApi();
    for (const web of [writer, other]) {
      expect((await guest(web, look.path)).status).toBe(404);
      const page = await guest(web, profile).expect(200);
      expect([page.headers[PAGE_CACHE_HEADER], page.text.includes(look.path)]).toEqual(['miss', false]);
    }
  });

  it('takes every public page of a deleted shopper off every web', async () => {
    const shopper = await registerUser(api);
    const list = await publicList(shopper);
    const look = await publicLook(shopper);
    const profile = `/profile/${shopper.userName}`;
    for (const path of [list, look.path, profile]) await keptOnBoth(path);

    // There is no route for it: an operator deletes the account in the database.
    await db.query('DELETE FROM users WHERE id = $1', [shopper.userId]);
    // What a profile that never was answers (the profile page sends a guest on).
    const nobody = (await guest(writer, '/profile/nobody-at-all')).status;
    for (const web of [writer, other]) {
      await guest(web, '/search?q=deleted').expect(200);
      const statuses = [];
      for (const path of [list, look.path, profile]) statuses.push((await guest(web, path)).status);
      expect(statuses).toEqual([404, 404, nobody]);
    }
    expect(nobody).not.toBe(200);
  });
});
