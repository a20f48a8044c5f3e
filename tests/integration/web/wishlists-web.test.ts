import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Wishlist } from '../../../shared/api/wishlist-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { socialImageUrl } from '../../../shared/images';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { asBrowser, sessionCookies } from '../../support/web-session';
import { readPayload, visibleMarkup } from '../../support/page';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { pathPrefix } from '../../support/api-paths';

// Wishlists through the real web and api: the filled hearts are a signed-in shopper's own call
// (a guest's listing stays the same shared, page-cached document), My Wishlists' plain forms
// each make their change and come back, and a list's public page is a guest's too.

const stack = demoStackForFile('catalog');

const LISTING = '/search?q=dreses';

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const browser = asBrowser(() => stack.web.url);
const onApi = (shopper: Shopper) => ({
  get: (path: string) => request(stack.api.url).get(path).set(UPSTREAM_HEADER.token, shopper.token).expect(200),
  post: (path: string, body: object) => request(stack.api.url).post(path).set(UPSTREAM_HEADER.token, shopper.token).send(body).expect(200),
});

/** The product ids the guest listing shows, in order. */
async function listingIds(): Promise<number[]> {
  const res = await request(stack.api.url).get(`${SEARCH_API.list}?q=dreses&perPage=48`).expect(200);
  return (res.body.data.products as { id: number }[]).map((p) => p.id);
}
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
const favouriteCount = (html: string) => (html.match(/icon-wishlist is-favourite/g) ?? []).length;

async function listOf(shopper: Shopper, listId: number): Promise<{ list: Wishlist; items: { productId: number }[] }> {
  return (await onApi(shopper).get(WISHLIST_API.list(listId, 'gb'))).body.data;
}

describe('hearts on the listing', () => {
  it('fills the hearts of products in the shopper’s lists from one personal call, and leaves a guest’s page shared and unchanged', async () => {
    const guestBefore = await browser.page(LISTING).expect(200);
    expect(guestBefore.headers['cache-control']).not.toContain('private');
    const shopper = await registerUser(stack.api);
    const ids = await listingIds();
    const first = ids[0]!;
    await onApi(shopper).post(WISHLIST_API.add, { id: first, listId: 0, listName: 'Summer' });

    const mine = await browser.page(LISTING, shopper).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // That product's heart is filled, and no other.
    const cards = visibleMarkup(mine.text).match(/<a[^>]*icon-wishlist[^>]*>/g) ?? [];
    expect(cards).toHaveLength(ids.length);
    const filled = cards.filter((tag) => tag.includes('icon-wishlist is-favourite'));
    expect(filled).toEqual(cards.filter((tag) => tag.includes(`/wishlist/add/${first}?`)));
    expect(filled).toHaveLength(1);
    expect(favouriteCount(mine.text)).toBe(1);
    expect(filled[0]).toMatch(/aria-label="Add [^"]+ to a wishlist \(saved in one already\)"/);
    expect(readPayload(mine.text).script).toContain(`"hearts":[${first}]`);

    const guestAfter = await browser.page(LISTING).expect(200);
    expect(guestAfter.headers['x-page-cache']).toBe('hit');
    expect(withoutNonce(guestAfter.text)).toBe(withoutNonce(guestBefore.text));
    expect(favouriteCount(guestAfter.text)).toBe(0);
    expect(readPayload(guestAfter.text).script).not.toContain('"hearts"');
  });

  it('makes no hearts call for a guest: the page carries no hearts and keeps the sign-in link', async () => {
    const res = await browser.page('/search?q=dreses&sort=asc').expect(200);
    expect(readPayload(res.text).script).not.toContain('"hearts"');
    expect(visibleMarkup(res.text)).toContain('aria-label="Add ');
    expect(visibleMarkup(res.text)).not.toContain('/wishlist/add/');
  });
});

describe('hearts on the product page', () => {
  it("fills the similar items' hearts for a shopper only, and a guest's product page makes no hearts call", async () => {
    const res = await request(stack.api.url).get(`${SEARCH_API.list}?q=dreses&perPage=1`).expect(200);
    const card = res.body.data.products[0] as { category_slug: string; subcategory_slug: string; variant_index: number; variants: { size_variants: { slug: string }[] }[] };
    const path = `${card.category_slug}/${card.subcategory_slug}/${card.variants[card.variant_index]!.size_variants[0]!.slug}`;
    const similar = ((await request(stack.api.url).get(`${pathPrefix(PRODUCT_PAGE_API.similar)}${path}?country=GB&page=1&perPage=12`).expect(200)).body.data.products as { id: number }[]).map((p) => p.id);
    // The second similar item (an undefined one would fail the add below).
    const chosen = similar[1]!;
    const shopper = await registerUser(stack.api);
    await onApi(shopper).post(WISHLIST_API.add, { id: chosen, listId: 0, listName: 'Maybe' });

    const guest = await browser.page(`/${path}`).expect(200);
    expect(readPayload(guest.text).script).not.toContain('"hearts"');
    expect(favouriteCount(guest.text)).toBe(0);
    const mine = await browser.page(`/${path}`, shopper).expect(200);
    expect(readPayload(mine.text).script).toContain(`"hearts":[${chosen}]`);
    const filled = visibleMarkup(mine.text).match(/<a[^>]*icon-wishlist is-favourite[^>]*>/g) ?? [];
    expect(filled).toHaveLength(1);
    expect(filled[0]).toContain(`/wishlist/add/${chosen}?`);
  });
});

