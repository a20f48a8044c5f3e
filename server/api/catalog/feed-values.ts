import { percentOff } from '../../../shared/reference-price';
import type { CountryCode } from '../../../shared/countries';

// Parsers for the attribute values of Google's product data specification whose text
// has a shape of its own: prices, availability, shipping and product details.

/** An amount in minor units (pence, cents, paise) with its ISO 4217 currency. */
export type Money = { minor: number; currency: string };

const MONEY = /^(?:([A-Za-z]{3})\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\s*([A-Za-z]{3}))?$/;

/** "49.99 GBP", "1,299.00 INR", "USD 15"; undefined unless exactly one currency is named. */
export function parseMoney(text: string): Money | undefined {
  const match = MONEY.exec(text.trim());
  if (!match) return undefined;
  const [, before, whole, fraction, after] = match;
  if ((before && after) || (!before && !after)) return undefined;
  const minor = Number(whole!.replace(/,/g, '')) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return undefined;
  return { minor, currency: (before ?? after)!.toUpperCase() };
}

/** Minor units as the decimal text PostgreSQL's numeric takes: 4999 → "49.99". */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const AVAILABILITY_STATUS = {
  in_stock: 1,
  out_of_stock: 0,
  preorder: 2,
  backorder: 3,
} as const;
export type Availability = keyof typeof AVAILABILITY_STATUS;

/** Google's values, also in their older spelled-out form ("in stock", "pre-order"). */
export function parseAvailability(text: string): Availability | undefined {
  const key = text.trim().toLowerCase().replace(/[\s-]+/g, '_').replace(/^pre_order$/, 'preorder').replace(/^back_order$/, 'backorder');
  return key in AVAILABILITY_STATUS ? (key as Availability) : undefined;
}

export type ShippingRate = { country: string; region: string; service: string; price: Money };

/** One shipping entry, "country:region:service:price" ("GB:::0.00 GBP"). */
export function parseShipping(text: string): ShippingRate | undefined {
  const parts = text.split(':');
  if (parts.length < 2) return undefined;
  const price = parseMoney(parts[parts.length - 1]!);
  if (!price) return undefined;
  return {
    country: parts[0]!.trim().toUpperCase(),
    region: parts.length > 2 ? parts[1]!.trim() : '',
    service: parts.length > 3 ? parts.slice(2, -1).join(':').trim() : '',
    price,
  };
}

/** Free delivery: a rate for the feed's country (or for any country) that costs nothing. */
export function hasFreeDelivery(rates: readonly ShippingRate[], country: CountryCode): boolean {
  return rates.some((r) => (r.country === '' || r.country === country) && r.price.minor === 0);
}

/**
 * What delivery costs to the feed's country by the feed's own word (issue 28): the cheapest
 * service naming that country, or naming none, priced in the site's currency (a price in
 * another currency we cannot convert); in minor units, null when the feed gives none.
 */
export function shippingPriceTo(rates: readonly ShippingRate[], country: CountryCode, currency: string): number | null {
  let cheapest: number | null = null;
  for (const r of rates) {
    if ((r.country === '' || r.country === country) && r.price.currency === currency && (cheapest === null || r.price.minor < cheapest)) {
      cheapest = r.price.minor;
    }
  }
  return cheapest;
}

export type ProductDetail = { section: string; attribute: string; value: string };

/** "section_name:attribute_name:attribute_value"; the value may itself hold colons. */
export function parseProductDetail(text: string): ProductDetail | undefined {
  const first = text.indexOf(':');
  const second = first === -1 ? -1 : text.indexOf(':', first + 1);
  if (second === -1) return undefined;
  const value = text.slice(second + 1).trim();
  if (!value) return undefined;
  return { section: text.slice(0, first).trim(), attribute: text.slice(first + 1, second).trim(), value };
}

/** The care instructions among the product details (spec filter "care"), or undefined. */
export function careFromDetails(details: readonly ProductDetail[]): string | undefined {
  const care = details.filter((d) => /\bcare\b/i.test(d.attribute)).map((d) => d.value);
  return care.length ? care.join('; ') : undefined;
}

/**
 * Discount percent from list and sale price, rounded (spec "offers"); 0 when not reduced. What a
 * first sighting carries: with a history, the importer measures it honestly (honest-offers.ts).
 */
export function discountPercent(msrpMinor: number, saleMinor: number): number {
  return percentOff(msrpMinor, saleMinor);
}
