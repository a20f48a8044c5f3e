import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookSchema, LookSummarySchema } from '../../../shared/api/look-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { LOOK_MESSAGES } from '../../../shared/validation/look-rules';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { fixtureManifest } from '../../support/feed-fixtures';
import { SEARCH_ENGINES, type StartedEngine } from '../../support/search-engines';
import { BOTH_ENGINES } from '../../support/test-database';
import { registerUser } from './accounts-api';
import { guidOf, openAlertsDatabase, startAlertsApi, type AlertsApi } from '../alerts/alerts-support';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { LOOK_API } from '../../../shared/api/look-paths';
import { RATING_API } from '../../../shared/api/rating-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { pathPrefix } from '../../support/api-paths';
import { inEnglish } from '../../support/i18n';

// Spec section 6: an admin-only store's products are shown to admins and nobody else. Issue 25
// found them leaking through the shoppers' own collections: a list, a look or an alert took
// them, read them back with the full card, and once the list or look was public showed them to
// anyone. Here Atlas Outfitters is marked admin-only after a shopper collected its products:
// every write naming one (by the product's id or a size variant's guid) answers exactly as for
// a product the catalogue does not have, and every read leaves them out, counts included;
// an admin still collects and sees them.

const HIDDEN_STORE = 'atlas-outfitters';

type Product = { id: number; guid: string };

/** A product sold in GB by the store, with one of its size variants sold there. */
async function productOf(db: Database, item: string, store: string): Promise<Product> {
  const guid = guidOf(store, item);
  const [row] = await db.query<{ id: number }>('SELECT v.product_id AS id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.guid = $1', [guid]);
  return { id: row!.id, guid };
}

async function markHidden(db: Database, adminOnly: boolean): Promise<void> {
  const manifest = fixtureManifest();
  for (const store of manifest.stores) if (store.slug === HIDDEN_STORE) store.adminOnly = adminOnly;
  await importStores(db, manifest);
}

const board = (guids: readonly string[]) => ({ items: guids.map((guid, i) => ({ guid, x: i * 200, y: 0, width: 200, height: 200, z: i })) });

