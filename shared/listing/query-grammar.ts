import { COLOURS, isColourKey } from '../colours';
import { DEPARTMENTS, MAX_PER_PAGE, isDepartment } from '../constants';
import { COUNTRY_CODES, DEFAULT_COUNTRY, parseCountryCode, type CountryCode } from '../countries';
import { isSortValue, type SortValue } from '../sort-options';
import { unsafeTextProblem } from '../validation/safe-text';
import { SEARCH_TEXT_MAX, cleanSearchText } from '../validation/search-text';
import { LISTING_PARAMS, emptyListingState, type ListingRequest, type ListingState, type PercentRange, type PriceRange } from './listing-state';
import { MAX_LIST_VALUES, type DealKey, type ListKey } from './vocabulary';

export * from './listing-state';

// The listing query (spec section 2 "Query parameters", section 3 "Query state"), read and
// written in one place (the writing, with the state, in listing-state.ts). The web reads a page's URL with it, the browser writes the links of
// every filter with it, and the api reads its listing calls with it, so a URL means the same
// on both sides: the same state, or the same 400 message naming the parameter. Parameters
// the grammar does not know (utm_source …) are ignored everywhere.
//
// A single-valued parameter given twice counts once, the last; list parameters join every
// occurrence (spec section 2: "Multi-value parameters are comma-separated").

/** A known parameter with a value that means nothing: a 400 on both sides, with this message. */
export class ListingQueryError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'ListingQueryError';
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const OFFER = /^(\d{1,3}(?:\.\d+)?)-(\d{1,3}(?:\.\d+)?)$/;
const AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;
const LINK_MAX = 300;

/** Every message a person can get about a listing URL, one definition each. */
export const LISTING_QUERY_MESSAGES = {
  tooManyValues: (param: string) => `${param}: at most ${MAX_LIST_VALUES} values`,
  notASlug: (param: string, what: string, value: string) => `${param}: "${value}" is not a ${what} slug (lower-case letters, digits and hyphens)`,
  notAColour: (value: string) => `colour: "${value}" is not a colour; use one of ${COLOURS.map((c) => c.key).join(', ')}`,
  notADepartment: (value: string) => `department: "${value}" is not a department; use ${DEPARTMENTS.join(', ')}`,
  notACountry: (value: string) => `madein: "${value}" is not a country; use one of ${COUNTRY_CODES.join(', ')}`,
  notABand: (value: string) => `offers: "${value}" is not a discount band like 51.0-70.0 (percent, from-to, within 0-100)`,
  searchTooLong: `q: the search text is longer than ${SEARCH_TEXT_MAX} characters`,
  priceShape: 'priceRanges takes two amounts, min and max, like 20,150',
  priceOrder: 'priceRanges: min must not be above max',
  internationalDelivery: `internationaldelivery takes true, false or a country code (${COUNTRY_CODES.join(', ')})`,
  flag: (param: string) => `${param} takes true or false`,
  sort: "sort must be '' (Recommended), sale, desc, asc or dropped",
  wholeNumber: (param: string) => `${param} must be a whole number from 1`,
  link: 'link must be a path starting with /',
  linkTooLong: `link is longer than ${LINK_MAX} characters`,
  country: `country must be one of ${COUNTRY_CODES.join(', ')}`,
  findTooLong: 'find is longer than 100 characters',
  findBlank: 'find must not be only spaces',
} as const;
const M = LISTING_QUERY_MESSAGES;

/** "51.0-70.0" → 51..70 (whole percents, both included); undefined when it is not a band within 0-100. */
export function parsePercentRange(text: string): PercentRange | undefined {
  const match = OFFER.exec(text);
  if (!match) return undefined;
  const from = Math.ceil(Number(match[1]));
  const to = Math.floor(Number(match[2]));
  if (from < 0 || to > 100 || from > to) return undefined;
  return { from, to };
}

