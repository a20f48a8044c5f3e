import type { Logger } from 'pino';
import type { Queryable } from '../db/database';
import { FacetFilters } from './facet-filters';
import { ListingCountries } from './listing-countries';
import { ListingPageAnswers } from './listing-page';
import { ListingPasses } from './listing-passes';
import { ListingResolver } from './listing-resolver';
import { PopularSearches } from './popular-searches';
import { ProductList } from './product-list';
import { SeoLinks } from './seo-links';
import { SearchSuggestions } from './suggestions';
import type { SearchEngine } from '../search-engine/search-engine';

// The listing endpoints (spec section 7 "Products and search") over a SearchEngine (the
// engine is server/api/search-engine/), one module per reason to change in this folder: resolving a
// request and what its link means, the product list, the filter panel's facets, the SEO links
// and breadcrumb, the whole page in one answer (with its products per country site),
// suggestions, and the popular searches two of them learn from; the kept index passes they
// share. This only puts them together for the routes.
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
