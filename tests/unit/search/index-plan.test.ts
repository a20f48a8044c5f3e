import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, OFFER_BUCKETS, SALE_BANDS } from '../../../shared/constants';
import { CATEGORIES } from '../../../server/api/catalog/category-tree';
import type { QueryToken } from '../../../server/api/search-engine/analyser';
import { Dictionary } from '../../../server/api/search-engine/document-table';
import { CATEGORY_ORDER, SUBTREE_END, buildDirectory } from '../../../server/api/search-engine/documents';
import { planSearch, type PlanKeys } from '../../../server/api/search-engine/index-plan';
import { GROUP } from '../../../server/api/search-engine/index-scan';
import { EMPTY_FILTERS, FACETS, type SearchFilters, type SearchQuery, type SearchScope } from '../../../server/api/search-engine/search-engine';

// The plan decides how a listing request is answered: requests constrained only by what
// cells hold (category, department, reduced or not) add up cells; anything else scans.

const cares = new Dictionary();
cares.id('hand-wash');
const keys: PlanKeys = {
  directory: buildDirectory(
    [{ id: 3, slug: 'northwind', name: 'Northwind', country: 'GB', international: true, adminOnly: false }],
    [{ id: 7, slug: 'acme', name: 'Acme' }],
  ),
  maxBrandId: 7,
  maxStoreId: 3,
  cares,
};

function query(scope: SearchScope = {}, filters: Partial<SearchFilters> = {}, more: Partial<SearchQuery> = {}): SearchQuery {
  return {
    country: 'GB',
    text: '',
    scope,
    internationalDelivery: false,
    filters: { ...EMPTY_FILTERS, ...filters },
    sort: '',
    offset: 0,
    limit: 48,
    ...more,
  };
}

const needs = { hits: true, facets: FACETS };
const dress: QueryToken = { word: 'dress', term: 'dress', expansions: [{ term: 'dress', quality: 3 }] };

function plan(q: SearchQuery, tokens: QueryToken[] = []) {
  const p = planSearch(q, needs, tokens, keys);
  if (!p) throw new Error('expected a plan');
  return p;
}

