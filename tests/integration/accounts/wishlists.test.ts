import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../../shared/api/search-schemas';
import { EditorsPickListsSchema } from '../../../shared/api/product-schemas';
import { WishlistPageSchema, type Wishlist } from '../../../shared/api/wishlist-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { WISHLIST_MESSAGES } from '../../../shared/validation/wishlist-rules';
import { resizeProductImage } from '../../../shared/images';
import { Accounts } from '../../../server/api/accounts/accounts';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { readProductCards } from '../../../server/api/services/product-reader';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { fixture, fixtureManifest } from '../../support/feed-fixtures';
import { BOTH_ENGINES } from '../../support/test-database';
import { registerUser, testAccountSettings } from './accounts-api';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { pathPrefix } from '../../support/api-paths';
import { say } from '../../../shared/validation/message';
import { inEnglish, testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Wishlists on the api (spec sections 3, 5, 7, 8): a shopper's named lists of products, read
// with today's cards for a country, private unless made public; another shopper's list is
// an unknown one. The editors' pick write fills the lists /editors-picks/{slug} shows.

type Api = Awaited<ReturnType<typeof startApi>>;
type Shopper = Awaited<ReturnType<typeof registerUser>>;

/** A client for one shopper (or, without a token, a guest). */
function client(api: Api, token?: string) {
  const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
  return {
    create: (listName: unknown) => auth(request(api.url).post(WISHLIST_API.create).send({ listName })),
    add: (body: object) => auth(request(api.url).post(WISHLIST_API.add).send(body)),
    read: (path: string) => auth(request(api.url).get(`${pathPrefix(WISHLIST_API.read)}${path}`)),
    rename: (listId: unknown, listName: unknown) => auth(request(api.url).put(WISHLIST_API.rename).send({ listId, listName })),
    privacy: (listId: unknown, isPublic: unknown) => auth(request(api.url).put(WISHLIST_API.privacy).send({ listId, isPublic })),
    move: (body: object) => auth(request(api.url).put(WISHLIST_API.move).send(body)),
    addDefault: (id: unknown) => auth(request(api.url).post(WISHLIST_API.makeDefault).send({ id })),
    removeProduct: (listId: number, productId: number) => auth(request(api.url).delete(`${pathPrefix(WISHLIST_API.deleteProduct)}${listId}/${productId}`)),
    remove: (listId: number) => auth(request(api.url).delete(`${pathPrefix(WISHLIST_API.deleteList)}${listId}`)),
    show: (query: string) => auth(request(api.url).get(`${WISHLIST_API.show}/?${query}`)),
    publicList: (path: string) => auth(request(api.url).get(`${pathPrefix(WISHLIST_API.publicList)}${path}`)),
    editorsPick: (body: object) => auth(request(api.url).post(WISHLIST_API.editorsPick).send(body)),
  };
}
type Client = ReturnType<typeof client>;

/** A new list of the shopper's, by name. */
async function newList(as: Client, listName: string): Promise<Wishlist> {
  const res = await as.create(listName).expect(200);
  return res.body.data.lists[0] as Wishlist;
}

const emptyList = (listId: number, listName: string, slug: string): Wishlist => ({ listId, listName, isPublic: 0, slug, count: 0, images: [] });

/** What an item keeps of a product: its title and the first colour's 180 px image. */
async function kept(db: Database, productId: number) {
  const [row] = await db.query<{ title: string; image_url: string }>(
    `SELECT p.title, v.image_url FROM products p JOIN variants v ON v.product_id = p.id WHERE p.id = $1 ORDER BY v.position, v.id LIMIT 1`,
    [productId],
  );
  return { productName: row!.title, image: resizeProductImage(row!.image_url, '180') };
}

describe('wishlists on the demo catalogue', () => {
  let db: Database;
  let accounts: Accounts;
  let api: Api;
  /** Products sold in GB, by id. */
  let gb: number[];
  /** A product sold in GB and not in the US. */
  let gbOnly: number;
  let ana: Shopper;
  let ben: Shopper;
  let as: Client;
  let asBen: Client;
  const guest = () => client(api);

  beforeAll(async () => {
    db = await openDemoDatabase();
    accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
    api = await startApi(db, { accounts });
    gb = (
      await db.query<{ id: number }>(
        `SELECT DISTINCT v.product_id AS id FROM variants v JOIN size_variants sv ON sv.variant_id = v.id
           JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' ORDER BY 1 LIMIT 40`,
      )
    ).map((r) => r.id);
    const [only] = await db.query<{ id: number }>(
      `SELECT p.id FROM products p WHERE
         EXISTS (SELECT 1 FROM variants v JOIN size_variants sv ON sv.variant_id = v.id JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
                  WHERE v.product_id = p.id AND pr.country_code = 'GB')
         AND NOT EXISTS (SELECT 1 FROM variants v JOIN size_variants sv ON sv.variant_id = v.id JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
                  WHERE v.product_id = p.id AND pr.country_code = 'US')
       ORDER BY p.id LIMIT 1`,
    );
    gbOnly = only!.id;
    ana = await registerUser(api);
    ben = await registerUser(api);
    as = client(api, ana.token);
    asBen = client(api, ben.token);
  }, 120_000);

  afterAll(async () => {
    await accounts?.settle();
    await api?.close();
    await db?.close();
  });

  describe('without a session', () => {
    it("answers every personal wishlist call 401 'UnAuthorized Access!'", async () => {
      const g = guest();
      const unauthorized = { status: 401, message: say(en, ACCOUNT_MESSAGES.unauthorized) };
      const answers = await Promise.all([
        g.create('Summer'),
        g.add({ id: gb[0], listId: 0, listName: 'Summer' }),
        g.read('0/gb/added'),
        g.rename(1, 'Summer'),
        g.privacy(1, 1),
        g.move({ id: gb[0], s_listid: 1, d_listid: 2, d_listName: '' }),
        g.addDefault(gb[0]),
        g.removeProduct(1, gb[0]!),
        g.remove(1),
        g.show(`id=${gb[0]}`),
        g.editorsPick({ id: gb[0], listId: 1, productName: 'x' }),
        // Bad input without a session is still a 401: who asks is decided first.
        g.create(''),
      ]);
      expect(answers.map((res) => [res.status, res.body])).toEqual(answers.map(() => [401, unauthorized]));
    });
  });

  describe('creating a list', () => {
    it('answers the new list, its name trimmed and its slug from the name', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const res = await shopper.create('  Summer Dresses ').expect(200);
      const listId = res.body.data.lists[0].listId as number;
      expect(res.body).toEqual({ data: { lists: [emptyList(listId, 'Summer Dresses', 'summer-dresses')] } });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses a bad name with the messages of spec section 5', async () => {
      const cases: [unknown, string][] = [
        ['', inEnglish(WISHLIST_MESSAGES.nameRequired)],
        [undefined, inEnglish(WISHLIST_MESSAGES.nameRequired)],
        ['   ', inEnglish(WISHLIST_MESSAGES.nameWhitespace)],
        ['\t \n', inEnglish(WISHLIST_MESSAGES.nameWhitespace)],
        ['x'.repeat(31), inEnglish(WISHLIST_MESSAGES.nameTooLong)],
        [42, 'listName must be text'],
        ['a\u0000b', 'listName must not contain control characters'],
      ];
      for (const [listName, message] of cases) {
        const res = await as.create(listName).expect(400);
        expect(res.body, JSON.stringify(listName)).toEqual({ status: 400, message, fields: { listName: message } });
      }
      expect(inEnglish(WISHLIST_MESSAGES.nameTooLong)).toBe('List Name must be at most 30 characters.');
      // 30 characters once trimmed is the longest name.
      const longest = await as.create(` ${'y'.repeat(30)} `).expect(200);
      expect(longest.body.data.lists[0].listName).toBe('y'.repeat(30));
    });

    it("refuses a name one of the shopper's lists has, in any case, with 409 'Wishlist Already Exists'", async () => {
      const shopper = client(api, (await registerUser(api)).token);
      await newList(shopper, 'Party Looks');
      for (const name of ['Party Looks', 'party looks', '  PARTY LOOKS  ']) {
        const res = await shopper.create(name).expect(409);
        expect(res.body).toEqual({ status: 409, message: 'Wishlist Already Exists', fields: { listName: 'Wishlist Already Exists' } });
      }
      // Another shopper's names are theirs.
      const other = client(api, (await registerUser(api)).token);
      await other.create('party looks').expect(200);
      // In the caller's language (x-locale, issue 29), the field's message too.
      const inChinese = await shopper.create('Party Looks').set(UPSTREAM_HEADER.locale, 'zh-HK').expect(409);
      expect(inChinese.body).toEqual({ status: 409, message: '願望清單已存在', fields: { listName: '願望清單已存在' } });
    });

    it('gives each list a slug of its own', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const a = await newList(shopper, 'Summer & Sun');
      const b = await newList(shopper, 'Summer and sun!');
      const c = await newList(shopper, '!!!');
      expect([a.slug, b.slug, c.slug]).toEqual(['summer-and-sun', 'summer-and-sun-2', 'wishlist']);
    });
  });

  describe('adding a product', () => {
    it('adds to a list once; a second add changes nothing and says so', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Shoes');
      const { image } = await kept(db, gb[0]!);
      const first = await shopper.add({ id: gb[0], listId: list.listId, listName: 'ignored' }).expect(200);
      const after = { ...list, count: 1, images: [image] };
      expect(first.body).toEqual({ data: { added: true, message: 'Added to wishlist', lists: [after] } });
      const second = await shopper.add({ id: gb[0], listId: list.listId }).expect(200);
      expect(second.body).toEqual({ data: { added: false, message: 'Product already in this wishlist', lists: [after] } });
    });

    it('adds to a new list with listId 0, with the name rules and duplicates refused', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const res = await shopper.add({ id: gb[1], listId: 0, listName: ' Gifts ' }).expect(200);
      const list = res.body.data.lists[0] as Wishlist;
      expect(list).toEqual({ ...emptyList(list.listId, 'Gifts', 'gifts'), count: 1, images: [(await kept(db, gb[1]!)).image] });
      expect((await shopper.add({ id: gb[2], listId: 0, listName: 'GIFTS' }).expect(409)).body.message).toBe('Wishlist Already Exists');
      expect((await shopper.add({ id: gb[2], listId: 0, listName: '' }).expect(400)).body.fields).toEqual({ listName: 'List Name is required.' });
      expect((await shopper.add({ id: gb[2], listId: 0 }).expect(400)).body.fields).toEqual({ listName: 'List Name is required.' });
      expect((await shopper.add({ id: gb[2], listId: 0, listName: '  ' }).expect(400)).body.fields).toEqual({ listName: 'value is only whitespace' });
      // An existing list uses its stored name: a listName that would be refused is ignored.
      await shopper.add({ id: gb[2], listId: list.listId, listName: '' }).expect(200);
      const { lists } = (await shopper.read('0/gb/added').expect(200)).body.data;
      expect(lists.map((l: Wishlist) => [l.listName, l.count])).toEqual([['Gifts', 2]]);
    });

    it('answers 404 for a product the catalogue does not have, and 400 for one that cannot be an id', async () => {
      const list = await newList(as, 'Unknowns');
      const [max] = await db.query<{ id: number }>('SELECT max(id) AS id FROM products');
      const res = await as.add({ id: max!.id + 1000, listId: list.listId }).expect(404);
      expect(res.body).toEqual({ status: 404, message: inEnglish(WISHLIST_MESSAGES.productNotFound) });
      const bad = await as.add({ id: 'abc', listId: list.listId }).expect(400);
      expect(bad.body.fields).toEqual({ id: "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid" });
      const badList = await as.add({ id: gb[0], listId: -1 }).expect(400);
      expect(badList.body.fields).toEqual({ listId: 'listId must be 0 or a whole number from 1 to 2147483647' });
    });
  });

  describe('reading lists', () => {
    it("a = 0 answers the shopper's lists alone, in the order they were made", async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const first = await newList(shopper, 'First');
      const second = await newList(shopper, 'Second');
      const res = await shopper.read('0/gb/added').expect(200);
      expect(res.body).toEqual({
        data: { lists: [first, second], list: null, items: [], totalCount: 0, page: 1, perPage: 24, currencySymbol: '£' },
      });
    });

    it("pages a list's products newest first, with exact totals, and today's cards for the country", async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Thirty');
      const ids = gb.slice(0, 30);
      for (const id of ids) await shopper.add({ id, listId: list.listId }).expect(200);
      const newestFirst = [...ids].reverse();
      const page1 = WishlistPageSchema.parse((await shopper.read(`${list.listId}/gb/added`).expect(200)).body.data);
      expect(page1.totalCount).toBe(30);
      expect([page1.page, page1.perPage, page1.currencySymbol]).toEqual([1, 24, '£']);
      expect(page1.items.map((i) => i.productId)).toEqual(newestFirst.slice(0, 24));
      expect(page1.list).toEqual({ ...list, count: 30, images: await Promise.all(newestFirst.slice(0, 4).map(async (id) => (await kept(db, id)).image)) });
      const page2 = WishlistPageSchema.parse((await shopper.read(`${list.listId}/gb/added?page=2`).expect(200)).body.data);
      expect(page2.items.map((i) => i.productId)).toEqual(newestFirst.slice(24));
      const page3 = WishlistPageSchema.parse((await shopper.read(`${list.listId}/GB/added?page=3&perPage=10`).expect(200)).body.data);
      expect(page3.items.map((i) => i.productId)).toEqual(newestFirst.slice(20, 30));
      expect([page3.page, page3.perPage, page3.totalCount]).toEqual([3, 10, 30]);
      const cards = await readProductCards(db, newestFirst.slice(0, 24), 'GB');
      expect(page1.items.map((i) => i.product)).toEqual(cards);
      const first = page1.items[0]!;
      expect({ productName: first.productName, image: first.image }).toEqual(await kept(db, first.productId));
      const stored = await db.query<{ added_at: Date }>('SELECT added_at FROM wishlist_items WHERE wishlist_id = $1 AND product_id = $2', [list.listId, first.productId]);
      expect(first.addedAt).toBe(new Date(stored[0]!.added_at).toISOString());
    });

    it('orders by the price in the country, cheapest or dearest first', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Prices');
      const ids = gb.slice(0, 8);
      for (const id of ids) await shopper.add({ id, listId: list.listId }).expect(200);
      const prices = new Map((await readProductCards(db, ids, 'GB')).map((c) => [c.id, c.saleprice]));
      // Newest first among equal prices.
      const ascending = [...ids].reverse().sort((a, b) => prices.get(a)! - prices.get(b)!);
      const descending = [...ids].reverse().sort((a, b) => prices.get(b)! - prices.get(a)!);
      const asc = WishlistPageSchema.parse((await shopper.read(`${list.listId}/gb/price-asc`).expect(200)).body.data);
      const desc = WishlistPageSchema.parse((await shopper.read(`${list.listId}/gb/price-desc`).expect(200)).body.data);
      expect(asc.items.map((i) => i.productId)).toEqual(ascending);
      expect(desc.items.map((i) => i.productId)).toEqual(descending);
    });

    it('answers a bad a, b, c, page or perPage with a 400 naming it', async () => {
      const list = await newList(as, 'Params');
      const cases: [string, string][] = [
        [`${list.listId}/xx/added`, 'b: country must be one of GB, US, IN, AE, CA, AU, HK, SG'],
        [`${list.listId}/gb/cheapest`, `c: ${inEnglish(WISHLIST_MESSAGES.order)}`],
        ['abc/gb/added', 'a: a must be 0 or a whole number from 1 to 2147483647'],
        [`${list.listId}/gb/added?page=0`, 'page: page must be a whole number from 1 to 100000'],
        [`${list.listId}/gb/added?perPage=97`, 'perPage: perPage must be a whole number from 1 to 96'],
        [`${list.listId}/gb/added?perPage=ten`, 'perPage: perPage must be a whole number from 1 to 96'],
      ];
      for (const [path, message] of cases) {
        const res = await as.read(path).expect(400);
        expect(res.body, path).toEqual({ status: 400, message });
      }
      expect((await as.read(`${list.listId}/us/added?perPage=96`).expect(200)).body.data.currencySymbol).toBe('$');
    });

    it('keeps a product that left the catalogue, or is not sold in the country, as an item without a card', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Gone');
      const [doomed] = (await db.query<{ id: number }>('SELECT id FROM products WHERE id <> ALL($1::int[]) ORDER BY id DESC LIMIT 1', [gb])).map((r) => r.id);
      const facts = await kept(db, doomed!);
      await shopper.add({ id: doomed, listId: list.listId }).expect(200);
      await shopper.add({ id: gbOnly, listId: list.listId }).expect(200);
      // The catalogue loses the product (its rows and everything under them).
      await db.query('DELETE FROM products WHERE id = $1', [doomed]);
      const gbPage = WishlistPageSchema.parse((await shopper.read(`${list.listId}/gb/added`).expect(200)).body.data);
      expect(gbPage.items.map((i) => ({ ...i, addedAt: 'at' }))).toEqual([
        { productId: gbOnly, addedAt: 'at', ...(await kept(db, gbOnly)), product: (await readProductCards(db, [gbOnly], 'GB'))[0], noLongerSoldBy: null },
        { productId: doomed, addedAt: 'at', ...facts, product: null, noLongerSoldBy: null },
      ]);
      const usPage = WishlistPageSchema.parse((await shopper.read(`${list.listId}/us/price-asc`).expect(200)).body.data);
      // Neither has a price there: newest first.
      expect(usPage.items.map((i) => [i.productId, i.product])).toEqual([
        [gbOnly, null],
        [doomed, null],
      ]);
      expect(usPage.totalCount).toBe(2);
    });
  });

  describe("another shopper's list", () => {
    it('is a 404 like an unknown list, for every read and write', async () => {
      const theirs = await newList(asBen, 'Private Things');
      await asBen.add({ id: gb[0], listId: theirs.listId }).expect(200);
      const mine = await newList(as, 'Mine For Moves');
      await as.add({ id: gb[0], listId: mine.listId }).expect(200);
      const notFound = { status: 404, message: inEnglish(WISHLIST_MESSAGES.listNotFound) };
      const attempts = [
        as.read(`${theirs.listId}/gb/added`),
        as.rename(theirs.listId, 'Mine Now'),
        as.privacy(theirs.listId, 1),
        as.move({ id: gb[0], s_listid: theirs.listId, d_listid: mine.listId }),
        as.move({ id: gb[0], s_listid: mine.listId, d_listid: theirs.listId }),
        as.remove(theirs.listId),
        as.add({ id: gb[1], listId: theirs.listId }),
        as.removeProduct(theirs.listId, gb[0]!),
        as.read('2147483647/gb/added'),
        as.remove(2147483647),
      ];
      for (const res of await Promise.all(attempts)) expect([res.status, res.body]).toEqual([404, notFound]);
      // Nothing changed, and their list is not among mine nor in my hearts.
      const page = WishlistPageSchema.parse((await asBen.read(`${theirs.listId}/gb/added`).expect(200)).body.data);
      expect(page.list).toEqual({ ...theirs, count: 1, images: [(await kept(db, gb[0]!)).image] });
      expect(page.items.map((i) => i.productId)).toEqual([gb[0]]);
      expect((await as.show(`id=${gb[0]}`).expect(200)).body.data.listIds).toEqual([mine.listId]);
    });
  });

  describe('renaming and privacy', () => {
    it('renames a list (its own name in another case too); the slug follows; a taken name is 409', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Coats');
      await newList(shopper, 'Boots');
      const renamed = await shopper.rename(list.listId, ' Winter Coats ').expect(200);
      expect(renamed.body).toEqual({ data: { lists: [{ ...list, listName: 'Winter Coats', slug: 'winter-coats' }] } });
      const recased = await shopper.rename(list.listId, 'WINTER coats').expect(200);
      expect(recased.body.data.lists[0]).toEqual({ ...list, listName: 'WINTER coats', slug: 'winter-coats' });
      const taken = await shopper.rename(list.listId, 'boots').expect(409);
      expect(taken.body).toEqual({ status: 409, message: 'Wishlist Already Exists', fields: { listName: 'Wishlist Already Exists' } });
      expect((await shopper.rename(list.listId, '').expect(400)).body.fields).toEqual({ listName: 'List Name is required.' });
      expect((await shopper.rename(list.listId, 'z'.repeat(31)).expect(400)).body.fields).toEqual({ listName: inEnglish(WISHLIST_MESSAGES.nameTooLong) });
    });

    it('makes a list public and private with 1/0 or true/false; a public list is open to guests', async () => {
      const owner = await registerUser(api);
      const shopper = client(api, owner.token);
      const list = await newList(shopper, 'Share Me');
      await shopper.add({ id: gb[3], listId: list.listId }).expect(200);
      const g = guest();
      expect((await g.publicList(String(list.listId)).expect(404)).body).toEqual({ status: 404, message: inEnglish(WISHLIST_MESSAGES.listNotFound) });

      const made = await shopper.privacy(list.listId, 1).expect(200);
      const shown = { ...list, isPublic: 1, count: 1, images: [(await kept(db, gb[3]!)).image] };
      expect(made.body).toEqual({ data: { lists: [shown] } });
      const open = await g.publicList(`${list.listId}?country=us`).expect(200);
      expect(open.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(open.body.data).toEqual({
        lists: [shown],
        list: shown,
        items: [{ productId: gb[3], addedAt: expect.any(String), ...(await kept(db, gb[3]!)), product: (await readProductCards(db, [gb[3]!], 'US'))[0] ?? null, noLongerSoldBy: null }],
        totalCount: 1,
        page: 1,
        perPage: 24,
        currencySymbol: '$',
        owner: { userName: owner.userName, name: owner.name },
      });
      // The same bytes whoever asks: a shared answer.
      expect((await client(api, ben.token).publicList(`${list.listId}?country=us`).expect(200)).text).toBe(open.text);

      expect((await shopper.privacy(list.listId, false).expect(200)).body.data.lists[0].isPublic).toBe(0);
      await g.publicList(String(list.listId)).expect(404);
      expect((await shopper.privacy(list.listId, 'true').expect(200)).body.data.lists[0].isPublic).toBe(1);
      expect((await shopper.privacy(list.listId, 0).expect(200)).body.data.lists[0].isPublic).toBe(0);
      const bad = await shopper.privacy(list.listId, 'yes').expect(400);
      expect(bad.body.fields).toEqual({ isPublic: 'isPublic must be 1 or 0 (or true or false)' });
      await g.publicList('2147483647').expect(404);
      await g.publicList('abc').expect(400);
    });
  });

  describe('moving a product', () => {
    it('moves to another list, to a list that holds it already, and to a new list', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const from = await newList(shopper, 'From');
      const to = await newList(shopper, 'To');
      for (const id of gb.slice(0, 3)) await shopper.add({ id, listId: from.listId }).expect(200);
      await shopper.add({ id: gb[1], listId: to.listId }).expect(200);
      const [a, b, c] = await Promise.all(gb.slice(0, 3).map((id) => kept(db, id)));

      const moved = await shopper.move({ id: gb[0], s_listid: from.listId, d_listid: to.listId, d_listName: 'ignored' }).expect(200);
      expect(moved.body).toEqual({
        data: { lists: [{ ...from, count: 2, images: [c!.image, b!.image] }, { ...to, count: 2, images: [b!.image, a!.image] }] },
      });
      // It kept when it was added: still older than gb[1]'s item in the destination.
      const toPage = WishlistPageSchema.parse((await shopper.read(`${to.listId}/gb/added`).expect(200)).body.data);
      expect(toPage.items.map((i) => i.productId)).toEqual([gb[1], gb[0]]);

      const already = await shopper.move({ id: gb[1], s_listid: from.listId, d_listid: to.listId }).expect(200);
      expect(already.body.data.lists.map((l: Wishlist) => l.count)).toEqual([1, 2]);

      const fresh = await shopper.move({ id: gb[2], s_listid: from.listId, d_listid: 0, d_listName: ' Brand New ' }).expect(200);
      const [source, destination] = fresh.body.data.lists as Wishlist[];
      expect(source).toEqual({ ...from, count: 0, images: [] });
      expect(destination).toEqual({ ...emptyList(destination!.listId, 'Brand New', 'brand-new'), count: 1, images: [c!.image] });

      expect((await shopper.move({ id: gb[0], s_listid: to.listId, d_listid: 0, d_listName: 'brand new' }).expect(409)).body.message).toBe(
        'Wishlist Already Exists',
      );
      expect((await shopper.move({ id: gb[0], s_listid: to.listId, d_listid: 0, d_listName: '' }).expect(400)).body.fields).toEqual({
        d_listName: 'List Name is required.',
      });
      const missing = await shopper.move({ id: gb[5], s_listid: to.listId, d_listid: from.listId }).expect(404);
      expect(missing.body).toEqual({ status: 404, message: inEnglish(WISHLIST_MESSAGES.productNotInList) });
      // Nothing was lost on the refusals.
      expect((await shopper.show(`id=${gb[0]}`).expect(200)).body.data.listIds).toEqual([to.listId]);
    });
  });

  describe('the default list', () => {
    it("adds to the shopper's first list, or to a new 'My Favourites' when they have none", async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const res = await shopper.addDefault(gb[0]).expect(200);
      const favourites = res.body.data.lists[0] as Wishlist;
      expect(res.body).toEqual({
        data: { added: true, message: 'Added to wishlist', lists: [{ ...emptyList(favourites.listId, 'My Favourites', 'my-favourites'), count: 1, images: [(await kept(db, gb[0]!)).image] }] },
      });
      expect((await shopper.addDefault(gb[0]).expect(200)).body.data.added).toBe(false);

      // A French shopper's first list is named in French, and the answer says so in French (issue 29).
      const french = client(api, (await registerUser(api)).token);
      const theirs = await french.addDefault(gb[0]).set(UPSTREAM_HEADER.locale, 'fr-CA').expect(200);
      expect([theirs.body.data.message, theirs.body.data.lists[0].listName]).toEqual(['Ajouté à la liste de souhaits', 'Mes coups de cœur']);

      const other = client(api, (await registerUser(api)).token);
      const first = await newList(other, 'Oldest');
      await newList(other, 'Newer');
      const added = await other.addDefault(gb[1]).expect(200);
      expect(added.body.data.lists.map((l: Wishlist) => [l.listId, l.count])).toEqual([[first.listId, 1]]);
    });
  });

  describe('deleting', () => {
    it('deletes a product from a list; one not in it is 404', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const list = await newList(shopper, 'Trim');
      await shopper.add({ id: gb[0], listId: list.listId }).expect(200);
      expect((await shopper.removeProduct(list.listId, gb[0]!).expect(200)).body).toEqual({ data: { lists: [list] } });
      expect((await shopper.removeProduct(list.listId, gb[0]!).expect(404)).body).toEqual({ status: 404, message: inEnglish(WISHLIST_MESSAGES.productNotInList) });
    });

    it('deletes a list with its items, and all of them with the account', async () => {
      const owner = await registerUser(api);
      const shopper = client(api, owner.token);
      const list = await newList(shopper, 'Doomed');
      const other = await newList(shopper, 'Also Doomed');
      await shopper.add({ id: gb[0], listId: list.listId }).expect(200);
      await shopper.add({ id: gb[1], listId: other.listId }).expect(200);
      const itemsOf = async (ids: number[]) =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wishlist_items WHERE wishlist_id = ANY($1::int[])', [ids]))[0]!.n;
      expect(await itemsOf([list.listId])).toBe(1);
      expect((await shopper.remove(list.listId).expect(200)).body).toEqual({ data: { deleted: true } });
      expect(await itemsOf([list.listId])).toBe(0);
      await shopper.read(`${list.listId}/gb/added`).expect(404);
      await shopper.remove(list.listId).expect(404);

      await db.query('DELETE FROM users WHERE id = $1', [owner.userId]);
      expect(await itemsOf([other.listId])).toBe(0);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wishlists WHERE user_id = $1', [owner.userId]))[0]!.n).toBe(0);
    });
  });

  describe('which lists hold a product', () => {
    it('answers one product with ?id= as the spec says, data.lists (listId, listName, isPublic, slug) each saying whether it holds it, and a page of cards with ?ids=', async () => {
      const shopper = client(api, (await registerUser(api)).token);
      const one = await newList(shopper, 'One');
      const two = await newList(shopper, 'Two');
      const three = await newList(shopper, 'Summer Days');
      await shopper.privacy(two.listId, 1).expect(200);
      await shopper.add({ id: gb[0], listId: one.listId }).expect(200);
      await shopper.add({ id: gb[0], listId: two.listId }).expect(200);
      await shopper.add({ id: gb[1], listId: two.listId }).expect(200);
      const shown = (list: Wishlist, isPublic: 0 | 1, holdsProduct: boolean) => ({ listId: list.listId, listName: list.listName, isPublic, slug: list.slug, holdsProduct });
      expect((await shopper.show(`id=${gb[0]}`).expect(200)).body).toEqual({
        data: { lists: [shown(one, 0, true), shown(two, 1, true), shown(three, 0, false)], listIds: [one.listId, two.listId] },
      });
      expect((await shopper.show(`id=${gb[2]}`).expect(200)).body).toEqual({
        data: { lists: [shown(one, 0, false), shown(two, 1, false), shown(three, 0, false)], listIds: [] },
      });
      expect(three.slug).toBe('summer-days');
      // Another shopper's lists never show: a shopper with none gets none.
      expect((await client(api, (await registerUser(api)).token).show(`id=${gb[0]}`).expect(200)).body).toEqual({ data: { lists: [], listIds: [] } });
      const many = await shopper.show(`ids=${gb[0]},${gb[1]},${gb[2]}`).expect(200);
      expect(many.body).toEqual({ data: { products: { [gb[0]!]: [one.listId, two.listId], [gb[1]!]: [two.listId], [gb[2]!]: [] } } });
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      expect((await shopper.show(`ids=${tooMany}`).expect(400)).body.message).toBe(`ids: ${inEnglish(WISHLIST_MESSAGES.tooManyIds)}`);
      expect((await shopper.show('ids=1,x').expect(400)).body.message).toBe('ids: ids must be a whole number from 1 to 2147483647');
      expect((await shopper.show('').expect(400)).body.message).toBe(`id: ${inEnglish(WISHLIST_MESSAGES.showWhich)}`);
    });
  });

  describe("the editors' picks", () => {
    it('lets an admin add a product to a list, which /editors-picks/{slug} then shows', async () => {
      const editor = await registerUser(api);
      await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [editor.userId]);
      const asEditor = client(api, editor.token);
      const [pick] = await db.query<{ id: number }>("SELECT id FROM editors_pick_lists WHERE slug = 'wedding-guest'");
      const listing = () => request(api.url).get(`${SEARCH_API.list}?link=/editors-picks/wedding-guest&country=gb`).expect(200);
      const lists = async () =>
        EditorsPickListsSchema.parse((await request(api.url).get(WISHLIST_API.editorsPickLists).expect(200)).body.data).lists.find((l) => l.slug === 'wedding-guest');
      await api.answers.listening;
      // Before: the fallback listing, kept in memory like every other listing.
      const before = SearchResponseSchema.parse((await listing()).body.data);
      expect(before.products.map((p) => p.id)).not.toEqual([gb[5]]);
      expect((await lists())?.productCount).toBe(0);

      expect((await as.editorsPick({ id: gb[5], listId: pick!.id, productName: 'A dress' }).expect(403)).body).toEqual({
        status: 403,
        message: inEnglish(WISHLIST_MESSAGES.editorsOnly),
      });
      const heard = api.answers.nextChange();
      expect((await asEditor.editorsPick({ id: gb[5], listId: pick!.id, productName: 'A dress' }).expect(200)).body).toEqual({ data: { added: true } });
      await heard;
      expect((await asEditor.editorsPick({ id: gb[5], listId: pick!.id }).expect(200)).body).toEqual({ data: { added: false } });

      const after = SearchResponseSchema.parse((await listing()).body.data);
      expect(after.products.map((p) => p.id)).toEqual([gb[5]]);
      expect(after.totalCount).toBe(1);
      expect((await lists())?.productCount).toBe(1);

      expect((await asEditor.editorsPick({ id: gb[5], listId: 2147483647 }).expect(404)).body.message).toBe(inEnglish(WISHLIST_MESSAGES.editorsPickListNotFound));
      const [max] = await db.query<{ id: number }>('SELECT max(id) AS id FROM products');
      expect((await asEditor.editorsPick({ id: max!.id + 1000, listId: pick!.id }).expect(404)).body.message).toBe(inEnglish(WISHLIST_MESSAGES.productNotFound));
      expect((await asEditor.editorsPick({ id: 'x', listId: pick!.id }).expect(400)).body.fields).toEqual({ id: "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid" });
    });
  });
});

