// Spec section 5 "Brand and store search boxes": whitespace-only is rejected.
// 'Find a Brand' and 'Find a Store' search only with something to search for.

/** The text to search the brand or store list with, or undefined when there is none. */
export function filterSearchText(value: string): string | undefined {
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}