/**
 * A free-text value (q, link, find) as it arrived, under the edge rule every request input
 * follows (shared/validation/safe-input.ts): control characters are a 400 naming the parameter.
 */
function freeText(key: string, value: string): string {
  const problem = unsafeTextProblem(value, key);
  if (problem) throw new ListingQueryError(key, problem);
  return value;
}

/** The last value of a parameter, trimmed; undefined when absent. */
function single(params: URLSearchParams, key: string): string | undefined {
  const all = params.getAll(key);
  return all.length ? all[all.length - 1]!.trim() : undefined;
}

/** Every value of a list parameter: occurrences joined, split at commas, trimmed, blanks dropped. */
function items(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

const SLUG_WHAT: Record<Exclude<ListKey, 'colour' | 'department' | 'madein' | 'offers'>, string> = {
  category: 'category',
  subcategory: 'category',
  subcategory2: 'category',
  subcategory3: 'category',
  subcategory4: 'category',
  brand: 'brand',
  storename: 'store',
  care: 'care instruction',
};

/** One value of a list parameter in its one spelling, or the message saying why it is none. */
function listValue(key: ListKey, raw: string): { value: string } | { problem: string } {
  switch (key) {
    case 'colour': {
      const v = raw.toLowerCase();
      return isColourKey(v) ? { value: v } : { problem: M.notAColour(raw) };
    }
    case 'department': {
      const v = raw.toLowerCase();
      return isDepartment(v) ? { value: v } : { problem: M.notADepartment(raw) };
    }
    case 'madein': {
      const v = parseCountryCode(raw);
      return v ? { value: v } : { problem: M.notACountry(raw) };
    }
    case 'offers':
      return parsePercentRange(raw) ? { value: raw } : { problem: M.notABand(raw) };
    default: {
      const v = raw.toLowerCase();
      return SLUG.test(v) ? { value: v } : { problem: M.notASlug(key, SLUG_WHAT[key], raw) };
    }
  }
}

function readList(params: URLSearchParams, key: ListKey): string[] {
  const out: string[] = [];
  for (const raw of items(params, key)) {
    const read = listValue(key, raw);
    if ('problem' in read) throw new ListingQueryError(key, read.problem);
    if (!out.includes(read.value)) out.push(read.value);
  }
  if (out.length > MAX_LIST_VALUES) throw new ListingQueryError(key, M.tooManyValues(key));
  return out;
}

function readFlag(params: URLSearchParams, key: DealKey): boolean {
  const v = (single(params, key) ?? '').toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  throw new ListingQueryError(key, M.flag(key));
}

/** A whole number from 1, or `fallback` when the parameter is absent or empty. */
function readWhole<T>(params: URLSearchParams, key: 'page' | 'perPage', fallback: T): number | T {
  const v = single(params, key) ?? '';
  if (v === '') return fallback;
  if (!WHOLE.test(v) || Number(v) < 1) throw new ListingQueryError(key, M.wholeNumber(key));
  return Number(v);
}

function readPrice(params: URLSearchParams): PriceRange | undefined {
  const v = single(params, 'priceRanges') ?? '';
  if (v === '') return undefined;
  const parts = v.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => AMOUNT.test(p))) throw new ListingQueryError('priceRanges', M.priceShape);
  const [min, max] = parts.map(Number) as [number, number];
  if (min > max) throw new ListingQueryError('priceRanges', M.priceOrder);
  return { min, max };
}

function readInternationalDelivery(params: URLSearchParams): boolean {
  const v = (single(params, 'internationaldelivery') ?? '').toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  // Spec section 4 writes the country code here; any of the eight means "on".
  if (v === 'true' || v === '1' || parseCountryCode(v)) return true;
  throw new ListingQueryError('internationaldelivery', M.internationalDelivery);
}

