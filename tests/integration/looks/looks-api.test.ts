import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookSchema, type Look, type LookSummary } from '../../../shared/api/look-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import {
  LOOK_CATEGORY_IDS,
  LOOK_MESSAGES,
  lookCollageUrl,
  type LookPlacement,
} from '../../../shared/validation/look-rules';
import { Accounts } from '../../../server/api/accounts/accounts';
import { categoryBySlug } from '../../../server/api/catalog/category-tree';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { readProductCards } from '../../../server/api/services/product-reader';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { fixture, fixtureManifest } from '../../support/feed-fixtures';
import { BOTH_ENGINES } from '../../support/test-database';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { LOOK_API } from '../../../shared/api/look-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { pathPrefix } from '../../support/api-paths';
import { say } from '../../../shared/validation/message';
import { inEnglish, testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Looks on the api (spec sections 3, 4, 5, 7, 8): a shopper's outfit boards, saved, updated,
// renamed and deleted per section 4, read with today's cards for a country, private unless
// made public; another shopper's look is an unknown one, and a public look is read by anyone.

type Api = Awaited<ReturnType<typeof startApi>>;

/** A client for one shopper (or, without a token, a guest). */
function client(api: Api, token?: string) {
  const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
  return {
    categories: () => auth(request(api.url).get(LOOK_API.categories)),
    filters: (path: string) => auth(request(api.url).get(`${pathPrefix(LOOK_API.filters)}${path}`)),
    sets: (path: string) => auth(request(api.url).get(`${pathPrefix(LOOK_API.sets)}${path}`)),
    save: (body: object) => auth(request(api.url).post(LOOK_API.save).send(body)),
    rename: (body: object) => auth(request(api.url).put(LOOK_API.rename).send(body)),
    remove: (listId: number | string) => auth(request(api.url).delete(`${pathPrefix(LOOK_API.deleteLook)}${listId}`)),
    publicSet: (path: string) => auth(request(api.url).get(`${pathPrefix(LOOK_API.publicLook)}${path}`)),
  };
}
type Client = ReturnType<typeof client>;

type Piece = { guid: string; productId: number; title: string; image: string };

/** Size variants sold in GB, one per product, each with its product's id, title and picture. */
async function piecesSoldIn(db: Database, country: string, limit: number): Promise<Piece[]> {
  return db.query<Piece>(
    `SELECT DISTINCT ON (v.product_id) sv.guid::text AS guid, v.product_id AS "productId", p.title, v.image_url AS image
       FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $1
      ORDER BY v.product_id, v.position, sv.id LIMIT $2`,
    [country, limit],
  );
}

/** Pieces laid out in a row, each 200 units square, z in the order given. */
function board(pieces: readonly Pick<Piece, 'guid'>[], shift = 0): LookPlacement[] {
  return pieces.map((p, i) => ({ guid: p.guid, x: (i % 4) * 200 + shift, y: Math.floor(i / 4) * 250, width: 200, height: 200, z: i }));
}

const unauthorized = { status: 401, message: say(en, ACCOUNT_MESSAGES.unauthorized) };
const notFound = { status: 404, message: inEnglish(LOOK_MESSAGES.lookNotFound) };
/** The 400 answer naming a field. */
const refused = (field: string, message: string) => ({ status: 400, message, fields: { [field]: message } });

describe('looks on the demo catalogue', () => {
  let db: Database;
  let accounts: Accounts;
  let api: Api;
  let pieces: Piece[];
  let ana: Awaited<ReturnType<typeof registerUser>>;
  let as: Client;
  let asBen: Client;
  const guest = () => client(api);

  beforeAll(async () => {
    db = await openDemoDatabase();
    accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
    api = await startApi(db, { accounts });
    pieces = await piecesSoldIn(db, 'GB', 14);
    expect(pieces.length).toBe(14);
    ana = await registerUser(api);
    as = client(api, ana.token);
    asBen = client(api, (await registerUser(api)).token);
  }, 120_000);

  afterAll(async () => {
    await accounts?.settle();
    await api?.close();
    await db?.close();
  });

  /** A new look of Ana's from these pieces; its listId. */
  async function newLook(setName: string, chosen = pieces.slice(0, 3), setPublic: unknown = 0): Promise<number> {
    const res = await as.save({ setName, setId: 0, setPublic, data: { items: board(chosen) } }).expect(200);
    return res.body.data.listId as number;
  }
  const readLook = async (who: Client, listId: number, country = 'gb'): Promise<Look> =>
    LookSchema.parse((await who.sets(`${listId}?country=${country}`).expect(200)).body.data);

  describe('without a session', () => {
    it("answers every personal look call 401 'UnAuthorized Access!'", async () => {
      const g = guest();
      const answers = await Promise.all([
        g.filters('shoes'),
        g.sets('0'),
        g.sets('1'),
        g.save({ setName: 'Summer', setId: 0, setPublic: 0, data: { items: board(pieces.slice(0, 2)) } }),
        g.rename({ listId: 1, setName: 'Summer', setPublic: 0 }),
        g.remove(1),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(unauthorized);
      }
    });
  });

  describe('the categories a look is built from', () => {
    it('lists the eight categories, each onto catalogue categories that exist', async () => {
      const res = await guest().categories().expect(200);
      const categories = res.body.data.categories as { id: string; slugs: string[]; byDepartment: Record<string, string[]> }[];
      expect(categories.map((c) => c.id)).toEqual([...LOOK_CATEGORY_IDS]);
      for (const c of categories) {
        expect(c.slugs.length).toBeGreaterThan(0);
        expect(c.slugs.filter((slug) => categoryBySlug(slug) === undefined)).toEqual([]);
        expect(c.slugs).toEqual([...c.byDepartment.women!, ...c.byDepartment.men!, ...c.byDepartment.kids!]);
        for (const [department, slugs] of Object.entries(c.byDepartment)) {
          expect(slugs.filter((slug) => categoryBySlug(slug)!.department !== department)).toEqual([]);
        }
      }
      expect(categories.find((c) => c.id === 'shoes')!.byDepartment).toEqual({ women: ['shoes'], men: ['men-shoes'], kids: ['kids-shoes'] });
      expect(res.headers['cache-control']).toContain('public');
    });

    it("gives one category's filter groups with the search filters' buckets, narrowed as a listing is", async () => {
      const shoes = ((await guest().categories().expect(200)).body.data.categories as { id: string; slugs: string[] }[]).find((c) => c.id === 'shoes')!;
      const category = shoes.slugs.join(',');
      const res = await as.filters('shoes?country=gb').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const filters = res.body.data.filters as { filterName: string; buckets: { docCount: number }[] }[];
      expect(filters.map((f) => f.filterName)).toEqual(['department', 'colours', 'offers', 'brand', 'storename']);
      const searched = async (type: string, query: string) =>
        (await request(api.url).get(`${pathPrefix(SEARCH_API.filters)}${type}?category=${category}&${query}`).expect(200)).body.data;
      expect(filters[3]).toEqual(await searched('brand', 'country=gb'));
      expect(filters[1]).toEqual(await searched('colour', 'country=gb'));
      expect(filters[3]!.buckets.length).toBeGreaterThan(1);

      // A colour picked narrows the brands' counts, as on a listing page.
      const black = (await as.filters('shoes?country=gb&colour=black').expect(200)).body.data.filters;
      expect(black[3]).toEqual(await searched('brand', 'country=gb&colour=black'));
      expect(black[3]).not.toEqual(filters[3]);
      // The look category decides the categories, whatever the query names.
      expect((await as.filters('shoes?country=gb&category=dresses').expect(200)).body.data.filters).toEqual(filters);
    });

    it('refuses an unknown category (404) and a bad listing value (400)', async () => {
      expect((await as.filters('hats').expect(404)).body.message).toBe(inEnglish(LOOK_MESSAGES.categoryNotFound('hats')));
      expect((await as.filters('shoes?colour=plaid').expect(400)).body.status).toBe(400);
    });
  });

  describe('saving a look (spec section 4)', () => {
    it('creates a look with setId 0 and answers its slug and listId', async () => {
      const chosen = [pieces[0]!, pieces[1]!, pieces[2]!];
      const res = await as.save({ setName: '  Summer Look 2 ', setId: 0, setPublic: 0, data: { items: board(chosen) } }).expect(200);
      const { listId, slug } = res.body.data;
      expect(res.body.data).toEqual({ slug: 'summer-look-2', listId });
      const look = await readLook(as, listId);
      expect(look.listName).toBe('Summer Look 2');
      expect(look.isPublic).toBe(0);
      expect(look.slug).toBe(slug);
      expect(look.itemCount).toBe(3);
      expect(look.collage).toBe(lookCollageUrl(listId, look.version));
      expect(look.items.map((i) => [i.guid, i.x, i.y, i.width, i.height, i.z, i.productName, i.image])).toEqual(
        chosen.map((p, i) => [p.guid, i * 200, 0, 200, 200, i, p.title, p.image]),
      );
      const cards = await readProductCards(db, chosen.map((p) => p.productId), 'GB');
      expect(look.items.map((i) => i.product?.id)).toEqual(chosen.map((p) => p.productId));
      expect(look.items.map((i) => ({ ...i.product!, variant_index: 0 }))).toEqual(cards.map((c) => ({ ...c, variant_index: 0 })));
      expect(look.currencySymbol).toBe('£');

      const lookbook = (await as.sets('0').expect(200)).body.data.looks as LookSummary[];
      expect(lookbook.find((l) => l.listId === listId)).toEqual({
        listId,
        listName: 'Summer Look 2',
        isPublic: 0,
        slug: 'summer-look-2',
        itemCount: 3,
        version: look.version,
        collage: look.collage,
        createdAt: look.createdAt,
        updatedAt: look.updatedAt,
      });
    });

    it('answers the pieces in z-order, bottom first', async () => {
      const items = board(pieces.slice(0, 3)).map((item, i) => ({ ...item, z: [5, 1, 3][i]! }));
      const listId = (await as.save({ setName: 'Layered', setId: 0, setPublic: 0, data: { items } }).expect(200)).body.data.listId;
      expect((await readLook(as, listId)).items.map((i) => i.guid)).toEqual([pieces[1]!.guid, pieces[2]!.guid, pieces[0]!.guid]);
    });

    it('updates one of the shopper’s looks when setId names it and data is sent: title, flag and pieces replaced, a new collage URL', async () => {
      const listId = await newLook('Office Week');
      const before = await readLook(as, listId);
      const res = await as.save({ setName: 'Office Days', setId: listId, setPublic: 1, data: { items: board(pieces.slice(3, 7)) } }).expect(200);
      expect(res.body.data).toEqual({ slug: 'office-days', listId });
      const after = await readLook(as, listId);
      expect(after.listName).toBe('Office Days');
      expect(after.isPublic).toBe(1);
      expect(after.items.map((i) => i.guid)).toEqual(pieces.slice(3, 7).map((p) => p.guid));
      expect(after.version).not.toBe(before.version);
      expect(after.collage).not.toBe(before.collage);

      // Only moving a piece is a change of the look too.
      const moved = board(pieces.slice(3, 7), 10);
      await as.save({ setName: 'Office Days', setId: listId, setPublic: 1, data: { items: moved } }).expect(200);
      const shifted = await readLook(as, listId);
      expect(shifted.items.map((i) => i.x)).toEqual(moved.map((m) => m.x));
      expect(shifted.version).not.toBe(after.version);
      // The same pieces in the same places: the same picture, the same URL.
      await as.save({ setName: 'Office Days Again', setId: listId, setPublic: 1, data: { items: moved } }).expect(200);
      expect((await readLook(as, listId)).collage).toBe(shifted.collage);
    });

    it('renames when no data is sent: the name sanitised, the pieces and the collage unchanged', async () => {
      const listId = await newLook('Weekend');
      const before = await readLook(as, listId);
      const res = await as.save({ setName: 'Lazy!!   Sunday?', setId: listId, setPublic: 1 }).expect(200);
      expect(res.body.data).toEqual({ slug: 'lazy-sunday', listId });
      const after = await readLook(as, listId);
      expect(after.listName).toBe('Lazy Sunday');
      expect(after.isPublic).toBe(1);
      expect(after.items).toEqual(before.items);
      expect(after.collage).toBe(before.collage);
      expect((await as.save({ setName: '!!!', setId: listId, setPublic: 1 }).expect(400)).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.invalidLookbookName)));
      // Nothing to rename: a new look needs its pieces.
      expect((await as.save({ setName: 'Weekend', setId: 0, setPublic: 0 }).expect(400)).body).toEqual(refused('data', inEnglish(LOOK_MESSAGES.itemsRequired)));
    });

    it('refuses every bad title with the messages of spec section 5', async () => {
      const save = (setName: unknown) => as.save({ setName, setId: 0, setPublic: 0, data: { items: board(pieces.slice(0, 2)) } }).expect(400);
      expect((await save('a')).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleMin)));
      expect((await save('')).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleMin)));
      expect((await save('x'.repeat(31))).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleMax)));
      expect((await save('Summer-Look')).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleInvalid)));
      expect((await save('    ')).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleWhitespace)));
      expect((await save(undefined)).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleRequired)));
      expect(inEnglish(LOOK_MESSAGES.titleMin)).toBe('Min length is 2 characters.');
      expect(inEnglish(LOOK_MESSAGES.titleMax)).toBe('Max length is 30 characters.');
      expect(inEnglish(LOOK_MESSAGES.titleInvalid)).toBe('List Name is invalid, only alphabets allowed.');
      // 30 characters of letters, digits and spaces is a title.
      await as.save({ setName: 'x'.repeat(29) + '9', setId: 0, setPublic: 0, data: { items: board(pieces.slice(0, 2)) } }).expect(200);
    });

    it('refuses pieces out of bounds, too few or too many, twice, or not in the catalogue, and saves nothing', async () => {
      const lookbookBefore = (await as.sets('0').expect(200)).body.data.looks;
      const save = (items: unknown) => as.save({ setName: 'Bounds', setId: 0, setPublic: 0, data: { items } }).expect(400);
      const two = board(pieces.slice(0, 2));
      const cases: [unknown, string][] = [
        [board(pieces.slice(0, 1)), inEnglish(LOOK_MESSAGES.itemsTooFew)],
        [board(pieces.slice(0, 13)), inEnglish(LOOK_MESSAGES.itemsTooMany)],
        [[two[0], { ...two[1], x: 990 }], inEnglish(LOOK_MESSAGES.itemWhole(1, 'x', 0, 980))],
        [[two[0], { ...two[1], x: 900, width: 120 }], inEnglish(LOOK_MESSAGES.itemOutside(1, 'x'))],
        [[two[0], { ...two[1], y: 850, height: 200 }], inEnglish(LOOK_MESSAGES.itemOutside(1, 'y'))],
        [[{ ...two[0], x: -1 }, two[1]], inEnglish(LOOK_MESSAGES.itemWhole(0, 'x', 0, 980))],
        [[{ ...two[0], y: 10.5 }, two[1]], inEnglish(LOOK_MESSAGES.itemWhole(0, 'y', 0, 980))],
        [[{ ...two[0], width: 19 }, two[1]], inEnglish(LOOK_MESSAGES.itemWhole(0, 'width', 20, 1000))],
        [[{ ...two[0], height: '200' }, two[1]], inEnglish(LOOK_MESSAGES.itemWhole(0, 'height', 20, 1000))],
        [[{ ...two[0], z: 1000 }, two[1]], inEnglish(LOOK_MESSAGES.itemWhole(0, 'z', 0, 999))],
        [[two[0], { ...two[1], guid: 'not-a-guid' }], inEnglish(LOOK_MESSAGES.itemGuid(1))],
        [[two[0], { ...two[1], guid: two[0]!.guid.toUpperCase() }], inEnglish(LOOK_MESSAGES.itemTwice(two[0]!.guid))],
        ['none', inEnglish(LOOK_MESSAGES.itemsRequired)],
      ];
      for (const [items, message] of cases) expect((await save(items)).body).toEqual(refused('data', message));
      expect((await as.save({ setName: 'Bounds', setId: 0, setPublic: 0, data: 'pieces' }).expect(400)).body).toEqual(refused('data', inEnglish(LOOK_MESSAGES.dataShape)));

      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await save([two[0], { ...two[1], guid: unknown }])).body).toEqual(refused('data', inEnglish(LOOK_MESSAGES.unknownProduct(unknown))));
      expect((await as.sets('0').expect(200)).body.data.looks).toEqual(lookbookBefore);
    });

    it('leaves a look as it was when its update is refused part-way (an unknown piece)', async () => {
      const listId = await newLook('Untouched');
      const before = await readLook(as, listId);
      const unknown = '00000000-0000-4000-8000-00000000abcd';
      await as.save({ setName: 'Changed', setId: listId, setPublic: 1, data: { items: [...board(pieces.slice(5, 7)), { guid: unknown, x: 0, y: 500, width: 100, height: 100, z: 9 }] } }).expect(400);
      expect(await readLook(as, listId)).toEqual(before);
    });

    it('refuses a bad setId and setPublic', async () => {
      const data = { items: board(pieces.slice(0, 2)) };
      expect((await as.save({ setName: 'Summer', setId: -1, setPublic: 0, data }).expect(400)).body).toEqual(refused('setId', inEnglish(LOOK_MESSAGES.setIdOrNew)));
      expect((await as.save({ setName: 'Summer', setId: 0, setPublic: 'yes', data }).expect(400)).body).toEqual(refused('setPublic', inEnglish(LOOK_MESSAGES.setPublic)));
    });
  });

  describe('renaming a lookbook', () => {
    it('sanitises the name, sets the flag, and answers slug and listId; an empty result is Invalid lookbook name!', async () => {
      const listId = await newLook('Brunch');
      expect((await as.rename({ listId, setName: '  Brunch   with  Mum! ', setPublic: true }).expect(200)).body.data).toEqual({ slug: 'brunch-with-mum', listId });
      const look = await readLook(as, listId);
      expect([look.listName, look.isPublic]).toEqual(['Brunch with Mum', 1]);
      expect((await as.rename({ listId, setName: '?!*', setPublic: 1 }).expect(400)).body).toEqual(refused('setName', 'Invalid lookbook name!'));
      expect((await as.rename({ listId, setName: 'a!', setPublic: 1 }).expect(400)).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleMin)));
      expect((await as.rename({ listId, setName: 'y'.repeat(31), setPublic: 1 }).expect(400)).body).toEqual(refused('setName', inEnglish(LOOK_MESSAGES.titleMax)));
      expect((await as.rename({ listId: 'x', setName: 'Brunch', setPublic: 1 }).expect(400)).body.fields).toHaveProperty('listId');
      expect((await readLook(as, listId)).listName).toBe('Brunch with Mum');
    });
  });

  describe("another shopper's looks", () => {
    it('are unknown looks to everyone else: 404 to read, update, rename and delete, and nothing changes', async () => {
      const listId = await newLook('Mine Alone', pieces.slice(0, 3), 1);
      const before = await readLook(as, listId);
      const answers = await Promise.all([
        asBen.sets(String(listId)),
        asBen.save({ setName: 'Taken', setId: listId, setPublic: 1, data: { items: board(pieces.slice(0, 2)) } }),
        asBen.save({ setName: 'Taken', setId: listId, setPublic: 1 }),
        asBen.rename({ listId, setName: 'Taken', setPublic: 1 }),
        asBen.remove(listId),
        as.sets('2147483647'),
      ]);
      for (const res of answers) expect([res.status, res.body]).toEqual([404, notFound]);
      expect(await readLook(as, listId)).toEqual(before);
      expect((await asBen.sets('0').expect(200)).body.data.looks.map((l: LookSummary) => l.listId)).not.toContain(listId);
    });
  });

  describe('the public look', () => {
    it('is read by a guest when public, with the owner and cards priced for the country; private or unknown is 404', async () => {
      const listId = await newLook('Date Night', pieces.slice(0, 3), 0);
      expect((await guest().publicSet(String(listId)).expect(404)).body).toEqual(notFound);
      expect((await guest().publicSet('2147483647').expect(404)).body).toEqual(notFound);
      await as.rename({ listId, setName: 'Date Night', setPublic: 1 }).expect(200);
      const res = await guest().publicSet(`${listId}?country=gb`).expect(200);
      expect(res.headers['cache-control']).toContain('public');
      const look = LookSchema.parse(res.body.data);
      const own = await readLook(as, listId);
      expect(look).toEqual(own);
      expect(look.owner.userName).toMatch(/\S/);
      // Shared: identity is dropped, so a signed-in reader gets the same bytes.
      expect((await asBen.publicSet(`${listId}?country=gb`).expect(200)).text).toBe(res.text);
      // Priced for the viewer's country: cards in US dollars are those of the US site.
      const us = LookSchema.parse((await guest().publicSet(`${listId}?country=us`).expect(200)).body.data);
      expect(us.currencySymbol).toBe('$');
      const usCards = await readProductCards(db, pieces.slice(0, 3).map((p) => p.productId), 'US');
      expect(us.items.map((i) => i.product?.saleprice ?? null)).toEqual(
        pieces.slice(0, 3).map((p) => usCards.find((c) => c.id === p.productId)?.saleprice ?? null),
      );
      expect((await guest().publicSet(`${listId}?country=xx`).expect(400)).body.status).toBe(400);
      await as.rename({ listId, setName: 'Date Night', setPublic: 0 }).expect(200);
      await guest().publicSet(String(listId)).expect(404);
    });
  });

  describe("a shopper's public looks", () => {
    it('lists only their public looks, most recently changed first, for anyone; an unknown name is 404', async () => {
      const first = await newLook('Public One', pieces.slice(0, 2), 1);
      const hidden = await newLook('Private One', pieces.slice(0, 2), 0);
      const second = await newLook('Public Two', pieces.slice(2, 4), 1);
      const shelf = await request(api.url).get(`${pathPrefix(LOOK_API.publicLooks)}${ana.userName.toUpperCase()}`).expect(200);
      const looks = shelf.body.data.looks as LookSummary[];
      const mine = (await as.sets('0').expect(200)).body.data.looks as LookSummary[];
      expect(looks).toEqual(mine.filter((l) => l.isPublic === 1));
      expect(looks.map((l) => l.listId).indexOf(second)).toBeLessThan(looks.map((l) => l.listId).indexOf(first));
      expect(looks.map((l) => l.listId)).not.toContain(hidden);
      expect(shelf.body.data.owner).toEqual({ userName: ana.userName, name: ana.name });
      const asShopper = await request(api.url).get(`${pathPrefix(LOOK_API.publicLooks)}${ana.userName.toUpperCase()}`).set(UPSTREAM_HEADER.token, ana.token).expect(200);
      expect(asShopper.text).toBe(shelf.text);
      expect((await request(api.url).get(`${pathPrefix(LOOK_API.publicLooks)}nobody-by-this-name`).expect(404)).body).toEqual({ status: 404, message: inEnglish(LOOK_MESSAGES.userNotFound) });
    });
  });

  describe('a piece that left the catalogue', () => {
    it('stays on the look with its kept name and picture and product null; the collage does not change', async () => {
      const [doomed] = await db.query<Piece>(
        `SELECT sv.guid::text AS guid, v.product_id AS "productId", p.title, v.image_url AS image
           FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
          WHERE v.product_id > $1 ORDER BY v.product_id DESC LIMIT 1`,
        [pieces[pieces.length - 1]!.productId],
      );
      const listId = await newLook('Vintage', [pieces[0]!, doomed!], 1);
      const before = await readLook(as, listId);
      expect(before.items[1]!.product?.id ?? doomed!.productId).toBe(doomed!.productId);
      await db.query('DELETE FROM products WHERE id = $1', [doomed!.productId]);
      const after = LookSchema.parse((await guest().publicSet(`${listId}?country=gb`).expect(200)).body.data);
      expect(after.items[1]).toEqual({ ...before.items[1]!, productName: doomed!.title, image: doomed!.image, product: null });
      expect(after.items[0]).toEqual(before.items[0]);
      expect(after.collage).toBe(before.collage);
      // Saving it again names a piece that no longer exists.
      expect((await as.save({ setName: 'Vintage', setId: listId, setPublic: 1, data: { items: board([pieces[0]!, doomed!]) } }).expect(400)).body).toEqual(
        refused('data', inEnglish(LOOK_MESSAGES.unknownProduct(doomed!.guid))),
      );
    });
  });

  describe('deleting a look', () => {
    it('deletes the look and its pieces; a second delete is 404', async () => {
      const listId = await newLook('Short Lived');
      expect((await as.remove(listId).expect(200)).body.data).toEqual({ deleted: true });
      await as.sets(String(listId)).expect(404);
      expect((await db.query('SELECT 1 FROM look_items WHERE look_id = $1', [listId])).length).toBe(0);
      expect((await as.remove(listId).expect(404)).body).toEqual(notFound);
      expect((await as.remove('0').expect(400)).body.status).toBe(400);
    });
  });
});

