// What a saved product without a card says (a wishlist's item, a look's piece) and what the
// page of a product withdrawn from a country's site says (issue 27). A module of its own, and
// tiny: the product page, a landing page, loads it, so it is part of every page's first load
// (scripts/lib/js-budget.ts), where the wishlist pages' other words would not fit.

/** A product that left the catalogue (or is not sold in this country). */
export const NO_LONGER_AVAILABLE = 'No longer available';

/**
 * "No longer sold by {store}" when its store withdrew it from this country's site (the api's
 * `noLongerSoldBy`, or the withdrawn product's store), else "No longer available".
 */
export function goneNotice(noLongerSoldBy: string | null): string {
  return noLongerSoldBy ? `No longer sold by ${noLongerSoldBy}` : NO_LONGER_AVAILABLE;
}
