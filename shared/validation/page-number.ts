import { MAX_RESULT_WINDOW } from '../constants';

// Spec section 5: "Page number is numeric from the page parameter, default 1." The HTML
// sitemap pages read it leniently: anything else (words, negatives, fractions, huge numbers)
// falls back to the default, capped so it never asks past the result window (spec section 9).
// A listing reads `page` with its grammar instead (shared/listing/query-grammar.ts), where a
// bad value is a 400 like every other listing parameter, the same on the page and the api.
export function parsePageNumber(value: string | null | undefined, fallback = 1): number {
  const v = (value ?? '').trim();
  if (!/^\d{1,9}$/.test(v)) return fallback;
  const n = Number(v);
  if (n < 1) return fallback;
  return Math.min(n, MAX_RESULT_WINDOW);
}
