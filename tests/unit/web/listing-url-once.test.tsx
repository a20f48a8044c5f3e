import { renderToString } from 'react-dom/server';
import { MemoryRouter, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, type ApiClient, type Query } from '../../../shared/api/api-client';
import type { ListingPage } from '../../../shared/api/search-schemas';
import * as SEARCH_API from '../../../shared/api/search-paths';
import * as COMPANION_CALLS from '../../../shared/listing/companion-calls';
import * as LISTING_STATE from '../../../shared/listing/listing-state';
import * as QUERY_GRAMMAR from '../../../shared/listing/query-grammar';
import { apiContext, siteContext, SiteConfigContext } from '../../../client/app/contexts';
import { sessionContext, type SessionControl } from '../../../client/app/session-context';
import { loader } from '../../../client/routes/listing-loader';
import { FilterPanel } from '../../../client/components/listing/FilterPanel';
import type { ListingData } from '../../../client/data/listing/listing-data';
import { findFilterValues } from '../../../client/data/listing/listing-calls';
import { setBrowserApi } from '../../../client/api/browser-api';
import type { SiteConfig } from '../../../shared/payload';
import { withI18n } from '../../support/i18n';

// Issue 26: one listing request, from the page's URL to the api call. The page's URL is read
// once (React Router's own reading, handed to the loader as `url`; the grammar once), the api
// query is narrowed and written once for the calls that ask the whole listing, and the filter
// panel narrows nothing while it draws (the Find a Brand / Store call narrows when it is sent).

vi.mock('../../../shared/listing/companion-calls', async (original) => {
  const actual = await original<typeof COMPANION_CALLS>();
  return { ...actual, listingApiQuery: vi.fn(actual.listingApiQuery) };
});
vi.mock('../../../shared/listing/listing-state', async (original) => {
  const actual = await original<typeof LISTING_STATE>();
  return { ...actual, listingParams: vi.fn(actual.listingParams) };
});
vi.mock('../../../shared/listing/query-grammar', async (original) => {
  const actual = await original<typeof QUERY_GRAMMAR>();
  return { ...actual, parseListingQuery: vi.fn(actual.parseListingQuery) };
});

afterEach(() => {
  vi.clearAllMocks();
});

const site = { basename: '', country: 'GB' } as unknown as SiteConfig;

const product = {
  id: 7,
  affiliate_id: 1,
  brand: 'Zara',
  brand_id: 3,
  storename: 'Shop',
  store_id: 4,
  store_slug: 'shop',
  category_slug: 'dresses',
  subcategory_slug: '',
  variant_index: 0,
  GB: true,
  US: false,
  INTERNATIONAL: false,
  variants: [],
};

const listingAnswer = {
  pages: [{ totalCount: 1, description: '', key: 'Dresses', products: [product] }],
  filters: {},
  price: undefined,
  deals: undefined,
  breadcrumb: undefined,
  links: { brand: [], attribute: [], fixedbrand: [], topsearches: [], searchinfo: {} },
  countryTotals: null,
} as unknown as ListingPage;

function page(admin: boolean) {
  const asked: string[] = [];
  const api: ApiClient = {
    get: (async (path: string, _answer: string, query?: Query) => {
      asked.push(buildUrl(path, query));
      if (path === SEARCH_API.listing) return listingAnswer;
      if (path === SEARCH_API.debug) return { debug: { engine: 'memory', indexVersion: 1 }, timeTaken: 1 };
      throw new Error(`unexpected call ${path}`);
    }) as ApiClient['get'],
    send: () => Promise.reject(new Error('no writes')),
  };
  const session = { signedIn: () => false, isAdmin: () => admin } as unknown as SessionControl;
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(siteContext, site);
  context.set(sessionContext, session);
  return { asked, context };
}

/** A Request whose address must not be read again: React Router has read it, and hands `url` over. */
const readOnce = {
  get url(): string {
    throw new Error('the listing loader read the request’s address again');
  },
} as unknown as Request;

const args = (context: RouterContextProvider, address: string, request: Request = new Request(address)) =>
  ({ request, url: new URL(address), params: {}, context, pattern: '/*' }) as unknown as LoaderFunctionArgs;

