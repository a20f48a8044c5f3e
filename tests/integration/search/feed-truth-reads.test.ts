import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema, RetailerLinkSchema, SimilarProductsSchema, SitemapUrlsSchema, StoreListSchema, BrandListSchema, WithdrawnProductSchema } from '../../../shared/api/product-schemas';
import { SearchResponseSchema } from '../../../shared/api/search-schemas';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import type { Database } from '../../../server/api/db/database';
import { SearchService } from '../../../server/api/listing/search-service';
import { FollowService } from '../../../server/api/services/follow-service';
import { LookService } from '../../../server/api/services/look-service';
import { SalesService } from '../../../server/api/services/sales-service';
import { WishlistService } from '../../../server/api/services/wishlist-service';
import { createLogger } from '../../../server/lib/logger';
import { testTranslator } from '../../support/i18n';
import { goneWords } from '../../../client/components/wishlist/wishlist-page-rules';
import type { Running } from '../../support/listen';
import { SEARCH_ENGINES, apiOverEngine, type StartedEngine } from '../../support/search-engines';
import { BOTH_ENGINES } from '../../support/test-database';
import { STORE, guid, seedFeedTruthCatalog } from '../../support/feed-truth-catalog';

// Issue 27, the read side: a price row withdrawn from a country's site (size_variant_prices.
// withdrawn_at) is out of every read of that site, and availability is the country's
// (size_variant_prices.status), not the size variant's global status. The catalogue is
// tests/support/feed-truth-catalog.ts (one store in GB and the US; Silk withdrawn from GB,
// Linen's size S sold out in GB only). On both databases, each answered by both search engines.

const sorted = (titles: string[]) => [...titles].sort();

