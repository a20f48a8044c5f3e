import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../accounts/accounts-api';
import { readPayload, visibleMarkup } from '../../support/page';
import { CookieJar, fetchXsrf } from '../../support/web-session';
import { demoStackForFile } from '../../support/demo-stack';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';

// A signed-in shopper's listing page over the real api and catalog index: the catalogue comes
// from shared calls that carry no identity and are answered from the web's shared cache, as
// for a guest; only what is theirs (the header's profile, the filled hearts) is asked for them, and the session
// cache keeps that for the same session's next pages until the session changes something.

const stack = demoStackForFile('catalog');
const LISTING = '/dresses?colour=black&sort=asc';

const get = (path: string, cookie?: string) => {
  const call = request(stack.web.url).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/130');
  return (cookie ? call.set('Cookie', cookie) : call).expect(200);
};

/** How many requests the api has answered, by route. */
async function apiRequests(): Promise<Map<string, number>> {
  const text = (await request(stack.api.url).get('/metrics').expect(200)).text;
  const counts = new Map<string, number>();
  for (const [, route = '', n = '0'] of text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]+)"[^}]*\} (\d+)$/gm)) {
    counts.set(route, (counts.get(route) ?? 0) + Number(n));
  }
  return counts;
}

/** The routes the api answered between two readings (its own /metrics left out). */
function answeredBetween(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [route, n] of after) {
    const more = n - (before.get(route) ?? 0);
    if (more > 0 && route !== '/metrics') out[route] = more;
  }
  return out;
}

describe('a signed-in shopper on a listing page', () => {
  it('is served the listing from the shared cache and asks the api only for what is theirs', async () => {
    const shopper = await registerUser(stack.api);
    const cookie = `token=${shopper.token}; profile-type=3`;
    await get(LISTING); // the shared answers are in the shared cache now
    const before = await apiRequests();
    const page = await get(LISTING, cookie);
    expect(answeredBetween(before, await apiRequests())).toEqual({
      [ACCOUNT_API.userProfile]: 1,
      [ACCOUNT_API.notificationCount]: 1,
      // The filled hearts: which of the page's products are in one of their wishlists.
      [WISHLIST_API.show]: 1,
    });
    expect(page.headers['cache-control']).toBe('private, no-store');
    // The part that is theirs: the header's account menu, with their account's links.
    expect(visibleMarkup(page.text)).toContain('data-testid="account-name"');
    expect(visibleMarkup(page.text)).toContain(`href="/user/${shopper.userName}/wishlists"`);
  });

  it("keeps a session's own answers for its next page, and never gives them to another session", async () => {
    const alice = await registerUser(stack.api);
    const bob = await registerUser(stack.api);
    const aliceCookie = `token=${alice.token}; profile-type=3`;
    await get(LISTING, aliceCookie);
    const before = await apiRequests();
    const again = await get(LISTING, aliceCookie);
    expect(answeredBetween(before, await apiRequests())).toEqual({});
    expect(visibleMarkup(again.text)).toContain(`href="/user/${alice.userName}/wishlists"`);

    const bobsFirst = await apiRequests();
    const bobs = await get(LISTING, `token=${bob.token}; profile-type=3`);
    expect(answeredBetween(bobsFirst, await apiRequests())).toEqual({
      [ACCOUNT_API.userProfile]: 1,
      [ACCOUNT_API.notificationCount]: 1,
      // The filled hearts: which of the page's products are in one of their wishlists.
      [WISHLIST_API.show]: 1,
    });
    expect(visibleMarkup(bobs.text)).toContain(`href="/user/${bob.userName}/wishlists"`);
    expect(visibleMarkup(bobs.text)).not.toContain(`/user/${alice.userName}/`);
  });

  it('asks again once the shopper has changed something through the gateway', async () => {
    const shopper = await registerUser(stack.api);
    const jar = new CookieJar().set('token', shopper.token).set('profile-type', '3');
    await get(LISTING, jar.header());
    const renamed = `Ren${Date.now() % 100000}`; // the header shows 10 characters
    const xsrf = await fetchXsrf(stack.web.url, jar);
    await request(stack.web.url)
      .put(ACCOUNT_API.editProfile)
      .set('Cookie', jar.header())
      .set('X-XSRF-TOKEN', xsrf)
      .set('Origin', stack.web.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: renamed })
      .expect(200);
    const before = await apiRequests();
    const page = await get(LISTING, jar.header());
    expect(answeredBetween(before, await apiRequests())).toEqual({
      [ACCOUNT_API.userProfile]: 1,
      [ACCOUNT_API.notificationCount]: 1,
      // The filled hearts: which of the page's products are in one of their wishlists.
      [WISHLIST_API.show]: 1,
    });
    expect(visibleMarkup(page.text)).toContain(renamed);
  });

  it('carries the same shared answers to the browser as a guest gets, byte for byte', async () => {
    const shopper = await registerUser(stack.api);
    const signedIn = await get(LISTING, `token=${shopper.token}; profile-type=3`);
    const guest = await get(LISTING);
    expect(visibleMarkup(guest.text)).not.toContain('data-testid="account-name"');
    expect(guest.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const transfer = (html: string) => readPayload(html).payload.transfer;
    // The listing's one answer travels as the page's view in the listing route's loader data.
    const listingData = (html: string) => readPayload(html).payload.router.loaderData['listing-page'];
    expect(listingData(guest.text)).toBeDefined();
    // Beside it, theirs alone: the filled hearts (none: they have no wishlist yet).
    const { hearts, ...shared } = listingData(signedIn.text) as { hearts?: number[] };
    expect(hearts).toEqual([]);
    expect(JSON.stringify(shared)).toBe(JSON.stringify(listingData(guest.text)));
    expect(JSON.stringify(transfer(signedIn.text))).toBe(JSON.stringify(transfer(guest.text)));
    // The product grid is the shared answer's, whoever looks; only the hearts differ: a guest's
    // asks them to sign in, a shopper's adds to a wishlist.
    const grid = (html: string) => /<div class="product-grid"[\s\S]*?<div class="scroll-sentinel"/.exec(visibleMarkup(html))?.[0];
    const heart = /<a href="([^"]*)" class="product-card-action icon-button icon-wishlist"[^>]*><\/a>/g;
    const heartLinks = (html: string) => [...(grid(html) ?? '').matchAll(heart)].map((match) => match[1]!.replace(/add\/\d+/, 'add/N'));
    const cards = (grid(guest.text)?.match(/<article /g) ?? []).length;
    expect(heartLinks(guest.text)).toEqual(Array(cards).fill('/authentication?userType=Login&amp;returnurl=%2Fdresses%3Fcolour%3Dblack%26sort%3Dasc'));
    expect(heartLinks(signedIn.text)).toEqual(Array(cards).fill('/wishlist/add/N?returnurl=%2Fdresses%3Fcolour%3Dblack%26sort%3Dasc'));
    expect(grid(signedIn.text)?.replace(heart, '')).toBe(grid(guest.text)?.replace(heart, ''));
  });
});
