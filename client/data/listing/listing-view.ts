import type { Filter, FilterBucket, ListingPage, SearchDebugAnswer } from '../../../shared/api/search-schemas';
import type { CanonicalLinks } from '../../../shared/api/search-schemas';
import type { ListingRequest, ListingState } from '../../../shared/listing/listing-state';
import type { FilterChoice, ListingData, ListingFilter, SeoLinkView } from './listing-data';
import { cardProduct, type CardProduct } from '../../components/listing/product-card-rules';

// The loader's view of the api's listing answer (listing-data.ts says what the page reads).
// A module of its own: the browser needs it only for the loader on client navigations
// (client/routes/listing-loader.ts), not to hydrate the first page.

export type Loaded = {
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
    price: answer?.price ? { min: answer.price.buckets.price_min, max: answer.price.buckets.price_max, symbol: answer.price.currencySymbol } : null,
    deals: answer?.deals ? Object.fromEntries(answer.deals.deals.map((deal) => [deal.key, deal.docCount])) : null,
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
    countryTotals: own(answer?.countryTotals ?? undefined),
    recommended: loaded.recommended.map(cardProduct),
    debug: loaded.debug,
  };
}