describe('My Wishlists without JavaScript', () => {
  it('creates, renames, makes public, moves, deletes a product and deletes a list, each by a form post that comes back', async () => {
    const shopper = await registerUser(stack.api);
    const page = `/user/${shopper.userName}/wishlists`;
    const [a, b] = await listingIds();

    const created = await browser.formPost(page, { intent: 'create-list', listName: 'Party' }, shopper).expect(302);
    const listId = Number(/\?list=(\d+)$/.exec(created.headers.location ?? '')?.[1]);
    expect(created.headers.location).toBe(`${page}?list=${listId}`);

    const add = await browser.formPost(`/wishlist/add/${a}?returnurl=${encodeURIComponent(LISTING)}`, { listId: String(listId), listName: '' }, shopper).expect(302);
    expect(add.headers.location).toBe(LISTING);
    // The add page asks show-wishlist once: the lists to choose from, and those already holding the product.
    const again = await browser.page(`/wishlist/add/${a}`, shopper).expect(200);
    expect(visibleMarkup(again.text)).toContain('<p data-testid="wishlist-holding">Already in: Party</p>');
    expect(visibleMarkup(again.text)).toContain(`<option value="${listId}">Party</option>`);
    expect(visibleMarkup((await browser.page(`/wishlist/add/${b}`, shopper).expect(200)).text)).not.toContain('wishlist-holding');
    await onApi(shopper).post(WISHLIST_API.add, { id: b, listId, listName: '' });
    expect((await listOf(shopper, listId)).items.map((item) => item.productId).sort()).toEqual([a, b].sort());

    const renamed = await browser.formPost(page, { intent: 'rename', listId: String(listId), listName: 'Evening' }, shopper).expect(302);
    expect(renamed.headers.location).toBe(`${page}?list=${listId}`);
    expect((await listOf(shopper, listId)).list.listName).toBe('Evening');

    await browser.formPost(page, { intent: 'privacy', listId: String(listId), isPublic: '1' }, shopper).expect(302);
    expect((await listOf(shopper, listId)).list.isPublic).toBe(1);

    const moved = await browser.formPost(page, { intent: 'move', listId: String(listId), productId: String(b), destination: '0', listName: 'Later' }, shopper).expect(302);
    expect(moved.headers.location).toBe(`${page}?list=${listId}`);
    expect((await listOf(shopper, listId)).items.map((item) => item.productId)).toEqual([a]);

    const deleted = await browser.formPost(page, { listId: String(listId), productId: String(a), intent: 'delete-product' }, shopper).expect(302);
    expect(deleted.headers.location).toBe(`${page}?list=${listId}`);
    expect((await listOf(shopper, listId)).items).toEqual([]);

    const gone = await browser.formPost(page, { intent: 'delete-list', listId: String(listId) }, shopper).expect(302);
    expect(gone.headers.location).toBe(page);
    const lists = (await onApi(shopper).get(WISHLIST_API.lists('gb'))).body.data.lists as Wishlist[];
    expect(lists.map((list) => list.listName)).toEqual(['Later']);
  });

  it('shows the spec message for a bad name and changes nothing', async () => {
    const shopper = await registerUser(stack.api);
    const page = `/user/${shopper.userName}/wishlists`;
    const res = await browser.formPost(page, { intent: 'create-list', listName: '   ' }, shopper).expect(400);
    expect(visibleMarkup(res.text)).toContain('value is only whitespace');
    const dup = await browser.formPost(page, { intent: 'create-list', listName: 'Shoes' }, shopper).expect(302);
    expect(dup.headers.location).toMatch(/\?list=\d+$/);
    const again = await browser.formPost(page, { intent: 'create-list', listName: 'SHOES' }, shopper).expect(409);
    expect(visibleMarkup(again.text)).toContain('Wishlist Already Exists');
  });

  it('refuses a form from another site', async () => {
    const shopper = await registerUser(stack.api);
    await request(stack.web.url)
      .post(`/user/${shopper.userName}/wishlists`)
      .type('form')
      .send({ intent: 'create-list', listName: 'Evil' })
      .set('Cookie', sessionCookies(shopper))
      .set('Origin', 'https://evil.example')
      .expect(403);
  });
});

describe('the public wishlist page', () => {
  it('is a 404 while private, and once public shows to guests with Open Graph tags, indexable; a wrong slug redirects', async () => {
    const shopper = await registerUser(stack.api);
    const [a] = await listingIds();
    const added = await onApi(shopper).post(WISHLIST_API.add, { id: a, listId: 0, listName: 'Date Night' });
    const list = added.body.data.lists[0] as Wishlist;
    const path = `/wishlist/${list.listId}/${list.slug}`;
    await browser.page(path).expect(404);

    await request(stack.api.url).put(WISHLIST_API.privacy).set(UPSTREAM_HEADER.token, shopper.token).send({ listId: list.listId, isPublic: 1 }).expect(200);
    const res = await browser.page(path).expect(200);
    const html = visibleMarkup(res.text);
    expect(html).toContain(`<meta property="og:title" content="Date Night by `);
    expect(html).toMatch(/<meta property="og:description" content="Date Night: a wishlist of 1 product by [^"]+ on Vitrine\."/);
    // Absolute addresses, on the site's own origin (the canonical link's).
    const origin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).origin;
    const image = (await listOf(shopper, list.listId)).list.images[0]!;
    expect(html).toContain(`<meta property="og:image" content="${origin}${socialImageUrl(image)}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${origin}${path}"/>`);
    expect(html).not.toContain('name="robots"');
    // Headings in order, as on a listing: the list's name, then a level for the cards' h3 titles.
    const main = html.slice(html.indexOf('<h1'), html.indexOf('</ul>', html.indexOf('<h1')));
    expect([...main.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);

    const wrong = await browser.page(`/wishlist/${list.listId}/not-the-slug`).expect(301);
    expect(wrong.headers.location).toBe(path);
  });
});
