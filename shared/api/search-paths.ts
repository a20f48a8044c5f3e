import { pathTo } from './api-paths';

// The search and listing endpoints (search-schemas.ts says what each takes and answers; the
// listing's companion calls are in shared/listing/companion-calls.ts): read by page scripts,
// so this module imports no zod. Each path is an export of its own and callers import the
// module as a namespace (`import * as SEARCH_API`), so a page's script carries only the
// paths it calls.

/** One api page of products (spec section 7's list call). */
export const list = '/api/search';
/** The admin debug line of a listing: its own personal call. */
export const debug = '/api/search/debug';
export const deals = '/api/search/deals';
export const breadcrumb = '/api/search/filters/breadcrumb';
/** A facet group's values (type: brand, store, colour, price…). */
export const filters = pathTo('/api/search/filters/:type');
/** What each facet group's call adds its type to (the listing's companion calls name it so). */
export const filterGroups = '/api/search/filters';
export const canonicalLinks = '/api/search/canonical-links';
/** The whole site page from one index pass (its api pages and every companion's answer). */
export const listing = '/api/search/listing';
/** Suggestions for a department and text, or for text alone. */
export const autoSuggestIn = pathTo('/api/search/auto-suggest/:first/:second');
export const autoSuggest = pathTo('/api/search/auto-suggest/:text');
