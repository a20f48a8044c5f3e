import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { ShowWishlistSchema } from '../../../shared/api/wishlist-schemas';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { CookieJar, fetchXsrf, setCookies } from '../../support/web-session';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';

// A client that is not a browser (a script, an app's server) calls the api through the web's
// gateway with its session in a `token` header (spec section 7) and no cookies: nothing of a
// browser's rides along, so it needs no XSRF token. Cookie sessions keep every check.

const stack = demoStackForFile('catalog');

type Shopper = Awaited<ReturnType<typeof registerUser>>;

/** A product of the demo catalogue, from the api's own answer. */
async function someProduct(): Promise<number> {
  const res = await request(stack.api.url).get(`${SEARCH_API.list}?q=dress&perPage=1`).expect(200);
  return (res.body.data.products as { id: number }[])[0]!.id;
}

/** The shopper's lists that hold the product, asked of the api itself. */
async function listsHolding(shopper: Shopper, productId: number): Promise<number[]> {
  const res = await request(stack.api.url).get(`${WISHLIST_API.show}/?id=${productId}`).set(UPSTREAM_HEADER.token, shopper.token).expect(200);
  return ShowWishlistSchema.parse(res.body.data).listIds;
}

const addToWishlist = (productId: number) => request(stack.web.url).post(WISHLIST_API.add).send({ id: productId, listId: 0, listName: 'From a script' });

describe('an api client with a token header and no cookies', () => {
  it('saves a product to a new wishlist through the gateway without an XSRF token, as the shopper', async () => {
    const shopper = await registerUser(stack.api);
    const product = await someProduct();
    expect(await listsHolding(shopper, product)).toEqual([]);
    const res = await addToWishlist(product).set(UPSTREAM_HEADER.token, shopper.token).expect(200);
    // The api's answer comes back as it is, with no cookies set or cleared.
    expect(res.headers['set-cookie']).toBeUndefined();
    const lists = await listsHolding(shopper, product);
    expect(lists).toHaveLength(1);
    // Reading through the gateway is the shopper's too.
    const read = await request(stack.web.url).get(`${WISHLIST_API.show}/?id=${product}`).set(UPSTREAM_HEADER.token, shopper.token).expect(200);
    expect(ShowWishlistSchema.parse(read.body.data)).toEqual({
      lists: [{ listId: lists[0], listName: 'From a script', isPublic: 0, slug: 'from-a-script', holdsProduct: true }],
      listIds: lists,
    });
  });

  it('gets its token as the README says: a sign-in through the web hands it back as the token cookie', async () => {
    const shopper = await registerUser(stack.api);
    const jar = new CookieJar();
    const header = await fetchXsrf(stack.web.url, jar);
    const res = await request(stack.web.url).post(ACCOUNT_API.login).set('Cookie', jar.header()).set('X-XSRF-TOKEN', header).send({ email: shopper.email, password: shopper.password }).expect(200);
    expect(res.body.data.token).toBeUndefined();
    const token = setCookies(res).find((cookie) => cookie.name === COOKIE.token)!.value;
    const profile = await request(stack.web.url).get(ACCOUNT_API.userProfile).set(UPSTREAM_HEADER.token, token).expect(200);
    expect(profile.body.data.userdetail.email).toBe(shopper.email);
  });

  it('signs out through the gateway: the api ends that session', async () => {
    const shopper = await registerUser(stack.api);
    await request(stack.web.url).get(ACCOUNT_API.notificationCount).set(UPSTREAM_HEADER.token, shopper.token).expect(200);
    await request(stack.web.url).delete(ACCOUNT_API.logout).set(UPSTREAM_HEADER.token, shopper.token).expect(200);
    await request(stack.web.url).get(ACCOUNT_API.notificationCount).set(UPSTREAM_HEADER.token, shopper.token).expect(401);
  });

  it('gets the api’s own 401 for a token the api does not know, and no cookies', async () => {
    const res = await addToWishlist(await someProduct()).set(UPSTREAM_HEADER.token, 'not-a-session').expect(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is refused when a browser says another site sent it (403)', async () => {
    const shopper = await registerUser(stack.api);
    const product = await someProduct();
    const fromOrigin = await addToWishlist(product).set(UPSTREAM_HEADER.token, shopper.token).set('Origin', 'https://elsewhere.example').expect(403);
    expect(fromOrigin.body).toEqual({ status: 403, message: XSRF_REFUSED_MESSAGE });
    await addToWishlist(product).set(UPSTREAM_HEADER.token, shopper.token).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(await listsHolding(shopper, product)).toEqual([]);
  });

  it('needs the XSRF token on page routes all the same', async () => {
    const shopper = await registerUser(stack.api);
    const res = await request(stack.web.url).post('/account/wishlists').type('form').send({ intent: 'create', listName: 'Page' }).set(UPSTREAM_HEADER.token, shopper.token).expect(403);
    expect(res.text).toBe(XSRF_REFUSED_MESSAGE);
  });
});

describe('a cookie session keeps every check', () => {
  it('is refused without the XSRF token (403), with or without a token header besides, and changes nothing', async () => {
    const shopper = await registerUser(stack.api);
    const product = await someProduct();
    const cookie = `${COOKIE.token}=${shopper.token}`;
    const cookieOnly = await addToWishlist(product).set('Cookie', cookie).expect(403);
    expect(cookieOnly.body).toEqual({ status: 403, message: XSRF_REFUSED_MESSAGE });
    await addToWishlist(product).set('Cookie', cookie).set(UPSTREAM_HEADER.token, shopper.token).expect(403);
    // Any cookie makes it a browser's request, not an api client's.
    await addToWishlist(product).set('Cookie', 'country=GB').set(UPSTREAM_HEADER.token, shopper.token).expect(403);
    expect(await listsHolding(shopper, product)).toEqual([]);
  });

  it('goes through with the XSRF token, as the cookie’s shopper whatever token header it adds', async () => {
    const shopper = await registerUser(stack.api);
    const other = await registerUser(stack.api);
    const product = await someProduct();
    const jar = new CookieJar();
    const header = await fetchXsrf(stack.web.url, jar);
    await addToWishlist(product).set('Cookie', `${jar.header()}; ${COOKIE.token}=${shopper.token}`).set('X-XSRF-TOKEN', header).set(UPSTREAM_HEADER.token, other.token).expect(200);
    expect(await listsHolding(other, product)).toEqual([]);
    expect(await listsHolding(shopper, product)).toHaveLength(1);
  });
});
