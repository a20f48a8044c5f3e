import type { ApiClient, Query } from '../../../shared/api/api-client';
import type { ProductCard } from '../../../shared/api/product-schemas';
import {
  SearchResponseSchema,
  type BreadcrumbSchema,
  type CanonicalLinks,
  type DealsSchema,
  type Filter,
  type PriceFilter,
  type SearchResponse,
} from '../../../shared/api/search-schemas';
import { PAGE_STEP } from '../../../shared/constants';
import type { z } from 'zod';

// What the listing loader hands the page, and the paging both sides share: the server loads
// the first UI page, the browser the ones infinite scroll asks for.

/** The filter groups of the panel: api type → the query parameter its values go into. */
export const FILTER_TYPES = [
  { type: 'category', param: 'category' },
  { type: 'brand', param: 'brand' },
  { type: 'store', param: 'storename' },
  { type: 'colour', param: 'colour' },
  { type: 'offer', param: 'offers' },
  { type: 'department', param: 'department' },
] as const;
export type FilterType = (typeof FILTER_TYPES)[number]['type'];

/** The api query of one listing (q or link, filters, country), shared by every call it makes. */
export type ListingBase = Query;

/**
 * Spec sections 4 and 7: each UI page loads sub-pages in sequence (page step 2), the next
 * only while the previous was full and more results exist. Later api pages carry
 * `filters: true` (spec section 7).
 */
export async function loadListingPage(api: ApiClient, base: ListingBase, uiPage: number, perPage: number): Promise<SearchResponse[]> {
  const answers: SearchResponse[] = [];
  for (let step = 0; step < PAGE_STEP; step += 1) {
    const page = (uiPage - 1) * PAGE_STEP + step + 1;
    const previous = answers[answers.length - 1];
    if (previous && (previous.products.length < perPage || page > Math.ceil(previous.totalCount / perPage))) break;
    const answer = await api.get('/api/search', SearchResponseSchema, { ...base, page, perPage }, page > 1 ? { filters: 'true' } : undefined);
    answers.push(answer);
  }
  return answers;
}

type Deals = z.infer<typeof DealsSchema>;
type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

export type ListingData = {
  path: string;
  isSearch: boolean;
  base: ListingBase;
  perPage: number;
  /** The api sub-pages of this UI page, as they came (they travel once, in the transfer cache). */
  pages: SearchResponse[];
  error500: boolean;
  filters: Record<FilterType, Filter | null>;
  price: PriceFilter | null;
  deals: Deals | null;
  breadcrumb: Breadcrumb | null;
  links: CanonicalLinks | null;
  recommended: ProductCard[];
};

