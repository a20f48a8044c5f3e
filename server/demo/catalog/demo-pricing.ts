import { COUNTRIES, type CountryCode } from '../../../shared/countries';

// Demo prices: one list price in GBP per product, converted to each target country's
// currency at fixed rates and rounded to the price points shops use there (£49.99,
// ₹2,499, AED 185, HK$399). All amounts are in minor units (pence, cents, paise).

const PER_GBP: Record<CountryCode, number> = { GB: 1, US: 1.27, IN: 105, AE: 4.66, CA: 1.73, AU: 1.93, HK: 9.9, SG: 1.71 };

/** A price point in the country's currency near `amount` (major units), in minor units. */
export function pricePoint(country: CountryCode, amount: number): number {
  switch (country) {
    case 'IN':
      // ₹1,299, ₹2,499; small amounts to the nearest ₹50 less one.
      return amount >= 1000 ? (Math.round(amount / 100) * 100 - 1) * 100 : Math.max(49, Math.round(amount / 50) * 50 - 1) * 100;
    case 'AE':
      return Math.max(5, Math.round(amount / 5) * 5) * 100;
    case 'HK':
      return Math.max(9, Math.round(amount / 10) * 10 - 1) * 100;
    default:
      // 12.99, 49.99, 149.99 (above 100 on steps of 5).
      if (amount < 100) return Math.max(199, Math.round(amount) * 100 - 1);
      return Math.round(amount / 5) * 500 - 1;
  }
}

/** The list price in the country's currency; `abroad` adds the cross-border margin. */
export function listPrice(country: CountryCode, gbp: number, abroad: boolean): number {
  return pricePoint(country, gbp * PER_GBP[country] * (abroad ? 1.1 : 1));
}

/** The sale price for a discount percent, always a price point strictly below the list price. */
export function salePrice(country: CountryCode, listMinor: number, percent: number): number | undefined {
  if (percent <= 0) return undefined;
  let sale = pricePoint(country, ((listMinor / 100) * (100 - percent)) / 100);
  if (sale >= listMinor) sale = listMinor - (country === 'IN' || country === 'AE' || country === 'HK' ? 100 : 1);
  return sale > 0 ? sale : undefined;
}

/** A GBP amount expressed as a round figure in a currency (free-delivery thresholds, charges). */
export function convertRound(country: CountryCode, gbp: number, step?: number): number {
  const amount = gbp * PER_GBP[country];
  const unit = step ?? (amount >= 1000 ? 100 : amount >= 100 ? 10 : amount >= 10 ? 5 : 0.01);
  return Math.round(Math.round(amount / unit) * unit * 100) / 100;
}

/** "49.99 GBP", as Google's format writes a price. */
export function feedPrice(country: CountryCode, minor: number): string {
  return `${(minor / 100).toFixed(2)} ${COUNTRIES[country].info.currencyCode}`;
}
