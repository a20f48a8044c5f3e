import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminView } from '../../../shared/api/admin-view';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import { startApi } from '../../support/api-server';
import { fixture, fixtureManifest } from '../../support/feed-fixtures';
import { pollUntil } from '../../support/poll';
import { openTestDatabase } from '../../support/test-database';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { RATING_API } from '../../../shared/api/rating-paths';
import { FOLLOW_API } from '../../../shared/api/follow-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';

// Spec section 6: "Stores in an injected only-admin list are hidden from everyone else".
// Two catalogues from the same fixture feeds: one where Atlas Outfitters is marked admin-only
// in stores.json, one where it was never imported. Whatever a guest or a shopper asks of the
// first must be exactly what the second answers (every listing, facet, total, suggestion,
// directory and sitemap: a store that leaks anywhere shows as a difference); an admin (profile
// type 1 or 2) sees what the first answers once the flag is lifted.

const HIDDEN = 'atlas-outfitters';

type Catalogue = { db: Database; api: Awaited<ReturnType<typeof startApi>> };

async function catalogue(adminOnly: boolean | undefined): Promise<Catalogue> {
  const db = await openTestDatabase();
  const manifest = fixtureManifest();
  if (adminOnly === undefined) manifest.stores = manifest.stores.filter((s) => s.slug !== HIDDEN);
  else for (const s of manifest.stores) if (s.slug === HIDDEN) s.adminOnly = adminOnly;
  await importStores(db, manifest);
  // Northlane first in both, so its rows have the same ids in both databases.
  await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
  if (adminOnly !== undefined) {
    await importFeed(db, { file: fixture('good/atlas-outfitters.gb.tsv') });
    await importFeed(db, { file: fixture('good/atlas-outfitters.us.xml') });
  }
  return { db, api: await startApi(db) };
}

let hidden: Catalogue;
let without: Catalogue;
let accounts: AccountsApi;
let shopper: string;
let admins: string[];
let hiddenGuid: string;

beforeAll(async () => {
  hidden = await catalogue(true);
  without = await catalogue(undefined);
  accounts = await startAccountsApi({ db: hidden.db });
  shopper = (await registerUser(accounts)).token;
  admins = [];
  for (const type of [1, 2]) {
    const admin = await registerUser(accounts);
    await hidden.db.query('UPDATE users SET profile_type = $2 WHERE id = $1', [admin.userId, type]);
    admins.push(admin.token);
  }
  const [row] = await hidden.db.query<{ guid: string }>(
    `SELECT sv.guid::text AS guid FROM size_variants sv JOIN stores s ON s.id = sv.store_id WHERE s.slug = $1 ORDER BY sv.id LIMIT 1`,
    [HIDDEN],
  );
  hiddenGuid = row!.guid;
});
afterAll(async () => {
  await hidden?.api.close();
  await without?.api.close();
  await without?.db.close();
  // Stops the accounts timers and closes the hidden catalogue's database.
  await accounts?.close();
});

// Everywhere a store can appear (spec section 6). Its brand (Atlas Outfitters sells its own)
// is not a store: a brand page or a picked brand stays as for any brand without products here. No `q`: a search text counts towards Top
// Searches, which would make the two catalogues' later answers differ for another reason.
const CALLS = [
  `${SEARCH_API.listing}?country=GB`,
  `${SEARCH_API.listing}?country=US`,
  `${SEARCH_API.listing}?country=GB&link=men-clothing&sort=asc`,
  `${SEARCH_API.listing}?country=GB&link=coats`,
  `${SEARCH_API.listing}?country=GB&link=shop/wool-overcoat`,
  `${SEARCH_API.listing}?country=GB&link=sale`,
  `${SEARCH_API.listing}?country=GB&internationaldelivery=true`,
  `${SEARCH_API.listing}?country=GB&storename=${HIDDEN}`,
  `${SEARCH_API.listing}?country=GB&brand=ava-marlowe&storename=${HIDDEN},northlane`,
  `${SEARCH_API.listing}?country=GB&madein=US`,
  `${SEARCH_API.listing}?country=GB&link=store/${HIDDEN}`,
  `${SEARCH_API.list}?country=GB&perPage=50`,
  `${SEARCH_API.filters('store')}?country=GB`,
  `${SEARCH_API.filters('brand')}?country=GB&find=atlas`,
  `${SEARCH_API.filters('category')}?country=GB`,
  `${SEARCH_API.filters('department')}?country=GB`,
  `${SEARCH_API.filters('price')}?country=GB`,
  `${SEARCH_API.deals}?country=GB`,
  `${SEARCH_API.canonicalLinks}?country=GB&link=men-clothing`,
  `${SEARCH_API.autoSuggest('over')}?country=GB`,
  `${SEARCH_API.autoSuggestIn('men', 'atl')}?country=GB`,
  `${SEARCH_API.autoSuggest('wool')}?country=US`,
  `${DIRECTORY_API.stores}?country=GB`,
  `${DIRECTORY_API.stores}?country=US`,
  `${DIRECTORY_API.storeSearch('atlas')}?country=GB`,
  `${DIRECTORY_API.brands}?country=GB`,
  `${PRODUCT_API.sitemapIndex}?country=GB`,
  `${PRODUCT_API.sitemap('stores')}?country=GB`,
  `${PRODUCT_API.sitemap('brands')}?country=GB`,
  `${PRODUCT_API.sitemap('categories')}?country=GB`,
  `${PRODUCT_API.sitemap('products')}?country=US`,
];

