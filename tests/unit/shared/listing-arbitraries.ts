import fc from 'fast-check';
import { COLOURS } from '../../../shared/colours';
import { DEPARTMENTS, MAX_PER_PAGE } from '../../../shared/constants';
import { COUNTRY_CODES } from '../../../shared/countries';
import { LISTING_PARAMS, type ListingRequest, type ListingState } from '../../../shared/listing/query-grammar';
import { SORT_OPTIONS } from '../../../shared/sort-options';
import { cleanSearchText } from '../../../shared/validation/search-text';

// Generators for the listing grammar's property tests: well-formed listing states, and query
// strings as a browser could send them (well-formed, malformed, with parameters nobody knows).

const slug = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('-'));
const slugs = fc.uniqueArray(slug, { maxLength: 3 });

const band = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), fc.boolean())
  .filter(([from, to]) => from <= to)
  .map(([from, to, decimals]) => (decimals ? `${from}.0-${to}.0` : `${from}-${to}`));

/** Amounts with at most two decimals, as a person types them in the price inputs or the URL. */
const amount = fc.integer({ min: 0, max: 99_999_999_999 }).map((cents) => cents / 100);

const searchText = fc
  .array(fc.constantFrom(...'abcdefxyz019 éßдसा-!'.split('')), { maxLength: 40 })
  .map((chars) => cleanSearchText(chars.join('')));

/** Any listing state the grammar can write: the states links and the filter panel produce. */
export const listingStateArb: fc.Arbitrary<ListingState> = fc.record({
  q: searchText,
  page: fc.integer({ min: 1, max: 999_999_999 }),
  perPage: fc.option(fc.integer({ min: 1, max: MAX_PER_PAGE }), { nil: undefined }),
  sort: fc.constantFrom(...SORT_OPTIONS.map((o) => o.value)),
  category: slugs,
  subcategory: slugs,
  subcategory2: slugs,
  subcategory3: slugs,
  subcategory4: slugs,
  department: fc.subarray([...DEPARTMENTS]),
  brand: slugs,
  storename: slugs,
  colour: fc.subarray(COLOURS.map((c) => c.key)),
  offers: fc.uniqueArray(band, { maxLength: 3 }),
  care: slugs,
  madein: fc.subarray([...COUNTRY_CODES]),
  priceRanges: fc.option(
    fc.tuple(amount, amount).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
    { nil: undefined },
  ),
  internationaldelivery: fc.boolean(),
  coupons: fc.boolean(),
  freedelivery: fc.boolean(),
  sale: fc.boolean(),
  pricedropped: fc.boolean(),
});

export const listingRequestArb: fc.Arbitrary<ListingRequest> = fc.record({
  state: listingStateArb,
  link: fc.option(fc.constantFrom('/dresses', '/brand/maison-harlow', '/shop/red-dresses', '/sale', '/50-percent-off'), { nil: undefined }),
  country: fc.constantFrom(...COUNTRY_CODES),
});

/** Values people and crawlers put in listing parameters: good ones, near misses and junk. */
const value = fc.oneof(
  fc.constantFrom(
    '', 'red', 'Red', 'mauve', 'women', 'pets', 'true', 'TRUE', '1', '0', 'false', 'yes', 'gb', 'GB', 'fr', 'asc', 'desc', 'sale', 'dropped',
    'bogus', '20,150', '150,20', '20', '20,20', '1.5,2.25', '1.555,2', 'abc', '51.0-70.0', '10-101', '50-20', 'dresses',
    'Bad Slug!', 'red,,blue', ' red ', '-1', '0', '3', '1000', '99999999999', '1e3', 'zara,mango', 'midi-dresses',
  ),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[a-z0-9,.-]{0,15}$/),
);

const KEYS = [...LISTING_PARAMS.filter((k) => k !== 'q'), 'q', 'utm_source', 'fbclid', 'Colour', 'colour[]', 'size', ''];

/** How a value appears in the request target: encoded, with + for spaces, or raw bytes a URL may carry. */
function spell(text: string, how: 'encoded' | 'plus' | 'raw'): string {
  if (how === 'encoded') return encodeURIComponent(text);
  if (how === 'plus') return encodeURIComponent(text).replace(/%20/g, '+');
  // Raw: what may stand in a request target unencoded, '%' (broken escapes included), '&' and '='.
  return [...text].map((c) => (/^[A-Za-z0-9\-._~!$'()*+,;=:@/?%&]$/.test(c) ? c : encodeURIComponent(c))).join('');
}

/** A query string (without "?") of listing parameters, unknown ones and malformed bits. */
export const queryStringArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...KEYS), value, fc.constantFrom('encoded' as const, 'plus' as const, 'raw' as const)).map(
        ([key, v, how]) => `${key}=${spell(v, how)}`,
      ),
      fc.constantFrom('sale', '=red', '&', '%zz=1', 'q=%E0%A4', 'colour=%', 'page=%31'),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join('&'));
