import { intlAnswer } from './intl-answers';

/** `value` as `new Intl.NumberFormat(locale)` writes it, from the page's Intl answers when they have it. */
export function formatNumber(locale: string, value: number): string {
  return intlAnswer(`i${locale}`, value, () => new Intl.NumberFormat(locale), (f) => f.format(value));
}
