import { describe, expect, it } from 'vitest';
import { canonicalListing, isDeepFacetCombination, offersChipLabel, removeChip, selectedChips } from '../../../shared/listing/chips';
import { listingApiQuery, requestForCall } from '../../../shared/listing/companion-calls';
import { isNavigableShopPath, searchKeyFromPath } from '../../../shared/listing/paths';
import {
  LISTING_QUERY_MESSAGES as M,
  ListingQueryError,
  emptyListingState,
  parseFilterListOptions,
  parseListingQuery,
  parseListingRequest,
  serializeListingQuery,
  type ListingRequest,
} from '../../../shared/listing/query-grammar';
import {
  clearAll,
  clearPrice,
  forCountry,
  provenance,
  selectCategory,
  setDeal,
  setPage,
  setPrice,
  setProvenance,
  setQuery,
  setSort,
  toggleValue,
} from '../../../shared/listing/transitions';
import { testTranslator } from '../../support/i18n';

const roundTrip = (search: string) => serializeListingQuery(parseListingQuery(search));

/** The message a query is refused with (and that it is refused). */
function refusal(search: string): { param: string; message: string } {
  try {
    parseListingRequest(search);
  } catch (error) {
    if (error instanceof ListingQueryError) return { param: error.param, message: error.message };
    throw error;
  }
  throw new Error(`"${search}" was accepted`);
}

