// The name most slugs stand for ("finch-and-langford" → "Finch & Langford", "black-dresses" →
// "Black Dresses"). The payload codecs (menu-wire.ts, listing-wire.ts) leave out a name that
// is its slug in words and put it back on reading; any other name travels as it is.
export function slugInWords(slug: string): string {
  return slug
    .replace(/-and-/g, ' & ')
    .replace(/-/g, ' ')
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** How the catalogue slugs a title: the start of most product slugs (the listing's wire leaves it out). */
export function titleSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