describe.each(BOTH_ENGINES)('the main look flow on %s', (_engine, open) => {
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

  it('creates, reads, updates, renames, shares and deletes', async () => {
    const owner = await registerUser(api);
    const as = client(api, owner.token);
    const pieces = await piecesSoldIn(db, 'GB', 4);
    expect(pieces.length).toBe(4);
    const { listId, slug } = (await as.save({ setName: 'Northlane Edit', setId: 0, setPublic: 0, data: { items: board(pieces.slice(0, 2)) } }).expect(200)).body.data;
    expect(slug).toBe('northlane-edit');
    const first = LookSchema.parse((await as.sets(String(listId)).expect(200)).body.data);
    expect(first.items.map((i) => i.product?.id)).toEqual(pieces.slice(0, 2).map((p) => p.productId));

    await as.save({ setName: 'Northlane Edit', setId: listId, setPublic: 0, data: { items: board(pieces) } }).expect(200);
    const updated = LookSchema.parse((await as.sets(String(listId)).expect(200)).body.data);
    expect(updated.itemCount).toBe(4);
    expect(updated.collage).not.toBe(first.collage);

    await as.rename({ listId, setName: 'Northlane!', setPublic: 1 }).expect(200);
    const shared = LookSchema.parse((await request(api.url).get(`${pathPrefix(LOOK_API.publicLook)}${listId}`).expect(200)).body.data);
    expect([shared.listName, shared.isPublic, shared.owner.userName]).toEqual(['Northlane', 1, owner.userName]);

    await as.remove(listId).expect(200);
    expect((await as.sets('0').expect(200)).body.data.looks).toEqual([]);
  });
});
