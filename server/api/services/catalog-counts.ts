import type { Department } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import { catalogQuery, type SearchEngine } from '../search-engine/search-engine';

// What the directories and the sitemaps list: the catalogue's counts from the search engine.

/** Products per brand, store and category in a country (optionally one department); admin-only stores only for admins. */
export async function catalogCounts(engine: SearchEngine, country: CountryCode, department?: Department, adminView = false) {
  const result = await engine.search(catalogQuery(country, department, adminView), { hits: false, facets: ['brand', 'store', 'category'] });
  return { total: result.total, brand: result.facets.brand!, store: result.facets.store!, category: result.facets.category! };
}
