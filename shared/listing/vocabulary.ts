import type { Department } from '../constants';
import type { MessageId } from '../i18n/message-ids';

// The words of the listing grammar (spec section 2 "Query parameters", section 3 "Filter",
// "Deals", "Query state"): parameter names, the filter groups and the labels people read,
// as messages of the listing catalogue (issue 29). The web, the browser and the api all take
// them from here.

/** Category levels, each refining the one above (breadcrumb depth 5). */
export const CATEGORY_LEVELS = ['category', 'subcategory', 'subcategory2', 'subcategory3', 'subcategory4'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export function isCategoryLevel(name: string): name is CategoryLevel {
  return (CATEGORY_LEVELS as readonly string[]).includes(name);
}

/**
 * Parameters that hold several values: comma-separated, and a repeated parameter adds more
 * (spec section 2). Within one, values are alternatives; the groups must all hold.
 */
export const LIST_KEYS = [...CATEGORY_LEVELS, 'department', 'brand', 'storename', 'colour', 'offers', 'care', 'madein'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** At most this many values in one list parameter. */
export const MAX_LIST_VALUES = 50;

/**
 * The deals, in the order of the api's answer (spec section 3 "Deals": 0 coupons, 1 free
 * delivery, 2 sale; then 3, the products whose price fell in the last 7 days).
 */
export const DEAL_KEYS = ['coupons', 'freedelivery', 'sale', 'pricedropped'] as const;
export type DealKey = (typeof DEAL_KEYS)[number];

/**
 * What the Deals group calls each (spec section 2): the page names them in its language; the
 * api sends the English ones as each deal's textKey, for its other clients.
 */
export const DEAL_MESSAGES: Readonly<Record<DealKey, MessageId>> = {
  coupons: 'listing.deal.coupons',
  freedelivery: 'listing.deal.freedelivery',
  sale: 'listing.deal.sale',
  pricedropped: 'listing.deal.pricedropped',
};

/** The order the filter panel lists them in (spec section 2: All Offers, Coupon Code, Free Delivery; then Price Dropped). */
export const DEAL_DISPLAY_ORDER: readonly DealKey[] = ['sale', 'coupons', 'freedelivery', 'pricedropped'];

/** The Country toggle (spec section 2, 4): Local is madein, International is internationaldelivery. */
export const PROVENANCE_MESSAGES = { local: 'listing.provenance.local', international: 'listing.provenance.international' } as const satisfies Record<string, MessageId>;

/**
 * The departments' English names, as the api's department filter sends them (the page names
 * them in its language from the taxonomy catalogue: client/app/taxonomy-names.ts).
 */
export const DEPARTMENT_LABELS: Readonly<Record<Department, string>> = { women: 'Women', men: 'Men', kids: 'Kids' };

/**
 * The filter groups with an api call of their own (GET /api/search/filters/{type}), and the
 * query parameter their bucket ids go into.
 */
export const FACET_FILTER_TYPES = ['category', 'brand', 'store', 'colour', 'offer', 'department'] as const;
export type FacetFilterType = (typeof FACET_FILTER_TYPES)[number];

export const FILTER_PARAM = {
  category: 'category',
  brand: 'brand',
  store: 'storename',
  colour: 'colour',
  offer: 'offers',
  department: 'department',
} as const satisfies Record<FacetFilterType, ListKey>;

/** Every GET /api/search/filters/{type}: the facet groups and the price range. */
export const FILTER_TYPES = [...FACET_FILTER_TYPES, 'price'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export function isFilterType(value: string): value is FilterType {
  return (FILTER_TYPES as readonly string[]).includes(value);
}

/** The brand and store groups' search boxes (spec section 2). */
export const FIND_PLACEHOLDERS = { brand: 'listing.facet.findBrand', store: 'listing.facet.findStore' } as const satisfies Record<string, MessageId>;
