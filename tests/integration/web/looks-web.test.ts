import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { COUNTRIES } from '../../../shared/countries';
import { formatPrice } from '../../../shared/price';
import { LOOK_COLLAGE, lookPagePath } from '../../../shared/validation/look-rules';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { asBrowser } from '../../support/web-session';
import { readPayload, visibleMarkup } from '../../support/page';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { LOOK_API } from '../../../shared/api/look-paths';

// Looks through the real web and api: a look's page is the owner's while private and a real 404
// for anyone else, a guest's once public, with the collage as its Open Graph and Twitter image;
// a wrong slug redirects once; the Dress Me pages answer, create-a-look starting with its
// product; My Lookbook and the public profile show the looks they should.

const stack = demoStackForFile('catalog');

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const { page } = asBrowser(() => stack.web.url);

type Card = {
  id: number;
  brand: string | null;
  variant_index: number;
  category_slug: string;
  subcategory_slug: string;
  variants: { title: string; size_variants: { guid: string; slug: string; saleprice: number }[] }[];
};
async function cards(count: number): Promise<Card[]> {
  const res = await request(stack.api.url).get(`${SEARCH_API.list}?q=dreses&perPage=${count}`).expect(200);
  return res.body.data.products as Card[];
}
const guidOf = (card: Card) => card.variants[card.variant_index]!.size_variants[0]!.guid;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** The Dress Me board's list of its pieces, as the server drew it (React's ids made plain). */
const boardList = (html: string) => /<section class="look-board-pieces"[^>]*>(.*?)<\/section>/s.exec(html)?.[1]?.replace(/id="[^"]*-pieces"/, 'id="ID-pieces"');

async function saveLook(shopper: Shopper, setName: string, setPublic: 0 | 1, pieces: Card[]): Promise<{ slug: string; listId: number }> {
  const items = pieces.map((card, i) => ({ guid: guidOf(card), x: i * 300, y: 100, width: 300, height: 300, z: i }));
  const res = await request(stack.api.url).post(LOOK_API.save).set(UPSTREAM_HEADER.token, shopper.token).send({ setName, setId: 0, setPublic, data: { items } }).expect(200);
  return res.body.data;
}
const rename = (shopper: Shopper, listId: number, setName: string, setPublic: 0 | 1) =>
  request(stack.api.url).put(LOOK_API.rename).set(UPSTREAM_HEADER.token, shopper.token).send({ listId, setName, setPublic }).expect(200);

describe('the look page', () => {
  it('is a 404 for a guest and another shopper while private, and the owner’s own page, never kept', async () => {
    const owner = await registerUser(stack.api);
    const [a, b] = await cards(2);
    const saved = await saveLook(owner, 'Quiet Sunday', 0, [a!, b!]);
    const path = lookPagePath(saved.slug, saved.listId);
    expect(path).toBe(`/sets/quiet-sunday/${saved.listId}`);

    const guest = await page(path).expect(404);
    expect(guest.headers['cache-control']).toBe('no-store');
    await page(path, await registerUser(stack.api)).expect(404);

    const mine = await page(path, owner).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const html = visibleMarkup(mine.text);
    expect(html).toContain('<h1>Quiet Sunday</h1>');
    expect(html).toContain('name="robots" content="noindex, follow"');
  });

  it('once public shows to guests with the collage as Open Graph and Twitter image, every piece a card; a wrong slug redirects once', async () => {
    const owner = await registerUser(stack.api);
    const [a, b, c] = await cards(3);
    const saved = await saveLook(owner, 'Beach Day', 0, [a!, b!, c!]);
    await rename(owner, saved.listId, 'Beach Day', 1);
    const path = lookPagePath(saved.slug, saved.listId);
    const look = (await request(stack.api.url).get(LOOK_API.publicLook(saved.listId)).expect(200)).body.data as { collage: string; items: { productName: string }[] };

    const res = await page(path).expect(200);
    expect(res.headers['cache-control']).not.toContain('private');
    const html = visibleMarkup(res.text);
    const origin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).origin;
    expect(look.collage).toMatch(/^\/images\/looks\/\d+\/[0-9a-f]{16}\.png$/);
    expect(html).toContain(`<meta property="og:image" content="${origin}${look.collage}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${origin}${look.collage}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${origin}${path}"/>`);
    expect(html).toContain('<meta property="og:title" content="Beach Day by ');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain(`<img class="look-collage" src="${look.collage}" width="${LOOK_COLLAGE.width}" height="${LOOK_COLLAGE.height}" alt="Beach Day: `);
    expect(look.items).toHaveLength(3);
    // Every piece is a product card, the first with its Buy control to the retailer.
    expect(html.match(/<li><article class="product-card[ "]/g)).toHaveLength(3);
    expect(html).toContain(`href="/products/loadRetailerProductPage/${guidOf(a!)}"`);

    const wrong = await page(`/sets/not-the-slug/${saved.listId}${'?ref=share'}`).expect(301);
    expect(wrong.headers.location).toBe(`${path}?ref=share`);
    // In Hong Kong's Traditional Chinese (issue 29): the title, the byline with its link to the owner, the pieces' heading.
    const chinese = visibleMarkup((await page(`/hk/zh${path}`).expect(200)).text);
    expect(chinese).toMatch(/<meta property="og:title" content="[^"]+ 的 Beach Day \| Vitrine"\/>/);
    expect(chinese).toMatch(new RegExp(`<p class="look-byline"><a href="/hk/zh/profile/${owner.userName}">[^<]+</a> 的造型 · 3 件單品</p>`));
    expect(chinese).toContain('<h2>單品</h2>');
  });

  it('is a 404 for an unknown look and for an id that cannot be one', async () => {
    await page('/sets/anything/999999').expect(404);
    await page('/sets/anything/abc').expect(404);
  });
});

