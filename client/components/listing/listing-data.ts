import type { z } from 'zod';
import type { ApiClient, Query } from '../../../shared/api/api-client';
import type { ProductCard } from '../../../shared/api/product-schemas';
import type { BreadcrumbSchema, CanonicalLinks, DealsSchema, Filter, PriceFilter, SearchDebugAnswer, SearchResponse } from '../../../shared/api/search-schemas';
import { PAGE_STEP } from '../../../shared/constants';
import type { ListingRequest, ListingState } from '../../../shared/listing/query-grammar';
import type { FacetFilterType } from '../../../shared/listing/vocabulary';

// What the listing loader hands the page, and the paging both sides share: the server loads
// the first UI page, the browser the ones infinite scroll asks for.

/** The api page numbers of one UI page: each loads PAGE_STEP sub-pages (spec sections 4 and 7). */
export function firstApiPage(uiPage: number): number {
  return (uiPage - 1) * PAGE_STEP + 1;
}

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
    const answer = await api.get('/api/search', 'SearchResponse', { ...query, page, perPage }, page > 1 ? { filters: 'true' } : undefined);
    answers.push(answer);
  }
  return answers;
}

type Deals = z.infer<typeof DealsSchema>;
type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

export type ListingData = {
  path: string;
  isSearch: boolean;
  /** The URL's listing state, as the loader read it. */
  state: ListingState;
  /** The listing as the api is asked it: the URL's state (Local follows the country), link and country. */
  request: ListingRequest;
  perPage: number;
  /** The api sub-pages of this UI page, as they came (they travel once, in the transfer cache). */
  pages: SearchResponse[];
  error500: boolean;
  filters: Record<FacetFilterType, Filter | null>;
  price: PriceFilter | null;
  deals: Deals | null;
  breadcrumb: Breadcrumb | null;
  links: CanonicalLinks | null;
  recommended: ProductCard[];
  /** Admins only (spec section 2): how the first sub-page was read and how long it took. */
  debug: SearchDebugAnswer | null;
};
