import type { ListingPage } from '../../../shared/api/search-schemas';
import type { Translator } from '../../../shared/i18n/translator';
import { requestForCall } from '../../../shared/listing/companion-calls';
import { parseFilterListOptions, type ListingRequest } from '../../../shared/listing/query-grammar';
import { FACET_FILTER_TYPES } from '../../../shared/listing/vocabulary';
import type { FacetFilters } from './facet-filters';
import type { ListingCountries } from './listing-countries';
import type { ListingPasses } from './listing-passes';
import type { ProductList } from './product-list';
import type { SeoLinks } from './seo-links';

// GET /api/search/listing: a whole site page of a listing in one answer, so a page costs the
// web one call instead of a dozen. One engine call gives the page's products and every facet;
// the filter groups, deals, price range and breadcrumb are shaped from that pass exactly as
// their own endpoints shape them, and the pass is kept for those endpoints
// (listing-passes.ts). The canonical links count over q or link and country only: the same
// pass when the page has no filters, else a kept pass of their own. The per-country totals
// (the page's hreflang alternates) are counted once per listing for every site (listing-countries.ts).

export class ListingPageAnswers {
  constructor(
    private readonly products: ProductList,
    private readonly facets: FacetFilters,
    private readonly links: SeoLinks,
    private readonly passes: ListingPasses,
    private readonly countries: ListingCountries,
  ) {}

  /** `words`: the caller's language, which the page's title and description are written in. */
  async answer(request: ListingRequest, words: Translator): Promise<ListingPage> {
    const { pages, pass } = await this.products.sitePage(request, words);
    await this.passes.remember(requestForCall('filters', request), pass);
    const options = parseFilterListOptions('');
    const filters = Object.fromEntries(FACET_FILTER_TYPES.map((type) => [type, this.facets.filterOf(type, pass, options)])) as ListingPage['filters'];
    // The canonical links' request is derived from the page's resolution: one link read per page.
    const links = await this.links.canonicalLinksOf(await this.passes.facetsWithin(pass.resolved, requestForCall('canonical-links', request)), words.t);
    return {
      pages,
      filters,
      price: this.facets.priceOf(pass),
      deals: this.facets.dealsOf(pass),
      breadcrumb: this.links.breadcrumbOf(pass.resolved),
      links,
      countryTotals: await this.countries.of(pass.resolved),
    };
  }
}
