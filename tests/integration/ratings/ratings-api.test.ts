import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_API, RATING_MESSAGES } from '../../../shared/api/rating-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { HOME_API } from '../../../shared/api/home-paths';
import { pathPrefix } from '../../support/api-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Product ratings on the api (spec sections 3 "Product rating", 7 product-rating): 1 to 5
// whole stars, one rating per shopper and product (rating again replaces it), the average
// and count shared, the shopper's own stars personal; the home's top-rated spotlights
// ordered by them.

type Api = Awaited<ReturnType<typeof startApi>>;

describe('product ratings on the demo catalogue', () => {
  let db: Database;
  let accounts: Accounts;
  let api: Api;
  let products: number[];

  const rate = (token: string | undefined, body: unknown) => {
    const test = request(api.url).post(RATING_API.rate).send(body as object);
    return token ? test.set(UPSTREAM_HEADER.token, token) : test;
  };
  const mine = (token: string | undefined, id: number | string) => {
    const test = request(api.url).get(`${pathPrefix(RATING_API.mine)}${id}`);
    return token ? test.set(UPSTREAM_HEADER.token, token) : test;
  };
  const summary = (id: number | string) => request(api.url).get(`${pathPrefix(RATING_API.summary)}${id}`);
  const stored = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_ratings'))[0]!.n;

  beforeAll(async () => {
    db = await openDemoDatabase();
    accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
    api = await startApi(db, { accounts });
    products = (await db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 10')).map((r) => r.id);
  }, 120_000);

  afterAll(async () => {
    await accounts?.settle();
    await api?.close();
    await db?.close();
  });

  it("answers a guest's rating and own-rating calls 401, whatever the input", async () => {
    const unauthorized = { status: 401, message: say(en, ACCOUNT_MESSAGES.unauthorized) };
    const answers = await Promise.all([rate(undefined, { id: products[0], star_rating: 4 }), rate(undefined, { id: 'x', star_rating: 9 }), mine(undefined, products[0]!)]);
    expect(answers.map((res) => [res.status, res.body])).toEqual(answers.map(() => [401, unauthorized]));
    expect(await stored()).toBe(0);
  });

  it('refuses anything but 1 to 5 whole stars for a known product with a 400 naming the field, and stores nothing', async () => {
    const { token } = await registerUser(api);
    const id = products[0]!;
    const bad: [unknown, string][] = [
      [{ id, star_rating: 0 }, RATING_MESSAGES.stars],
      [{ id, star_rating: 6 }, RATING_MESSAGES.stars],
      [{ id, star_rating: 3.5 }, RATING_MESSAGES.stars],
      [{ id, star_rating: '4' }, RATING_MESSAGES.stars],
      [{ id, star_rating: null }, RATING_MESSAGES.stars],
      [{ id }, RATING_MESSAGES.stars],
      [{ star_rating: 4 }, "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid"],
      [{ id: 'abc', star_rating: 4 }, "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid"],
      [{ id: 0, star_rating: 4 }, "id must be a product's id (a whole number from 1 to 2147483647) or one of its size variants' guid"],
    ];
    for (const [body, message] of bad) {
      const res = await rate(token, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await stored()).toBe(0);
  });

  it('answers 404 for a product the catalogue does not have, on every rating route', async () => {
    const { token } = await registerUser(api);
    const unknown = 2_000_000_000;
    const answers = await Promise.all([rate(token, { id: unknown, star_rating: 3 }), mine(token, unknown), summary(unknown)]);
    expect(answers.map((res) => [res.status, res.body])).toEqual(answers.map(() => [404, { status: 404, message: RATING_MESSAGES.unknownProduct }]));
    expect(await stored()).toBe(0);
  });

  it("keeps one rating per shopper and product (rating again replaces it), and the average and count of everyone's", async () => {
    const ana = await registerUser(api);
    const ben = await registerUser(api);
    const id = products[1]!;
    expect((await summary(id).expect(200)).body).toEqual({ data: { rating: null } });
    expect((await mine(ana.token, id).expect(200)).body).toEqual({ data: { star_rating: null, rating: null } });

    const first = await rate(ana.token, { id, star_rating: 2 }).expect(200);
    expect(first.body).toEqual({ data: { star_rating: 2, rating: { ratingValue: 2, ratingCount: 1 } } });
    expect(first.headers['cache-control']).toBe('private, no-store');
    // Rating again replaces the stars: still one rating of ana's.
    expect((await rate(ana.token, { id, star_rating: 5 }).expect(200)).body.data).toEqual({ star_rating: 5, rating: { ratingValue: 5, ratingCount: 1 } });
    expect((await rate(ben.token, { id: String(id), star_rating: 4 }).expect(200)).body.data).toEqual({ star_rating: 4, rating: { ratingValue: 4.5, ratingCount: 2 } });
    expect((await mine(ana.token, id).expect(200)).body).toEqual({ data: { star_rating: 5, rating: { ratingValue: 4.5, ratingCount: 2 } } });

    const shared = await summary(id).expect(200);
    expect(shared.body).toEqual({ data: { rating: { ratingValue: 4.5, ratingCount: 2 } } });
    expect(shared.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    // Shared: a token sent along changes nothing.
    expect((await summary(id).set(UPSTREAM_HEADER.token, ana.token).expect(200)).body).toEqual(shared.body);
  });

  it('rounds the average to one decimal', async () => {
    const id = products[2]!;
    for (const stars of [5, 4, 4]) await rate((await registerUser(api)).token, { id, star_rating: stars }).expect(200);
    expect((await summary(id).expect(200)).body.data).toEqual({ rating: { ratingValue: 4.3, ratingCount: 3 } });
  });

  it("orders the home's brand and beauty-store spotlights by their products' ratings, the unrated after in the curated order", async () => {
    type Link = { slug: string; linkTitle: string };
    const spotlights = async () => {
      const res = await request(api.url).get(`${HOME_API.topRated}?country=GB`).expect(200);
      const [brands, stores] = res.body.data.topRatedList as [{ brandSpotlight: Link[] }, { beautyStoreSpotlight: Link[] }];
      return { brands: brands.brandSpotlight.map((l) => l.slug), stores: stores.beautyStoreSpotlight.map((l) => l.slug) };
    };
    // From no ratings at all (the tests above rated some products): the content's own order.
    await db.query('DELETE FROM product_ratings');
    // Three curated beauty stores in GB (the demo has one there): the two stores it does not name after it.
    const extra = await db.query<{ slug: string }>(
      `SELECT s.slug FROM stores s WHERE NOT EXISTS (SELECT 1 FROM home_content h WHERE h.section = 'beauty-store-spotlight' AND h.link = '/store/' || s.slug) ORDER BY s.slug LIMIT 2`,
    );
    for (const [index, { slug }] of extra.entries()) {
      await db.query(`INSERT INTO home_content (section, country_code, position, title, link) VALUES ('beauty-store-spotlight', 'GB', $1, $2, $3)`, [100 + index, slug, `/store/${slug}`]);
    }
    const curated = await spotlights();
    expect(curated.stores).toHaveLength(3);
    const spotlitBrands = curated.brands.map((link) => link.split('/')[2]);
    // A product of the brand, or of the store by a brand no spotlight names (its rating must
    // move the store alone).
    const productOf = async (column: 'brands' | 'stores', link: string) => {
      const key = column === 'brands' ? 'brand_id' : 'store_id';
      const [row] = await db.query<{ id: number }>(
        `SELECT p.id FROM products p JOIN ${column} x ON x.id = p.${key} LEFT JOIN brands b ON b.id = p.brand_id
          WHERE x.slug = $1 AND ($2 OR b.slug IS NULL OR NOT b.slug = ANY($3::text[])) ORDER BY p.id LIMIT 1`,
        [link.split('/')[2], column === 'brands', spotlitBrands],
      );
      return row!.id;
    };
    // The last curated brand rated 5, the one before it 3: both move ahead of the unrated,
    // best first; the last store likewise. The unrated keep the curated order.
    const [last, beforeLast] = [curated.brands.at(-1)!, curated.brands.at(-2)!];
    const lastStore = curated.stores.at(-1)!;
    const shopper = await registerUser(api);
    await rate(shopper.token, { id: await productOf('brands', beforeLast), star_rating: 3 }).expect(200);
    await rate(shopper.token, { id: await productOf('brands', last), star_rating: 5 }).expect(200);
    await rate(shopper.token, { id: await productOf('stores', lastStore), star_rating: 4 }).expect(200);

    const ranked = await spotlights();
    expect(ranked.brands).toEqual([last, beforeLast, ...curated.brands.slice(0, -2)]);
    expect(ranked.stores).toEqual([lastStore, ...curated.stores.slice(0, -1)]);
  });
});