describe('Dress Me', () => {
  it('answers at /dress-me and /shop/dress-me with the categories, and create-a-look starts the board with its product', async () => {
    for (const path of ['/dress-me', '/shop/dress-me']) {
      const res = await page(path).expect(200);
      expect(visibleMarkup(res.text)).toContain('<h1>Dress Me</h1>');
      expect(visibleMarkup(res.text)).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/dress-me"\/>/);
      expect(visibleMarkup(res.text)).not.toContain('name="robots"');
      expect(readPayload(res.text).script).toContain('"id":"tops"');
    }
    const [card] = await cards(1);
    const size = card!.variants[card!.variant_index]!.size_variants[0]!;
    const res = await page(`/create-a-look/${size.slug}/${size.guid}`).expect(200);
    expect(readPayload(res.text).script).toContain(`"start":[{"guid":"${size.guid}"`);
    expect(visibleMarkup(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    // The piece is named beside the board, by name, brand and price, with its Remove button,
    // in the server's HTML (not only an aria-label on the picture).
    const title = escapeHtml(card!.variants[card!.variant_index]!.title);
    expect(boardList(res.text)).toBe(
      `<h2 id="ID-pieces" tabindex="-1">On the board (1)</h2><ul><li><span class="look-board-piece-name">${title}</span>` +
        `<span class="look-board-piece-brand">${escapeHtml(card!.brand!)}</span><span class="look-board-piece-price">${formatPrice(size.saleprice, COUNTRIES.GB)}</span>` +
        `<button type="button" class="button button-secondary look-board-piece-remove" aria-label="Remove ${title}">Remove</button></li></ul>`,
    );
    const empty = await page('/create-a-look/gone/00000000-0000-4000-8000-000000000000').expect(200);
    expect(readPayload(empty.text).script).toContain('"start":[]');
  });

  it("opens the owner's look on the board to edit (its pieces where they were), and a new board for anyone else", async () => {
    const owner = await registerUser(stack.api);
    const [a, b] = await cards(2);
    const saved = await saveLook(owner, 'Edit Me', 1, [a!, b!]);
    const mine = await page(`/dress-me?edit=${saved.listId}`, owner).expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(visibleMarkup(mine.text)).toContain('<h1>Edit Edit Me</h1>');
    const script = readPayload(mine.text).script;
    expect(script).toContain(`"editing":{"listId":${saved.listId},"title":"Edit Me","isPublic":true}`);
    expect(script).toContain(`"guid":"${guidOf(b!)}"`);
    expect(script).toContain('"x":300,"y":100,"width":300,"height":300');

    const other = await page(`/dress-me?edit=${saved.listId}`, await registerUser(stack.api)).expect(200);
    expect(readPayload(other.text).script).toContain('"start":[],"editing":null');
    expect(visibleMarkup(other.text)).toContain('<h1>Dress Me</h1>');
  });

  it('offers Create a look on every product page, with that product', async () => {
    const [card] = await cards(1);
    const size = card!.variants[card!.variant_index]!.size_variants[0]!;
    const res = await page(`/${card!.category_slug}/${card!.subcategory_slug}/${size.slug}`).expect(200);
    expect(visibleMarkup(res.text)).toContain(`href="/create-a-look/${size.slug}/${size.guid}">Create a look</a>`);
  });
});

describe('My Lookbook and the public profile', () => {
  it('lists all of the shopper’s looks in My Lookbook, and only the public ones on the public profile', async () => {
    // Another shopper's (a page read keeps the session's answers a few seconds: the writes
    // below go to the api directly, not through the web's gateway, which would drop them).
    const newcomer = await registerUser(stack.api);
    const empty = visibleMarkup((await page(`/user/${newcomer.userName}/lookbook`, newcomer).expect(200)).text);
    expect(empty).toContain('You have not saved any looks yet.');
    const owner = await registerUser(stack.api);
    const [a, b] = await cards(2);
    const hidden = await saveLook(owner, 'Secret Plans', 0, [a!, b!]);
    const shown = await saveLook(owner, 'Open Book', 1, [a!, b!]);

    const mine = visibleMarkup((await page(`/user/${owner.userName}/lookbook`, owner).expect(200)).text);
    expect(mine).toContain(`href="${lookPagePath(hidden.slug, hidden.listId)}"`);
    expect(mine).toContain(`href="${lookPagePath(shown.slug, shown.listId)}"`);
    expect(mine).toContain('2 pieces · Private');
    expect(mine).toContain('2 pieces · Public');

    const profile = visibleMarkup((await page(`/profile/${owner.userName}`).expect(200)).text);
    expect(profile).toContain(`href="${lookPagePath(shown.slug, shown.listId)}"`);
    expect(profile).not.toContain('Secret Plans');
  });
});