describe('one listing request, from the page’s URL to the api call (issue 26)', () => {
  it('reads the page’s URL from React Router’s reading, and its query with the grammar once', async () => {
    const { asked, context } = page(false);
    vi.clearAllMocks();
    await loader(args(context, 'http://site.test/dresses?colour=black&sort=asc', readOnce));
    expect(vi.mocked(QUERY_GRAMMAR.parseListingQuery)).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([`${SEARCH_API.listing}?colour=black&link=%2Fdresses&sort=asc`]);
  });

  // As before issue 26 (a guard): a guest's page asks one call.
  it('narrows and writes the api query once for a guest', async () => {
    const { context } = page(false);
    vi.clearAllMocks();
    await loader(args(context, 'http://site.test/dresses?colour=black&sort=asc'));
    expect(vi.mocked(COMPANION_CALLS.listingApiQuery).mock.calls.map(([call]) => call)).toEqual(['listing']);
    expect(vi.mocked(LISTING_STATE.listingParams)).toHaveBeenCalledTimes(1);
  });

  it('narrows and writes the api query once for an admin too, whose debug line asks the same listing', async () => {
    const { asked, context } = page(true);
    vi.clearAllMocks();
    await loader(args(context, 'http://site.test/dresses?colour=black&sort=asc&page=2'));
    expect(vi.mocked(COMPANION_CALLS.listingApiQuery).mock.calls.map(([call]) => call)).toEqual(['listing']);
    expect(vi.mocked(LISTING_STATE.listingParams)).toHaveBeenCalledTimes(1);
    expect(asked.sort()).toEqual([
      `${SEARCH_API.debug}?colour=black&link=%2Fdresses&page=3&perPage=20&sort=asc`,
      `${SEARCH_API.listing}?colour=black&link=%2Fdresses&page=2&sort=asc`,
    ].sort());
  });
});

describe('the filter panel as it draws (issue 26)', () => {
  it('narrows and writes no api query: the Find a Brand / Store call does, when it is sent', () => {
    const data = {
      path: '/dresses',
      isSearch: false,
      state: QUERY_GRAMMAR.parseListingQuery('colour=black&sort=asc'),
      link: '/dresses',
      country: 'GB',
      perPage: 40,
      pages: [],
      error500: false,
      filters: {
        category: null,
        colour: null,
        offer: null,
        department: null,
        brand: { filterName: 'Brands', buckets: [{ key: 'Zara', id: 'zara', docCount: 1, subBuckets: [] }] },
        store: { filterName: 'Stores', buckets: [{ key: 'Shop', id: 'shop', docCount: 1, subBuckets: [] }] },
      },
      price: null,
      deals: null,
      breadcrumb: null,
      links: null,
      countryTotals: null,
      recommended: [],
      debug: null,
    } as unknown as ListingData;
    vi.clearAllMocks();
    const html = renderToString(
      withI18n(
        <SiteConfigContext.Provider value={site}>
          <MemoryRouter>
            <FilterPanel data={data} state={data.state} href={(s) => `/dresses${LISTING_STATE.serializeListingQuery(s)}`} apply={() => undefined} country="GB" draft={false} collapse={0} />
          </MemoryRouter>
        </SiteConfigContext.Provider>,
      ),
    );
    expect(html).toContain('Zara');
    expect(vi.mocked(COMPANION_CALLS.listingApiQuery)).not.toHaveBeenCalled();
    // listingParams as companion-calls.ts calls it (the links' own hrefs write through serializeListingQuery in its module).
    expect(vi.mocked(LISTING_STATE.listingParams)).not.toHaveBeenCalled();
  });
});

describe('Find a Brand / Store (issue 26)', () => {
  it('sends the listing’s filter call, narrowed when it is sent (no sort, no page), with find', async () => {
    const asked: string[] = [];
    setBrowserApi({
      get: (async (path: string, _answer: string, query?: Query) => {
        asked.push(buildUrl(path, query));
        return { filterName: 'Brands', buckets: [] };
      }) as ApiClient['get'],
      send: () => Promise.reject(new Error('no writes')),
    });
    const listing = { state: QUERY_GRAMMAR.parseListingQuery('colour=black&sort=asc&page=3'), link: '/dresses', country: 'AU' } as const;
    vi.clearAllMocks();
    await findFilterValues('brand', listing, 'za');
    expect(asked).toEqual([`${SEARCH_API.filters('brand')}?colour=black&country=AU&find=za&link=%2Fdresses`]);
    expect(vi.mocked(COMPANION_CALLS.listingApiQuery).mock.calls.map(([call]) => call)).toEqual(['filters']);
  });
});
