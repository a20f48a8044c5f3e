import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesPageSchema } from '../../../shared/api/alert-schemas';
import { FOLLOW_API, FollowedIdsSchema, FollowsPageSchema } from '../../../shared/api/follow-schemas';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { FOLLOWS_MAX_PER_KIND, FOLLOW_MESSAGES, type FollowKind } from '../../../shared/validation/follow-rules';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import type { Database } from '../../../server/api/db/database';
import { registerUser } from '../accounts/accounts-api';
import { alertClient, guidOf, openAlertsDatabase, startAlertsApi, type AlertsApi } from '../alerts/alerts-support';
import { FOLLOW_ROUTES } from '../../../shared/api/follow-paths';
import { say } from '../../../shared/validation/message';
import { inEnglish, testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Followed brands and stores on the real api over a real database holding the fixture feeds
// (Northlane in GB: brands Ava Marlowe, Velvet Beauty, north & co; Atlas Outfitters in GB and
// the US). Spec sections 2 "My Brands", "My Stores", 3 "Follow", 7.

describe('follows', () => {
  let db: Database;
  let api: AlertsApi;
  let brands: Record<string, number>;
  let stores: Record<string, number>;
  let productOf: (store: string, item: string) => Promise<number>;

  beforeAll(async () => {
    db = await openAlertsDatabase();
    api = await startAlertsApi(db);
    brands = Object.fromEntries((await db.query<{ name: string; id: number }>('SELECT name, id FROM brands')).map((r) => [r.name, r.id]));
    stores = Object.fromEntries((await db.query<{ slug: string; id: number }>('SELECT slug, id FROM stores')).map((r) => [r.slug, r.id]));
    productOf = async (store, item) =>
      (await db.query<{ id: number }>('SELECT v.product_id AS id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.guid = $1', [guidOf(store, item)]))[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  const client = (token?: string) => {
    const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
    return {
      follow: (kind: FollowKind, id: unknown) => auth(request(api.url).post(FOLLOW_API.follow(kind)).send(id === undefined ? {} : { id })),
      unfollow: (kind: FollowKind, id: number | string) => auth(request(api.url).delete(FOLLOW_ROUTES.unfollow(kind)(id))),
      list: (kind: FollowKind, country: string, query = '') => auth(request(api.url).get(`${FOLLOW_API.list(kind, country)}${query}`)),
      followed: () => auth(request(api.url).get(FOLLOW_API.followed)),
    };
  };
  const shopper = async () => client((await registerUser(api)).token);
  const page = async (res: Promise<request.Response>) => FollowsPageSchema.parse((await res).body.data);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('answers 401 on every follow route without a token', async () => {
    const guest = client();
    for (const res of [
      await guest.follow('brand', brands['Ava Marlowe']),
      await guest.unfollow('brand', brands['Ava Marlowe']!),
      await guest.list('brand', 'gb'),
      await guest.follow('store', stores.northlane),
      await guest.unfollow('store', stores.northlane!),
      await guest.list('store', 'gb'),
      await guest.followed(),
    ]) {
      expect([res.status, res.body.message]).toEqual([401, say(en, ACCOUNT_MESSAGES.unauthorized)]);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('follows a brand once, however often it is asked, and unfollows it the same way', async () => {
    const as = await shopper();
    const ava = brands['Ava Marlowe']!;
    expect((await as.follow('brand', ava).expect(200)).body.data).toEqual({ kind: 'brand', id: ava, following: true, changed: true });
    expect((await as.follow('brand', ava).expect(200)).body.data).toEqual({ kind: 'brand', id: ava, following: true, changed: false });
    expect((await as.follow('brand', String(ava)).expect(200)).body.data.changed).toBe(false);
    expect(FollowedIdsSchema.parse((await as.followed().expect(200)).body.data)).toEqual({ brands: [ava], stores: [] });
    expect((await as.list('brand', 'gb').expect(200)).body.data.totalCount).toBe(1);

    expect((await as.unfollow('brand', ava).expect(200)).body.data).toEqual({ kind: 'brand', id: ava, following: false, changed: true });
    expect((await as.unfollow('brand', ava).expect(200)).body.data).toEqual({ kind: 'brand', id: ava, following: false, changed: false });
    expect((await as.followed().expect(200)).body.data).toEqual({ brands: [], stores: [] });
  });

  it('answers 404 for an unknown brand or store and 400 naming the field for a bad id', async () => {
    const as = await shopper();
    for (const kind of ['brand', 'store'] as const) {
      const follow = await as.follow(kind, 999_999);
      expect([follow.status, follow.body.message]).toEqual([404, inEnglish(FOLLOW_MESSAGES.notFound(kind))]);
      const unfollow = await as.unfollow(kind, 999_999);
      expect([unfollow.status, unfollow.body.message]).toEqual([404, inEnglish(FOLLOW_MESSAGES.notFound(kind))]);
      for (const bad of ['abc', 0, -1, 1.5, 2_147_483_648, null, undefined]) {
        const res = await as.follow(kind, bad);
        expect([res.status, res.body.message], String(bad)).toEqual([400, 'id must be a whole number from 1 to 2147483647']);
      }
      for (const bad of ['abc', '0', '1.5', '99999999999']) {
        const res = await as.unfollow(kind, bad);
        expect([res.status, res.body.message], bad).toEqual([400, 'id must be a whole number from 1 to 2147483647']);
      }
    }
    // In the caller's language (x-locale, issue 29).
    expect((await as.follow('brand', 999_999).set(UPSTREAM_HEADER.locale, 'fr-CA')).body.message).toBe("Cette marque n'existe pas.");
    expect((await as.unfollow('store', 999_999).set(UPSTREAM_HEADER.locale, 'zh-HK')).body.message).toBe('此商店不存在。');
    expect((await as.list('brand', 'xx')).status).toBe(400);
    expect((await as.list('brand', 'gb', '?perPage=49')).status).toBe(400);
    expect((await as.list('store', 'gb', '?page=0')).status).toBe(400);
    expect((await as.followed().expect(200)).body.data).toEqual({ brands: [], stores: [] });
  });

  it('lists My Brands, the latest followed first, each with its newest products and how many are on sale now in the country asked for', async () => {
    const as = await shopper();
    await as.follow('brand', brands['Ava Marlowe']).expect(200);
    await as.follow('brand', brands['north & co']).expect(200);

    const gb = await page(as.list('brand', 'gb'));
    expect([gb.kind, gb.totalCount, gb.page, gb.perPage, gb.currencySymbol]).toEqual(['brand', 2, 1, 12, '£']);
    expect(gb.follows.map((f) => [f.name, f.slug, f.logo, f.onSale])).toEqual([
      ['north & co', 'north-and-co', null, 1],
      ['Ava Marlowe', 'ava-marlowe', null, 1],
    ]);
    expect(gb.follows.map((f) => sorted(f.products.map((p) => p.id)))).toEqual([
      [await productOf('northlane', 'NL400-IND-32')],
      sorted([await productOf('northlane', 'NL100-BLK-S'), await productOf('northlane', 'NL200')]),
    ]);

    // Neither brand is sold on the US site: still followed, nothing to show there.
    const us = await page(as.list('brand', 'us'));
    expect(us.follows.map((f) => [f.name, f.onSale, f.products.length])).toEqual([
      ['north & co', 0, 0],
      ['Ava Marlowe', 0, 0],
    ]);
    expect(us.currencySymbol).toBe('$');

    const second = await page(as.list('brand', 'gb', '?page=2&perPage=1'));
    expect([second.follows.map((f) => f.name), second.totalCount, second.perPage]).toEqual([['Ava Marlowe'], 2, 1]);

    // Another shopper follows nothing.
    expect((await page((await shopper()).list('brand', 'gb'))).follows).toEqual([]);
  });

  it('lists My Stores with each store logo, newest products and on-sale count per country', async () => {
    const as = await shopper();
    await as.follow('store', stores['atlas-outfitters']).expect(200);
    const gb = await page(as.list('store', 'gb'));
    expect(gb.follows.map((f) => [f.name, f.slug, f.logo, f.onSale, f.products.map((p) => p.id)])).toEqual([
      ['Atlas Outfitters', 'atlas-outfitters', '/images/v1/logo/atlas-outfitters.svg', 1, [await productOf('atlas-outfitters', 'AO-7731-NAV-M')]],
    ]);
    const us = await page(as.list('store', 'us'));
    expect(us.follows.map((f) => [f.onSale, sorted(f.products.map((p) => p.id))])).toEqual([
      [1, sorted([await productOf('atlas-outfitters', 'AO-7731-NAV-M'), await productOf('atlas-outfitters', 'AO-9120')])],
    ]);
    expect((await as.unfollow('store', stores['atlas-outfitters']!).expect(200)).body.data.changed).toBe(true);
    expect((await page(as.list('store', 'gb'))).follows).toEqual([]);
  });

  it('puts what is on sale from followed brands and stores in My Sales', async () => {
    const user = await registerUser(api);
    const follower = client(user.token);
    const mySales = async (country: string) => SalesPageSchema.parse((await alertClient(api, user.token).sales(country).expect(200)).body.data);
    expect((await mySales('gb')).totalCount).toBe(0);

    await follower.follow('brand', brands['north & co']).expect(200);
    expect((await mySales('gb')).products.map((p) => p.id)).toEqual([await productOf('northlane', 'NL400-IND-32')]);

    await follower.follow('store', stores['atlas-outfitters']).expect(200);
    const gb = await mySales('gb');
    expect(sorted(gb.products.map((p) => p.id))).toEqual(sorted([await productOf('northlane', 'NL400-IND-32'), await productOf('atlas-outfitters', 'AO-7731-NAV-M')]));
    expect(gb.totalCount).toBe(2);
    expect((await mySales('us')).products.map((p) => p.id)).toEqual([await productOf('atlas-outfitters', 'AO-7731-NAV-M')]);

    await follower.unfollow('brand', brands['north & co']!).expect(200);
    expect((await mySales('gb')).products.map((p) => p.id)).toEqual([await productOf('atlas-outfitters', 'AO-7731-NAV-M')]);
  });

  it(`refuses a follow beyond ${FOLLOWS_MAX_PER_KIND} of a kind, and changes nothing`, async () => {
    const user = await registerUser(api);
    const as = client(user.token);
    // Brands of this test's own, each followed straight in the database, up to the bound.
    const bulk = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) SELECT 'bulk-' || g, 'Bulk ' || g FROM generate_series(1, $1::int) g RETURNING id`, [FOLLOWS_MAX_PER_KIND]);
    await db.query('INSERT INTO brand_follows (user_id, brand_id) SELECT $1, unnest($2::int[])', [user.userId, bulk.map((r) => r.id)]);
    const refused = await as.follow('brand', brands['Ava Marlowe']);
    expect([refused.status, refused.body.message]).toEqual([400, inEnglish(FOLLOW_MESSAGES.tooMany('brand'))]);
    expect((await as.followed().expect(200)).body.data.brands).toHaveLength(FOLLOWS_MAX_PER_KIND);
    // Stores have a bound of their own.
    expect((await as.follow('store', stores.northlane).expect(200)).body.data.changed).toBe(true);
  });
});
