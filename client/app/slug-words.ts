// The name most slugs stand for ("finch-and-langford" → "Finch & Langford", "black-dresses" →
// "Black Dresses"). The payload codecs (menu-wire.ts, listing-wire.ts) leave out a name that
// is its slug in words and put it back on reading; any other name travels as it is.
export function slugInWords(slug: string): string {
  return slug
    .replace(/-and-/g, ' & ')
    .replace(/-/g, ' ')
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
