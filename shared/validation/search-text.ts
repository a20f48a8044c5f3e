// Spec section 5 "Search text": characters other than letters, digits and spaces are
// removed, runs of spaces collapse, the result is trimmed; nothing is submitted when it is
// empty; a space cannot start the field.

export function cleanSearchText(value: string): string {
  return value
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What the field keeps while typing: no leading spaces, nothing but letters, digits, spaces. */
export function typedSearchText(value: string): string {
  return value.replace(/[^\p{L}\p{N} ]+/gu, '').replace(/^ +/, '').replace(/ {2,}/g, ' ');
}

/**
 * Spec section 5: the zero-result message shows only when the search text is not purely
 * numeric (a numeric search has a variant of its own).
 */
export function showsZeroResultMessage(q: string): boolean {
  return !/^\d+$/.test(q.trim());
}
