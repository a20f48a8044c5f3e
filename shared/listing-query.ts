import type { Query } from './api/api-client';
import { MAX_PER_PAGE } from './constants';
import type { CountryCode } from './countries';
import { SORT_OPTIONS, type SortValue } from './sort-options';
import { parsePageNumber } from './validation/page-number';

// The listing's query state (spec section 3 "Query state", section 4 "Listing"): everything a
// listing shows is in its URL, so a link, a reload, the back button and a crawler all see the
// same page. This module reads a URL's query into that state, writes it back in one canonical
// order, and holds the transitions: any change resets page to 1, multi-value filters toggle a
// value, single-select ones replace it, changing q clears filters and price.

/** Filters that hold several values, comma-separated in the URL (spec section 2). */
export const MULTI_KEYS = ['department', 'brand', 'storename', 'colour', 'offers', 'care'] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];

/** Category levels, each a single slug; a deeper level refines the one above (breadcrumb depth 5). */
export const CATEGORY_LEVELS = ['category', 'subcategory', 'subcategory2', 'subcategory3', 'subcategory4'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export const FLAG_KEYS = ['coupons', 'freedelivery', 'sale'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export type PriceRange = { min: number; max: number };

export type ListingState = {
  q: string;
  page: number;
  /** Kept only when the URL names it (the api's default applies otherwise). */
  perPage: number | undefined;
  sort: SortValue;
  /** A country code: the Local toggle (spec section 4). */
  madein: string;
  /** A country code (or true): stores abroad that deliver here. */
  internationaldelivery: string;
  priceRanges: PriceRange | undefined;
} & Record<MultiKey, string[]> &
  Record<CategoryLevel, string> &
  Record<FlagKey, boolean>;

/** The order parameters are written in, so one state has exactly one URL. */
const ORDER = [
  'q',
  ...CATEGORY_LEVELS,
  'department',
  'brand',
  'storename',
  'colour',
  'offers',
  'care',
  'priceRanges',
  'madein',
  'internationaldelivery',
  'coupons',
  'freedelivery',
  'sale',
  'sort',
  'page',
  'perPage',
] as const;

const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((o) => o.value);

export function emptyListingState(): ListingState {
  return {
    q: '',
    page: 1,
    perPage: undefined,
    sort: '',
    madein: '',
    internationaldelivery: '',
    priceRanges: undefined,
    colour: [],
    brand: [],
    storename: [],
    offers: [],
    department: [],
    care: [],
    category: '',
    subcategory: '',
    subcategory2: '',
    subcategory3: '',
    subcategory4: '',
    coupons: false,
    freedelivery: false,
    sale: false,
  };
}

function splitValues(values: string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];
}

function readFlag(value: string | null): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'true' || v === '1';
}

/** "20,150" → { min: 20, max: 150 }; anything else is no price range. */
export function parsePriceRanges(value: string | null): PriceRange | undefined {
  const parts = splitValues(value ? [value] : []);
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,9}(\.\d{1,2})?$/.test(p))) return undefined;
  const [min, max] = parts.map(Number) as [number, number];
  return min <= max ? { min, max } : undefined;
}

/** Reads a URL's query string (with or without "?", form-encoded or not) into listing state. */
export function parseListingQuery(search: string | URLSearchParams): ListingState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const last = (key: string) => {
    const all = params.getAll(key);
    return all.length ? all[all.length - 1]! : null;
  };
  const state = emptyListingState();
  state.q = (last('q') ?? '').replace(/\s+/g, ' ').trim();
  state.page = parsePageNumber(last('page'));
  const perPage = parsePageNumber(last('perPage'), 0);
  state.perPage = perPage > 0 ? Math.min(perPage, MAX_PER_PAGE) : undefined;
  const sort = (last('sort') ?? '').trim();
  state.sort = (SORT_VALUES.includes(sort) ? sort : '') as SortValue;
  state.madein = (last('madein') ?? '').trim();
  state.internationaldelivery = (last('internationaldelivery') ?? '').trim();
  if (['false', '0'].includes(state.internationaldelivery.toLowerCase())) state.internationaldelivery = '';
  state.priceRanges = parsePriceRanges(last('priceRanges'));
  for (const key of MULTI_KEYS) state[key] = splitValues(params.getAll(key));
  for (const level of CATEGORY_LEVELS) state[level] = (last(level) ?? '').trim();
  for (const key of FLAG_KEYS) state[key] = readFlag(last(key));
  return state;
}