describe.each(BOTH_ENGINES)('admin-only products in collections, on %s', (_database, open) => {
  describe.each(SEARCH_ENGINES)('with %s', (_engine, startEngine) => {
    let db: Database;
    let engine: StartedEngine;
    let api: AlertsApi;
    let shopper: Awaited<ReturnType<typeof registerUser>>;
    let admin: Awaited<ReturnType<typeof registerUser>>;
    let hidden: Product;
    let visible: Product;
    let unknown: Product;
    let listId: number;
    let lookId: number;

    const as = (token?: string) => {
      const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
      return {
        get: (path: string) => auth(request(api.url).get(path)),
        post: (path: string, body: object) => auth(request(api.url).post(path).send(body)),
        put: (path: string, body: object) => auth(request(api.url).put(path).send(body)),
        delete: (path: string) => auth(request(api.url).delete(path)),
      };
    };

    beforeAll(async () => {
      db = await openAlertsDatabase(open);
      engine = await startEngine(db);
      api = await startAlertsApi(db, { searchEngine: engine.engine });
      shopper = await registerUser(api);
      admin = await registerUser(api);
      await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
      hidden = await productOf(db, 'AO-7731-NAV-M', HIDDEN_STORE);
      visible = await productOf(db, 'NL400-IND-32', 'northlane');
      const [max] = await db.query<{ id: number }>('SELECT max(id)::int AS id FROM products');
      unknown = { id: max!.id + 1000, guid: randomUUID() };

      // Collected while the store was everyone's: a public list, a public look, an item alert, a rating.
      const me = as(shopper.token);
      listId = (await me.post(WISHLIST_API.create, { listName: 'Picks' }).expect(200)).body.data.lists[0].listId;
      await me.post(WISHLIST_API.add, { id: hidden.id, listId }).expect(200);
      await me.post(WISHLIST_API.add, { id: visible.guid, listId }).expect(200);
      await me.put(WISHLIST_API.privacy, { listId, isPublic: 1 }).expect(200);
      lookId = (await me.post(LOOK_API.save, { setName: 'Mixed', setId: 0, setPublic: 1, data: board([hidden.guid, visible.guid]) }).expect(200)).body.data.listId;
      for (const id of [hidden.guid, visible.guid]) {
        await me.post(ALERT_API.setUser, { id, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200);
      }
      await me.post(RATING_API.rate, { id: hidden.id, star_rating: 5 }).expect(200);
      await markHidden(db, true);
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await engine?.close();
      await db?.close();
    });

    /** Status and body of a call, as compared: hidden and unknown must not be told apart. */
    const answer = async (call: request.Test) => {
      const res = await call;
      return { status: res.status, body: res.body as unknown };
    };

    it('refuses every write that names a hidden product exactly as one naming an unknown product, by id and by guid', async () => {
      const me = as(shopper.token);
      const writes: [string, (p: Product, by: 'id' | 'guid') => request.Test][] = [
        ['add to a list', (p, by) => me.post(WISHLIST_API.add, { id: p[by], listId })],
        ['add to a new list', (p, by) => me.post(WISHLIST_API.add, { id: p[by], listId: 0, listName: `x ${by}` })],
        ['add to the default list', (p, by) => me.post(WISHLIST_API.makeDefault, { id: p[by] })],
        ['move to a new list', (p, by) => me.put(WISHLIST_API.move, { id: p[by], s_listid: listId, d_listid: 0, d_listName: `y ${by}` })],
        ['remove from the list', (p, by) => me.delete(`${pathPrefix(WISHLIST_API.deleteProduct)}${listId}/${p[by]}`)],
        ['set an alert', (p, by) => me.post(ALERT_API.setUser, { id: p[by], alertPrice: null, brandId: null, storeId: null, country: 'gb' })],
        ['set a guest alert', (p, by) => as().post(ALERT_API.setGuest, { id: p[by], email: 'guest@example.com', alertPrice: null, brandId: null, storeId: null, country: 'gb' })],
        ['rate', (p, by) => me.post(RATING_API.rate, { id: p[by], star_rating: 4 })],
        ['read my rating', (p, by) => me.get(`${pathPrefix(RATING_API.mine)}${p[by]}`)],
        ['read the average', (p, by) => as().get(`${pathPrefix(RATING_API.summary)}${p[by]}`)],
      ];
      const outcomes = [];
      for (const [what, write] of writes) {
        for (const by of ['id', 'guid'] as const) {
          outcomes.push({ what, by, hidden: await answer(write(hidden, by)), unknown: await answer(write(unknown, by)) });
        }
      }
      for (const outcome of outcomes) expect(outcome.hidden, `${outcome.what} by ${outcome.by}`).toEqual(outcome.unknown);
      expect(outcomes.map((o) => [o.what, o.by, o.hidden.status])).toEqual(writes.flatMap(([what]) => [[what, 'id', 404], [what, 'guid', 404]]));

      // A look names size variants: a hidden one is an unknown one.
      const look = await answer(me.post(LOOK_API.save, { setName: 'Again', setId: 0, setPublic: 1, data: board([visible.guid, hidden.guid]) }));
      expect(look).toEqual({ status: 400, body: { status: 400, message: inEnglish(LOOK_MESSAGES.unknownProduct(hidden.guid)), fields: { data: inEnglish(LOOK_MESSAGES.unknownProduct(hidden.guid)) } } });
      // Nothing was written: the shopper still has the one list, holding the two products it held, and one look.
      const rows = await db.query<{ lists: number; items: number; looks: number }>(
        `SELECT (SELECT count(*)::int FROM wishlists WHERE user_id = $1) AS lists,
                (SELECT count(*)::int FROM wishlist_items WHERE wishlist_id = $2) AS items,
                (SELECT count(*)::int FROM looks WHERE user_id = $1) AS looks`,
        [shopper.userId, listId],
      );
      expect(rows).toEqual([{ lists: 1, items: 2, looks: 1 }]);
    });

    it("leaves hidden products out of every read of the shopper's collections, public ones included, counts too", async () => {
      const me = as(shopper.token);
      const guest = as();
      const own = (await me.get(`${pathPrefix(WISHLIST_API.read)}${listId}/gb/added`).expect(200)).body.data;
      const shared = (await guest.get(`${pathPrefix(WISHLIST_API.publicList)}${listId}?country=gb`).expect(200)).body.data;
      for (const page of [own, shared]) {
        expect(page.items.map((i: { productId: number }) => i.productId)).toEqual([visible.id]);
        expect([page.totalCount, page.list.count, page.list.images.length]).toEqual([1, 1, 1]);
      }
      expect(own.lists.map((l: { count: number }) => l.count)).toEqual([1]);
      const hearts = (await me.get(`${WISHLIST_API.show}?ids=${hidden.id},${visible.id}`).expect(200)).body.data;
      expect(hearts).toEqual({ products: { [hidden.id]: [], [visible.id]: [listId] } });

      const ownLook = LookSchema.parse((await me.get(`${pathPrefix(LOOK_API.sets)}${lookId}?country=gb`).expect(200)).body.data);
      const sharedLook = LookSchema.parse((await guest.get(`${pathPrefix(LOOK_API.publicLook)}${lookId}?country=gb`).expect(200)).body.data);
      for (const look of [ownLook, sharedLook]) {
        expect(look.items.map((i) => i.guid)).toEqual([visible.guid]);
        expect(look.itemCount).toBe(1);
      }
      const lookbook = LookSummarySchema.array().parse((await me.get(`${pathPrefix(LOOK_API.sets)}0`).expect(200)).body.data.looks);
      const profile = LookSummarySchema.array().parse((await guest.get(`${pathPrefix(LOOK_API.publicLooks)}${shopper.userName}`).expect(200)).body.data.looks);
      expect([lookbook.map((l) => [l.itemCount, l.version]), profile.map((l) => [l.itemCount, l.version])]).toEqual([
        [[1, ownLook.version]],
        [[1, ownLook.version]],
      ]);
      // Its collage without the hidden piece has a URL of its own: the picture with it is never served as this one.
      const [stored] = await db.query<{ version: string }>('SELECT version FROM looks WHERE id = $1', [lookId]);
      expect(ownLook.version).not.toBe(stored!.version);

      const alerts = (await me.get(`${pathPrefix(ALERT_API.alerts)}gb`).expect(200)).body.data;
      expect([alerts.totalCount, alerts.alerts.map((a: { guid: string }) => a.guid)]).toEqual([1, [visible.guid]]);
    });

    it('lets an admin collect and see them', async () => {
      const editor = as(admin.token);
      const added = (await editor.post(WISHLIST_API.makeDefault, { id: hidden.guid }).expect(200)).body.data;
      expect(added.lists[0].count).toBe(1);
      const page = (await editor.get(`${pathPrefix(WISHLIST_API.read)}${added.lists[0].listId}/gb/added`).expect(200)).body.data;
      expect(page.items.map((i: { productId: number; product: { storename: string } | null }) => [i.productId, i.product?.storename])).toEqual([[hidden.id, 'Atlas Outfitters']]);
      const look = (await editor.post(LOOK_API.save, { setName: 'Editor', setId: 0, setPublic: 0, data: board([hidden.guid, visible.guid]) }).expect(200)).body.data;
      const read = LookSchema.parse((await editor.get(`${pathPrefix(LOOK_API.sets)}${look.listId}?country=gb`).expect(200)).body.data);
      expect(read.items.map((i) => i.guid)).toEqual([hidden.guid, visible.guid]);
      await editor.post(ALERT_API.setUser, { id: hidden.id, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200);
      expect((await editor.get(`${pathPrefix(ALERT_API.alerts)}gb`).expect(200)).body.data.totalCount).toBe(1);
      // Once the store is everyone's again, the shopper's collections show what they collected.
      await markHidden(db, false);
      try {
        const own = (await as(shopper.token).get(`${pathPrefix(WISHLIST_API.read)}${listId}/gb/added`).expect(200)).body.data;
        expect(own.items.map((i: { productId: number }) => i.productId).sort()).toEqual([hidden.id, visible.id].sort());
      } finally {
        await markHidden(db, true);
      }
    });
  });
});