describe('planning a listing request', () => {
  it('adds up cells for country, category and sale pages with only category, department and Sale filters', () => {
    expect(plan(query()).useCells).toBe(true);
    expect(plan(query({ category: 'dresses' })).useCells).toBe(true);
    expect(plan(query({ sale: true })).useCells).toBe(true);
    expect(plan(query({ category: 'dresses' }, { categories: ['midi-dresses'], departments: ['women'], sale: true })).useCells).toBe(true);
  });

  it("adds up cells for every sale band of the menu and every offers bucket, each a union of the cells' discount classes", () => {
    for (const band of SALE_BANDS) expect(plan(query({ discount: { from: band.from, to: band.to } })).useCells).toBe(true);
    expect(plan(query({ discount: { from: 60, to: 100 } }, { departments: ['women'] })).useCells).toBe(true);
    for (const bucket of OFFER_BUCKETS) expect(plan(query({ category: 'dresses' }, { offers: [{ from: bucket.from, to: bucket.to }] })).useCells).toBe(true);
    expect(plan(query({ sale: true }, { offers: OFFER_BUCKETS.map(({ from, to }) => ({ from, to })), sale: true })).useCells).toBe(true);
  });

  it('adds up cells with Free Delivery and Price Dropped, which each cell has for all its products or none', () => {
    expect(plan(query({}, { freeDelivery: true })).useCells).toBe(true);
    expect(plan(query({ category: 'dresses' }, { priceDropped: true, departments: ['women'] })).useCells).toBe(true);
    expect(plan(query({ discount: { from: 70, to: 100 } }, { freeDelivery: true, priceDropped: true })).useCells).toBe(true);
  });

  it('scans when words, a brand or store page, a band of other bounds, a pick list or international delivery constrain the request', () => {
    expect(plan(query({}, {}, { text: 'dress' }), [dress]).useCells).toBe(false);
    expect(plan(query({ brand: 'acme' })).useCells).toBe(false);
    expect(plan(query({ store: 'northwind' })).useCells).toBe(false);
    // Cells know a discount by its class (0, 1-9, 10-20, 21-29, … 71-100): a band cutting one needs the products.
    expect(plan(query({ discount: { from: 15, to: 100 } })).useCells).toBe(false);
    expect(plan(query({ discount: { from: 1, to: 25 } })).useCells).toBe(false);
    expect(plan(query({ productIds: [1, 2] })).useCells).toBe(false);
    expect(plan(query({}, {}, { internationalDelivery: true })).useCells).toBe(false);
  });

  it('scans when any other filter group is on', () => {
    const others: Partial<SearchFilters>[] = [
      { colours: ['red'] },
      { brands: ['acme'] },
      { stores: ['northwind'] },
      // An offers range cutting a discount class (0, 1-9, 10-20, 21-29, …).
      { offers: [{ from: 15, to: 25 }] },
      { offers: [{ from: 1, to: 50 }, { from: 60, to: 65 }] },
      { priceMin: 1000 },
      { madeIn: ['GB'] },
      { care: ['hand-wash'] },
      { coupons: true },
      { freeDelivery: true, coupons: true },
    ];
    expect(others.map((filters) => plan(query({ category: 'dresses' }, filters)).useCells)).toEqual(others.map(() => false));
  });

  it('finds nothing to plan for an unknown category, brand or store, or a word the catalogue lacks', () => {
    expect(planSearch(query({ category: 'no-such-category' }), needs, [], keys)).toBeUndefined();
    expect(planSearch(query({ brand: 'no-such-brand' }), needs, [], keys)).toBeUndefined();
    expect(planSearch(query({ store: 'no-such-store' }), needs, [], keys)).toBeUndefined();
    const unknown: QueryToken = { word: 'zzqx', term: 'zzqx', expansions: [] };
    expect(planSearch(query({}, {}, { text: 'dress zzqx' }), needs, [dress, unknown], keys)).toBeUndefined();
  });

  it('resolves a category scope to its subtree range and filter slugs to lookups', () => {
    const p = plan(query({ category: 'dresses' }, { categories: ['midi-dresses', 'no-such'], brands: ['acme', 'no-such'], care: ['hand-wash'] }));
    const dresses = CATEGORY_ORDER.get('dresses')!;
    expect([p.catLo, p.catHi]).toEqual([dresses, SUBTREE_END[dresses]!]);
    const midi = CATEGORY_ORDER.get('midi-dresses')!;
    expect([...p.catSel.keys()].filter((k) => p.catSel[k] === 1)).toEqual([midi]);
    expect(p.catSel.length).toBe(CATEGORIES.length);
    expect([...p.brandSel]).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    // Care ids are shifted by one: products without care instructions have -1.
    expect([...p.careSel]).toEqual([0, 1, 0]);
  });

  it('rounds a price range inward to whole minor units', () => {
    const p = plan(query({}, { priceMin: 1.5, priceMax: 2500.7 }));
    expect([p.priceMin, p.priceMax]).toEqual([2, 2500]);
    expect(p.active).toBe(1 << GROUP.price);
  });

  it('keeps near misses only for groups with a facet that was asked for', () => {
    const p = planSearch(query({}, { colours: ['red'], coupons: true }), { hits: false, facets: ['colour', 'deals'] }, [], keys)!;
    expect(p.wantMask).toBe((1 << GROUP.colour) | (1 << GROUP.coupons) | (1 << GROUP.freeDelivery) | (1 << GROUP.sale) | (1 << GROUP.priceDropped));
    expect(p.missMask).toBe(1 << GROUP.colour);
    expect(p.pageEnd).toBe(0);
    expect(planSearch(query({}, { brands: ['acme'] }), { hits: true, facets: ['price'] }, [], keys)!.missMask).toBe(0);
    expect(plan(query({}, { brands: ['acme'], coupons: true })).missMask & (1 << GROUP.brand)).toBe(1 << GROUP.brand);
  });

  it('answers a whole country, or one department of it, from the cells’ totals', () => {
    // Issue 30: adding up a country's cells summed brand and store lists about as long as the country.
    expect(plan(query()).totals).toBe(0);
    expect(plan(query({}, {}, { sort: 'desc', offset: 96 })).totals).toBe(0);
    expect(plan(query({}, { departments: ['women'] })).totals).toBe(1 + DEPARTMENTS.indexOf('women'));
    expect(plan(query({}, { departments: ['kids'] })).totals).toBe(1 + DEPARTMENTS.indexOf('kids'));
    for (const p of [
      plan(query({}, { departments: ['women', 'men'] })),
      plan(query({ category: 'dresses' })),
      plan(query({ sale: true })),
      plan(query({}, { sale: true })),
      plan(query({}, { departments: ['women'], freeDelivery: true })),
      plan(query({}, { colours: ['red'] })),
      plan(query({}, {}, { internationalDelivery: true })),
    ]) {
      expect(p.totals).toBe(-1);
    }
  });

  it('counts a lone colour, brand or store filter’s facet from the cells where every other constraint is theirs', () => {
    // Issue 30: a store filter on a sale page kept every other store's products as near misses.
    const lone = [
      [{ colours: ['red'] }, GROUP.colour],
      [{ brands: ['acme'] }, GROUP.brand],
      [{ stores: ['northwind'] }, GROUP.store],
    ] as const;
    const cellScopes: SearchScope[] = [{}, { category: 'dresses' }, { sale: true }, { discount: { from: SALE_BANDS[1]!.from, to: SALE_BANDS[1]!.to } }];
    const cellFilters: Partial<SearchFilters>[] = [
      {},
      { departments: ['women'] },
      { categories: ['dresses'] },
      { sale: true, freeDelivery: true, priceDropped: true },
      { offers: [{ from: OFFER_BUCKETS[1]!.from, to: OFFER_BUCKETS[1]!.to }] },
    ];
    for (const [filter, group] of lone) {
      for (const scope of cellScopes) {
        for (const more of cellFilters) {
          const p = plan(query(scope, { ...more, ...filter }));
          const label = JSON.stringify([scope, more, filter]);
          expect(p.useCells, label).toBe(false);
          expect(p.cellFacet, label).toBe(group);
          expect(p.missMask & (1 << group), label).toBe(0);
        }
      }
      // Not when another group needs the products, the scope is not cells, the words choose, or its facet is not asked for.
      const scanned = [
        plan(query({}, { ...filter, coupons: true })),
        plan(query({}, { ...filter, priceMin: 1000 })),
        plan(query({}, { colours: ['red'], brands: ['acme'], stores: ['northwind'] })),
        plan(query({ brand: 'acme' }, filter)),
        plan(query({}, { ...filter, offers: [{ from: 5, to: 15 }] })),
        plan(query({}, filter, { internationalDelivery: true })),
        plan(query({}, filter, { text: 'dress' }), [dress]),
        planSearch(query({}, filter), { hits: true, facets: FACETS.filter((f) => f !== 'colour' && f !== 'brand' && f !== 'store') }, [], keys)!,
      ];
      for (const [i, p] of scanned.entries()) expect(p.cellFacet, `${JSON.stringify(filter)} case ${i}`).toBe(-1);
    }
  });
});
