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
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { FOLLOW_API } from '../../../shared/api/follow-paths';
import { GIVEAWAY_API } from '../../../shared/api/giveaway-paths';
import { HOME_API } from '../../../shared/api/home-paths';
import { LOOK_API } from '../../../shared/api/look-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { RATING_API } from '../../../shared/api/rating-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { pathPrefix } from '../../support/api-paths';

// A path no paths module has, on purpose: the test is about what the table does not list.
// eslint-disable-next-line no-restricted-syntax -- an unknown path, on purpose
const UNLISTED = '/api/account/not-in-the-table';

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
  guestKey = (await request(api.url).post(ACCOUNT_API.guestKey).expect(200)).body.data.key;

  const adminPublicId = (await request(api.url).get(`${pathPrefix(ACCOUNT_API.publicProfileByName)}${admin.userName}`).expect(200)).body.data.userdetail.publicId as string;
  const card = (await request(api.url).get(`${SEARCH_API.list}?link=/dresses&perPage=1`).expect(200)).body.data.products[0];
  const sv = card.variants[0].size_variants[0] as { guid: string; slug: string };
  const byPath = `${card.category_slug}/${card.subcategory_slug}/${sv.slug}`;
  const asShopper = { [UPSTREAM_HEADER.token]: shopper.token };
  const added = await request(api.url).post(WISHLIST_API.add).set(asShopper).send({ id: card.id, listId: 0, listName: 'Scope' }).expect(200);
  const listId = added.body.data.lists[0].listId as number;
  await request(api.url).put(WISHLIST_API.privacy).set(asShopper).send({ listId, isPublic: 1 }).expect(200);
  const shoe = (await request(api.url).get(`${SEARCH_API.list}?link=/shoes&perPage=1`).expect(200)).body.data.products[0];
  const pieces = [sv.guid, shoe.variants[0].size_variants[0].guid as string].map((guid, i) => ({ guid, x: i * 500, y: 0, width: 400, height: 400, z: i }));
  const look = await request(api.url).post(LOOK_API.save).set(asShopper).send({ setName: 'Scope', setId: 0, setPublic: 1, data: { items: pieces } }).expect(200);
  const lookId = look.body.data.listId as number;

  // One request for each shared route, with the status it answers (an answer worth comparing).
  shared = {
    'GET /api/account/user-public-profile/name/:userName': { path: `${pathPrefix(ACCOUNT_API.publicProfileByName)}${admin.userName}`, status: 200 },
    'GET /api/account/user-public-profile/:id': { path: `${pathPrefix(ACCOUNT_API.publicProfile)}${adminPublicId}`, status: 200 },
    'GET /api/account/profile-image/:file': { path: `${pathPrefix(ACCOUNT_API.profileImage)}no-such-picture-here.webp`, status: 404 },
    'GET /api/account/menu-structure/:id': { path: `${pathPrefix(SITE_CONTENT_API.menu)}1`, status: 200 },
    'GET /api/account/countries/:code': { path: `${pathPrefix(SITE_CONTENT_API.country)}gb`, status: 200 },
    'POST /api/account/subscribe': { path: SUBSCRIPTION_API.subscribe, body: { email: 'scope@example.com' }, status: 200 },
    'PUT /api/account/confirm-subscription': { path: SUBSCRIPTION_API.confirm, body: { token: 'A'.repeat(43) }, status: 400 },
    'GET /api/home/slides': { path: HOME_API.slides, status: 200 },
    'GET /api/home/top-rated': { path: HOME_API.topRated, status: 200 },
    'GET /api/home/fashion-blog': { path: HOME_API.fashionBlog, status: 200 },
    'GET /api/home/showcase': { path: HOME_API.showcase, status: 200 },
    'GET /api/home/promoted-links': { path: HOME_API.promotedLinks, status: 200 },
    'GET /api/home/editorspick-links': { path: HOME_API.editorsPickLinks, status: 200 },
    'GET /api/home/fashion-tips': { path: HOME_API.fashionTips, status: 200 },
    'GET /api/account/brand-list': { path: DIRECTORY_API.brands, status: 200 },
    'GET /api/account/store-list': { path: DIRECTORY_API.stores, status: 200 },
    'GET /api/account/store-search/:term': { path: `${pathPrefix(DIRECTORY_API.storeSearch)}a`, status: 200 },
    'GET /api/search': { path: `${SEARCH_API.list}?q=dreses`, status: 200 },
    'GET /api/search/deals': { path: `${SEARCH_API.deals}?link=/dresses`, status: 200 },
    'GET /api/search/filters/breadcrumb': { path: `${SEARCH_API.breadcrumb}?link=/dresses`, status: 200 },
    'GET /api/search/filters/:type': { path: `${pathPrefix(SEARCH_API.filters)}brand?link=/dresses`, status: 200 },
    'GET /api/search/canonical-links': { path: `${SEARCH_API.canonicalLinks}?link=/dresses`, status: 200 },
    'GET /api/search/listing': { path: `${SEARCH_API.listing}?link=/dresses`, status: 200 },
    'GET /api/search/auto-suggest/:first/:second': { path: `${pathPrefix(SEARCH_API.autoSuggestIn)}women/dre`, status: 200 },
    'GET /api/search/auto-suggest/:text': { path: `${pathPrefix(SEARCH_API.autoSuggest)}dre`, status: 200 },
    'GET /api/products/detail/guid/:guid': { path: `${pathPrefix(PRODUCT_API.detailByGuid)}${sv.guid}`, status: 200 },
    'GET /api/products/detail/:category/:lastnode/:slug': { path: `${pathPrefix(PRODUCT_PAGE_API.detail)}${byPath}`, status: 200 },
    'GET /api/products/similar/guid/:guid': { path: `${pathPrefix(PRODUCT_API.similarByGuid)}${sv.guid}`, status: 200 },
    'GET /api/products/similar/:category/:lastnode/:slug': { path: `${pathPrefix(PRODUCT_PAGE_API.similar)}${byPath}`, status: 200 },
    'GET /api/products/list-editors-picks': { path: WISHLIST_API.editorsPickLists, status: 200 },
    'GET /api/products/retailer/:guid': { path: `${pathPrefix(PRODUCT_API.retailer)}${sv.guid}`, status: 200 },
    'GET /api/products/price-history/:guid': { path: `${pathPrefix(priceHistoryPath)}${sv.guid}`, status: 200 },
    'GET /api/products/sitemap': { path: PRODUCT_API.sitemapIndex, status: 200 },
    'GET /api/products/sitemap/:kind': { path: `${pathPrefix(PRODUCT_API.sitemap)}products`, status: 200 },
    'GET /api/products/rating/:id': { path: `${pathPrefix(RATING_API.summary)}${card.id}`, status: 200 },
    'GET /api/account/giveaway': { path: GIVEAWAY_API.status, status: 200 },
    'GET /api/account/public-wishlist/:id': { path: `${pathPrefix(WISHLIST_API.publicList)}${listId}`, status: 200 },
    'GET /api/account/user-set-categs': { path: LOOK_API.categories, status: 200 },
    'GET /api/account/public-set/:listId': { path: `${pathPrefix(LOOK_API.publicLook)}${lookId}`, status: 200 },
    'GET /api/account/user-public-sets/:userName': { path: `${pathPrefix(LOOK_API.publicLooks)}${shopper.userName}`, status: 200 },
    // Refused the same way both times (an alert set twice would answer added: false the second).
    'POST /api/account/set-alerts': { path: ALERT_API.setGuest, body: { id: sv.guid, email: 'not-an-address', country: 'gb' }, status: 400 },
    'PUT /api/account/confirm-alerts': { path: ALERT_API.confirm, body: { token: 'A'.repeat(43) }, status: 400 },
    'POST /api/account/alert-unsubscribe': { path: ALERT_API.unsubscribe, body: { token: `v1.1.u1.${'A'.repeat(43)}` }, status: 400 },
  };

  // One request for each personal route, sent as the shopper.
  personal = {
    'POST /auth/login': { path: ACCOUNT_API.login, body: { email: shopper.email, password: shopper.password } },
    'POST /auth/facebook': { path: ACCOUNT_API.facebook, body: {} },
    'POST /auth/google': { path: ACCOUNT_API.google, body: {} },
    'POST /auth/sign-in-link': { path: ACCOUNT_API.signInLink, body: {} },
    'POST /api/account/register': { path: ACCOUNT_API.register, body: {} },
    'DELETE /api/account/logout': { path: ACCOUNT_API.logout },
    'POST /api/account/forgot-password': { path: ACCOUNT_API.forgotPassword, body: { email: shopper.email } },
    'PUT /api/account/confirm-password': { path: ACCOUNT_API.confirmPassword, body: {} },
    'POST /api/account/sign-in-link': { path: ACCOUNT_API.signInLinkRequest, body: { email: shopper.email } },
    'PUT /api/account/change-password': { path: ACCOUNT_API.changePassword, body: {} },
    'POST /api/account/guest-key': { path: ACCOUNT_API.guestKey },
    'GET /api/account/user-profile': { path: ACCOUNT_API.userProfile },
    'PUT /api/account/edit-user-profile': { path: ACCOUNT_API.editProfile, body: { name: 'Scope' } },
    'PUT /api/account/upload-profile-image': { path: ACCOUNT_API.uploadProfileImage },
    'GET /api/account/check-username/:userName': { path: `${pathPrefix(ACCOUNT_API.checkUserName)}someone-else` },
    'GET /api/account/notification-count': { path: ACCOUNT_API.notificationCount },
    'GET /api/account/geo-country': { path: SITE_CONTENT_API.geoCountry },
    'GET /api/search/debug': { path: `${SEARCH_API.debug}?q=dreses` },
    'POST /api/products/add-csd': { path: PRODUCT_API.click, body: { id: sv.guid, country: 'GB' } },
    'POST /api/account/create-wishlist': { path: WISHLIST_API.create, body: { listName: 'Scope Two' } },
    'POST /api/account/wishlist': { path: WISHLIST_API.add, body: { id: card.id, listId } },
    'GET /api/account/wishlist/:a/:b/:c': { path: `${pathPrefix(WISHLIST_API.read)}${listId}/gb/added` },
    'PUT /api/account/wishlist': { path: WISHLIST_API.add, body: { listId, listName: 'Scope' } },
    'PUT /api/account/wishlist-privacy': { path: WISHLIST_API.privacy, body: { listId, isPublic: 1 } },
    'PUT /api/account/wishlist-move-product': { path: WISHLIST_API.move, body: { id: card.id, s_listid: listId, d_listid: listId } },
    'POST /api/account/wishlist-default': { path: WISHLIST_API.makeDefault, body: { id: card.id } },
    'DELETE /api/account/wishlist-product/:listId/:productId': { path: `${pathPrefix(WISHLIST_API.deleteProduct)}${listId}/1` },
    'DELETE /api/account/wishlist/:listId': { path: `${pathPrefix(WISHLIST_API.read)}2147483647` },
    'GET /api/account/show-wishlist': { path: `${WISHLIST_API.show}?id=${card.id}` },
    'POST /api/account/editorspick-product': { path: WISHLIST_API.editorsPick, body: { id: card.id, listId: 1 } },
    'GET /api/account/dress-me-filters/:x': { path: `${pathPrefix(LOOK_API.filters)}shoes` },
    'GET /api/account/sets/:x': { path: `${pathPrefix(LOOK_API.sets)}${lookId}` },
    'POST /api/account/save-set': { path: LOOK_API.save, body: { setName: 'Scope', setId: lookId, setPublic: 1 } },
    'PUT /api/account/rename-lookbook': { path: LOOK_API.rename, body: { listId: lookId, setName: 'Scope', setPublic: 1 } },
    'DELETE /api/account/sets/:listId': { path: `${pathPrefix(LOOK_API.sets)}2147483647` },
    'POST /api/account/set-user-alerts': { path: ALERT_API.setUser, body: { id: sv.guid, country: 'gb' } },
    'GET /api/account/alerts/:country': { path: `${pathPrefix(ALERT_API.alerts)}gb` },
    'DELETE /api/account/alerts/:alertId': { path: `${pathPrefix(ALERT_API.alerts)}2147483647` },
    'GET /api/account/notifications': { path: ALERT_API.notifications },
    'PUT /api/account/notifications-read': { path: ALERT_API.notificationsRead, body: { upTo: 1 } },
    'GET /api/account/my-sales/:country': { path: `${pathPrefix(ALERT_API.sales)}gb` },
    'POST /api/account/product-rating': { path: RATING_API.rate, body: { id: card.id, star_rating: 4 } },
    'GET /api/account/product-rating/:id': { path: `${pathPrefix(RATING_API.mine)}${card.id}` },
    'GET /api/account/giveaway-entry': { path: GIVEAWAY_API.entry },
    'POST /api/account/giveaway-entry': { path: GIVEAWAY_API.entry, body: {} },
    'GET /api/account/giveaway-entries': { path: GIVEAWAY_API.entries },
    'POST /api/account/brand-follow': { path: FOLLOW_API.follow('brand'), body: { id: 2147483647 } },
    'DELETE /api/account/brand-unfollow/:id': { path: FOLLOW_API.unfollow('brand', 2147483647) },
    'GET /api/account/brands/:country': { path: FOLLOW_API.list('brand', 'gb') },
    'POST /api/account/store-follow': { path: FOLLOW_API.follow('store'), body: { id: 2147483647 } },
    'DELETE /api/account/store-unfollow/:id': { path: FOLLOW_API.unfollow('store', 2147483647) },
    'GET /api/account/stores/:country': { path: FOLLOW_API.list('store', 'gb') },
    'GET /api/account/follows': { path: FOLLOW_API.followed },
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
    const forgot = await request(api.url).post(ACCOUNT_API.forgotPassword).send({ email: shopper.email });
    const badForm = await request(api.url).put(ACCOUNT_API.confirmPassword).send({});
    const signedOut = await request(api.url).get(ACCOUNT_API.userProfile);
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
    app.get(DIRECTORY_API.brands, (req, res) => {
      res.setHeader('Cache-Control', CacheLong.header);
      res.json(seen(req));
    });
    // Personal paths whose handlers say public, by setHeader and through writeHead.
    app.get(ACCOUNT_API.userProfile, (req, res) => {
      res.setHeader('Cache-Control', CacheLong.header);
      res.json(seen(req));
    });
    app.get(ACCOUNT_API.notificationCount, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'cache-control': CacheLong.header });
      res.end('3');
    });
    // A path the table does not list.
    app.get(UNLISTED, (req, res) => {
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
    const res = await asKnown(DIRECTORY_API.brands).expect(200);
    expect(res.body).toEqual({ token: null, key: null, raw: [] });
    expect(res.headers['cache-control']).toBe(CacheLong.header);
  });

  it('lets a personal route see who asks, and makes its answer private however it was set', async () => {
    const profile = await asKnown(ACCOUNT_API.userProfile).expect(200);
    expect(profile.body).toEqual({ token: 'a-token', key: 'a-guest-key', raw: ['Token', 'key'] });
    expect(profile.headers['cache-control']).toBe(CachePrivate.header);
    const count = await asKnown(ACCOUNT_API.notificationCount).expect(200);
    expect([count.text, count.headers['cache-control']]).toEqual(['3', CachePrivate.header]);
  });

  it('treats a path the table does not list as personal', async () => {
    const res = await asKnown(UNLISTED).expect(200);
    expect(res.body.token).toBe('a-token');
    expect(res.headers['cache-control']).toBe(CachePrivate.header);
  });
});