function readSearchText(params: URLSearchParams): string {
  const all = params.getAll('q');
  const raw = freeText('q', all.length ? all[all.length - 1]! : '');
  if (raw.length > SEARCH_TEXT_MAX) throw new ListingQueryError('q', M.searchTooLong);
  return cleanSearchText(raw);
}

function readSort(params: URLSearchParams): SortValue {
  const v = single(params, 'sort') ?? '';
  if (!isSortValue(v)) throw new ListingQueryError('sort', M.sort);
  return v;
}

const asParams = (search: string | URLSearchParams) => (typeof search === 'string' ? new URLSearchParams(search) : search);

/**
 * Reads a listing URL's query (with or without "?") into listing state, parameter by
 * parameter in the order they are written: the first bad value throws ListingQueryError.
 */
export function parseListingQuery(search: string | URLSearchParams): ListingState {
  const params = asParams(search);
  const state = emptyListingState();
  for (const key of LISTING_PARAMS) {
    switch (key) {
      case 'q':
        state.q = readSearchText(params);
        break;
      case 'priceRanges':
        state.priceRanges = readPrice(params);
        break;
      case 'internationaldelivery':
        state.internationaldelivery = readInternationalDelivery(params);
        break;
      case 'coupons':
      case 'freedelivery':
      case 'sale':
      case 'pricedropped':
        state[key] = readFlag(params, key);
        break;
      case 'sort':
        state.sort = readSort(params);
        break;
      case 'page':
        state.page = readWhole(params, 'page', 1);
        break;
      case 'perPage': {
        // Larger pages are cut to the cap rather than refused (spec section 9 "Results per page").
        const perPage = readWhole(params, 'perPage', undefined);
        state.perPage = perPage === undefined ? undefined : Math.min(perPage, MAX_PER_PAGE);
        break;
      }
      default:
        (state as Record<ListKey, string[]>)[key] = readList(params, key);
    }
  }
  return state;
}

function readLink(params: URLSearchParams): string | undefined {
  const link = single(params, 'link');
  if (!link) return undefined;
  freeText('link', link);
  if (!link.startsWith('/')) throw new ListingQueryError('link', M.link);
  if (link.length > LINK_MAX) throw new ListingQueryError('link', M.linkTooLong);
  return link;
}

/** `?country=`: GB when absent (spec section 1). */
export function readCountry(params: URLSearchParams): CountryCode {
  const v = single(params, 'country') ?? '';
  if (v === '') return DEFAULT_COUNTRY;
  const code = parseCountryCode(v);
  if (!code) throw new ListingQueryError('country', M.country);
  return code;
}

/** The api's reading of a listing call: link, country, then the listing state. */
export function parseListingRequest(search: string | URLSearchParams): ListingRequest {
  const params = asParams(search);
  return { link: readLink(params), country: readCountry(params), state: parseListingQuery(params) };
}

/** The brand and store filter calls also take the list length and a name search (spec section 2 'Find a Brand'). */
export type FilterListOptions = { size: number; find: string | undefined };
export const FILTER_LIST_SIZE = { default: 30, max: 500 } as const;

export function parseFilterListOptions(search: string | URLSearchParams): FilterListOptions {
  const params = asParams(search);
  let size: number = FILTER_LIST_SIZE.default;
  const rawSize = single(params, 'size') ?? '';
  if (rawSize !== '') {
    if (!WHOLE.test(rawSize) || Number(rawSize) < 1) throw new ListingQueryError('size', M.wholeNumber('size'));
    size = Math.min(Number(rawSize), FILTER_LIST_SIZE.max);
  }
  const all = params.getAll('find');
  const find = all.length ? freeText('find', all[all.length - 1]!) : undefined;
  if (find !== undefined && find.length > 100) throw new ListingQueryError('find', M.findTooLong);
  // Spec section 5: whitespace-only brand and store searches are rejected.
  if (find !== undefined && !find.trim()) throw new ListingQueryError('find', M.findBlank);
  return { size, find: find?.trim() };
}
