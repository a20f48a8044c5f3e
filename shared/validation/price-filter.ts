import type { Translate } from '../i18n/translator';

// Spec section 5 "Price filter". The listing's price slider has Min and Max inputs and an
// Apply button; these are its rules, and its messages in the page's language (issue 29: the
// listing catalogue's listing.price.* ids).

export type PriceBounds = { rangeMin: number; rangeMax: number };

/** What the inputs keep while typing: digits only (numeric, no whitespace). */
export function typedPriceInput(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 9);
}

function amount(text: string): number | undefined {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

type Problem = Parameters<Translate>;

/**
 * Every message that applies to the Min and Max inputs, in the spec's order, as message ids
 * with their values. The min input ranges rangeMin … rangeMax-1, the max input rangeMin+1 … rangeMax.
 */
function priceFilterProblems(minText: string, maxText: string, { rangeMin, rangeMax }: PriceBounds): Problem[] {
  const min = amount(minText);
  const max = amount(maxText);
  const problems: Problem[] = [];
  if (min === undefined) problems.push(['listing.price.minBlank']);
  if (max === undefined) problems.push(['listing.price.maxBlank']);
  if (min !== undefined && max !== undefined) {
    if (min === max) problems.push(['listing.price.equal']);
    if (min > max) problems.push(['listing.price.minAboveMax']);
  }
  if (min !== undefined && min < rangeMin) problems.push(['listing.price.startsAt', { amount: rangeMin }]);
  if (max !== undefined && max > rangeMax) problems.push(['listing.price.endsAt', { amount: rangeMax }]);
  if (max !== undefined && max < rangeMin + 1) problems.push(['listing.price.maxTooLow', { amount: rangeMin + 1 }]);
  // The spec words the min input's upper bound as a "Max price" message.
  if (min !== undefined && min > rangeMax - 1) problems.push(['listing.price.maxTooHigh', { amount: rangeMax - 1 }]);
  return problems;
}

/** The messages of priceFilterProblems in the page's language. */
export function priceFilterErrors(minText: string, maxText: string, bounds: PriceBounds, t: Translate): string[] {
  return priceFilterProblems(minText, maxText, bounds).map(([id, values]) => t(id, values));
}

/** Apply is enabled only with no message and neither bound 0 or empty. */
export function canApplyPrice(minText: string, maxText: string, bounds: PriceBounds): boolean {
  if (amount(maxText) === 0) return false;
  return priceFilterProblems(minText, maxText, bounds).length === 0;
}

export type AcceptedPrice = { ok: true; min: number; max: number } | { ok: false; wrongRange: true };

/**
 * The range a navigation accepts: min 0 or above, max set, min below max, both within the
 * available range (floor of its minimum, ceiling of its maximum); otherwise the wrong-range flag.
 */
export function acceptPriceRange(min: number | undefined, max: number | undefined, bounds: PriceBounds): AcceptedPrice {
  const low = Math.floor(bounds.rangeMin);
  const high = Math.ceil(bounds.rangeMax);
  if (min === undefined || max === undefined || !Number.isFinite(min) || !Number.isFinite(max)) return { ok: false, wrongRange: true };
  if (min < 0 || min >= max || min < low || max > high) return { ok: false, wrongRange: true };
  return { ok: true, min, max };
}

/** Spec section 5: the price filter shows only when a price range exists and min differs from max. */
export function hasPriceRange(min: number | null, max: number | null): min is number {
  return min !== null && max !== null && min !== max;
}
