import * as SEARCH_API from '../../../shared/api/search-paths';
import { listingApiQuery } from '../../../shared/listing/companion-calls';
import type { FacetFilterType } from '../../../shared/listing/vocabulary';
import { browserApi } from '../../api/browser-api';
import { cardProduct, type CardProduct } from '../../components/listing/product-card-rules';
import { listingRequest, loadListingPage, type FilterChoice, type ListingData } from './listing-data';

// What a listing page asks the api for from the browser, after the loader: more cards as the
// shopper scrolls (ListingResults), a filter group's values by name (FacetSearchList).

/** The cards of site page `page` (infinite scroll), as the page draws them. */
export async function loadMoreCards(data: ListingData, page: number): Promise<CardProduct[]> {
  const answers = await loadListingPage(browserApi(), listingApiQuery('list', listingRequest(data)), page, data.perPage);
  return answers.flatMap((a) => a.products.map(cardProduct));
}

/**
 * A filter group's values whose names match `find`, over the listing's own filter call: narrowed
 * and written here, when a search is sent, not at each render of the panel (issue 26).
 */
export async function findFilterValues(type: FacetFilterType, listing: Pick<ListingData, 'state' | 'link' | 'country'>, find: string): Promise<FilterChoice[]> {
  const answer = await browserApi().get(SEARCH_API.filters(type), 'Filter', { ...listingApiQuery('filters', listingRequest(listing)), find });
  return answer.buckets;
}
