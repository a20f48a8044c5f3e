import type { CountryCode } from '../countries';
import type { SortValue } from '../sort-options';
import { emptyListingState, type ListingState, type PriceRange } from './listing-state';
import { CATEGORY_LEVELS, type CategoryLevel, type DealKey, type ListKey } from './vocabulary';

// How the listing changes (spec section 4 "Listing"). Each returns a new state; every one but
// paging starts over at page 1. Multi-value filters toggle a value, single-select ones
// replace it, changing q clears filters and price.

function reset(state: ListingState): ListingState {
  return { ...state, page: 1 };
}

/** The filter groups whose values the shopper toggles one by one (the category levels select). */
export type ToggleKey = Exclude<ListKey, CategoryLevel>;

/** Whether a list parameter holds this value (a bucket id, a chip id). */
export function hasValue(state: ListingState, key: ListKey, value: string): boolean {
  return (state[key] as readonly string[]).includes(value);
}

/** Multi-value filters add the value when absent and remove it when present. */
export function toggleValue(state: ListingState, key: ToggleKey, value: string): ListingState {
  const current: readonly string[] = state[key];
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...reset(state), [key]: values };
}

/** Removes one value (a chip's close button). */
export function removeValue(state: ListingState, key: ListKey, value: string): ListingState {
  const current: readonly string[] = state[key];
  return { ...reset(state), [key]: current.filter((v) => v !== value) };
}

export function setSort(state: ListingState, sort: SortValue): ListingState {
  return { ...reset(state), sort };
}

export function setDeal(state: ListingState, key: DealKey, on: boolean): ListingState {
  return { ...reset(state), [key]: on };
}

/**
 * Picks a category at one level: it replaces that level's choice, and the levels below are
 * cleared (they refined the old choice); picking a selected one again unselects it.
 */
export function selectCategory(state: ListingState, level: CategoryLevel, slug: string): ListingState {
  const next = reset(state);
  const index = CATEGORY_LEVELS.indexOf(level);
  next[level] = state[level].includes(slug) ? state[level].filter((s) => s !== slug) : [slug];
  for (const deeper of CATEGORY_LEVELS.slice(index + 1)) next[deeper] = [];
  return next;
}

/** Country (spec section 2): Local sets madein to the country, International asks for delivery from abroad. */
export type Provenance = 'all' | 'local' | 'international';

export function provenance(state: ListingState): Provenance {
  if (state.madein.length) return 'local';
  if (state.internationaldelivery) return 'international';
  return 'all';
}

export function setProvenance(state: ListingState, choice: Provenance, country: CountryCode): ListingState {
  return {
    ...reset(state),
    madein: choice === 'local' ? [country] : [],
    internationaldelivery: choice === 'international',
  };
}

/**
 * Spec section 4: on another country's site, Local means that country. (internationaldelivery
 * names no country in our grammar: "stores abroad that deliver here" is the same wherever.)
 */
export function forCountry(state: ListingState, country: CountryCode): ListingState {
  return state.madein.length ? { ...state, madein: [country] } : state;
}

export function setPrice(state: ListingState, range: PriceRange): ListingState {
  return { ...reset(state), priceRanges: range };
}

export function clearPrice(state: ListingState): ListingState {
  return { ...reset(state), priceRanges: undefined };
}

export function setPage(state: ListingState, page: number): ListingState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** Changing the search text clears filters and price; perPage stays (spec section 4). */
export function setQuery(state: ListingState, q: string): ListingState {
  return { ...emptyListingState(), q, perPage: state.perPage };
}

/** Clear all: the bare path with only q and perPage (spec section 4). */
export function clearAll(state: ListingState): ListingState {
  return setQuery(state, state.q);
}