describe('reading a listing URL (spec section 2 "Query parameters")', () => {
  it('reads every parameter of the spec', () => {
    const state = parseListingQuery(
      '?q=red+dress&page=3&perPage=40&colour=Red,blue&category=clothing&subcategory=dresses&subcategory2=midi-dresses' +
        '&brand=zara,mango&storename=maison-harlow&offers=51.0-70.0&department=women&priceRanges=20,150.5' +
        '&internationaldelivery=GB&madein=gb&sort=asc&care=machine-wash&freedelivery=true&coupons=1&sale=TRUE&pricedropped=1',
    );
    expect(state).toEqual({
      q: 'red dress',
      page: 3,
      perPage: 40,
      colour: ['red', 'blue'],
      category: ['clothing'],
      subcategory: ['dresses'],
      subcategory2: ['midi-dresses'],
      subcategory3: [],
      subcategory4: [],
      brand: ['zara', 'mango'],
      storename: ['maison-harlow'],
      offers: ['51.0-70.0'],
      department: ['women'],
      priceRanges: { min: 20, max: 150.5 },
      internationaldelivery: true,
      madein: ['GB'],
      sort: 'asc',
      care: ['machine-wash'],
      freedelivery: true,
      coupons: true,
      sale: true,
      pricedropped: true,
    });
  });

  it('gives the empty state for an empty query, with or without "?"', () => {
    expect(parseListingQuery('')).toEqual(emptyListingState());
    expect(parseListingQuery('?')).toEqual(emptyListingState());
  });

  it('reads repeated and comma-separated list values alike, without duplicates or blanks', () => {
    expect(parseListingQuery('colour=red&colour=blue,RED,,').colour).toEqual(['red', 'blue']);
    expect(parseListingQuery('madein=gb,us').madein).toEqual(['GB', 'US']);
  });

  it('takes the last of a repeated single-valued parameter', () => {
    expect(parseListingQuery('sort=asc&sort=desc').sort).toBe('desc');
    expect(parseListingQuery('priceRanges=1,2&priceRanges=5,9').priceRanges).toEqual({ min: 5, max: 9 });
  });

  it('cleans the search text by the rule of spec section 5', () => {
    expect(parseListingQuery('q=%20%20red%20%20%3Cscript%3Edress!%20').q).toBe('red scriptdress');
  });

  it('reads false flags and an empty value as off', () => {
    const state = parseListingQuery('sale=false&coupons=0&freedelivery=&pricedropped=false&internationaldelivery=false&sort=&page=&perPage=');
    expect(state).toEqual(emptyListingState());
  });

  it('caps perPage at the api limit rather than refusing it', () => {
    expect(parseListingQuery('perPage=1000').perPage).toBe(100);
  });

  it('ignores parameters it does not know', () => {
    expect(parseListingQuery('utm_source=news&fbclid=x&colour=red')).toEqual({ ...emptyListingState(), colour: ['red'] });
  });

  it('refuses a known parameter with a bad value, naming it', () => {
    expect(refusal('colour=mauve')).toEqual({ param: 'colour', message: M.notAColour('mauve') });
    expect(M.notAColour('mauve')).toMatch(/^colour: "mauve" is not a colour; use one of white, silver, /);
    expect(refusal('sort=cheap')).toEqual({ param: 'sort', message: "sort must be '' (Recommended), sale, desc, asc or dropped" });
    expect(parseListingQuery('sort=dropped').sort).toBe('dropped');
    expect(refusal('page=0')).toEqual({ param: 'page', message: 'page must be a whole number from 1' });
    expect(refusal('page=1.5').param).toBe('page');
    expect(refusal('page=abc').param).toBe('page');
    expect(refusal('perPage=lots')).toEqual({ param: 'perPage', message: 'perPage must be a whole number from 1' });
    expect(refusal('priceRanges=10').message).toBe('priceRanges takes two amounts, min and max, like 20,150');
    expect(refusal('priceRanges=20,20,20').message).toBe(M.priceShape);
    expect(refusal('priceRanges=90,10').message).toBe('priceRanges: min must not be above max');
    expect(refusal('offers=50-20').message).toBe('offers: "50-20" is not a discount band like 51.0-70.0 (percent, from-to, within 0-100)');
    expect(refusal('offers=10-101').param).toBe('offers');
    expect(refusal('department=pets').message).toBe('department: "pets" is not a department; use women, men, kids');
    expect(refusal('subcategory3=Bad%20Slug!').message).toBe('subcategory3: "Bad Slug!" is not a category slug (lower-case letters, digits and hyphens)');
    expect(refusal('freedelivery=yes%20please').message).toBe('freedelivery takes true or false');
    expect(refusal('pricedropped=lately')).toEqual({ param: 'pricedropped', message: 'pricedropped takes true or false' });
    expect(refusal('internationaldelivery=mars').message).toBe('internationaldelivery takes true, false or a country code (GB, US, IN, AE, CA, AU, HK, SG)');
    expect(refusal('madein=fr').message).toBe('madein: "fr" is not a country; use one of GB, US, IN, AE, CA, AU, HK, SG');
    expect(refusal(`q=${'x'.repeat(201)}`).message).toBe('q: the search text is longer than 200 characters');
    expect(refusal(`brand=${Array.from({ length: 51 }, (_, i) => `b${i}`).join(',')}`).message).toBe('brand: at most 50 values');
    expect(refusal('link=dresses').message).toBe('link must be a path starting with /');
    expect(refusal('country=FR').message).toBe('country must be one of GB, US, IN, AE, CA, AU, HK, SG');
  });

  it('reports the first bad parameter in the order parameters are written', () => {
    expect(refusal('sort=x&colour=mauve&page=0').param).toBe('colour');
  });

  it('reads the api-only parts of a listing call: link and country (GB by default)', () => {
    expect(parseListingRequest('link=/dresses&country=us&colour=red')).toEqual({
      link: '/dresses',
      country: 'US',
      state: { ...emptyListingState(), colour: ['red'] },
    });
    expect(parseListingRequest('').country).toBe('GB');
  });

  it('reads the brand and store filter options (size, find)', () => {
    expect(parseFilterListOptions('')).toEqual({ size: 30, find: undefined });
    expect(parseFilterListOptions('size=1000&find=%20mai%20')).toEqual({ size: 500, find: 'mai' });
    expect(() => parseFilterListOptions('find=%20%20')).toThrow('find must not be only spaces');
    expect(() => parseFilterListOptions('size=0')).toThrow('size must be a whole number from 1');
  });
});

describe('writing a listing URL', () => {
  it('writes one canonical order, leaving defaults out', () => {
    expect(roundTrip('sort=desc&colour=red&q=dress&page=1&brand=&sale=false')).toBe('?q=dress&colour=red&sort=desc');
  });

  it('keeps list commas readable and encodes the rest', () => {
    expect(roundTrip('q=red+%26+blue&colour=red,blue')).toBe('?q=red%20blue&colour=red,blue');
  });

  it('round-trips every parameter', () => {
    const search =
      '?q=midi&category=clothing&subcategory=dresses&department=women&brand=zara,mango&storename=maison-harlow' +
      '&colour=red&offers=1.0-50.0&care=hand-wash&priceRanges=20,150&madein=GB&internationaldelivery=true' +
      '&coupons=true&freedelivery=true&sale=true&pricedropped=true&sort=dropped&page=2&perPage=40';
    expect(roundTrip(search)).toBe(search);
  });

  it('writes the International toggle as true, whatever country code it was read from', () => {
    expect(roundTrip('internationaldelivery=IN')).toBe('?internationaldelivery=true');
  });
});

