import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../shared/api/api-routes';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheLong, CachePrivate } from '../../../shared/http/cache-policy';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { bindApiScope } from '../../../server/api/http/api-scope';
import { createLogger } from '../../../server/lib/logger';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { listen, type Running } from '../../support/listen';

// The route table binds in the api (server/api/http/api-scope.ts): a shared route answers
// the same bytes whoever asks, because its handler never sees the identity headers; a
// personal route's answer is private whatever its handler set.

type Sample = { path: string; body?: object };
type SharedSample = Sample & { status: number };

let db: Database;
let accounts: Accounts;
let api: Awaited<ReturnType<typeof startApi>>;
let admin: Awaited<ReturnType<typeof registerUser>>;
let shopper: Awaited<ReturnType<typeof registerUser>>;
let guestKey: string;
let shared: Record<string, SharedSample>;
let personal: Record<string, Sample>;

beforeAll(async () => {
  db = await openDemoDatabase();
  accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
  api = await startApi(db, { accounts });
  admin = await registerUser(api);
  await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
  shopper = await registerUser(api);
  guestKey = (await request(api.url).post('/api/account/guest-key').expect(200)).body.data.key;

  const adminPublicId = (await request(api.url).get(`/api/account/user-public-profile/name/${admin.userName}`).expect(200)).body.data.userdetail.publicId as string;
  const card = (await request(api.url).get('/api/search?link=/dresses&perPage=1').expect(200)).body.data.products[0];
  const sv = card.variants[0].size_variants[0] as { guid: string; slug: string };
  const byPath = `${card.category_slug}/${card.subcategory_slug}/${sv.slug}`;
  const asShopper = { [UPSTREAM_HEADER.token]: shopper.token };
  const added = await request(api.url).post('/api/account/wishlist').set(asShopper).send({ id: card.id, listId: 0, listName: 'Scope' }).expect(200);
  const listId = added.body.data.lists[0].listId as number;
  await request(api.url).put('/api/account/wishlist-privacy').set(asShopper).send({ listId, isPublic: 1 }).expect(200);
  const shoe = (await request(api.url).get('/api/search?link=/shoes&perPage=1').expect(200)).body.data.products[0];
  const pieces = [sv.guid, shoe.variants[0].size_variants[0].guid as string].map((guid, i) => ({ guid, x: i * 500, y: 0, width: 400, height: 400, z: i }));
  const look = await request(api.url).post('/api/account/save-set').set(asShopper).send({ setName: 'Scope', setId: 0, setPublic: 1, data: { items: pieces } }).expect(200);
  const lookId = look.body.data.listId as number;

  // One request for each shared route, with the status it answers (an answer worth comparing).
  shared = {
    'GET /api/account/user-public-profile/name/:userName': { path: `/api/account/user-public-profile/name/${admin.userName}`, status: 200 },
    'GET /api/account/user-public-profile/:id': { path: `/api/account/user-public-profile/${adminPublicId}`, status: 200 },
    'GET /api/account/profile-image/:file': { path: '/api/account/profile-image/no-such-picture-here.webp', status: 404 },
    'GET /api/account/menu-structure/:id': { path: '/api/account/menu-structure/1', status: 200 },
    'GET /api/account/countries/:code': { path: '/api/account/countries/gb', status: 200 },
    'POST /api/account/subscribe': { path: '/api/account/subscribe', body: { email: 'scope@example.com' }, status: 200 },
    'PUT /api/account/confirm-subscription': { path: '/api/account/confirm-subscription', body: { token: 'A'.repeat(43) }, status: 400 },
    'GET /api/home/slides': { path: '/api/home/slides', status: 200 },
    'GET /api/home/top-rated': { path: '/api/home/top-rated', status: 200 },
    'GET /api/home/fashion-blog': { path: '/api/home/fashion-blog', status: 200 },
    'GET /api/home/showcase': { path: '/api/home/showcase', status: 200 },
    'GET /api/home/promoted-links': { path: '/api/home/promoted-links', status: 200 },
    'GET /api/home/editorspick-links': { path: '/api/home/editorspick-links', status: 200 },
    'GET /api/home/fashion-tips': { path: '/api/home/fashion-tips', status: 200 },
    'GET /api/account/brand-list': { path: '/api/account/brand-list', status: 200 },
    'GET /api/account/store-list': { path: '/api/account/store-list', status: 200 },
    'GET /api/account/store-search/:term': { path: '/api/account/store-search/a', status: 200 },
    'GET /api/search': { path: '/api/search?q=dreses', status: 200 },
    'GET /api/search/deals': { path: '/api/search/deals?link=/dresses', status: 200 },
    'GET /api/search/filters/breadcrumb': { path: '/api/search/filters/breadcrumb?link=/dresses', status: 200 },
    'GET /api/search/filters/:type': { path: '/api/search/filters/brand?link=/dresses', status: 200 },
    'GET /api/search/canonical-links': { path: '/api/search/canonical-links?link=/dresses', status: 200 },
    'GET /api/search/listing': { path: '/api/search/listing?link=/dresses', status: 200 },
    'GET /api/search/auto-suggest/:first/:second': { path: '/api/search/auto-suggest/women/dre', status: 200 },
    'GET /api/search/auto-suggest/:text': { path: '/api/search/auto-suggest/dre', status: 200 },
    'GET /api/products/detail/guid/:guid': { path: `/api/products/detail/guid/${sv.guid}`, status: 200 },
    'GET /api/products/detail/:category/:lastnode/:slug': { path: `/api/products/detail/${byPath}`, status: 200 },
    'GET /api/products/similar/guid/:guid': { path: `/api/products/similar/guid/${sv.guid}`, status: 200 },
    'GET /api/products/similar/:category/:lastnode/:slug': { path: `/api/products/similar/${byPath}`, status: 200 },
    'GET /api/products/list-editors-picks': { path: '/api/products/list-editors-picks', status: 200 },
    'GET /api/products/retailer/:guid': { path: `/api/products/retailer/${sv.guid}`, status: 200 },
    'GET /api/products/price-history/:guid': { path: `/api/products/price-history/${sv.guid}`, status: 200 },
    'GET /api/products/sitemap': { path: '/api/products/sitemap', status: 200 },
    'GET /api/products/sitemap/:kind': { path: '/api/products/sitemap/products', status: 200 },
    'GET /api/products/rating/:id': { path: `/api/products/rating/${card.id}`, status: 200 },
    'GET /api/account/giveaway': { path: '/api/account/giveaway', status: 200 },
    'GET /api/account/public-wishlist/:id': { path: `/api/account/public-wishlist/${listId}`, status: 200 },
    'GET /api/account/user-set-categs': { path: '/api/account/user-set-categs', status: 200 },
    'GET /api/account/public-set/:listId': { path: `/api/account/public-set/${lookId}`, status: 200 },
    'GET /api/account/user-public-sets/:userName': { path: `/api/account/user-public-sets/${shopper.userName}`, status: 200 },
    // Refused the same way both times (an alert set twice would answer added: false the second).
    'POST /api/account/set-alerts': { path: '/api/account/set-alerts', body: { id: sv.guid, email: 'not-an-address', country: 'gb' }, status: 400 },
    'PUT /api/account/confirm-alerts': { path: '/api/account/confirm-alerts', body: { token: 'A'.repeat(43) }, status: 400 },
    'POST /api/account/alert-unsubscribe': { path: '/api/account/alert-unsubscribe', body: { token: `v1.1.u1.${'A'.repeat(43)}` }, status: 400 },
  };

  // One request for each personal route, sent as the shopper.
  personal = {
    'POST /auth/login': { path: '/auth/login', body: { email: shopper.email, password: shopper.password } },
    'POST /auth/facebook': { path: '/auth/facebook', body: {} },
    'POST /auth/google': { path: '/auth/google', body: {} },
    'POST /auth/sign-in-link': { path: '/auth/sign-in-link', body: {} },
    'POST /api/account/register': { path: '/api/account/register', body: {} },
    'DELETE /api/account/logout': { path: '/api/account/logout' },
    'POST /api/account/forgot-password': { path: '/api/account/forgot-password', body: { email: shopper.email } },
    'PUT /api/account/confirm-password': { path: '/api/account/confirm-password', body: {} },
    'POST /api/account/sign-in-link': { path: '/api/account/sign-in-link', body: { email: shopper.email } },
    'PUT /api/account/change-password': { path: '/api/account/change-password', body: {} },
    'POST /api/account/guest-key': { path: '/api/account/guest-key' },
    'GET /api/account/user-profile': { path: '/api/account/user-profile' },
    'PUT /api/account/edit-user-profile': { path: '/api/account/edit-user-profile', body: { name: 'Scope' } },
    'PUT /api/account/upload-profile-image': { path: '/api/account/upload-profile-image' },
    'GET /api/account/check-username/:userName': { path: '/api/account/check-username/someone-else' },
    'GET /api/account/notification-count': { path: '/api/account/notification-count' },
    'GET /api/account/geo-country': { path: '/api/account/geo-country' },
    'GET /api/search/debug': { path: '/api/search/debug?q=dreses' },
    'POST /api/products/add-csd': { path: '/api/products/add-csd', body: { id: sv.guid, country: 'GB' } },
    'POST /api/account/create-wishlist': { path: '/api/account/create-wishlist', body: { listName: 'Scope Two' } },
    'POST /api/account/wishlist': { path: '/api/account/wishlist', body: { id: card.id, listId } },
    'GET /api/account/wishlist/:a/:b/:c': { path: `/api/account/wishlist/${listId}/gb/added` },
    'PUT /api/account/wishlist': { path: '/api/account/wishlist', body: { listId, listName: 'Scope' } },
    'PUT /api/account/wishlist-privacy': { path: '/api/account/wishlist-privacy', body: { listId, isPublic: 1 } },
    'PUT /api/account/wishlist-move-product': { path: '/api/account/wishlist-move-product', body: { id: card.id, s_listid: listId, d_listid: listId } },
    'POST /api/account/wishlist-default': { path: '/api/account/wishlist-default', body: { id: card.id } },
    'DELETE /api/account/wishlist-product/:listId/:productId': { path: `/api/account/wishlist-product/${listId}/1` },
    'DELETE /api/account/wishlist/:listId': { path: '/api/account/wishlist/2147483647' },
    'GET /api/account/show-wishlist': { path: `/api/account/show-wishlist?id=${card.id}` },
    'POST /api/account/editorspick-product': { path: '/api/account/editorspick-product', body: { id: card.id, listId: 1 } },
    'GET /api/account/dress-me-filters/:x': { path: '/api/account/dress-me-filters/shoes' },
    'GET /api/account/sets/:x': { path: `/api/account/sets/${lookId}` },
    'POST /api/account/save-set': { path: '/api/account/save-set', body: { setName: 'Scope', setId: lookId, setPublic: 1 } },
    'PUT /api/account/rename-lookbook': { path: '/api/account/rename-lookbook', body: { listId: lookId, setName: 'Scope', setPublic: 1 } },
    'DELETE /api/account/sets/:listId': { path: '/api/account/sets/2147483647' },
    'POST /api/account/set-user-alerts': { path: '/api/account/set-user-alerts', body: { id: sv.guid, country: 'gb' } },
    'GET /api/account/alerts/:country': { path: '/api/account/alerts/gb' },
    'DELETE /api/account/alerts/:alertId': { path: '/api/account/alerts/2147483647' },
    'GET /api/account/notifications': { path: '/api/account/notifications' },
    'PUT /api/account/notifications-read': { path: '/api/account/notifications-read', body: { upTo: 1 } },
    'GET /api/account/my-sales/:country': { path: '/api/account/my-sales/gb' },
    'POST /api/account/product-rating': { path: '/api/account/product-rating', body: { id: card.id, star_rating: 4 } },
    'GET /api/account/product-rating/:id': { path: `/api/account/product-rating/${card.id}` },
    'GET /api/account/giveaway-entry': { path: '/api/account/giveaway-entry' },
    'POST /api/account/giveaway-entry': { path: '/api/account/giveaway-entry', body: {} },
    'GET /api/account/giveaway-entries': { path: '/api/account/giveaway-entries' },
    'POST /api/account/brand-follow': { path: '/api/account/brand-follow', body: { id: 2147483647 } },
    'DELETE /api/account/brand-unfollow/:id': { path: '/api/account/brand-unfollow/2147483647' },
    'GET /api/account/brands/:country': { path: '/api/account/brands/gb' },
    'POST /api/account/store-follow': { path: '/api/account/store-follow', body: { id: 2147483647 } },
    'DELETE /api/account/store-unfollow/:id': { path: '/api/account/store-unfollow/2147483647' },
    'GET /api/account/stores/:country': { path: '/api/account/stores/gb' },
    'GET /api/account/follows': { path: '/api/account/follows' },
  };
});

