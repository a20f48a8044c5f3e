// Spec section 3 "Sort options (label, value)".
export const SORT_OPTIONS = [
  { key: 'Recommended', value: '' },
  { key: 'Highest Discount', value: 'sale' },
  { key: 'Price high - low', value: 'desc' },
  { key: 'Price low - high', value: 'asc' },
  // Not in the spec's list: the products whose price fell in the last 7 days first, the biggest
  // drop first; ties and the rest in the Recommended order.
  { key: 'Price Dropped', value: 'dropped' },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export function isSortValue(value: string): value is SortValue {
  return SORT_OPTIONS.some((o) => o.value === value);
}