describe('what each api call is asked (spec section 7)', () => {
  const request: ListingRequest = {
    link: '/dresses',
    country: 'US',
    state: parseListingQuery('q=midi&colour=red,blue&subcategory=midi-dresses&sale=true&internationaldelivery=true&sort=asc&page=4&perPage=40'),
  };

  it('asks the list for everything', () => {
    expect(listingApiQuery('list', request)).toEqual({
      link: '/dresses',
      country: 'US',
      q: 'midi',
      subcategory: 'midi-dresses',
      colour: 'red,blue',
      internationaldelivery: 'true',
      sale: 'true',
      sort: 'asc',
      page: '4',
      perPage: '40',
    });
  });

  it('asks filters and deals without sort or paging', () => {
    const expected = { link: '/dresses', country: 'US', q: 'midi', subcategory: 'midi-dresses', colour: 'red,blue', internationaldelivery: 'true', sale: 'true' };
    expect(listingApiQuery('filters', request)).toEqual(expected);
    expect(listingApiQuery('deals', request)).toEqual(expected);
  });

  it('asks the price range only for q or link, country and internationaldelivery', () => {
    expect(listingApiQuery('price', request)).toEqual({ link: '/dresses', country: 'US', internationaldelivery: 'true' });
    expect(listingApiQuery('price', { ...request, link: undefined })).toEqual({ q: 'midi', country: 'US', internationaldelivery: 'true' });
  });

  it('asks canonical links for q or link and country, the breadcrumb for link and categories', () => {
    expect(listingApiQuery('canonical-links', request)).toEqual({ link: '/dresses', country: 'US' });
    expect(listingApiQuery('breadcrumb', request)).toEqual({ link: '/dresses', subcategory: 'midi-dresses' });
  });

  it('asks every companion the same whatever the sort and page', () => {
    const other: ListingRequest = { ...request, state: setPage(setSort(request.state, 'desc'), 9) };
    for (const call of ['filters', 'deals', 'price', 'breadcrumb', 'canonical-links'] as const) {
      expect(listingApiQuery(call, other), call).toEqual(listingApiQuery(call, request));
    }
  });

  it('narrows twice to the same request (the api narrows what the web already narrowed)', () => {
    for (const call of ['list', 'filters', 'deals', 'price', 'breadcrumb', 'canonical-links'] as const) {
      expect(requestForCall(call, requestForCall(call, request)), call).toEqual(requestForCall(call, request));
    }
  });
});