describe.each(BOTH_ENGINES)('on %s', (_database, open) => {
  describe.each(SEARCH_ENGINES)('answered by %s', (_engineName, makeEngine) => {
    let db: Database;
    let started: StartedEngine;
    let api: Running;
    let productId: (title: string) => number;
    const shopper = { userId: 0, admin: false };

    async function get(path: string, status = 200) {
      const res = await request(api.url).get(path);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res;
    }
    const search = async (query: string) => SearchResponseSchema.parse((await get(`${SEARCH_API.list}?${query}`)).body.data);
    const titles = async (query: string) => (await search(query)).products.map((p) => p.variants[0]!.title);
    const detail = async (item: string, country: string) => ProductDetailSchema.parse((await get(`${PRODUCT_API.detailByGuid(guid(item))}?country=${country}`)).body.data);
    const sizes = async (item: string, country: string) =>
      Object.fromEntries((await detail(item, country)).product.variants[0]!.size_variants.map((s) => [s.size, { status: s.status, saleprice: s.saleprice }]));

    beforeAll(async () => {
      db = await open();
      await seedFeedTruthCatalog(db);
      // Everything on sale everywhere, so My Sales and the follows' flags have something to leave out.
      await db.query('UPDATE size_variant_prices SET offers = 30');
      const ids = new Map((await db.query<{ id: number; title: string }>('SELECT id, title FROM products')).map((r) => [r.title, r.id]));
      productId = (title) => ids.get(title)!;
      [{ id: shopper.userId }] = (await db.query<{ id: number }>(
        `INSERT INTO users (email, user_name, name) VALUES ('reads@example.test', 'reads', 'Reads') RETURNING id`,
      )) as [{ id: number }];
      started = await makeEngine(db);
      api = await apiOverEngine(db, started.engine);
    });

    afterAll(async () => {
      await api?.close();
      await started?.close();
      await db?.close();
    });

    it('keeps the size variant the feeds disagree on: sold out in GB, in stock in the US, global status in stock', async () => {
      const [row] = await db.query<{ status: number }>('SELECT status FROM size_variants WHERE item_id = $1', ['LL-LINEN-S']);
      expect(row!.status).toBe(1);
      const rows = await db.query<{ country_code: string; status: number }>(
        `SELECT pr.country_code, pr.status FROM size_variant_prices pr JOIN size_variants sv ON sv.id = pr.size_variant_id
          WHERE sv.item_id = 'LL-LINEN-S' ORDER BY pr.country_code`,
      );
      expect(rows).toEqual([
        { country_code: 'GB', status: 0 },
        { country_code: 'US', status: 1 },
      ]);
    });

    it('lists a withdrawn item on no site it was withdrawn from, and a sold-out size out of that site\'s price only', async () => {
      expect(sorted(await titles('country=GB'))).toEqual(['Cotton Shirt Dress', 'Linen Midi Dress', 'Tweed Pinafore Dress', 'Wool Shift Dress']);
      expect((await search('country=GB')).totalCount).toBe(4);
      expect(sorted(await titles('country=US'))).toEqual(['Cotton Shirt Dress', 'Linen Midi Dress', 'Silk Wrap Dress', 'Velvet Slip Dress', 'Wool Shift Dress']);
      expect(await titles('country=GB&q=silk')).toEqual([]);
      // Linen is 80 in GB (its 50 size is sold out there), 65 in the US; Tweed, all sold out, keeps its 90.
      expect(await titles('country=GB&sort=asc')).toEqual(['Cotton Shirt Dress', 'Wool Shift Dress', 'Linen Midi Dress', 'Tweed Pinafore Dress']);
      expect(await titles('country=US&sort=asc')).toEqual(['Cotton Shirt Dress', 'Linen Midi Dress', 'Silk Wrap Dress', 'Wool Shift Dress', 'Velvet Slip Dress']);
    });

    it('shows on a card the price of a size a shopper can buy in that country, and a sold-out card as sold out', async () => {
      const cards = new Map((await search('country=GB')).products.map((p) => [p.variants[0]!.title, p]));
      expect(cards.get('Linen Midi Dress')!.saleprice).toBe(80);
      expect(cards.get('Linen Midi Dress')!.variants[0]!.size_variants[0]).toMatchObject({ saleprice: 80, status: 1 });
      expect(cards.get('Tweed Pinafore Dress')!.variants[0]!.size_variants[0]).toMatchObject({ saleprice: 90, status: 0 });
      const us = new Map((await search('country=US')).products.map((p) => [p.variants[0]!.title, p]));
      expect(us.get('Linen Midi Dress')!.variants[0]!.size_variants[0]).toMatchObject({ saleprice: 65, status: 1 });
    });

    it('gives the product page\'s size buttons each country\'s availability', async () => {
      expect(await sizes('LL-LINEN-S', 'GB')).toEqual({ S: { status: 0, saleprice: 50 }, M: { status: 1, saleprice: 80 } });
      expect(await sizes('LL-LINEN-S', 'US')).toEqual({ S: { status: 1, saleprice: 65 }, M: { status: 1, saleprice: 100 } });
    });

    it('counts a store\'s and a brand\'s products without what was withdrawn there', async () => {
      const stores = async (country: string) => StoreListSchema.parse((await get(`${DIRECTORY_API.stores}?country=${country}`)).body.data).stores;
      expect((await stores('GB')).map((s) => [s.slug, s.productCount])).toEqual([[STORE, 4]]);
      expect((await stores('US')).map((s) => [s.slug, s.productCount])).toEqual([[STORE, 5]]);
      const brands = BrandListSchema.parse((await get(`${DIRECTORY_API.brands}?country=GB`)).body.data).brands;
      expect(brands.map((b) => [b.name, b.productCount])).toEqual([['Ava Marlowe', 4]]);
    });

    it('answers a withdrawn product\'s detail 410 with its name, picture and store; a product never sold there 404', async () => {
      const res = await get(`${PRODUCT_API.detailByGuid(guid('LL-SILK'))}?country=GB`, 410);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.status).toBe(410);
      expect(res.body.message).toBe('No longer sold by Larch Linen on this country site');
      const withdrawn = WithdrawnProductSchema.parse(res.body.data);
      const us = await detail('LL-SILK', 'US');
      expect(withdrawn).toEqual({
        id: productId('Silk Wrap Dress'),
        title: 'Silk Wrap Dress',
        brand: 'Ava Marlowe',
        storename: 'Larch Linen',
        store_slug: STORE,
        images: us.product.variants[0]!.images,
        canonicalUrl: us.canonicalUrl,
      });
      expect(us.soldIn).toEqual(['US']);
      await get(`${PRODUCT_API.detailByGuid(guid('LL-VELVET'))}?country=GB`, 404);
      await get(`${priceHistoryPath(guid('LL-SILK'))}?country=GB`, 404);
    });

    it('offers similar items a shopper can buy on that site, for a withdrawn product too', async () => {
      const similar = async (item: string, country: string) => {
        const answer = SimilarProductsSchema.parse((await get(`${PRODUCT_API.similarByGuid(guid(item))}?country=${country}&perPage=12`)).body.data);
        return { titles: sorted(answer.products.map((p) => p.variants[0]!.title)), total: answer.totalCount };
      };
      // Tweed is listed in GB but sold out there: not offered as similar. Silk is not listed in GB at all.
      expect(await similar('LL-SILK', 'GB')).toEqual({ titles: ['Cotton Shirt Dress', 'Linen Midi Dress', 'Wool Shift Dress'], total: 4 });
      expect(await similar('LL-WOOL', 'GB')).toEqual({ titles: ['Cotton Shirt Dress', 'Linen Midi Dress'], total: 3 });
      expect(await similar('LL-WOOL', 'US')).toEqual({ titles: ['Cotton Shirt Dress', 'Linen Midi Dress', 'Silk Wrap Dress', 'Velvet Slip Dress'], total: 4 });
    });

    it('sends a withdrawn item\'s click-through to the store, not the retailer\'s dead link, and reads availability per country', async () => {
      const link = async (item: string, country: string) => RetailerLinkSchema.parse((await get(`${PRODUCT_API.retailer(guid(item))}?country=${country}`)).body.data);
      expect(await link('LL-SILK', 'GB')).toMatchObject({ withdrawn: true, url: '', saleprice: null, store_slug: STORE });
      expect(await link('LL-SILK', 'US')).toMatchObject({ withdrawn: false, url: 'https://shop.example/LL-SILK', saleprice: 75 });
      expect(await link('LL-LINEN-S', 'GB')).toMatchObject({ withdrawn: false, status: 0 });
      expect(await link('LL-LINEN-S', 'US')).toMatchObject({ withdrawn: false, status: 1 });
      // A click on it there is not counted; in the US it is.
      const click = async (country: string) => (await request(api.url).post(PRODUCT_API.click).send({ id: guid('LL-SILK'), country }).expect(200)).body.data;
      expect(await click('GB')).toEqual({ recorded: false });
      expect(await click('US')).toEqual({ recorded: true });
    });

    it('leaves a withdrawn product out of that site\'s sitemap', async () => {
      const urls = async (country: string) => SitemapUrlsSchema.parse((await get(`${PRODUCT_API.sitemap('products')}?country=${country}`)).body.data);
      const gb = await urls('GB');
      expect(gb.totalCount).toBe(4);
      expect(gb.urls.some((u) => u.path.includes('silk'))).toBe(false);
      expect((await urls('US')).totalCount).toBe(5);
    });

    it('keeps a withdrawn product in a wishlist, marked "no longer sold by" its store on that site only', async () => {
      const wishlists = new WishlistService(db);
      await wishlists.add(shopper, { productId: productId('Silk Wrap Dress') }, 0, 'Reads', testTranslator().t);
      const [{ id: listId }] = (await db.query<{ id: number }>('SELECT id FROM wishlists WHERE user_id = $1', [shopper.userId])) as [{ id: number }];
      await wishlists.add(shopper, { productId: productId('Velvet Slip Dress') }, listId, undefined, testTranslator().t);
      const items = async (country: 'GB' | 'US') =>
        Object.fromEntries(
          (await wishlists.read(shopper, listId, country, 'added', { page: 1, perPage: 20 })).items.map((i) => [i.productName, { card: i.product !== null, notice: i.product ? null : goneWords(testTranslator().t, i.noLongerSoldBy) }]),
        );
      expect(await items('GB')).toEqual({
        'Silk Wrap Dress': { card: false, notice: 'No longer sold by Larch Linen' },
        // Never sold in GB: not withdrawn there, just not here.
        'Velvet Slip Dress': { card: false, notice: 'No longer available' },
      });
      expect(await items('US')).toEqual({ 'Silk Wrap Dress': { card: true, notice: null }, 'Velvet Slip Dress': { card: true, notice: null } });
    });

    it('keeps a withdrawn piece in a look, marked the same way', async () => {
      const looks = new LookService(db, new SearchService(db, started.engine, createLogger('api', 'silent')).facets);
      const at = (item: string, z: number) => ({ guid: guid(item), x: 10 * z, y: 10, width: 100, height: 100, z });
      const { listId } = await looks.save(shopper, 0, 'Linen and silk', true, [at('LL-SILK', 1), at('LL-WOOL', 2)]);
      const pieces = async (country: 'GB' | 'US') => (await looks.read(shopper, listId, country)).items.map((i) => [i.productName, i.product !== null, i.noLongerSoldBy]);
      expect(await pieces('GB')).toEqual([
        ['Silk Wrap Dress', false, 'Larch Linen'],
        ['Wool Shift Dress', true, null],
      ]);
      expect(await pieces('US')).toEqual([
        ['Silk Wrap Dress', true, null],
        ['Wool Shift Dress', true, null],
      ]);
    });

    it('leaves withdrawn and sold-out sizes out of My Sales and the follows\' on-sale counts, per country', async () => {
      const follows = new FollowService(db);
      await follows.follow(shopper.userId, 'store', (await db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [STORE]))[0]!.id);
      const sales = new SalesService(db);
      const onSale = async (country: 'GB' | 'US') => {
        const page = await sales.list(shopper, country, { page: 1, perPage: 20 });
        return { titles: sorted(page.products.map((p) => p.variants[0]!.title)), total: page.totalCount };
      };
      expect(await onSale('GB')).toEqual({ titles: ['Cotton Shirt Dress', 'Linen Midi Dress', 'Wool Shift Dress'], total: 3 });
      expect(await onSale('US')).toEqual({ titles: ['Cotton Shirt Dress', 'Linen Midi Dress', 'Silk Wrap Dress', 'Velvet Slip Dress', 'Wool Shift Dress'], total: 5 });
      const followed = async (country: 'GB' | 'US') => {
        const [store] = (await follows.list(shopper.userId, 'store', country, { page: 1, perPage: 20 })).follows;
        return { onSale: store!.onSale, newest: sorted(store!.products.map((p) => p.variants[0]!.title)) };
      };
      expect((await followed('GB')).onSale).toBe(3);
      expect((await followed('GB')).newest).not.toContain('Silk Wrap Dress');
      expect((await followed('US')).onSale).toBe(5);
    });
  });
});
