import type { CountryTotals } from '../../../shared/api/search-schemas';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '../../../shared/countries';
import { isIndexableListing } from '../../../shared/listing/chips';
import type { ListingState } from '../../../shared/listing/query-grammar';
import { forCountry, setPage } from '../../../shared/listing/transitions';
import { KeptPromises } from '../../lib/kept-promises';
import { passKey } from './listing-passes';
import { engineFilters, type ListingResolver, type ResolvedRequest } from './listing-resolver';

// How many products a listing has on each country site, for its pages' hreflang alternates:
// a page names only the sites where the same page has products (is indexable), and every
// site's page names the same ones, itself included, so the alternates are reciprocal (issue
// 25: /brand/{brand} named the empty, noindex /ae/brand/{brand}). Counted once per listing and
// index version whichever site asks first (eight counts without facets or hits), and only for
// a page that may be indexed at all (shared/listing/chips.ts isIndexableListing).

/**
 * Listings kept: eight numbers each. Enough for every brand, store and category page of the
 * demo catalogue and their one-filter pages that crawlers walk.
 */
const MAX_LISTINGS = 5000;

export class ListingCountries {
  private readonly totals = new KeptPromises<CountryTotals>(MAX_LISTINGS);

  constructor(private readonly resolver: ListingResolver) {}

  /**
   * The listing's products per country site (its link and filters, not its page); null when
   * none of its pages may be indexed. `resolved` is the request resolved for one of its pages:
   * the link is not read again (issue 26).
   */
  async of(resolved: ResolvedRequest): Promise<CountryTotals | null> {
    const { request } = resolved;
    if (!isIndexableListing(request.link, request.state)) return null;
    const state = setPage(request.state, 1);
    await this.resolver.engine.start();
    // The same key from every site: the Local filter names the asking site's own country.
    const key = `${this.resolver.engine.version()} ${passKey({ ...request, country: DEFAULT_COUNTRY, state: forCountry(state, DEFAULT_COUNTRY) })}`;
    return this.totals.get(key, () => this.count(resolved, state));
  }

  private async count({ query }: ResolvedRequest, state: ListingState): Promise<CountryTotals> {
    const counted = await Promise.all(
      COUNTRY_CODES.map(async (country) => {
        const filters = engineFilters(forCountry(state, country));
        const result = await this.resolver.engine.search({ ...query, country, filters, offset: 0, limit: 0 }, { hits: false, facets: [] });
        return [country, result.total] as const;
      }),
    );
    return Object.fromEntries(counted) as CountryTotals;
  }
}
