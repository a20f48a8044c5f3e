import type { z } from 'zod';
import type { ApiClient, Query } from '../../../shared/api/api-client';
import type {
  BreadcrumbSchema,
  CanonicalLinks,
  DealsSchema,
  Filter,
  FilterBucket,
  ListingPage,
  PriceFilter,
  SearchDebugAnswer,
  SearchResponse,
} from '../../../shared/api/search-schemas';
import { PAGE_STEP } from '../../../shared/constants';
import { LISTING_CALL_PATHS, firstApiPage } from '../../../shared/listing/companion-calls';
import type { CountryCode } from '../../../shared/countries';
import type { ListingRequest, ListingState } from '../../../shared/listing/query-grammar';
import { forCountry } from '../../../shared/listing/transitions';
import type { FacetFilterType } from '../../../shared/listing/vocabulary';
import { cardProduct, type CardProduct } from './product-card-rules';

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
    const answer = await api.get(LISTING_CALL_PATHS.list, 'SearchResponse', { ...query, page, perPage }, page > 1 ? { filters: 'true' } : undefined);
    answers.push(answer);
  }
  return answers;
}

type Deals = z.infer<typeof DealsSchema>;
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
  price: PriceFilter | null;
  deals: Deals | null;
  breadcrumb: Breadcrumb | null;
  links: ListingLinks | null;
  recommended: CardProduct[];
  /** Admins only (spec section 2): how the first sub-page was read and how long it took. */
  debug: SearchDebugAnswer | null;
};

type Loaded = {
  path: string;
  isSearch: boolean;
  state: ListingState;
  request: ListingRequest;
  perPage: number;
  /** The one listing answer; null when the call failed (error500). */
  answer: ListingPage | null;
  error500: boolean;
  recommended: readonly CardProduct[];
  debug: SearchDebugAnswer | null;
};

/** A copy of an answer's part: the page's data then points nowhere into the transfer cache. */
const own = <T extends object>(part: T | undefined): T | null => (part ? structuredClone(part) : null);

const choice = (bucket: FilterBucket): FilterChoice => ({
  key: bucket.key,
  id: bucket.id,
  docCount: bucket.docCount,
  ...(bucket.value === undefined ? {} : { value: bucket.value }),
  subBuckets: bucket.subBuckets.map((sub) => ({ filterName: sub.filterName, buckets: sub.buckets.map(choice) })),
});
const filterView = (filter: Filter | undefined): ListingFilter | null => (filter ? { filterName: filter.filterName, buckets: filter.buckets.map(choice) } : null);
const linkView = (link: CanonicalLinks['brand'][number]): SeoLinkView => ({ canonicalUrl: link.canonicalUrl, name: link.displayKeyword || link.key });

/**
 * What the page is given: what it reads and nothing more, since it travels to the browser
 * to hydrate the page (ARCHITECTURE.md "A listing request, file by file"). Its parts are
 * copies, so the api's answer itself, whose cards carry fields no card reads, is not
 * carried to the browser beside it (server/web/render/document-payload.ts sends only the
 * answers router state points at).
 */
export function listingView(loaded: Loaded): ListingData {
  const { answer } = loaded;
  const filters = answer?.filters;
  return {
    path: loaded.path,
    isSearch: loaded.isSearch,
    state: loaded.state,
    link: loaded.request.link,
    country: loaded.request.country,
    perPage: loaded.perPage,
    pages: (answer?.pages ?? []).map((page) => ({ totalCount: page.totalCount, description: page.description, key: page.key, products: page.products.map(cardProduct) })),
    error500: loaded.error500,
    filters: {
      category: filterView(filters?.category),
      brand: filterView(filters?.brand),
      store: filterView(filters?.store),
      colour: filterView(filters?.colour),
      offer: filterView(filters?.offer),
      department: filterView(filters?.department),
    },
    price: own(answer?.price),
    deals: own(answer?.deals),
    breadcrumb: own(answer?.breadcrumb),
    links: answer
      ? {
          brand: answer.links.brand.map(linkView),
          attribute: answer.links.attribute.map(linkView),
          fixedbrand: answer.links.fixedbrand.map(linkView),
          topsearches: answer.links.topsearches.map(linkView),
          searchinfo: { ...answer.links.searchinfo },
        }
      : null,
    recommended: loaded.recommended.map(cardProduct),
    debug: loaded.debug,
  };
}

/** The listing as the api is asked it: the URL's state (Local follows the country), link and country. */
export function listingRequest(data: Pick<ListingData, 'state' | 'link' | 'country'>): ListingRequest {
  return { state: forCountry(data.state, data.country), link: data.link, country: data.country };
}
