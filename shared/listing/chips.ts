import type { Translate } from '../i18n/translator';
import type { ListingState } from './listing-state';
import { clearPrice, removeValue, selectCategory, setDeal, setPage } from './transitions';
import { CATEGORY_LEVELS, DEAL_KEYS, DEAL_MESSAGES, LIST_KEYS, PROVENANCE_MESSAGES, isCategoryLevel, type DealKey, type ListKey } from './vocabulary';

// The selected filters as chips (spec section 3 "Selected chip": id, key, type; section 4:
// the department chip is hidden, an offers chip adds ' % Off', removing one removes that value).
// Chips speak the page's language (issue 29): `t` words them, the labels name the values.

export type ChipType = ListKey | DealKey | 'priceRanges' | 'internationaldelivery';
export type Chip = { id: string; key: string; type: ChipType };

/** Human names for values, from the answers the page has, in its language: bucket names by id (brand slug → "Zara"). */
export type ChipLabels = Partial<Record<ListKey, ReadonlyMap<string, string>>>;

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** "51.0-70.0" → "51-70 % Off" (spec section 4: an offers chip adds ' % Off'). */
export function offersChipLabel(t: Translate, id: string): string {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(id);
  const range = match ? `${Number(match[1])}-${Number(match[2])}` : id;
  return t('listing.chip.offers', { range });
}

/** The selected filters as chips, in URL order. */
export function selectedChips(state: ListingState, t: Translate, labels: ChipLabels = {}, formatPrice: (n: number) => string = String): Chip[] {
  const chips: Chip[] = [];
  for (const key of LIST_KEYS) {
    if (key === 'department' || key === 'madein') continue;
    const values: readonly string[] = state[key];
    for (const id of values) {
      const label = key === 'offers' ? offersChipLabel(t, id) : (labels[key]?.get(id) ?? titleCase(id));
      chips.push({ id, key: label, type: key });
    }
  }
  if (state.priceRanges) {
    const { min, max } = state.priceRanges;
    chips.push({ id: `${min},${max}`, key: `${formatPrice(min)} - ${formatPrice(max)}`, type: 'priceRanges' });
  }
  // The Local toggle is one chip, whichever countries it names.
  if (state.madein.length) chips.push({ id: state.madein.join(','), key: t(PROVENANCE_MESSAGES.local), type: 'madein' });
  if (state.internationaldelivery) chips.push({ id: 'true', key: t(PROVENANCE_MESSAGES.international), type: 'internationaldelivery' });
  for (const key of DEAL_KEYS) if (state[key]) chips.push({ id: 'true', key: t(DEAL_MESSAGES[key]), type: key });
  return chips;
}

/** What removing a chip does: that one value goes, the rest stays, page 1. */
export function removeChip(state: ListingState, chip: Pick<Chip, 'id' | 'type'>): ListingState {
  const { type } = chip;
  switch (type) {
    case 'priceRanges':
      return clearPrice(state);
    case 'madein':
      return { ...setPage(state, 1), madein: [] };
    case 'internationaldelivery':
      return { ...setPage(state, 1), internationaldelivery: false };
    case 'coupons':
    case 'freedelivery':
    case 'sale':
    case 'pricedropped':
      return setDeal(state, type, false);
    default:
      // A category chip unselects its level (and the levels that refined it).
      return isCategoryLevel(type) ? selectCategory(state, type, chip.id) : removeValue(state, type, chip.id);
  }
}

/** How many filter values the state has (sort, q and page are not filters). */
export function facetCount(state: ListingState): number {
  let n = 0;
  for (const key of LIST_KEYS) n += state[key].length;
  for (const key of DEAL_KEYS) if (state[key]) n += 1;
  if (state.priceRanges) n += 1;
  if (state.internationaldelivery) n += 1;
  return n;
}

/**
 * Deep facet combinations carry noindex: a listing with one filter value is a page people
 * search for ("red dresses"); two or more, a price range, a sort or a page size are endless
 * variations of pages already indexed.
 */
export function isDeepFacetCombination(state: ListingState): boolean {
  return facetCount(state) > 1 || state.priceRanges !== undefined || state.sort !== '' || state.perPage !== undefined;
}

/**
 * Whether a listing page may be indexed at all (it is, when it has products): never internal
 * search results, /search or a listing searched within (?q=), which Google asks to keep out
 * of its index (issue 25), nor a deep facet combination. `link` is the listing path, none
 * for /search. The web's robots tag and the api's per-country totals (the pages' hreflang
 * alternates) both follow this rule.
 */
export function isIndexableListing(link: string | undefined, state: ListingState): boolean {
  return link !== undefined && state.q === '' && !isDeepFacetCombination(state);
}

/**
 * One canonical URL for a brand within a category: /brand/{brand}?category=dresses (a filter
 * click on the brand's page) and /brand/{brand}/dresses (the "Popular In Brand" link) list the
 * same products, and the path form, with a title of its own, is the one search engines index.
 * A brand path whose one filter value is a category becomes that path; anything else stays.
 */
export function canonicalListing(path: string, state: ListingState): { path: string; state: ListingState } {
  const level = CATEGORY_LEVELS.find((l) => state[l].length > 0);
  if (!level || facetCount(state) !== 1 || !/^\/brand\/[^/]+$/.test(path)) return { path, state };
  return { path: `${path}/${state[level][0]!}`, state: { ...state, [level]: [] } };
}