describe.each(BOTH_ENGINES)('the main wishlist flow on %s', (_engine, open) => {
  let db: Database;
  let accounts: Accounts;
  let api: Api;

  beforeAll(async () => {
    db = await open();
    await importStores(db, fixtureManifest());
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
    api = await startApi(db, { accounts });
  }, 120_000);

  afterAll(async () => {
    await accounts?.settle();
    await api?.close();
    await db?.close();
  });

  it('creates, adds, reads, shares, moves and deletes', async () => {
    const owner = await registerUser(api);
    const as = client(api, owner.token);
    const ids = (await db.query<{ id: number }>('SELECT id FROM products ORDER BY id')).map((r) => r.id);
    expect(ids.length).toBe(4);
    const list = await newList(as, 'Summer Dresses');
    expect(list).toEqual(emptyList(list.listId, 'Summer Dresses', 'summer-dresses'));
    await as.create('SUMMER DRESSES').expect(409);
    for (const id of ids) expect((await as.add({ id, listId: list.listId }).expect(200)).body.data.added).toBe(true);
    expect((await as.add({ id: ids[0], listId: list.listId }).expect(200)).body.data.added).toBe(false);

    const page = WishlistPageSchema.parse((await as.read(`${list.listId}/gb/added?perPage=3`).expect(200)).body.data);
    expect(page.items.map((i) => i.productId)).toEqual([...ids].reverse().slice(0, 3));
    expect(page.items.map((i) => i.product)).toEqual(await readProductCards(db, [...ids].reverse().slice(0, 3), 'GB'));
    expect(page.totalCount).toBe(4);

    await as.privacy(list.listId, 1).expect(200);
    const shared = await request(api.url).get(`${pathPrefix(WISHLIST_API.publicList)}${list.listId}?page=2&perPage=3`).expect(200);
    expect(shared.body.data.items.map((i: { productId: number }) => i.productId)).toEqual([ids[0]]);
    expect(shared.body.data.owner).toEqual({ userName: owner.userName, name: owner.name });

    const moved = await as.move({ id: ids[1], s_listid: list.listId, d_listid: 0, d_listName: 'Jeans' }).expect(200);
    expect(moved.body.data.lists.map((l: Wishlist) => [l.listName, l.count])).toEqual([
      ['Summer Dresses', 3],
      ['Jeans', 1],
    ]);
    expect((await as.show(`ids=${ids.join(',')}`).expect(200)).body.data.products[ids[1]!]).toEqual([moved.body.data.lists[1].listId]);
    await as.remove(list.listId).expect(200);
    expect((await as.read('0/gb/added').expect(200)).body.data.lists.map((l: Wishlist) => l.listName)).toEqual(['Jeans']);
  });
});
