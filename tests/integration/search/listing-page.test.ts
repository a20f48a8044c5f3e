import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../../shared/api/api-client';
import { ListingPageSchema, SearchResponseSchema, type ListingPage } from '../../../shared/api/search-schemas';
import { PER_PAGE, UPSTREAM_HEADER } from '../../../shared/constants';
import { COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { isIndexableListing } from '../../../shared/listing/chips';
import { LISTING_CALL_PATHS, firstApiPage, listingApiQuery } from '../../../shared/listing/companion-calls';
import { parseListingRequest, type ListingRequest } from '../../../shared/listing/query-grammar';
import { forCountry, setPage } from '../../../shared/listing/transitions';
import { FACET_FILTER_TYPES } from '../../../shared/listing/vocabulary';
import { ListingResolver } from '../../../server/api/listing/listing-resolver';
import { demoApiForFile } from '../../support/demo-stack';
import * as SEARCH_API from '../../../shared/api/search-paths';

// GET /api/search/listing answers a whole site page of a listing in one call; spec section 7's
// list and companion endpoints stay for other clients. Every part of the one answer must be
// exactly what its own endpoint answers, and the companions are answered from the pass the
// page call made.

const catalog = demoApiForFile();

const data = async (url: string) => {
  const res = await request(catalog.api.url).get(url);
  expect(res.status, url).toBe(200);
  return res.body.data as unknown;
};

/** The site page as the companion endpoints and the list endpoint answer it, call by call. */
async function perGroup(listing: ListingRequest): Promise<ListingPage> {
  const call = (name: Parameters<typeof listingApiQuery>[0], path: string) => data(buildUrl(path, listingApiQuery(name, listing)));
  const perPage = listing.state.perPage ?? PER_PAGE;
  const pages = [];
  for (let page = firstApiPage(listing.state.page); pages.length < 2; page += 1) {
    const previous = pages[pages.length - 1];
    if (previous && (previous.products.length < perPage || page > Math.ceil(previous.totalCount / perPage))) break;
    pages.push(SearchResponseSchema.parse(await data(buildUrl(LISTING_CALL_PATHS.list, { ...listingApiQuery('list', listing), page, perPage }))));
  }
  const filters = Object.fromEntries(
    await Promise.all(FACET_FILTER_TYPES.map(async (type) => [type, await call('filters', `${LISTING_CALL_PATHS.filters}/${type}`)])),
  );
  return ListingPageSchema.parse({
    pages,
    filters,
    price: await call('price', LISTING_CALL_PATHS.price),
    deals: await call('deals', LISTING_CALL_PATHS.deals),
    breadcrumb: await call('breadcrumb', LISTING_CALL_PATHS.breadcrumb),
    links: await call('canonical-links', LISTING_CALL_PATHS['canonical-links']),
    countryTotals: isIndexableListing(listing.link, listing.state) ? await countryTotals(listing) : null,
  });
}

/** The listing's products on each country site (any page), as the list endpoint counts them there. */
async function countryTotals(listing: ListingRequest): Promise<Record<CountryCode, number>> {
  const totals = await Promise.all(
    COUNTRY_CODES.map(async (country) => {
      const there = { ...listing, country, state: forCountry(setPage(listing.state, 1), country) };
      const answer = SearchResponseSchema.parse(await data(buildUrl(LISTING_CALL_PATHS.list, { ...listingApiQuery('list', there), perPage: 1 })));
      return [country, answer.totalCount] as const;
    }),
  );
  return Object.fromEntries(totals) as Record<CountryCode, number>;
}

const LISTINGS = [
  '/dresses',
  '/dresses?colour=black&sort=asc',
  '/dresses?page=2',
  '/clothing',
  '/clothing?colour=black,red&sort=asc&perPage=10&page=2',
  '/clothing?subcategory=dresses&offers=1.0-50.0',
  '/men-clothing?priceRanges=10,80&internationaldelivery=true',
  '/search?q=dress',
  '/search?sort=desc&perPage=7&page=3',
  '/search?country=US&madein=US',
  '/search?q=zzzz-nothing',
  '/50-percent-off?freedelivery=true',
  '/dresses?pricedropped=true',
  '/clothing?sort=dropped&page=2',
  '/sale?coupons=true&colour=red,blue',
  '/shop/red-dresses',
];

function listingOf(path: string): ListingRequest {
  const [pathname, search = ''] = path.split('?');
  const parsed = parseListingRequest(search);
  return { ...parsed, link: pathname === '/search' ? undefined : pathname };
}

describe('GET /api/search/listing', () => {
  it('answers every part exactly as its own endpoint does', async () => {
    let withProducts = 0;
    let twoPages = 0;
    for (const path of LISTINGS) {
      const listing = listingOf(path);
      const one = ListingPageSchema.parse(await data(buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', listing))));
      expect(one, path).toEqual(await perGroup(listing));
      if (one.pages[0]!.products.length > 0) withProducts += 1;
      if (one.pages.length === 2) twoPages += 1;
    }
    // The workload is not empty: most of these listings have products, some two api pages.
    expect(withProducts).toBe(11);
    expect(twoPages).toBe(3);
  });

  it('answers a page and then all its companions from one index pass', async () => {
    // [path, engine calls of the page]: a filtered page also counts its links over its link
    // alone, and, as it may be indexed, its products on each of the eight sites; a search
    // without filters counts both on one pass (the whole-country pass that "More Brands" reads
    // is kept from the first test), and is never indexed.
    for (const [path, passes] of [
      ['/tops?colour=blue', 2 + COUNTRY_CODES.length],
      ['/search?q=skirt&sort=asc', 1],
    ] as const) {
      const listing = listingOf(path);
      const search = vi.spyOn(catalog.api.engine, 'search');
      try {
        await data(buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', listing)));
        const byPage = search.mock.calls.length;
        search.mockClear();
        await perGroup({ ...listing, state: { ...listing.state, page: 1 } });
        const companions = search.mock.calls.filter(([, needs]) => !needs.hits).length;
        expect(byPage, path).toBe(passes);
        expect(companions, path).toBe(0);
      } finally {
        search.mockRestore();
      }
    }
  });

  it('reads a page’s link once, and derives its canonical links’ and per-site counts’ requests from it', async () => {
    // Issue 26: a filtered, indexable page whose canonical links and per-site counts no page
    // has asked for yet: each is a pass of its own, but none reads the link again.
    const resolve = vi.spyOn(ListingResolver.prototype, 'resolve');
    try {
      const listing = listingOf('/shoes?colour=black');
      const one = ListingPageSchema.parse(await data(buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', listing))));
      // (The whole-country pass "More Brands" reads has no link, and is not this page's.)
      expect(resolve.mock.calls.map(([request]) => request.link).filter((link) => link !== undefined)).toEqual(['/shoes']);
      expect(one).toEqual(await perGroup(listing));
    } finally {
      resolve.mockRestore();
    }
  });

  it("counts a listing's products on each site once, for every site that asks", async () => {
    const search = vi.spyOn(catalog.api.engine, 'search');
    try {
      const answers = [];
      for (const country of COUNTRY_CODES) {
        const listing: ListingRequest = { ...listingOf('/skirts?colour=black'), country };
        answers.push(ListingPageSchema.parse(await data(buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', listing)))).countryTotals);
      }
      // The eight counts (no hits, no facets) once, for the first site; the others read them.
      const counts = search.mock.calls.filter(([, needs]) => !needs.hits && needs.facets.length === 0);
      expect(counts.map(([query]) => query.country)).toEqual([...COUNTRY_CODES]);
      expect(new Set(answers.map((totals) => JSON.stringify(totals))).size).toBe(1);
    } finally {
      search.mockRestore();
    }
  });

  it('refuses what the list refuses: an unknown link is 404, a bad value 400 with the grammar message', async () => {
    const missing = await request(catalog.api.url).get(`${SEARCH_API.listing}?link=/no-such-listing`);
    expect(missing.status).toBe(404);
    const bad = await request(catalog.api.url).get(`${SEARCH_API.listing}?link=/dresses&colour=plaid`);
    const list = await request(catalog.api.url).get(`${SEARCH_API.list}?link=/dresses&colour=plaid`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(list.body.message);
  });
});

// Issue 29: the api words a listing's title and description in the caller's language (the
// web's x-locale), and keeps its answer per language: an English caller after a French one
// still reads English.
describe('a listing in the caller’s language', () => {
  const page = async (url: string, locale?: string) => {
    const call = request(catalog.api.url).get(url);
    const res = await (locale ? call.set(UPSTREAM_HEADER.locale, locale) : call);
    expect(res.status, url).toBe(200);
    return ListingPageSchema.parse(res.body.data).pages[0]!;
  };

  it('titles and describes a category listing in French, then in English again for an English caller', async () => {
    const url = buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', { ...listingOf('/dresses'), country: 'CA' }));
    const english = await page(url);
    const french = await page(url, 'fr-CA');
    expect(english.key).toBe("Women's Dresses");
    expect(english.description).toMatch(/^Discover \d[\d,]* Women's Dresses from brands such as .+\. Compare prices across \d+ stores and click through to buy from the retailer\.$/);
    expect(french.key).toBe('Robes pour femmes');
    expect(french.description).toMatch(/^Découvrez \d[\d\u00a0\u202f]* Robes pour femmes de marques comme .+\. Comparez les prix dans \d+ boutiques et achetez directement chez le détaillant\.$/);
    expect(french.products).toEqual(english.products);
    expect((await page(url)).key).toBe("Women's Dresses");
    expect((await page(url, 'zh-HK')).key).toBe('女裝連身裙');
  });

  it('words a search within a listing and the sale bands; a shopper’s words stay as typed', async () => {
    const url = (path: string) => buildUrl(LISTING_CALL_PATHS.listing, listingApiQuery('listing', listingOf(path)));
    expect((await page(url('/50-percent-off'), 'ta-SG')).key).toBe('50% தள்ளுபடி');
    expect((await page(url('/dresses?q=satin'), 'fr-CA')).key).toBe('Satin dans Robes pour femmes');
    expect((await page(url('/search?q=dress'), 'fr-CA')).description).toMatch(/^Découvrez .* produits correspondant à « dress »/);
  });
});
