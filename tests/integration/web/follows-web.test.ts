import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_API } from '../../../shared/api/follow-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { asBrowser } from '../../support/web-session';
import { readPayload, visibleMarkup } from '../../support/page';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';

// Follow buttons through the real web and api: in the server's HTML of brand pages, product
// pages and the directories, pressed for a follower from their own personal call (a guest's
// page stays the shared, page-cached document), and working without JavaScript as a plain
// form post that comes back; My Brands in the server's HTML.

const stack = demoStackForFile('catalog');
let brand: { id: number; name: string; slug: string };

beforeAll(async () => {
  const list = await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=gb`).expect(200);
  brand = (list.body.data.brands as { id: number; name: string; slug: string; productCount: number }[]).sort((a, b) => b.productCount - a.productCount)[0]!;
});

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const followed = async (shopper: Shopper) => (await request(stack.api.url).get(FOLLOW_API.followed).set(UPSTREAM_HEADER.token, shopper.token).expect(200)).body.data;
const { page, formPost } = asBrowser(() => stack.web.url);
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
/** The Follow buttons of a page's HTML, as `kind-id pressed`. */
const buttons = (html: string) => [...visibleMarkup(html).matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*data-follow="([a-z]+-\d+)"/g)].map((m) => `${m[2]} ${m[1]}`);

describe('the Follow button in the server HTML', () => {
  it("is on a brand's page, pressed for a follower from one personal call, and leaves a guest's page shared and unchanged", async () => {
    const path = `/brand/${brand.slug}`;
    const guestBefore = await page(path).expect(200);
    expect(guestBefore.headers['cache-control']).not.toContain('private');
    expect(buttons(guestBefore.text)).toEqual([`brand-${brand.id} false`]);
    expect(visibleMarkup(guestBefore.text)).toContain(`action="/follow/brand/${brand.id}?returnurl=${encodeURIComponent(path)}"`);
    expect(readPayload(guestBefore.text).script).not.toContain('"follows"');

    const shopper = await registerUser(stack.api);
    await request(stack.api.url).post(FOLLOW_API.follow('brand')).set(UPSTREAM_HEADER.token, shopper.token).send({ id: brand.id }).expect(200);
    const mine = await page(path, shopper).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(buttons(mine.text)).toEqual([`brand-${brand.id} true`]);
    expect(readPayload(mine.text).script).toContain(`"follows":{"brands":[${brand.id}],"stores":[]}`);

    const guestAfter = await page(path).expect(200);
    expect(guestAfter.headers['x-page-cache']).toBe('hit');
    expect(withoutNonce(guestAfter.text)).toBe(withoutNonce(guestBefore.text));
  });

  it("is on a product page for its brand and its store, and among the directories' popular names", async () => {
    const res = await request(stack.api.url).get(`${SEARCH_API.list}?link=${encodeURIComponent(`/brand/${brand.slug}`)}&perPage=1`).expect(200);
    const card = res.body.data.products[0] as { store_id: number; category_slug: string; subcategory_slug: string; variant_index: number; variants: { size_variants: { slug: string }[] }[] };
    const product = await page(`/${card.category_slug}/${card.subcategory_slug}/${card.variants[card.variant_index]!.size_variants[0]!.slug}`).expect(200);
    expect(buttons(product.text)).toEqual([`brand-${brand.id} false`, `store-${card.store_id} false`]);

    const brands = await page('/brands').expect(200);
    expect(buttons(brands.text)).toContain(`brand-${brand.id} false`);
    expect(buttons((await page('/stores').expect(200)).text)).toContain(`store-${card.store_id} false`);
    // The A–Z list stays links: only the popular block has buttons.
    expect(buttons((await page('/brands/a-to-z').expect(200)).text)).toEqual([]);
  });
});

describe('following without JavaScript', () => {
  it('sends a guest to sign in and back to the follow page, whose form finishes the follow', async () => {
    const path = `/follow/brand/${brand.id}?returnurl=${encodeURIComponent(`/brand/${brand.slug}`)}`;
    const guest = await formPost(path, { intent: 'follow' }).expect(302);
    expect(guest.headers.location).toBe(`/authentication?userType=Login&returnurl=${encodeURIComponent(path)}`);

    const shopper = await registerUser(stack.api);
    const confirm = await page(path, shopper).expect(200);
    expect(visibleMarkup(confirm.text)).toContain(`<form action="${path}" method="post"><input type="hidden" name="intent" value="follow"/>`);
    expect(await followed(shopper)).toEqual({ brands: [], stores: [] });
  });

  it('follows and unfollows by a form post that comes back to the page it came from', async () => {
    const shopper = await registerUser(stack.api);
    const back = `/brand/${brand.slug}`;
    const path = `/follow/brand/${brand.id}?returnurl=${encodeURIComponent(back)}`;
    expect((await formPost(path, { intent: 'follow' }, shopper).expect(302)).headers.location).toBe(back);
    expect((await formPost(path, { intent: 'follow' }, shopper).expect(302)).headers.location).toBe(back);
    expect(await followed(shopper)).toEqual({ brands: [brand.id], stores: [] });

    // My Brands lists it, from the server.
    const mine = await page(`/user/${shopper.userName}/brands`, shopper).expect(200);
    expect(visibleMarkup(mine.text)).toContain(`data-followed="${brand.slug}"`);
    expect(visibleMarkup(mine.text)).toMatch(/class="followed-on-sale">\d+ products? on sale now</);

    // Somewhere else than our site is not a way back: My Brands instead.
    const away = await formPost(`/follow/brand/${brand.id}?returnurl=${encodeURIComponent('//evil.example/')}`, { intent: 'unfollow' }, shopper).expect(302);
    expect(away.headers.location).toBe('/user/me/brands');
    expect(await followed(shopper)).toEqual({ brands: [], stores: [] });
  });

  it('answers 404 for a kind or id that is not one', async () => {
    const shopper = await registerUser(stack.api);
    await page('/follow/designer/1', shopper).expect(404);
    await page('/follow/brand/0', shopper).expect(404);
    await formPost('/follow/brand/999999999', { intent: 'follow' }, shopper).expect(404);
  });
});