afterAll(async () => {
  await accounts?.settle();
  await api?.close();
  await db?.close();
});

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function send(method: string, sample: Sample, identity: Record<string, string>) {
  const call = request(api.url)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](sample.path).set(identity);
  return sample.body ? call.send(sample.body) : call;
}

describe('shared routes', () => {
  it('answer the same bytes to an admin with a guest key as to a visitor without either', async () => {
    const routes = API_ROUTES.filter((route) => route.scope === 'shared');
    expect(routes.map(keyOf).filter((key) => !shared[key])).toEqual([]);
    const identity = { [UPSTREAM_HEADER.token]: admin.token, [UPSTREAM_HEADER.guestKey]: guestKey };
    for (const route of routes) {
      const sample = shared[keyOf(route)]!;
      const anonymous = await send(route.method, sample, {});
      const known = await send(route.method, sample, identity);
      const answer = (res: request.Response) => ({ status: res.status, cacheControl: res.headers['cache-control'], body: res.text });
      expect(anonymous.status, keyOf(route)).toBe(sample.status);
      expect(answer(known), keyOf(route)).toEqual(answer(anonymous));
    }
  });
});

describe('personal routes', () => {
  it('answer private, no-store, whatever their handler set', async () => {
    const routes = API_ROUTES.filter((route) => route.scope === 'personal');
    expect(routes.map(keyOf).filter((key) => !personal[key])).toEqual([]);
    for (const route of routes) {
      const res = await send(route.method, personal[keyOf(route)]!, { [UPSTREAM_HEADER.token]: shopper.token });
      expect(res.headers['cache-control'], keyOf(route)).toBe(CachePrivate.header);
    }
  });

  it('keep the no-store answers of handlers and error handlers private too', async () => {
    // The forgot-password handler sets no-store; so do the account and api error handlers.
    const forgot = await request(api.url).post('/api/account/forgot-password').send({ email: shopper.email });
    const badForm = await request(api.url).put('/api/account/confirm-password').send({});
    const signedOut = await request(api.url).get('/api/account/user-profile');
    expect([forgot, badForm, signedOut].map((res) => [res.status, res.headers['cache-control']])).toEqual([
      [200, CachePrivate.header],
      [400, CachePrivate.header],
      [401, CachePrivate.header],
    ]);
  });
});

