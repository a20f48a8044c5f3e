// Spec section 5 "Search text": characters other than letters, digits and spaces are
// removed, runs of spaces collapse, the result is trimmed; nothing is submitted when it is
// empty; a space cannot start the field. Written once: the search box, the listing grammar
// (the web and the api read `q` with it), the api's store search and the lookbook name (spec
// section 5 "Lookbook name (sanitising)" is the same rule) all clean text here.

/** The longest search text a listing accepts (before cleaning). */
export const SEARCH_TEXT_MAX = 200;

/**
 * Letters, digits and spaces only: "red-dress!" is "reddress", not "red dress". Any kind of
 * white space (a tab, a no-break space) counts as a space. Combining marks belong to their
 * letter (Hindi vowel signs, an accent typed separately), so they stay; text is composed
 * (NFC) first so the same word typed two ways is the same text.
 */
export function cleanSearchText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N} ]+/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What the field keeps while typing: no leading spaces, nothing but letters, digits, spaces. */
export function typedSearchText(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{N} ]+/gu, '').replace(/^ +/, '').replace(/ {2,}/g, ' ');
}

/**
 * Spec section 5: the zero-result message shows only when the search text is not purely
 * numeric (a numeric search has a variant of its own).
 */
export function showsZeroResultMessage(q: string): boolean {
  return !/^\d+$/.test(q.trim());
}
