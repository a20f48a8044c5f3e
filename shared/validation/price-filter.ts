// Spec section 5 "Price filter". The listing's price slider has Min and Max inputs and an
// Apply button; these are its rules and messages, one definition each.

export type PriceBounds = { rangeMin: number; rangeMax: number };

export const PRICE_MESSAGES = {
  minBlank: "Min can't be blank.",
  maxBlank: "Max can't be blank.",
  equal: "Min-Max can't be equal.",
  minAboveMax: "Min can't be greater than Max.",
  startsAt: (rangeMin: number) => `Price range starts at ${rangeMin}.`,
  endsAt: (rangeMax: number) => `Price range ends at ${rangeMax}.`,
  maxTooLow: (rangeMin: number) => `Max price can't be less than ${rangeMin + 1}.`,
  maxTooHigh: (rangeMax: number) => `Max price can't be more than ${rangeMax - 1}.`,
} as const;

/** What the inputs keep while typing: digits only (numeric, no whitespace). */
export function typedPriceInput(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 9);
}

function amount(text: string): number | undefined {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

/**
 * Every message that applies to the Min and Max inputs, in the spec's order. The min input
 * ranges rangeMin … rangeMax-1, the max input rangeMin+1 … rangeMax.
 */
export function priceFilterErrors(minText: string, maxText: string, { rangeMin, rangeMax }: PriceBounds): string[] {
  const min = amount(minText);
  const max = amount(maxText);
  const errors: string[] = [];
  if (min === undefined) errors.push(PRICE_MESSAGES.minBlank);
  if (max === undefined) errors.push(PRICE_MESSAGES.maxBlank);
  if (min !== undefined && max !== undefined) {
    if (min === max) errors.push(PRICE_MESSAGES.equal);
    if (min > max) errors.push(PRICE_MESSAGES.minAboveMax);
  }
  if (min !== undefined && min < rangeMin) errors.push(PRICE_MESSAGES.startsAt(rangeMin));
  if (max !== undefined && max > rangeMax) errors.push(PRICE_MESSAGES.endsAt(rangeMax));
  if (max !== undefined && max < rangeMin + 1) errors.push(PRICE_MESSAGES.maxTooLow(rangeMin));
  // The spec words the min input's upper bound as a "Max price" message.
  if (min !== undefined && min > rangeMax - 1) errors.push(PRICE_MESSAGES.maxTooHigh(rangeMax));
  return errors;
}

/** Apply is enabled only with no message and neither bound 0 or empty. */
export function canApplyPrice(minText: string, maxText: string, bounds: PriceBounds): boolean {
  if (amount(maxText) === 0) return false;
  return priceFilterErrors(minText, maxText, bounds).length === 0;
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