describe('changing the listing (spec section 4)', () => {
  const start = parseListingQuery('q=dress&colour=red&brand=zara&priceRanges=20,150&page=5&perPage=40');

  it('resets the page to 1 on any filter change', () => {
    expect(toggleValue(start, 'colour', 'blue').page).toBe(1);
    expect(setSort(start, 'asc').page).toBe(1);
    expect(setDeal(start, 'sale', true).page).toBe(1);
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

  it('replaces the sort', () => {
    expect(setSort(setSort(start, 'asc'), 'desc').sort).toBe('desc');
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
    expect([other.category, other.subcategory, other.subcategory2]).toEqual([['clothing'], ['tops'], []]);
    const off = selectCategory(deep, 'subcategory', 'dresses');
    expect([off.category, off.subcategory, off.subcategory2]).toEqual([['clothing'], [], []]);
  });

  it('sets Local and International as madein of the country or internationaldelivery', () => {
    const local = setProvenance(start, 'local', 'US');
    expect([local.madein, local.internationaldelivery, provenance(local)]).toEqual([['US'], false, 'local']);
    const abroad = setProvenance(local, 'international', 'US');
    expect([abroad.madein, abroad.internationaldelivery, provenance(abroad)]).toEqual([[], true, 'international']);
    expect(provenance(setProvenance(abroad, 'all', 'US'))).toBe('all');
  });

  it('rewrites Local to the current country', () => {
    expect(forCountry(parseListingQuery('madein=GB'), 'IN').madein).toEqual(['IN']);
    expect(forCountry(parseListingQuery('internationaldelivery=GB'), 'IN')).toEqual(parseListingQuery('internationaldelivery=true'));
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
  const state = parseListingQuery('category=clothing&department=women&brand=maison-harlow&colour=red&offers=51.0-70.0&priceRanges=20,150&madein=GB&sale=true&pricedropped=true');

  const { t } = testTranslator();

  it('lists the selected values, hiding department and adding " % Off" to offers', () => {
    const chips = selectedChips(state, t, { brand: new Map([['maison-harlow', 'Maison Harlow']]) }, (n) => `£${n}`);
    expect(chips.map((c) => c.key)).toEqual(['Clothing', 'Maison Harlow', 'Red', '51-70 % Off', '£20 - £150', 'Local', 'All Offers', 'Price Dropped']);
    expect(chips.some((c) => c.type === 'department')).toBe(false);
    expect(offersChipLabel(t, '1.0-50.0')).toBe('1-50 % Off');
  });

  // Issue 29: the chips' own words are the page's language's; the values' names are the caller's.
  it('words the offers, provenance and deal chips in the page’s language', () => {
    const fr = (labels = {}) => selectedChips(state, testTranslator('fr-CA').t, labels, (n) => `${n} $`).map((c) => c.key);
    expect(fr({ colour: new Map([['red', 'Rouge']]) })).toEqual(['Clothing', 'Maison Harlow', 'Rouge', '51-70 % de rabais', '20 $ - 150 $', 'Local', 'Toutes les offres', 'Prix en baisse']);
    expect(selectedChips(state, testTranslator('zh-HK').t).map((c) => c.key).slice(-5)).toEqual(['減 51-70%', '20 - 150', '本地', '所有優惠', '已減價']);
    expect(selectedChips(state, testTranslator('ta-SG').t).at(-2)!.key).toBe('அனைத்து சலுகைகளும்');
  });

  it("removes just the chip's value", () => {
    const chips = selectedChips(state, t);
    const remove = (type: string) => removeChip(state, chips.find((c) => c.type === type)!);
    expect(remove('colour').colour).toEqual([]);
    expect(remove('brand').brand).toEqual([]);
    expect(remove('priceRanges').priceRanges).toBeUndefined();
    expect(remove('madein').madein).toEqual([]);
    expect(remove('sale').sale).toBe(false);
    expect(remove('pricedropped')).toEqual({ ...state, pricedropped: false });
    expect(remove('category').category).toEqual([]);
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

describe('a brand within a category', () => {
  const canonical = (path: string, query: string) => {
    const found = canonicalListing(path, parseListingQuery(query));
    return { path: found.path, query: serializeListingQuery(found.state) };
  };

  it('is canonical at /brand/{brand}/{category}, whichever category level the filter names', () => {
    expect(canonical('/brand/gossamer-label', 'category=dresses')).toEqual({ path: '/brand/gossamer-label/dresses', query: '' });
    expect(canonical('/brand/gossamer-label', 'subcategory=maxi-dresses&page=2')).toEqual({ path: '/brand/gossamer-label/maxi-dresses', query: '?page=2' });
  });

  it('leaves other listings, and a brand with any other filter, as they are', () => {
    expect(canonical('/brand/gossamer-label', 'category=dresses&colour=red')).toEqual({ path: '/brand/gossamer-label', query: '?category=dresses&colour=red' });
    expect(canonical('/brand/gossamer-label', 'category=dresses,tops')).toEqual({ path: '/brand/gossamer-label', query: '?category=dresses,tops' });
    expect(canonical('/brand/gossamer-label', 'colour=red')).toEqual({ path: '/brand/gossamer-label', query: '?colour=red' });
    expect(canonical('/store/honey-boutique', 'category=dresses')).toEqual({ path: '/store/honey-boutique', query: '?category=dresses' });
    expect(canonical('/brand/gossamer-label/dresses', 'subcategory=maxi-dresses')).toEqual({ path: '/brand/gossamer-label/dresses', query: '?subcategory=maxi-dresses' });
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
