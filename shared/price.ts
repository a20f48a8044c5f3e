import type { Country } from './countries';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    // Explicit locale, never the runtime default: server and browser must print the same text.
    f = new Intl.NumberFormat(locale, {
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

/** A price with the country's currency symbol, e.g. "£49.99", "HK$1,250". */
export function formatPrice(amount: number, country: Pick<Country, 'locale' | 'info'>): string {
  return `${country.info.symbol}${formatAmount(amount, country.locale)}`;
}
