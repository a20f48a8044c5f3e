import { gtinCheckDigit } from '../../../shared/gtin';
import type { DemoBrand } from './demo-world';

// The demo's product identifiers (issue 28): what lets the matcher tell that two stores sell
// the same item. A brand with GTINs numbers every size of every colour of its items under a
// company prefix of its own, as GS1 members do; every brand gives each style and colour an MPN.
// A store copy of an item states the same numbers as every other store's (demo-catalog.ts), and
// a private label states none.

/**
 * The brand's `sku`-th GTIN-13: "5" (a GS1 prefix of the 500s), the brand's index in four
 * digits, the SKU in seven, and the check digit.
 */
export function demoGtin(brand: DemoBrand, sku: number): string {
  const body = `5${String(brand.index).padStart(4, '0')}${String(sku).padStart(7, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** The same GTIN with a wrong check digit, as a merchant's typing makes one. */
export function withWrongCheckDigit(gtin: string): string {
  return `${gtin.slice(0, -1)}${(Number(gtin.at(-1)) + 1) % 10}`;
}

/** The MPN of an item's colour: the brand's initials, the item and the colour ("AM004217-02"). */
export function demoMpn(brand: DemoBrand, item: number, colour: number): string {
  const initials = brand.slug.split('-').map((w) => w[0]!.toUpperCase()).join('').slice(0, 3);
  return `${initials}${String(item).padStart(6, '0')}-${String(colour + 1).padStart(2, '0')}`;
}
