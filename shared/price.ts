import type { Country } from './countries';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, fractionDigits: 0 | 2, currency?: string): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}:${currency ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    // Explicit locale, never the runtime default: server and browser must print the same text.
    f = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Spec section 5 "Price display": integer if whole, otherwise 2 decimals. */
export function formatAmount(amount: number, locale: string): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return formatter(locale, whole ? 0 : 2).format(amount);
}

/**
 * A price in the country's currency, e.g. "£49.99", "HK$1,250": in English the country's own
 * symbol before the amount; in another language as its locale writes it ("1 234,50 $" in
 * fr-CA, decision 0080).
 */
export function formatPrice(amount: number, country: Pick<Country, 'locale' | 'info'>): string {
  if (country.locale.startsWith('en-')) return `${country.info.symbol}${formatAmount(amount, country.locale)}`;
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return formatter(country.locale, whole ? 0 : 2, country.info.currencyCode).format(amount);
}
