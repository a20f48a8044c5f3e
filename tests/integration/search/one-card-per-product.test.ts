import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterSchema, SearchResponseSchema } from '../../../shared/api/search-schemas';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { gtinCheckDigit } from '../../../shared/gtin';
import { dressFeed } from '../../support/feed-fixtures';
import { SEARCH_ENGINES, apiOverEngineFor } from '../../support/search-engines';
import { BOTH_ENGINES } from '../../support/test-database';

// Issue 28, "What the shopper sees": listing and search answer one card per product (every
// store's copy sharing products.canonical_id), the copy a shopper pays least for in all (in
// stock first, then the lowest total of sale price and delivery, then the lowest product id);
// counts, facets and paging count products; a store facet counts the products each store sells;
// a store filter lists that store's own copies. On both search engines, on PGlite and PostgreSQL.
//
// Three GB stores (GBP). Delivery: Ash 3.00 (free from 100), Birch 2.00, Cedar unknown (counted
// as 0). The items and their totals in GB:
//   Rosa   Ash 90 + 3 = 93 · Birch 85 + 2 = 87 sold out · Cedar 88 + 6.00 feed shipping = 94  → Ash's, from 93 at 2 stores
//   Lena   Ash 60 + 3 = 63 · Birch 61 + 2 = 63 (a tie: Ash's copy is the older)             → Ash's, from 63 at 2 stores
//   Nell   Ash 50 + 3 = 53 sold out · Birch 45 + 2 = 47 sold out                            → Birch's (cheapest, none in stock)
//   Ivy    Ash 30 + 3 = 33                                                                  → Ash's, 1 store
//   Mira   Cedar 40 + unknown = 40                                                          → Cedar's, 1 store

const MANIFEST = {
  stores: [
    { slug: 'ash-atelier', name: 'Ash Atelier', countryCode: 'GB', freeDelivery: { GB: 100, US: null, INTERNATIONAL: null }, deliveryPrices: { GB: 3 } },
    { slug: 'birch-boutique', name: 'Birch Boutique', countryCode: 'GB', freeDelivery: { GB: null, US: null, INTERNATIONAL: null }, deliveryPrices: { GB: 2 } },
    { slug: 'cedar-closet', name: 'Cedar Closet', countryCode: 'GB', freeDelivery: { GB: null, US: null, INTERNATIONAL: null } },
  ],
};

/** Each item's GTIN (its one size), the same in every store that sells it: the matcher makes one product of them. */
const GTIN = Object.fromEntries(
  ['ROSA', 'LENA', 'NELL', 'IVY', 'MIRA'].map((name, i) => {
    const body = `0501234500${String(i).padStart(3, '0')}`;
    return [name, `${body}${gtinCheckDigit(body)}`];
  }),
);
const item = (store: string, name: string, price: string, extra: { availability?: string; shipping?: string } = {}) => ({
  id: `${store}-${name.toUpperCase()}`,
  title: `${name} Midi Dress`,
  price,
  gtin: GTIN[name.toUpperCase()],
  ...extra,
});

async function loadCatalogue(db: Database): Promise<void> {
  await importStores(db, MANIFEST);
  const feeds = {
    'ash-atelier': [item('A', 'Rosa', '90.00'), item('A', 'Lena', '60.00'), item('A', 'Nell', '50.00', { availability: 'out_of_stock' }), item('A', 'Ivy', '30.00')],
    'birch-boutique': [item('B', 'Rosa', '85.00', { availability: 'out_of_stock' }), item('B', 'Lena', '61.00'), item('B', 'Nell', '45.00', { availability: 'out_of_stock' })],
    'cedar-closet': [item('C', 'Rosa', '88.00', { shipping: 'GB:::6.00 GBP' }), item('C', 'Mira', '40.00')],
  };
  for (const [store, rows] of Object.entries(feeds)) await importFeed(db, { store, country: 'GB', text: dressFeed(rows) });
}

