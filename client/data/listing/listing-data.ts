import type { z } from 'zod';
import type { ApiClient, Query } from '../../../shared/api/api-client';
import type { BreadcrumbSchema, CanonicalLinks, CountryTotals, FilterBucket, SearchDebugAnswer, SearchResponse } from '../../../shared/api/search-schemas';
import { MAX_RESULT_WINDOW, PAGE_STEP } from '../../../shared/constants';
import { firstApiPage } from '../../../shared/listing/companion-calls';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import type { ListingRequest, ListingState } from '../../../shared/listing/listing-state';
import { forCountry } from '../../../shared/listing/transitions';
import type { DealKey, FacetFilterType } from '../../../shared/listing/vocabulary';
import type { CardProduct } from '../../components/listing/product-card-rules';

// What the listing loader hands the page, and the paging both sides share: the server loads
// the first site page in one call (GET /api/search/listing), the browser the ones infinite
// scroll asks for, api page by api page.

/**
 * Spec sections 4 and 7: each UI page loads sub-pages in sequence (page step 2), the next
 * only while the previous was full and more results exist. Later api pages carry
 * `filters: true` (spec section 7). `query` is the list call's (listingApiQuery('list', …)).
 */
export async function loadListingPage(api: ApiClient, query: Query, uiPage: number, perPage: number): Promise<SearchResponse[]> {
  const answers: SearchResponse[] = [];
  for (let step = 0; step < PAGE_STEP; step += 1) {
    const page = firstApiPage(uiPage) + step;
    const previous = answers[answers.length - 1];
    if (previous && (previous.products.length < perPage || page > Math.ceil(previous.totalCount / perPage))) break;
    const answer = await api.get(SEARCH_API.list, 'SearchResponse', { ...query, page, perPage }, page > 1 ? { filters: 'true' } : undefined);
    answers.push(answer);
  }
  return answers;
}

/** How many site pages a listing of `total` products has (paging stops at MAX_RESULT_WINDOW items, spec section 9); at least 1. */
export function sitePageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.min(total, MAX_RESULT_WINDOW) / (perPage * PAGE_STEP)));
}

/**
 * The country sites on which site page `page` of a listing has products, so is indexed: the
 * page's hreflang alternates. Read from the same totals on every site, so each of them names
 * the same sites, itself included (issue 25).
 */
export function sitesWithPage(totals: CountryTotals, page: number, perPage: number): CountryCode[] {
  return COUNTRY_CODES.filter((code) => totals[code] > 0 && page <= sitePageCount(totals[code], perPage));
}

/** The deals' counts by key: the page names each deal in its language (the api's textKey is English). */
export type DealCounts = Partial<Record<DealKey, number>>;
/** The listing's lowest and highest price and the currency's symbol: what the price filter reads of the api's. */
export type PriceScale = { min: number | null; max: number | null; symbol: string };
type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

/** An api page as the page reads it: its count, title and description, and its cards as card views. */
export type ListingPageOfCards = Pick<SearchResponse, 'totalCount' | 'description' | 'key'> & { products: CardProduct[] };

/** A filter choice as the panel reads it (the api's textKey and selected it does not). */
export type FilterChoice = Pick<FilterBucket, 'key' | 'id' | 'docCount' | 'value'> & {
  subBuckets: { filterName: string; buckets: FilterChoice[] }[];
};
export type ListingFilter = { filterName: string; buckets: FilterChoice[] };

/** A related-search link as the page draws it: where it goes and the words (displayKeyword, else key). */
export type SeoLinkView = { canonicalUrl: string; name: string };
export type ListingLinks = Record<'brand' | 'attribute' | 'fixedbrand' | 'topsearches', SeoLinkView[]> & Pick<CanonicalLinks, 'searchinfo'>;

export type ListingData = {
  path: string;
  isSearch: boolean;
  /** The URL's listing state, as the loader read it. */
  state: ListingState;
  /** The listing path the api is asked (none for /search), and the country. */
  link: string | undefined;
  country: CountryCode;
  perPage: number;
  /** The api sub-pages of this UI page. */
  pages: ListingPageOfCards[];
  error500: boolean;
  filters: Record<FacetFilterType, ListingFilter | null>;
  price: PriceScale | null;
  deals: DealCounts | null;
  breadcrumb: Breadcrumb | null;
  links: ListingLinks | null;
  /** The listing's products on each country site (the page's hreflang alternates); null for a page never indexed. */
  countryTotals: CountryTotals | null;
  recommended: CardProduct[];
  /** Admins only (spec section 2): how the first sub-page was read and how long it took. */
  debug: SearchDebugAnswer | null;
};

/** The listing as the api is asked it: the URL's state (Local follows the country), link and country. */
export function listingRequest(data: Pick<ListingData, 'state' | 'link' | 'country'>): ListingRequest {
  return { state: forCountry(data.state, data.country), link: data.link, country: data.country };
}
