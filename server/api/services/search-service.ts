import type { Logger } from 'pino';
import type { Queryable } from '../db/database';
import { FacetFilters } from '../search-listing/facet-filters';
import { ListingCountries } from '../search-listing/listing-countries';
import { ListingPageAnswers } from '../search-listing/listing-page';
import { ListingPasses } from '../search-listing/listing-passes';
import { ListingResolver } from '../search-listing/listing-resolver';
import { PopularSearches } from '../search-listing/popular-searches';
import { ProductList } from '../search-listing/product-list';
import { SeoLinks } from '../search-listing/seo-links';
import { SearchSuggestions } from '../search-listing/suggestions';
import type { SearchEngine } from '../search/search-engine';

// The listing endpoints (spec section 7 "Products and search") over a SearchEngine, one
// module per reason to change (server/api/search-listing/): resolving a request, the product
// list, the filter panel's facets, the SEO links and breadcrumb, the whole page in one answer
// (with its products per country site), suggestions, and the popular searches two of them
// learn from; the kept index passes they share. This only puts them together for the routes.
export class SearchService {
  readonly resolver: ListingResolver;
  readonly products: ProductList;
  readonly facets: FacetFilters;
  readonly links: SeoLinks;
  readonly page: ListingPageAnswers;
  readonly suggestions: SearchSuggestions;

  constructor(db: Queryable, engine: SearchEngine, logger?: Logger) {
    const popular = new PopularSearches(db, logger);
    this.resolver = new ListingResolver(db, engine);
    const passes = new ListingPasses(this.resolver);
    this.products = new ProductList(db, this.resolver, popular);
    this.facets = new FacetFilters(this.resolver, passes);
    this.links = new SeoLinks(this.resolver, passes, popular);
    this.page = new ListingPageAnswers(this.products, this.facets, this.links, passes, new ListingCountries(this.resolver));
    this.suggestions = new SearchSuggestions(engine, popular);
  }
}
