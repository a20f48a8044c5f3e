import { describe, expect, it } from 'vitest';
import {
  clearAll,
  clearPrice,
  emptyListingState,
  forCountry,
  isDeepFacetCombination,
  isNavigableShopPath,
  listingApiQuery,
  offersChipLabel,
  parseListingQuery,
  provenance,
  removeChip,
  searchKeyFromPath,
  selectCategory,
  selectedChips,
  serializeListingQuery,
  setFlag,
  setPage,
  setPrice,
  setProvenance,
  setQuery,
  setSingle,
  toggleValue,
} from '../../../shared/listing-query';

const roundTrip = (search: string) => serializeListingQuery(parseListingQuery(search));

describe('reading a listing URL (spec section 2 "Query parameters")', () => {
  it('reads every parameter of the spec', () => {
    const state = parseListingQuery(
      '?q=red+dress&page=3&perPage=40&colour=red,blue&category=clothing&subcategory=dresses&subcategory2=midi-dresses' +
        '&brand=zara,mango&storename=maison-harlow&offers=51.0-70.0&department=women&priceRanges=20,150' +
        '&internationaldelivery=GB&madein=GB&sort=asc&care=machine-wash&freedelivery=true&coupons=1&sale=true',
    );
    expect(state).toEqual({
      q: 'red dress',
      page: 3,
      perPage: 40,
      colour: ['red', 'blue'],
      category: 'clothing',
      subcategory: 'dresses',
      subcategory2: 'midi-dresses',
      subcategory3: '',
      subcategory4: '',
      brand: ['zara', 'mango'],
      storename: ['maison-harlow'],
      offers: ['51.0-70.0'],
      department: ['women'],
      priceRanges: { min: 20, max: 150 },
      internationaldelivery: 'GB',
      madein: 'GB',
      sort: 'asc',
      care: ['machine-wash'],
      freedelivery: true,
      coupons: true,
      sale: true,
    });
  });

  it('gives the empty state for an empty query, with or without "?"', () => {
    expect(parseListingQuery('')).toEqual(emptyListingState());
    expect(parseListingQuery('?')).toEqual(emptyListingState());
  });

  it('reads repeated and comma-separated multi-values alike, without duplicates or blanks', () => {
    expect(parseListingQuery('colour=red&colour=blue,red,,').colour).toEqual(['red', 'blue']);
  });

  it('falls back to page 1 for a page that is not a positive whole number', () => {
    for (const page of ['abc', '-2', '0', '1.5', '', '99999999999']) expect(parseListingQuery(`page=${page}`).page).toBe(1);
    expect(parseListingQuery('page=7').page).toBe(7);
  });

  it('ignores an unknown sort, a malformed price range and false flags', () => {
    const state = parseListingQuery('sort=cheapest&priceRanges=abc&sale=false&coupons=0&internationaldelivery=false');
    expect(state.sort).toBe('');
    expect(state.priceRanges).toBeUndefined();
    expect(state.sale).toBe(false);
    expect(state.coupons).toBe(false);
    expect(state.internationaldelivery).toBe('');
    expect(parseListingQuery('priceRanges=150,20').priceRanges).toBeUndefined();
    expect(parseListingQuery('priceRanges=20').priceRanges).toBeUndefined();
  });

  it('caps perPage at the api limit', () => {
    expect(parseListingQuery('perPage=1000').perPage).toBe(100);
  });
});

describe('writing a listing URL', () => {
  it('writes one canonical order, leaving page 1 and empty values out', () => {
    expect(roundTrip('sort=desc&colour=red&q=dress&page=1&brand=')).toBe('?q=dress&colour=red&sort=desc');
  });

  it('keeps multi-value commas readable and encodes the rest', () => {
    expect(roundTrip('q=red+%26+blue&colour=red,blue')).toBe('?q=red%20%26%20blue&colour=red,blue');
  });

  it('round-trips every parameter', () => {
    const search =
      '?q=midi&category=clothing&subcategory=dresses&department=women&brand=zara,mango&storename=maison-harlow' +
      '&colour=red&offers=1.0-50.0&care=hand-wash&priceRanges=20,150&madein=GB&internationaldelivery=GB' +
      '&coupons=true&freedelivery=true&sale=true&sort=sale&page=2&perPage=40';
    expect(roundTrip(search)).toBe(search);
  });

  it('builds the api query without page or perPage (the loader pages)', () => {
    const state = parseListingQuery('q=dress&colour=red,blue&page=4&sale=true');
    expect(listingApiQuery(state)).toEqual({ q: 'dress', colour: 'red,blue', sale: 'true' });
  });
});