describe('the scope middleware, under handlers that try', () => {
  let probe: Running;
  beforeAll(async () => {
    const app = express();
    app.use(bindApiScope);
    const seen = (req: express.Request) => ({
      token: req.headers[UPSTREAM_HEADER.token] ?? null,
      key: req.header(UPSTREAM_HEADER.guestKey) ?? null,
      raw: req.rawHeaders.filter((name) => ['token', 'key'].includes(name.toLowerCase())),
    });
    // A shared path whose handler reads identity and says public.
    app.get('/api/account/brand-list', (req, res) => {
      res.setHeader('Cache-Control', CacheLong.header);
      res.json(seen(req));
    });
    // Personal paths whose handlers say public, by setHeader and through writeHead.
    app.get('/api/account/user-profile', (req, res) => {
      res.setHeader('Cache-Control', CacheLong.header);
      res.json(seen(req));
    });
    app.get('/api/account/notification-count', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'cache-control': CacheLong.header });
      res.end('3');
    });
    // A path the table does not list.
    app.get('/api/account/not-in-the-table', (req, res) => {
      res.setHeader('Cache-Control', CacheLong.header);
      res.json(seen(req));
    });
    probe = await listen(app);
  });
  afterAll(async () => {
    await probe.close();
  });

  const asKnown = (path: string) => request(probe.url).get(path).set('Token', 'a-token').set('key', 'a-guest-key');

  it('hides the token and the guest key from a shared route, raw headers included, and leaves its cache policy alone', async () => {
    const res = await asKnown('/api/account/brand-list').expect(200);
    expect(res.body).toEqual({ token: null, key: null, raw: [] });
    expect(res.headers['cache-control']).toBe(CacheLong.header);
  });

  it('lets a personal route see who asks, and makes its answer private however it was set', async () => {
    const profile = await asKnown('/api/account/user-profile').expect(200);
    expect(profile.body).toEqual({ token: 'a-token', key: 'a-guest-key', raw: ['Token', 'key'] });
    expect(profile.headers['cache-control']).toBe(CachePrivate.header);
    const count = await asKnown('/api/account/notification-count').expect(200);
    expect([count.text, count.headers['cache-control']]).toEqual(['3', CachePrivate.header]);
  });

  it('treats a path the table does not list as personal', async () => {
    const res = await asKnown('/api/account/not-in-the-table').expect(200);
    expect(res.body.token).toBe('a-token');
    expect(res.headers['cache-control']).toBe(CachePrivate.header);
  });
});