describe.each(BOTH_ENGINES)('one card per product on %s', (_dbName, openDatabase) => {
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase();
    await loadCatalogue(db);
  });

  afterAll(async () => {
    await db?.close();
  });

  describe.each(SEARCH_ENGINES)('with %s', (_engineName, makeEngine) => {
    const api = apiOverEngineFor(() => db, makeEngine);

    async function search(query: string) {
      const res = await request(api.url()).get(`${SEARCH_API.list}?country=GB&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return SearchResponseSchema.parse(res.body.data);
    }

    async function facet(type: string, query: string) {
      const res = await request(api.url()).get(`${SEARCH_API.filters(type)}?country=GB&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Object.fromEntries(FilterSchema.parse(res.body.data).buckets.map((b) => [b.key, b.docCount]));
    }

    const cards = (answer: Awaited<ReturnType<typeof search>>) =>
      answer.products.map((p) => [p.variants[0]!.title, p.storename, p.saleprice, p.offersCount, p.fromPrice]);

    it('lists each product once, as the copy with the cheapest in-stock total, with its offers count and from price', async () => {
      const all = await search('q=midi&sort=asc&perPage=10');
      expect(all.totalCount).toBe(5);
      expect(cards(all)).toEqual([
        ['Ivy Midi Dress', 'Ash Atelier', 30, 1, 33],
        ['Mira Midi Dress', 'Cedar Closet', 40, 1, 40],
        // Sold out at both stores: the cheaper total, with its 'Browse {store}' card.
        ['Nell Midi Dress', 'Birch Boutique', 45, 0, null],
        // A tie on total (63): the older copy.
        ['Lena Midi Dress', 'Ash Atelier', 60, 2, 63],
        // Cedar's price is lower, but its shipping makes its total higher; Birch's is sold out.
        ['Rosa Midi Dress', 'Ash Atelier', 90, 2, 93],
      ]);
    });

    it('pages over products: the total and every page count cards, sorted by the card price', async () => {
      const pages = [await search('sort=desc&perPage=2&page=1'), await search('sort=desc&perPage=2&page=2'), await search('sort=desc&perPage=2&page=3')];
      expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5]);
      expect(pages.map((p) => p.products.map((c) => c.variants[0]!.title))).toEqual([
        ['Rosa Midi Dress', 'Lena Midi Dress'],
        ['Nell Midi Dress', 'Mira Midi Dress'],
        ['Ivy Midi Dress'],
      ]);
    });

    it('counts each product once in a facet, and under every store that sells it in the store facet', async () => {
      expect(await facet('brand', '')).toEqual({ 'Ava Marlowe': 5 });
      expect(await facet('store', '')).toEqual({ 'Ash Atelier': 4, 'Birch Boutique': 3, 'Cedar Closet': 2 });
      // With the price filter the cards are tested by their own price: Rosa (90) and Lena (60) stay.
      expect(await facet('store', 'priceRanges=55,95')).toEqual({ 'Ash Atelier': 2, 'Birch Boutique': 2, 'Cedar Closet': 1 });
    });

    it("lists a picked store's own copies at its own price, one per product, and picked stores' best copy once", async () => {
      const birch = await search('storename=birch-boutique&sort=asc');
      expect(birch.totalCount).toBe(3);
      expect(cards(birch)).toEqual([
        ['Nell Midi Dress', 'Birch Boutique', 45, 0, null],
        ['Lena Midi Dress', 'Birch Boutique', 61, 2, 63],
        ['Rosa Midi Dress', 'Birch Boutique', 85, 2, 93],
      ]);
      // The store facet keeps every store's count (its own filter aside), as without the filter.
      expect(await facet('store', 'storename=birch-boutique')).toEqual({ 'Ash Atelier': 4, 'Birch Boutique': 3, 'Cedar Closet': 2 });
      // Two stores picked: each product once, as the better of their two copies (Rosa: Birch's is sold out; Lena: the tie, Ash's older copy).
      const two = await search('storename=ash-atelier,birch-boutique&sort=asc');
      expect(two.totalCount).toBe(4);
      expect(cards(two)).toEqual([
        ['Ivy Midi Dress', 'Ash Atelier', 30, 1, 33],
        ['Nell Midi Dress', 'Birch Boutique', 45, 0, null],
        ['Lena Midi Dress', 'Ash Atelier', 60, 2, 63],
        ['Rosa Midi Dress', 'Ash Atelier', 90, 2, 93],
      ]);
      const page = await search('link=/store/cedar-closet&sort=asc');
      expect(cards(page)).toEqual([
        ['Mira Midi Dress', 'Cedar Closet', 40, 1, 40],
        ['Rosa Midi Dress', 'Cedar Closet', 88, 2, 93],
      ]);
    });
  });
});
