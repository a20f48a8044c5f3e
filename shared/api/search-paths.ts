import { pathTo } from './api-paths';

// The search and listing endpoints (search-schemas.ts says what each takes and answers; the
// listing's companion calls are in shared/listing/companion-calls.ts): read by page scripts,
// so this module imports no zod.

export const SEARCH_API = {
  /** One api page of products (spec section 7's list call). */
  list: '/api/search',
  /** The admin debug line of a listing: its own personal call. */
  debug: '/api/search/debug',
  deals: '/api/search/deals',
  breadcrumb: '/api/search/filters/breadcrumb',
  /** A facet group's values (type: brand, store, colour, price…). */
  filters: pathTo('/api/search/filters/:type'),
  /** What each facet group's call adds its type to (the listing's companion calls name it so). */
  filterGroups: '/api/search/filters',
  canonicalLinks: '/api/search/canonical-links',
  /** The whole site page from one index pass (its api pages and every companion's answer). */
  listing: '/api/search/listing',
  /** Suggestions for a department and text, or for text alone. */
  autoSuggestIn: pathTo('/api/search/auto-suggest/:first/:second'),
  autoSuggest: pathTo('/api/search/auto-suggest/:text'),
} as const;