/** Encodes a value but leaves the commas that separate multi-values readable. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/** The state's parameters in canonical order, empty ones left out. */
export function listingParams(state: ListingState): [string, string][] {
  const out: [string, string][] = [];
  for (const key of ORDER) {
    switch (key) {
      case 'page':
        if (state.page > 1) out.push([key, String(state.page)]);
        break;
      case 'perPage':
        if (state.perPage !== undefined) out.push([key, String(state.perPage)]);
        break;
      case 'priceRanges':
        if (state.priceRanges) out.push([key, `${state.priceRanges.min},${state.priceRanges.max}`]);
        break;
      case 'coupons':
      case 'freedelivery':
      case 'sale':
        if (state[key]) out.push([key, 'true']);
        break;
      case 'colour':
      case 'brand':
      case 'storename':
      case 'offers':
      case 'department':
      case 'care':
        if (state[key].length) out.push([key, state[key].join(',')]);
        break;
      default:
        if (state[key]) out.push([key, state[key]]);
    }
  }
  return out;
}

/** "?q=red%20dress&colour=red,blue&page=2", or '' for the bare listing. */
export function serializeListingQuery(state: ListingState): string {
  const params = listingParams(state);
  return params.length ? `?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '';
}

/** The api query of spec section 7 for this state (country and paging added by the caller). */
export function listingApiQuery(state: ListingState): Query {
  const query: Query = {};
  for (const [key, value] of listingParams(state)) {
    if (key === 'page' || key === 'perPage') continue;
    query[key] = value;
  }
  return query;
}

// Transitions (spec section 4). Each returns a new state; every one but paging starts over
// at page 1.

function reset(state: ListingState): ListingState {
  return { ...state, page: 1 };
}

/** Multi-value filters add the value when absent and remove it when present. */
export function toggleValue(state: ListingState, key: MultiKey, value: string): ListingState {
  const values = state[key].includes(value) ? state[key].filter((v) => v !== value) : [...state[key], value];
  return { ...reset(state), [key]: values };
}

/** Removes one value (a chip's close button). */
export function removeValue(state: ListingState, key: MultiKey, value: string): ListingState {
  return { ...reset(state), [key]: state[key].filter((v) => v !== value) };
}

/** Single-select filters replace their value ('' clears it). */
export function setSingle(state: ListingState, key: 'sort' | 'madein' | 'internationaldelivery', value: string): ListingState {
  return { ...reset(state), [key]: value };
}

export function setFlag(state: ListingState, key: FlagKey, on: boolean): ListingState {
  return { ...reset(state), [key]: on };
}

/**
 * Picks a category at one level: levels below it are cleared (they refined the old choice);
 * picking the selected one again unselects it.
 */
export function selectCategory(state: ListingState, level: CategoryLevel, slug: string): ListingState {
  const next = reset(state);
  const index = CATEGORY_LEVELS.indexOf(level);
  const unselect = state[level] === slug;
  next[level] = unselect ? '' : slug;
  for (const deeper of CATEGORY_LEVELS.slice(index + 1)) next[deeper] = '';
  return next;
}

/** Country (spec section 2): Local sets madein to the country, International asks for delivery from abroad. */
export type Provenance = 'all' | 'local' | 'international';

export function provenance(state: ListingState): Provenance {
  if (state.madein) return 'local';
  if (state.internationaldelivery) return 'international';
  return 'all';
}

export function setProvenance(state: ListingState, choice: Provenance, country: CountryCode): ListingState {
  return {
    ...reset(state),
    madein: choice === 'local' ? country : '',
    internationaldelivery: choice === 'international' ? country : '',
  };
}

/**
 * Spec section 4: when the currency (country) changes while internationaldelivery is active,
 * it is rewritten to the current country code, and madein too when present.
 */
export function forCountry(state: ListingState, country: CountryCode): ListingState {
  return {
    ...state,
    internationaldelivery: state.internationaldelivery ? country : '',
    madein: state.madein ? country : '',
  };
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

// Chips (spec section 3 "Selected chip": id, key, type).

export type ChipType = MultiKey | CategoryLevel | FlagKey | 'priceRanges' | 'madein' | 'internationaldelivery';
export type Chip = { id: string; key: string; type: ChipType };

/** Human names for values, from the filter buckets the page has (brand slug → "Zara"). */
export type ChipLabels = Partial<Record<ChipType, ReadonlyMap<string, string>>>;

const FLAG_LABELS: Record<FlagKey, string> = { coupons: 'Coupon Code', freedelivery: 'Free Delivery', sale: 'Sale' };

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** "51.0-70.0" → "51-70 % Off" (spec section 4: an offers chip adds ' % Off'). */
export function offersChipLabel(id: string): string {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(id);
  const range = match ? `${Number(match[1])}-${Number(match[2])}` : id;
  return `${range} % Off`;
}

/** The selected filters as chips, in URL order. The department chip is hidden (spec section 4). */
export function selectedChips(state: ListingState, labels: ChipLabels = {}, formatPrice: (n: number) => string = String): Chip[] {
  const label = (type: ChipType, id: string) => labels[type]?.get(id) ?? titleCase(id);
  const chips: Chip[] = [];
  for (const level of CATEGORY_LEVELS) if (state[level]) chips.push({ id: state[level], key: label(level, state[level]), type: level });
  for (const key of MULTI_KEYS) {
    if (key === 'department') continue;
    for (const id of state[key]) chips.push({ id, key: key === 'offers' ? offersChipLabel(id) : label(key, id), type: key });
  }
  if (state.priceRanges) {
    const { min, max } = state.priceRanges;
    chips.push({ id: `${min},${max}`, key: `${formatPrice(min)} - ${formatPrice(max)}`, type: 'priceRanges' });
  }
  if (state.madein) chips.push({ id: state.madein, key: 'Local', type: 'madein' });
  if (state.internationaldelivery) chips.push({ id: state.internationaldelivery, key: 'International', type: 'internationaldelivery' });
  for (const key of FLAG_KEYS) if (state[key]) chips.push({ id: 'true', key: FLAG_LABELS[key], type: key });
  return chips;
}

/** What removing a chip does: that one value goes, the rest stays, page 1. */
export function removeChip(state: ListingState, chip: Pick<Chip, 'id' | 'type'>): ListingState {
  switch (chip.type) {
    case 'priceRanges':
      return clearPrice(state);
    case 'madein':
    case 'internationaldelivery':
      return setSingle(state, chip.type, '');
    case 'coupons':
    case 'freedelivery':
    case 'sale':
      return setFlag(state, chip.type, false);
    case 'colour':
    case 'brand':
    case 'storename':
    case 'offers':
    case 'department':
    case 'care':
      return removeValue(state, chip.type, chip.id);
    default:
      return selectCategory(state, chip.type, state[chip.type]);
  }
}

/** How many filter values the state has (sort, q and page are not filters). */
export function facetCount(state: ListingState): number {
  let n = 0;
  for (const key of MULTI_KEYS) n += state[key].length;
  for (const level of CATEGORY_LEVELS) if (state[level]) n += 1;
  for (const key of FLAG_KEYS) if (state[key]) n += 1;
  if (state.priceRanges) n += 1;
  if (state.madein) n += 1;
  if (state.internationaldelivery) n += 1;
  return n;
}

/**
 * Deep facet combinations carry noindex (issue 4): a listing with one filter value is a page
 * people search for ("red dresses"); two or more, a price range or a sort are endless
 * variations of pages already indexed.
 */
export function isDeepFacetCombination(state: ListingState): boolean {
  return facetCount(state) > 1 || state.priceRanges !== undefined || state.sort !== '' || state.perPage !== undefined;
}

// Paths (spec section 2 "Listing and search page").

/** A shop path is re-navigated only when it is letters, digits, hyphens and slashes. */
export function isNavigableShopPath(path: string): boolean {
  return /^[A-Za-z0-9/-]+$/.test(path);
}

/**
 * The search key of a listing path: slashes and hyphens become spaces. For brand paths the
 * leading word is dropped ("/brand/maison-harlow" → "maison harlow"); so is the "shop" of a
 * shop path, the parent route of its catch-all child ("/shop/red-dresses" → "red dresses").
 */
export function searchKeyFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'brand' || segments[0] === 'shop') segments.shift();
  return segments
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join(' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
