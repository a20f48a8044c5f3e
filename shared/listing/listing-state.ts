import type { ColourKey } from '../colours';
import type { Department } from '../constants';
import type { CountryCode } from '../countries';
import type { SortValue } from '../sort-options';
import { CATEGORY_LEVELS, DEAL_KEYS, type DealKey, type ListKey } from './vocabulary';

// The listing's state and how it is written as a URL query (spec section 2 "Query
// parameters", section 3 "Query state"). Reading a query is shared/listing/query-grammar.ts,
// which re-exports all of this: the browser's listing page only writes URLs (every filter's
// link), so it loads this file and not the reader with its messages; the reader runs in the
// loader, on the server and on client navigations (client/routes/listing-loader.ts).

export type PriceRange = { min: number; max: number };
/** A discount band in whole percent, both ends included ("51.0-70.0" is 51..70). */
export type PercentRange = { from: number; to: number };

export type ListingState = {
  /** Search text, cleaned by the rule of spec section 5. */
  q: string;
  /** 1-based. */
  page: number;
  /** Kept only when the URL names it (the api's default applies otherwise). */
  perPage: number | undefined;
  sort: SortValue;
  colour: ColourKey[];
  department: Department[];
  /** The Local toggle: the stores' own countries (spec section 4). */
  madein: CountryCode[];
  /** Only stores abroad that deliver here (the International toggle). */
  internationaldelivery: boolean;
  /** Amounts in whole units of the country's currency (two decimals at most). */
  priceRanges: PriceRange | undefined;
} & Record<Exclude<ListKey, 'colour' | 'department' | 'madein'>, string[]> &
  Record<DealKey, boolean>;

/** The order parameters are written in, so one state has exactly one URL. */
export const LISTING_PARAMS = [
  'q',
  ...CATEGORY_LEVELS,
  'department',
  'brand',
  'storename',
  'colour',
  'offers',
  'care',
  'priceRanges',
  'madein',
  'internationaldelivery',
  ...DEAL_KEYS,
  'sort',
  'page',
  'perPage',
] as const;
export type ListingParam = (typeof LISTING_PARAMS)[number];

export function emptyListingState(): ListingState {
  return {
    q: '',
    page: 1,
    perPage: undefined,
    sort: '',
    category: [],
    subcategory: [],
    subcategory2: [],
    subcategory3: [],
    subcategory4: [],
    department: [],
    brand: [],
    storename: [],
    colour: [],
    offers: [],
    care: [],
    madein: [],
    priceRanges: undefined,
    internationaldelivery: false,
    coupons: false,
    freedelivery: false,
    sale: false,
    pricedropped: false,
  };
}

/** Encodes a value but leaves the commas that separate list values readable. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/** The state's parameters in canonical order, defaults left out. */
export function listingParams(state: ListingState): [ListingParam, string][] {
  const out: [ListingParam, string][] = [];
  for (const key of LISTING_PARAMS) {
    switch (key) {
      case 'q':
        if (state.q) out.push([key, state.q]);
        break;
      case 'sort':
        if (state.sort) out.push([key, state.sort]);
        break;
      case 'page':
        if (state.page > 1) out.push([key, String(state.page)]);
        break;
      case 'perPage':
        if (state.perPage !== undefined) out.push([key, String(state.perPage)]);
        break;
      case 'priceRanges':
        if (state.priceRanges) out.push([key, `${state.priceRanges.min},${state.priceRanges.max}`]);
        break;
      case 'internationaldelivery':
      case 'coupons':
      case 'freedelivery':
      case 'sale':
      case 'pricedropped':
        if (state[key]) out.push([key, 'true']);
        break;
      default:
        if (state[key].length) out.push([key, state[key].join(',')]);
    }
  }
  return out;
}

/** "?q=red%20dress&colour=red,blue&page=2", or '' for the bare listing. */
export function serializeListingQuery(state: ListingState): string {
  const params = listingParams(state);
  return params.length ? `?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '';
}

// A listing call to the api also says what is listed and where: `link` (the page's path; the
// web takes it from its own path, /search has none) and `country` (the web's country prefix).

/** One listing request as the api reads it: the state, the listing path and the country. */
export type ListingRequest = {
  state: ListingState;
  link: string | undefined;
  country: CountryCode;
  /**
   * With the admin-only stores (spec section 6). Never read from a query string: the api sets
   * it once it has checked the caller is an admin (server/api/http/catalog-view.ts).
   */
  adminView?: boolean;
};
