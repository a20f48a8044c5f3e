import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { describe, expect, it } from 'vitest';
import {
  BrandListSchema,
  ClickRecordedSchema,
  ProductDetailSchema,
  SimilarProductsSchema,
  StoreListSchema,
  type ProductCard,
} from '../../../shared/api/product-schemas';
import {
  BreadcrumbSchema,
  CanonicalLinksSchema,
  DealsSchema,
  FilterSchema,
  PriceFilterSchema,
  SEARCH_DEBUG_FORBIDDEN,
  SearchDebugAnswerSchema,
  SearchResponseSchema,
  SuggestionsSchema,
  type Filter,
} from '../../../shared/api/search-schemas';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { demoApiForFile } from '../../support/demo-stack';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';

// The search API over HTTP (spec section 7 "Products and search"), on the small generated demo catalogue
// loaded through the real importer, with the index the api builds at start. The catalogue is
// the same every run, so counts are exact: each was checked against a SQL count of the products
// the demo database lists in the country (a price row there, a store not kept to admins).
// Issue 28: a product is every store's copy of an item (products.canonical_id), listed once as
// its card, so the counts are of products (distinct canonical_id), not of store copies.

const catalog = demoApiForFile();

async function search(query: string) {
  const res = await request(catalog.api.url).get(`${SEARCH_API.list}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SearchResponseSchema.parse(res.body.data);
}

async function filter(type: string, query = ''): Promise<Filter> {
  const res = await request(catalog.api.url).get(`${SEARCH_API.filters(type)}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return FilterSchema.parse(res.body.data);
}

const ids = (products: readonly ProductCard[]) => products.map((p) => p.id);
const counts = (f: Filter) => Object.fromEntries(f.buckets.map((b) => [b.id, b.docCount]));

describe('GET /api/search', () => {
  it('answers a text search with product cards, the total, a title and a canonical path', async () => {
    const res = await search('q=dress&perPage=5');
    expect(res.totalCount).toBe(11);
    expect(res.products).toHaveLength(5);
    expect(res.key).toBe('Dress');
    expect(res.canonicalUrl).toBe('shop/dress');
    expect(res.currencySymbol).toBe('£');
    for (const p of res.products) expect(p.variants.length).toBeGreaterThan(0);
    // Every hit has a dress-ish word in its title, brand, category or colour.
    expect(res.products.some((p) => /dress/i.test(p.variants[0]!.title))).toBe(true);
    expect(res).not.toHaveProperty('debug');
    expect(res).not.toHaveProperty('timeTaken');
  });

  it('finds singular and plural alike (stemming)', async () => {
    const [singular, plural] = await Promise.all([search('q=dress'), search('q=dresses')]);
    expect(plural.totalCount).toBe(singular.totalCount);
    const [jean, jeans] = await Promise.all([search('q=jean'), search('q=jeans')]);
    expect(jeans.totalCount).toBe(3);
    expect(jean.totalCount).toBe(jeans.totalCount);
  });

  it('forgives one typo in words of 5+ letters and none in shorter words', async () => {
    const exact = await search('q=jeans');
    expect((await search('q=jeens')).totalCount).toBe(exact.totalCount);
    expect((await search('q=dreses')).totalCount).toBe((await search('q=dress')).totalCount);
    // "bgas" (4 letters) is two edits from "bags"… and four letters get no typo at all.
    expect((await search('q=bgas')).totalCount).toBe(0);
    expect((await search('q=zzzzzzzz')).totalCount).toBe(0);
  });

  it('finds synonyms shoppers use: sweater finds jumpers, sneakers finds trainers', async () => {
    const sweater = await search('q=sweater&perPage=100');
    const jumper = await search('q=jumper&perPage=100');
    expect(sweater.totalCount).toBe(2);
    expect(sweater.totalCount).toBe(jumper.totalCount);
    const trainers = await search('q=trainers');
    const sneakers = await search('q=sneakers');
    expect(trainers.totalCount).toBe(1);
    expect(trainers.totalCount).toBe(sneakers.totalCount);
  });

  it('serves listing paths: category, brand, store, sale band, /shop words; unknown paths are 404', async () => {
    const dresses = await search('link=/dresses');
    expect(dresses.key).toBe("Women's Dresses");
    expect(dresses.canonicalUrl).toBe('dresses');
    expect(dresses.totalCount).toBe(11);
    const midi = await search('link=/midi-dresses');
    expect(midi.totalCount).toBe(6);
    expect(midi.products).toHaveLength(6);
    expect(midi.products.every((p) => p.subcategory_slug === 'midi-dresses')).toBe(true);

    const brand = dresses.products[0]!.brand_slug!;
    const byBrand = await search(`link=/brand/${brand}&perPage=100`);
    expect([brand, byBrand.totalCount]).toEqual(['finch-and-langford', 15]);
    expect(byBrand.products).toHaveLength(15);
    expect(byBrand.products.every((p) => p.brand_slug === brand)).toBe(true);

    const store = dresses.products[0]!.store_slug;
    const byStore = await search(`link=/store/${store}&perPage=100`);
    // A store's page lists that store's own copies, each at its own price (issue 28).
    expect([store, byStore.totalCount]).toEqual(['the-dune-studio', 54]);
    expect(byStore.products).toHaveLength(54);
    expect(byStore.products.every((p) => p.store_slug === store)).toBe(true);

    const band = await search('link=/50-percent-off&perPage=100');
    expect(band.totalCount).toBe(11);
    expect(band.products).toHaveLength(11);
    for (const p of band.products) expect(Math.max(...p.variants.map((v) => v.size_variants[0]!.offers))).toBeGreaterThanOrEqual(50);

    const shop = await search('link=/shop/dresses');
    expect(shop.totalCount).toBe(dresses.totalCount);
    expect((await search('link=/shop/red-dress')).canonicalUrl).toBe('shop/red-dress');

    for (const link of ['/nothing-here', '/brand/no-such-brand', '/store/no-such-store', '/dresses/extra/segments', '/editors-picks/nope']) {
      const res = await request(catalog.api.url).get(`${SEARCH_API.list}?link=${encodeURIComponent(link)}`).expect(404);
      expect(res.body.message).toContain(link);
    }
  });

  it('pages through a sort without gaps or repeats, and answers the same order every time', async () => {
    const whole = await search('link=/clothing&sort=asc&perPage=40');
    const first = await search('link=/clothing&sort=asc&perPage=20&page=1');
    const second = await search('link=/clothing&sort=asc&perPage=20&page=2');
    expect([...ids(first.products), ...ids(second.products)]).toEqual(ids(whole.products));
    expect(ids((await search('link=/clothing&sort=asc&perPage=40')).products)).toEqual(ids(whole.products));
  });

  it('sorts by price both ways and by highest discount', async () => {
    const asc = (await search('link=/clothing&sort=asc&perPage=100')).products.map((p) => p.saleprice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search('link=/clothing&sort=desc&perPage=100')).products.map((p) => p.saleprice);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const sale = (await search('sort=sale&perPage=100')).products.map((p) => Number(p.sales[0]?.sale_title.replace(/% Off$/, '') ?? 0));
    expect(sale).toEqual([...sale].sort((a, b) => b - a));
    // The deepest discount in GB, first.
    expect(sale[0]).toBe(81);
  });

  it('filters: colour OR colour, AND brand; sale, price range, department', async () => {
    const red = await search('colour=red&perPage=100');
    const blue = await search('colour=blue&perPage=100');
    const both = await search('colour=red,blue&perPage=100');
    expect(red.totalCount).toBe(12);
    expect(blue.totalCount).toBe(3);
    const union = new Set([...ids(red.products), ...ids(blue.products)]);
    expect(both.totalCount).toBe(union.size);
    expect(both.products).toHaveLength(15);
    for (const p of both.products) expect(p.variants.some((v) => v.colour === 'red' || v.colour === 'blue')).toBe(true);

    const brand = red.products[0]!.brand_slug!;
    const redOfBrand = await search(`colour=red&brand=${brand}&perPage=100`);
    expect([brand, redOfBrand.totalCount]).toEqual(['marlowe-and-yardley', 3]);
    expect(redOfBrand.products).toHaveLength(3);
    expect(redOfBrand.products.every((p) => p.brand_slug === brand)).toBe(true);

    const onSale = await search('sale=true&perPage=100');
    // A product is on sale when its card (the copy listed) is (issue 28).
    expect(onSale.totalCount).toBe(33);
    expect(onSale.products).toHaveLength(33);
    expect(onSale.products.every((p) => p.sales.length === 1)).toBe(true);

    const priced = await search('priceRanges=20,40&perPage=100');
    expect(priced.totalCount).toBe(14);
    expect(priced.products).toHaveLength(14);
    for (const p of priced.products) {
      expect(p.saleprice).toBeGreaterThanOrEqual(20);
      expect(p.saleprice).toBeLessThanOrEqual(40);
    }
    const men = await search('department=men&perPage=100');
    expect(men.products).toHaveLength(2);
    expect(men.products.every((p) => p.department === 'men')).toBe(true);
  });

  it('prices and lists products per country', async () => {
    const gb = await search('perPage=1');
    const us = await search('country=US&perPage=1');
    expect(us.countryCode).toBe('US');
    expect(us.currencySymbol).toBe('$');
    expect([gb.totalCount, us.totalCount]).toEqual([94, 151]);
  });

  it('refuses nonsense with a 400 that names the parameter', async () => {
    const cases: [string, string][] = [
      ['colour=mauve', 'colour'],
      ['sort=cheapest', 'sort'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['perPage=-5', 'perPage'],
      ['priceRanges=cheap', 'priceRanges'],
      ['priceRanges=50,10', 'priceRanges'],
      ['offers=10-200', 'offers'],
      ['department=pets', 'department'],
      ['country=XX', 'country'],
      ['category=no-such-category', 'category'],
      ['sale=maybe', 'sale'],
      ['link=no-slash', 'link'],
    ];
    for (const [query, name] of cases) {
      const res = await request(catalog.api.url).get(`${SEARCH_API.list}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.status).toBe(400);
      expect(res.body.message, query).toContain(name);
    }
    // Larger pages are capped, not refused.
    expect((await search('perPage=5000')).perPage).toBe(100);
  });

  it('ignores parameters it does not know, and answers the same as without them', async () => {
    const plain = await request(catalog.api.url).get(`${SEARCH_API.list}?q=dress&perPage=3`).expect(200);
    const tagged = await request(catalog.api.url).get(`${SEARCH_API.list}?utm_source=news&q=dress&fbclid=abc&perPage=3`).expect(200);
    expect(tagged.text).toBe(plain.text);
  });
});

describe('GET /api/search/debug (spec section 2: the admin debug and time-taken line)', () => {
  it('answers admins (profile type 1 or 2) how the request was read and the time taken; everyone else gets 403', async () => {
    let accountsApi: AccountsApi | undefined;
    try {
      accountsApi = await startAccountsApi({ db: catalog.db });
      const shopper = await registerUser(accountsApi);
      const admin = await registerUser(accountsApi);
      await catalog.db.query('UPDATE users SET profile_type = 2 WHERE id = $1', [admin.userId]);

      const asAdmin = await request(catalog.api.url).get(`${SEARCH_API.debug}?q=dreses`).set('token', admin.token).expect(200);
      const answer = SearchDebugAnswerSchema.parse(asAdmin.body.data);
      expect(answer.timeTaken).toBeGreaterThanOrEqual(0);
      expect(answer.debug.engine).toBe('memory');
      expect(answer.debug.tokens[0]).toMatchObject({ word: 'dreses', expansions: [{ term: 'dress', quality: 1 }] });
      expect(asAdmin.headers['cache-control']).toBe('private, no-store');

      for (const call of [request(catalog.api.url).get(`${SEARCH_API.debug}?q=dreses`).set('token', shopper.token), request(catalog.api.url).get(`${SEARCH_API.debug}?q=dreses`)]) {
        const refused = await call.expect(403);
        expect(refused.body).toEqual({ status: 403, message: SEARCH_DEBUG_FORBIDDEN });
        // Every answer of a personal route is private, refusals included (shared/api/api-routes.ts).
        expect(refused.headers['cache-control']).toBe('private, no-store');
      }
      // A bad listing query is the same 400 as the list's.
      const bad = await request(catalog.api.url).get(`${SEARCH_API.debug}?sort=bogus`).set('token', admin.token).expect(400);
      expect(bad.body.message).toBe((await request(catalog.api.url).get(`${SEARCH_API.list}?sort=bogus`).expect(400)).body.message);
    } finally {
      // The accounts api shares this file's database: stop its timers only.
      await accountsApi?.accounts.stop();
    }
  });

  it('answers GET /api/search with the same bytes for a guest, a shopper and an admin, cacheable', async () => {
    let accountsApi: AccountsApi | undefined;
    try {
      accountsApi = await startAccountsApi({ db: catalog.db });
      const shopper = await registerUser(accountsApi);
      const admin = await registerUser(accountsApi);
      await catalog.db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
      const answers = await Promise.all([
        request(catalog.api.url).get(`${SEARCH_API.list}?q=dreses`),
        request(catalog.api.url).get(`${SEARCH_API.list}?q=dreses`).set('token', shopper.token),
        request(catalog.api.url).get(`${SEARCH_API.list}?q=dreses`).set('token', admin.token),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.text).toBe(answers[0]!.text);
        expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      }
      expect(answers[0]!.body.data).not.toHaveProperty('debug');
      expect(answers[0]!.body.data).not.toHaveProperty('timeTaken');
    } finally {
      await accountsApi?.accounts.stop();
    }
  });
});

describe('GET /api/search/filters/{type}, deals, breadcrumb', () => {
  it('counts each facet group without its own filter (disjunctive), other groups with theirs', async () => {
    const plain = counts(await filter('colour', 'link=/clothing'));
    const withRed = await filter('colour', 'link=/clothing&colour=red');
    // Picking red leaves every colour's count as it was…
    expect(counts(withRed)).toEqual(plain);
    expect(withRed.buckets.find((b) => b.id === 'red')!.selected).toBe(true);
    // … and each count is what picking that colour alone would list.
    const blue = await search('link=/clothing&colour=blue');
    expect(plain.blue ?? 0).toBe(blue.totalCount);

    // Another group's filter does narrow the colour counts.
    const brands = await filter('brand', 'link=/clothing&size=1');
    const top = brands.buckets[0]!;
    const ofBrand = counts(await filter('colour', `link=/clothing&brand=${top.id}`));
    const total = Object.values(ofBrand).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(Object.values(plain).reduce((a, b) => a + b, 0));
    // … and the brand facet counts the colour-filtered listing.
    const redBrands = counts(await filter('brand', 'link=/clothing&colour=red&size=100'));
    const redListing = await search('link=/clothing&colour=red');
    expect(Object.values(redBrands).reduce((a, b) => a + b, 0)).toBe(redListing.totalCount);
  });

  it('always returns selected values, even beyond the top N or with no products', async () => {
    const all = await filter('brand', 'size=100');
    const last = all.buckets[all.buckets.length - 1]!;
    const cut = await filter('brand', `size=2&brand=${last.id}`);
    expect(cut.buckets.map((b) => b.id)).toContain(last.id);
    expect(cut.buckets.find((b) => b.id === last.id)!.selected).toBe(true);
    expect(cut.otherCount).toBe(all.buckets.length - 3);
    const none = await filter('colour', 'link=/health-and-beauty&q=zzzzzz&colour=teal');
    expect(none.buckets).toEqual([expect.objectContaining({ id: 'teal', docCount: 0, selected: true })]);
  });

  it('finds brands and stores by name', async () => {
    const all = await filter('brand', 'size=100');
    const name = all.buckets[0]!.key;
    const found = await filter('brand', `find=${encodeURIComponent(name.slice(0, 4).toLowerCase())}`);
    expect(found.buckets.map((b) => b.key)).toContain(name);
    expect(found.buckets.every((b) => b.key.toLowerCase().includes(name.slice(0, 4).toLowerCase()))).toBe(true);
    await request(catalog.api.url).get(`${SEARCH_API.filters('brand')}?find=%20%20`).expect(400);
  });

  it('counts categories at the next level of the listing, opening the selected path', async () => {
    const top = await filter('category');
    expect(top.filterName).toBe('category');
    expect(top.buckets.map((b) => b.id)).toContain('clothing');
    const clothing = await filter('category', 'link=/clothing');
    expect(clothing.filterName).toBe('subcategory');
    const dresses = clothing.buckets.find((b) => b.id === 'dresses')!;
    expect(dresses.docCount).toBe((await search('link=/dresses')).totalCount);
    expect(clothing.buckets.reduce((a, b) => a + b.docCount, 0)).toBe((await search('link=/clothing')).totalCount);
    const opened = await filter('category', 'link=/clothing&subcategory=dresses');
    const dressBucket = opened.buckets.find((b) => b.id === 'dresses')!;
    expect(dressBucket.selected).toBe(true);
    expect(dressBucket.subBuckets[0]!.filterName).toBe('subcategory2');
    expect(dressBucket.subBuckets[0]!.buckets.map((b) => b.id)).toContain('midi-dresses');
  });

  it('gives the price range in whole units with the country step, from q or path only', async () => {
    const res = await request(catalog.api.url).get(`${SEARCH_API.filters('price')}?link=/clothing&colour=red`).expect(200);
    const gb = PriceFilterSchema.parse(res.body.data);
    expect(gb.buckets.price_steps).toBe(50);
    expect(gb.currencyCode).toBe('GBP');
    const cards = (await search('link=/clothing&sort=asc&perPage=1')).products[0]!;
    expect(gb.buckets.price_min).toBe(Math.floor(cards.saleprice));
    const same = PriceFilterSchema.parse((await request(catalog.api.url).get(`${SEARCH_API.filters('price')}?link=/clothing`).expect(200)).body.data);
    expect(same.buckets).toEqual(gb.buckets);
    const india = PriceFilterSchema.parse((await request(catalog.api.url).get(`${SEARCH_API.filters('price')}?country=IN`).expect(200)).body.data);
    expect(india.buckets.price_steps).toBe(4000);
    await request(catalog.api.url).get(SEARCH_API.filters('size')).expect(404);
  });

  it('answers each companion call from only what it depends on, whatever else is sent', async () => {
    const same = async (path: string, fuller: string, lean: string) => {
      const a = await request(catalog.api.url).get(`${path}?${fuller}`).expect(200);
      const b = await request(catalog.api.url).get(`${path}?${lean}`).expect(200);
      expect(a.text, `${path}?${fuller}`).toBe(b.text);
    };
    // Sort and paging never change a filter group or the deals.
    await same(SEARCH_API.filters('colour'), 'link=/clothing&brand=x&sort=asc&page=3&perPage=40', 'link=/clothing&brand=x');
    await same(SEARCH_API.deals, 'link=/clothing&colour=red&sort=desc&page=2', 'link=/clothing&colour=red');
    // The price range: q or link, country and internationaldelivery only (spec section 7).
    await same(SEARCH_API.filters('price'), 'link=/clothing&q=red&colour=red&sale=true&sort=asc&country=US', 'link=/clothing&country=US');
    await same(SEARCH_API.filters('price'), 'q=dress&colour=red&brand=x&internationaldelivery=true', 'q=dress&internationaldelivery=true');
    // The SEO links: q or link and country; the breadcrumb: link and the category levels.
    await same(SEARCH_API.canonicalLinks, 'link=/dresses&colour=red&sort=asc', 'link=/dresses');
    await same(SEARCH_API.breadcrumb, 'link=/clothing&subcategory=dresses&country=IN&colour=red&page=4', 'link=/clothing&subcategory=dresses');
    // The filters do change what a filter group counts.
    const brandsOf = async (query: string) => (await request(catalog.api.url).get(`${SEARCH_API.filters('brand')}?${query}`).expect(200)).text;
    expect(await brandsOf('link=/clothing&colour=red')).not.toBe(await brandsOf('link=/clothing'));
  });

  it('counts deals in the order coupons, free delivery, sale, price dropped', async () => {
    const res = await request(catalog.api.url).get(`${SEARCH_API.deals}?link=/clothing`).expect(200);
    const { deals } = DealsSchema.parse(res.body.data);
    expect(deals.map((d) => d.key)).toEqual(['coupons', 'freedelivery', 'sale', 'pricedropped']);
    expect(deals[2].docCount).toBe((await search('link=/clothing&sale=true')).totalCount);
    expect(deals[0].docCount).toBe((await search('link=/clothing&coupons=true')).totalCount);
    expect(deals[1].docCount).toBe((await search('link=/clothing&freedelivery=1')).totalCount);
    expect(deals[3].docCount).toBe((await search('link=/clothing&pricedropped=1')).totalCount);
    // Disjunctive too: choosing sale does not zero out the sale count.
    const chosen = DealsSchema.parse((await request(catalog.api.url).get(`${SEARCH_API.deals}?link=/clothing&sale=true`).expect(200)).body.data);
    expect(chosen.deals[2].docCount).toBe(deals[2].docCount);
  });

  it('gives the breadcrumb of a category listing, five levels at most', async () => {
    const res = await request(catalog.api.url).get(`${SEARCH_API.breadcrumb}?link=/midi-dresses`).expect(200);
    expect(BreadcrumbSchema.parse(res.body.data).breadCrumb).toEqual([
      { filterName: 'category', key: 'Clothing', slug: 'clothing' },
      { filterName: 'subcategory', key: 'Dresses', slug: 'dresses' },
      { filterName: 'subcategory2', key: 'Midi Dresses', slug: 'midi-dresses' },
    ]);
    const empty = await request(catalog.api.url).get(`${SEARCH_API.breadcrumb}?q=dress`).expect(200);
    expect(empty.body.data.breadCrumb).toEqual([]);
  });

  it('gives canonical links that resolve to listings', async () => {
    const res = await request(catalog.api.url).get(`${SEARCH_API.canonicalLinks}?link=/dresses`).expect(200);
    const links = CanonicalLinksSchema.parse(res.body.data);
    expect(links.searchinfo).toEqual({ category: 'dresses', department: 'women', brand: null });
    // The five brands of women's dresses, ten of their thirteen colours, and all 18 of the
    // country's brands (fewer than the 20 it would show).
    expect([links.brand.length, links.attribute.length, links.fixedbrand.length]).toEqual([5, 10, 18]);
    const listed: Record<string, number> = {};
    for (const link of [...links.brand, ...links.attribute].slice(0, 6)) listed[link.canonicalUrl] = (await search(`link=/${link.canonicalUrl}`)).totalCount;
    expect(listed).toEqual({
      'brand/finch-and-langford/dresses': 5,
      'brand/marlowe-and-yardley/dresses': 2,
      'brand/saffron-copenhagen/dresses': 2,
      'brand/haze-label/dresses': 1,
      'brand/dune-studio-edit/dresses': 1,
      'shop/gold-dresses': 3,
    });
  });

  it('suggests categories, brands and catalogue words by department; learns popular searches', async () => {
    await search('q=midi%20dress');
    const res = await request(catalog.api.url).get(SEARCH_API.autoSuggestIn('women', 'mid')).expect(200);
    const { suggestions } = SuggestionsSchema.parse(res.body.data);
    expect(suggestions).toContainEqual(expect.objectContaining({ type: 'search', key: 'midi dress' }));
    expect(suggestions).toContainEqual(expect.objectContaining({ type: 'category', canonicalUrl: 'midi-dresses' }));
    expect(suggestions).toContainEqual(expect.objectContaining({ type: 'term', key: 'midi' }));
    const reversed = await request(catalog.api.url).get(SEARCH_API.autoSuggestIn('mid', 'women')).expect(200);
    expect(reversed.body.data).toEqual(res.body.data);
    // Men's categories only, most products first. On the US site (the demo's GB site sells no
    // men's jeans), where women's straight jeans alone outnumber men's.
    const men = SuggestionsSchema.parse(
      (await request(catalog.api.url).get(`${SEARCH_API.autoSuggest('jea')}?department=men&country=US`).expect(200)).body.data,
    );
    const menCategories = men.suggestions.filter((s) => s.type === 'category');
    expect(menCategories.map((s) => [s.canonicalUrl, s.docCount])).toEqual([
      ['men-jeans', 5],
      ['men-slim-jeans', 3],
      ['men-straight-jeans', 1],
      ['men-tapered-jeans', 1],
    ]);
    await request(catalog.api.url).get(SEARCH_API.autoSuggestIn('pets', 'dress')).expect(400);
    const links = CanonicalLinksSchema.parse((await request(catalog.api.url).get(SEARCH_API.canonicalLinks).expect(200)).body.data);
    expect(links.topsearches.map((t) => t.key)).toContain('midi dress');
  });

  // Issue 29: a suggested category is named in the caller's language (the text still matches
  // the catalogue's English names).
  it('names suggested categories in the caller’s language', async () => {
    const suggested = async (locale: string) =>
      SuggestionsSchema.parse((await request(catalog.api.url).get(`${SEARCH_API.autoSuggest('jea')}?department=men&country=US`).set(UPSTREAM_HEADER.locale, locale).expect(200)).body.data)
        .suggestions.filter((s) => s.type === 'category')
        .map((s) => s.key);
    expect(await suggested('en-US')).toEqual(["Men's Jeans", "Men's Slim Jeans", "Men's Straight Jeans", "Men's Tapered Jeans"]);
    expect(await suggested('fr-CA')).toEqual(['Jeans pour hommes', 'Jeans étroits pour hommes', 'Jeans droits pour hommes', 'Jeans fuselés pour hommes']);
    expect(await suggested('zh-HK')).toEqual(['男裝牛仔褲', '男裝修身牛仔褲', '男裝直腳牛仔褲', '男裝錐形牛仔褲']);
  });
});

// eslint-disable-next-line no-restricted-syntax -- a test's title, no path
describe('/api/products and the brand and store lists', () => {
  it('shows a product landing page by path or guid, 404 for unknown slugs', async () => {
    const card = (await search('link=/dresses&perPage=1')).products[0]!;
    const sv = card.variants[0]!.size_variants[0]!;
    const res = await request(catalog.api.url).get(PRODUCT_PAGE_API.detail(card.category_slug, card.subcategory_slug, sv.slug)).expect(200);
    const detail = ProductDetailSchema.parse(res.body.data);
    expect(detail.product.id).toBe(card.id);
    expect(detail.selected.guid).toBe(sv.guid);
    expect(detail.canonicalUrl).toBe(`clothing/${card.subcategory_slug}/${sv.slug}`);
    expect(detail.breadCrumb[0]).toEqual({ filterName: 'category', key: 'Clothing', slug: 'clothing' });
    const byGuid = ProductDetailSchema.parse((await request(catalog.api.url).get(PRODUCT_API.detailByGuid(sv.guid)).expect(200)).body.data);
    expect(byGuid.product.id).toBe(card.id);
    await request(catalog.api.url).get(PRODUCT_PAGE_API.detail('clothing', 'dresses', 'no-such-slug')).expect(404);
    await request(catalog.api.url).get(PRODUCT_API.detailByGuid('not-a-guid')).expect(400);

    const similar = SimilarProductsSchema.parse(
      (await request(catalog.api.url).get(`${PRODUCT_API.similarByGuid(sv.guid)}?perPage=3`).expect(200)).body.data,
    );
    expect(ids(similar.products)).not.toContain(card.id);
    expect(similar.products).toHaveLength(3);
    expect(similar.products.every((p) => p.subcategory_slug === card.subcategory_slug)).toBe(true);
  });

  it('stores a click-through (add-csd); unknown guid 404, malformed 400', async () => {
    const sv = (await search('perPage=1')).products[0]!.variants[0]!.size_variants[0]!;
    const res = await request(catalog.api.url).post(PRODUCT_API.click).send({ id: sv.guid, country: 'us', source: '/dresses' }).expect(200);
    expect(ClickRecordedSchema.parse(res.body.data)).toEqual({ recorded: true });
    const rows = await catalog.db.query<{ country_code: string; source: string }>(
      'SELECT c.country_code, c.source FROM product_clicks c JOIN size_variants sv ON sv.id = c.size_variant_id WHERE sv.guid = $1',
      [sv.guid],
    );
    expect(rows).toEqual([{ country_code: 'US', source: '/dresses' }]);
    await request(catalog.api.url).post(PRODUCT_API.click).send({ id: '00000000-0000-4000-8000-000000000000' }).expect(404);
    const bad = await request(catalog.api.url).post(PRODUCT_API.click).send({ id: 'abc' }).expect(400);
    expect(bad.body.message).toContain('guid');
  });

  it('lists brands and stores with product counts per country, and searches stores', async () => {
    const brands = BrandListSchema.parse((await request(catalog.api.url).get(DIRECTORY_API.brands).expect(200)).body.data).brands;
    const facet = await filter('brand', 'size=500');
    expect(Object.fromEntries(brands.map((b) => [b.slug, b.productCount]))).toEqual(counts(facet));
    expect(brands.map((b) => b.name)).toEqual([...brands.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en-GB')));
    // Every brand of the demo that lists products in GB (a SQL count agrees).
    expect(brands).toHaveLength(18);
    expect(brands.every((b) => b.letter === b.name[0]!.toUpperCase())).toBe(true);
    const stores = StoreListSchema.parse((await request(catalog.api.url).get(DIRECTORY_API.stores).expect(200)).body.data).stores;
    // The demo's stores that list products in GB.
    expect(stores).toHaveLength(4);
    const one = stores[0]!;
    const found = StoreListSchema.parse(
      (await request(catalog.api.url).get(DIRECTORY_API.storeSearch(one.name.split(' ').pop()!.toLowerCase())).expect(200)).body.data,
    ).stores;
    expect(found.map((s) => s.slug)).toContain(one.slug);
    await request(catalog.api.url).get(DIRECTORY_API.storeSearch('  ')).expect(400);
    await request(catalog.api.url).get(`${DIRECTORY_API.brands}?department=pets`).expect(400);
  });

  it('gives sitemap pages of at most 50,000 URLs, and an index of them', async () => {
    const index = await request(catalog.api.url).get(PRODUCT_API.sitemapIndex).expect(200);
    expect(index.body.data.pageSize).toBe(50_000);
    const products = index.body.data.kinds.find((k: { kind: string }) => k.kind === 'products');
    expect(products.totalCount).toBe((await search('perPage=1')).totalCount);
    const page = await request(catalog.api.url).get(`${PRODUCT_API.sitemap('products')}?perPage=5&page=2`).expect(200);
    expect(page.body.data.urls).toHaveLength(5);
    const detailPath = page.body.data.urls[0].path as string;
    const [category, lastnode, slug] = detailPath.split('/');
    await request(catalog.api.url).get(PRODUCT_PAGE_API.detail(category!, lastnode!, slug!)).expect(200);
    await request(catalog.api.url).get(`${PRODUCT_API.sitemap('products')}?perPage=60000`).expect(200);
    await request(catalog.api.url).get(PRODUCT_API.sitemap('widgets')).expect(404);
  });
});

describe('following the catalogue', () => {
  it('lists products of a feed imported after start', async () => {
    const fixtures = path.resolve(import.meta.dirname, '../../fixtures/feeds/good');
    expect((await search('link=/shop/northlane')).totalCount).toBe(0);
    await importStores(catalog.db, JSON.parse(fs.readFileSync(path.join(fixtures, 'stores.json'), 'utf8')));
    await importFeed(catalog.db, { file: path.join(fixtures, 'northlane.gb.tsv') });
    await catalog.api.engine.settled();
    const listed = await search('link=/store/northlane');
    // NL100 (three sizes), NL200 and NL300 (standalone items) and NL400.
    expect(listed.totalCount).toBe(4);
    expect(listed.products).toHaveLength(4);
    expect(listed.products.every((p) => p.store_slug === 'northlane')).toBe(true);
  });
});
