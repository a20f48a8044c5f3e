import type { Country } from './countries';
import { intlAnswer } from './i18n/intl-answers';

/** Spec section 5 "Price display": integer if whole, otherwise 2 decimals. */
export function formatAmount(amount: number, locale: string): string {
  return format(locale, undefined, amount);
}

/**
 * `amount` in `locale` (in `currency` when given), whole or with 2 decimals, from the page's
 * Intl answers when they have it.
 */
function format(locale: string, currency: string | undefined, amount: number): string {
  const fractionDigits = Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2;
  return intlAnswer(
    `a${locale}${fractionDigits}${currency ?? ''}`,
    amount,
    // Explicit locale, never the runtime default: server and browser must print the same text.
    () =>
      new Intl.NumberFormat(locale, {
        ...(currency ? { style: 'currency', currency } : {}),
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
    (f) => f.format(amount),
  );
}

/**
 * A price in the country's currency, e.g. "£49.99", "HK$1,250": in English the country's own
 * symbol before the amount; in another language as its locale writes it ("1 234,50 $" in
 * fr-CA, decision 0080).
 */
export function formatPrice(amount: number, country: Pick<Country, 'locale' | 'info'>): string {
  if (country.locale.startsWith('en-')) return `${country.info.symbol}${formatAmount(amount, country.locale)}`;
  return format(country.locale, country.info.currencyCode, amount);
}