describe('changing the listing (spec section 4)', () => {
  const start = parseListingQuery('q=dress&colour=red&brand=zara&priceRanges=20,150&page=5&perPage=40');

  it('resets the page to 1 on any filter change', () => {
    expect(toggleValue(start, 'colour', 'blue').page).toBe(1);
    expect(setSingle(start, 'sort', 'asc').page).toBe(1);
    expect(setFlag(start, 'sale', true).page).toBe(1);
    expect(setPrice(start, { min: 10, max: 20 }).page).toBe(1);
    expect(clearPrice(start).page).toBe(1);
    expect(selectCategory(start, 'category', 'clothing').page).toBe(1);
    expect(setProvenance(start, 'local', 'GB').page).toBe(1);
  });

  it('toggles multi-value filters: adds a value that is absent, removes one that is present', () => {
    const added = toggleValue(start, 'colour', 'blue');
    expect(added.colour).toEqual(['red', 'blue']);
    expect(toggleValue(added, 'colour', 'red').colour).toEqual(['blue']);
    expect(start.colour).toEqual(['red']);
  });

  it('replaces single-select values', () => {
    expect(setSingle(setSingle(start, 'sort', 'asc'), 'sort', 'desc').sort).toBe('desc');
  });

  it('clears filters and price when q changes, keeping perPage', () => {
    expect(serializeListingQuery(setQuery(start, 'shoes'))).toBe('?q=shoes&perPage=40');
  });

  it('clear all goes to the bare path with only q and perPage', () => {
    expect(serializeListingQuery(clearAll(start))).toBe('?q=dress&perPage=40');
  });

  it('picks a category level and clears the levels below; picking it again unselects it', () => {
    const deep = parseListingQuery('category=clothing&subcategory=dresses&subcategory2=midi-dresses');
    const other = selectCategory(deep, 'subcategory', 'tops');
    expect([other.category, other.subcategory, other.subcategory2]).toEqual(['clothing', 'tops', '']);
    const off = selectCategory(deep, 'subcategory', 'dresses');
    expect([off.category, off.subcategory, off.subcategory2]).toEqual(['clothing', '', '']);
  });

  it('sets Local and International as madein or internationaldelivery of the country', () => {
    const local = setProvenance(start, 'local', 'US');
    expect([local.madein, local.internationaldelivery, provenance(local)]).toEqual(['US', '', 'local']);
    const abroad = setProvenance(local, 'international', 'US');
    expect([abroad.madein, abroad.internationaldelivery, provenance(abroad)]).toEqual(['', 'US', 'international']);
    expect(provenance(setProvenance(abroad, 'all', 'US'))).toBe('all');
  });

  it('rewrites internationaldelivery (and madein when present) to the current country', () => {
    expect(forCountry(parseListingQuery('internationaldelivery=GB'), 'IN').internationaldelivery).toBe('IN');
    expect(forCountry(parseListingQuery('madein=GB'), 'IN').madein).toBe('IN');
    expect(forCountry(parseListingQuery('q=x'), 'IN')).toEqual(parseListingQuery('q=x'));
  });

  it('pages without touching filters', () => {
    const next = setPage(start, 6);
    expect(next.page).toBe(6);
    expect(next.colour).toEqual(['red']);
    expect(setPage(start, 0).page).toBe(1);
  });
});

describe('chips (spec section 3 "Selected chip", section 4)', () => {
  const state = parseListingQuery('category=clothing&department=women&brand=maison-harlow&colour=red&offers=51.0-70.0&priceRanges=20,150&madein=GB&sale=true');

  it('lists the selected values, hiding department and adding " % Off" to offers', () => {
    const chips = selectedChips(state, { brand: new Map([['maison-harlow', 'Maison Harlow']]) }, (n) => `£${n}`);
    expect(chips.map((c) => c.key)).toEqual(['Clothing', 'Maison Harlow', 'Red', '51-70 % Off', '£20 - £150', 'Local', 'Sale']);
    expect(chips.some((c) => c.type === 'department')).toBe(false);
    expect(offersChipLabel('1.0-50.0')).toBe('1-50 % Off');
  });

  it("removes just the chip's value", () => {
    const chips = selectedChips(state);
    const remove = (type: string) => removeChip(state, chips.find((c) => c.type === type)!);
    expect(remove('colour').colour).toEqual([]);
    expect(remove('brand').brand).toEqual([]);
    expect(remove('priceRanges').priceRanges).toBeUndefined();
    expect(remove('madein').madein).toBe('');
    expect(remove('sale').sale).toBe(false);
    expect(remove('category').category).toBe('');
    expect(remove('colour').brand).toEqual(['maison-harlow']);
  });
});

describe('deep facet combinations', () => {
  it('keeps a listing with at most one filter value indexable', () => {
    expect(isDeepFacetCombination(parseListingQuery(''))).toBe(false);
    expect(isDeepFacetCombination(parseListingQuery('colour=red'))).toBe(false);
    expect(isDeepFacetCombination(parseListingQuery('q=dress&page=3'))).toBe(false);
  });

  it('marks two filter values, a price range, a sort or a page size as deep', () => {
    expect(isDeepFacetCombination(parseListingQuery('colour=red,blue'))).toBe(true);
    expect(isDeepFacetCombination(parseListingQuery('colour=red&brand=zara'))).toBe(true);
    expect(isDeepFacetCombination(parseListingQuery('priceRanges=1,2'))).toBe(true);
    expect(isDeepFacetCombination(parseListingQuery('sort=asc'))).toBe(true);
    expect(isDeepFacetCombination(parseListingQuery('perPage=40'))).toBe(true);
  });
});

describe('listing paths (spec section 2 "Listing and search page")', () => {
  it('turns slashes and hyphens into spaces, dropping the brand (and shop) prefix', () => {
    expect(searchKeyFromPath('/dresses')).toBe('dresses');
    expect(searchKeyFromPath('/men-clothing')).toBe('men clothing');
    expect(searchKeyFromPath('/brand/maison-harlow')).toBe('maison harlow');
    expect(searchKeyFromPath('/store/maison-harlow')).toBe('store maison harlow');
    expect(searchKeyFromPath('/shop/red-midi-dresses')).toBe('red midi dresses');
    expect(searchKeyFromPath('/shop/brand/zara')).toBe('brand zara');
  });

  it('re-navigates only shop paths of letters, digits, hyphens and slashes', () => {
    expect(isNavigableShopPath('/shop/red-dresses/2')).toBe(true);
    expect(isNavigableShopPath('/shop/red dresses')).toBe(false);
    expect(isNavigableShopPath('/shop/<script>')).toBe(false);
  });
});