const get = (base: string, url: string, token?: string) => {
  const call = request(base).get(url);
  return token ? call.set('token', token) : call;
};

/** An answer as compared: status and body, without the sitemaps' times (when rows were written differs between the two databases). */
const comparable = (res: request.Response) => ({
  status: res.status,
  body: JSON.parse(res.text.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, '"…"')) as unknown,
});

describe('admin-only stores', () => {
  it('are in the fixture catalogue at all (the comparisons below would prove nothing otherwise)', async () => {
    const asAdmin = await get(hidden.api.url, withAdminView(`${SEARCH_API.list}?country=GB&perPage=50`), admins[0]).expect(200);
    expect(asAdmin.body.data.products.map((p: { store_slug: string }) => p.store_slug)).toContain(HIDDEN);
  });

  it('are hidden from guests and shoppers everywhere a store can appear, as if never imported', async () => {
    for (const token of [undefined, shopper, admins[0]]) {
      for (const url of CALLS) {
        const seen = comparable(await get(hidden.api.url, url, token));
        const reference = comparable(await get(without.api.url, url));
        expect(seen, `${url} ${token === undefined ? 'guest' : 'with a token'}`).toEqual(reference);
        expect(JSON.stringify(seen.body)).not.toMatch(/atlas|overcoat/i);
      }
    }
  });

  it('answer their product pages, similar products, click-throughs and price histories with a 404 to anyone but admins', async () => {
    const paths = [
      `${PRODUCT_API.detailByGuid(hiddenGuid)}?country=GB`,
      `${PRODUCT_API.similarByGuid(hiddenGuid)}?country=GB`,
      `${PRODUCT_API.retailer(hiddenGuid)}?country=GB`,
      `${priceHistoryPath(hiddenGuid)}?country=GB`,
    ];
    for (const token of [undefined, shopper]) {
      for (const path of paths) {
        const res = await get(hidden.api.url, path, token).expect(404);
        expect(res.text).not.toMatch(/atlas|overcoat/i);
      }
    }
    for (const admin of admins) {
      const detail = await get(hidden.api.url, withAdminView(paths[0]!), admin).expect(200);
      expect(detail.body.data.product.store_slug).toBe(HIDDEN);
      await get(hidden.api.url, withAdminView(paths[1]!), admin).expect(200);
      const link = await get(hidden.api.url, withAdminView(paths[2]!), admin).expect(200);
      expect(link.body.data.store_slug).toBe(HIDDEN);
      const history = await get(hidden.api.url, withAdminView(paths[3]!), admin).expect(200);
      expect(history.body.data.guid).toBe(hiddenGuid);
    }
  });

  it('cannot be followed by anyone but admins, and stay out of a follower\'s My Stores and My Sales unless they are an admin', async () => {
    const [{ id }] = (await hidden.db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [HIDDEN])) as [{ id: number }];
    const follow = (token: string) => request(hidden.api.url).post(FOLLOW_API.follow('store')).set('token', token).send({ id });
    expect((await follow(shopper)).status).toBe(404);
    expect((await follow(admins[0]!)).status).toBe(200);
    // A shopper who followed it before it was made admin-only: it is no longer theirs to see.
    const fan = await registerUser(accounts);
    await hidden.db.query('INSERT INTO store_follows (user_id, store_id) VALUES ($1, $2)', [fan.userId, id]);
    const stores = await get(hidden.api.url, FOLLOW_API.list('store', 'gb'), fan.token).expect(200);
    expect({ follows: stores.body.data.follows, totalCount: stores.body.data.totalCount }).toEqual({ follows: [], totalCount: 0 });
    const sales = await get(hidden.api.url, ALERT_API.sales('gb'), fan.token).expect(200);
    expect({ products: sales.body.data.products, totalCount: sales.body.data.totalCount }).toEqual({ products: [], totalCount: 0 });
    // The admin who follows it sees it, with its sale (199 of 249 in GB).
    const adminStores = await get(hidden.api.url, FOLLOW_API.list('store', 'gb'), admins[0]).expect(200);
    expect(adminStores.body.data.follows.map((f: { slug: string; onSale: number }) => [f.slug, f.onSale])).toEqual([[HIDDEN, 1]]);
    const adminSales = await get(hidden.api.url, ALERT_API.sales('gb'), admins[0]).expect(200);
    expect(adminSales.body.data.totalCount).toBe(1);
  });

  it('cannot be rated, nor their ratings read, by anyone but admins', async () => {
    const [{ id }] = (await hidden.db.query<{ id: number }>(
      'SELECT p.id FROM products p JOIN stores s ON s.id = p.store_id WHERE s.slug = $1 ORDER BY p.id LIMIT 1',
      [HIDDEN],
    )) as [{ id: number }];
    const rate = (token: string) => request(hidden.api.url).post(RATING_API.rate).set('token', token).send({ id, star_rating: 4 });
    expect((await rate(shopper)).status).toBe(404);
    await get(hidden.api.url, RATING_API.mine(id), shopper).expect(404);
    await get(hidden.api.url, RATING_API.summary(id)).expect(404);
    const rated = await rate(admins[0]!);
    expect({ status: rated.status, stars: rated.body.data.star_rating, rating: rated.body.data.rating }).toEqual({
      status: 200,
      stars: 4,
      rating: { ratingValue: 4, ratingCount: 1 },
    });
  });

  it('gives guests and shoppers who ask for the admin view nothing more than everyone gets, privately', async () => {
    const url = `${SEARCH_API.listing}?country=GB`;
    // Compared as data: a kept shared answer escapes non-ASCII as \u00a3, a computed one does not.
    const pub = await get(hidden.api.url, url).expect(200);
    for (const token of [undefined, shopper]) {
      const asked = await get(hidden.api.url, withAdminView(url), token).expect(200);
      expect(JSON.parse(asked.text)).toEqual(JSON.parse(pub.text));
      expect(asked.headers['cache-control']).toBe(CachePrivate.header);
      // A forged profile type travels nowhere: only the session decides.
      const forged = await get(hidden.api.url, withAdminView(url), token).set('x-profile-type', '1').set('profile-type', '1').expect(200);
      expect(JSON.parse(forged.text)).toEqual(JSON.parse(pub.text));
      await get(hidden.api.url, withAdminView(`${PRODUCT_API.detailByGuid(hiddenGuid)}?country=GB`), token).expect(404);
      await get(hidden.api.url, withAdminView(`${PRODUCT_API.retailer(hiddenGuid)}?country=GB`), token).expect(404);
      const stores = await get(hidden.api.url, withAdminView(`${DIRECTORY_API.stores}?country=GB`), token).expect(200);
      expect(stores.text).not.toContain(HIDDEN);
    }
  });

  it("keeps the public answer shared and the admin's private", async () => {
    const url = `${SEARCH_API.listing}?country=GB`;
    const pub = await get(hidden.api.url, url, admins[0]).expect(200);
    expect(pub.headers['cache-control']).toBe(CacheShort.header);
    const own = await get(hidden.api.url, withAdminView(url), admins[0]).expect(200);
    expect(own.headers['cache-control']).toBe(CachePrivate.header);
    expect(own.body.data.pages[0].totalCount).toBe(pub.body.data.pages[0].totalCount + 1);
    // Asked again, the public answer is still the public one (nothing of the admin's was kept).
    const again = await get(hidden.api.url, url).expect(200);
    expect(again.text).toBe(pub.text);
  });

  it("leaves an admin's searches out of Top Searches, which everyone sees", async () => {
    await get(hidden.api.url, withAdminView(`${SEARCH_API.listing}?country=GB&q=overcoat`), admins[0]).expect(200);
    await get(hidden.api.url, withAdminView(`${SEARCH_API.list}?country=GB&q=overcoat`), admins[0]).expect(200);
    // Everyone's search is counted after them (the database takes the writes in order).
    await get(hidden.api.url, `${SEARCH_API.list}?country=GB&q=serum`).expect(200);
    const counted = () => hidden.db.query<{ query: string }>('SELECT query FROM popular_searches ORDER BY query');
    await pollUntil('the public search counted', async () => ((await counted()).some((r) => r.query === 'serum') ? true : undefined));
    expect((await counted()).map((r) => r.query)).toEqual(['serum']);
    await hidden.db.query('DELETE FROM popular_searches');
  });

  it('show admins (type 1 and 2) everything the catalogue has once the flag is lifted, and follow the flag when stores.json changes it', async () => {
    const asAdmin = new Map<string, ReturnType<typeof comparable>[]>();
    for (const url of CALLS) {
      asAdmin.set(url, [
        comparable(await get(hidden.api.url, withAdminView(url), admins[0])),
        comparable(await get(hidden.api.url, withAdminView(url), admins[1])),
      ]);
    }
    const storeList = asAdmin.get(`${DIRECTORY_API.stores}?country=GB`)![0]!.body as { data: { stores: { slug: string }[] } };
    expect(storeList.data.stores.map((s) => s.slug)).toContain(HIDDEN);

    const manifest = fixtureManifest();
    await importStores(hidden.db, manifest);
    await hidden.api.engine.settled();
    // The sitemaps leave admin-only stores out even for admins: they are for crawlers.
    for (const url of CALLS.filter((u) => !u.includes('/sitemap'))) {
      const [one, two] = asAdmin.get(url)!;
      const pub = comparable(await get(hidden.api.url, url));
      expect(one, url).toEqual(pub);
      expect(two, url).toEqual(pub);
    }

    for (const s of manifest.stores) if (s.slug === HIDDEN) s.adminOnly = true;
    await importStores(hidden.db, manifest);
    await hidden.api.engine.settled();
    for (const url of CALLS) {
      expect(comparable(await get(hidden.api.url, url)), url).toEqual(comparable(await get(without.api.url, url)));
    }
  });
});
