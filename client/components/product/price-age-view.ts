import type { PriceAge } from '../../../shared/api/product-schemas';
import type { Country } from '../../../shared/countries';
import type { Translate } from '../../../shared/i18n/translator';
import { intlAnswer } from '../../../shared/i18n/intl-answers';

// How old the price on a product page is (issue 27): "Price checked 3 hours ago". The page is
// rendered on the server and hydrated in the browser from the same data, at different times;
// a sentence made from each side's clock would differ and break hydration. So the server (and
// the browser's first render) write the absolute time the api gave, in the site's locale and
// time zone, inside <time datetime>; once hydrated, the browser says it relative to its clock.
// In the page's language (issue 29): `country.locale` is the page's locale (fr-CA), the absolute
// time is Intl's (DateTimeFormat, answered by the server: intl-answers.ts) and the relative words
// are the catalogue's, in the words Intl.RelativeTimeFormat (numeric 'auto') has for the locale.
// Not Intl's own object (issue 31): a page's first Intl number, date or relative-time formatter
// costs the renderer 12-26 ms of ICU data, and on a product page this was the only one made
// after hydration. A plural's rules cost under a millisecond; the count is written as it is
// (`{count}`, not `#`, which a NumberFormat writes): every site locale writes a whole number
// below 1,000 in Latin digits without grouping (a price checked 1,000 days ago or more would
// read "1000 days ago" where Intl writes "1,000").

const MINUTE_MS = 60_000;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago": `checkedAt` seen from `now` (ms). */
export function checkedAgo(t: Translate, checkedAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(checkedAt)) / MINUTE_MS);
  // A clock a little behind the api's sees the check in the future: it was just now.
  if (minutes < 1) return t('product.priceAge.justNow');
  if (minutes < 60) return t('product.priceAge.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('product.priceAge.hoursAgo', { count: hours });
  return t('product.priceAge.daysAgo', { count: Math.floor(hours / 24) });
}

/** "on 28 Nov 2026, 09:40" in the site's locale and time zone (a 24-hour clock, the same in every browser). */
export function checkedOn(t: Translate, checkedAt: string, country: Pick<Country, 'locale' | 'timeZone'>): string {
  const date = intlAnswer(
    `d${country.locale}${country.timeZone}`,
    checkedAt,
    () =>
      new Intl.DateTimeFormat(country.locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: country.timeZone,
      }),
    (when) => when.format(new Date(checkedAt)),
  );
  return t('product.priceAge.on', { date });
}

/** What the page says of a price's age: nothing when no feed has confirmed it yet. */
export function priceAgeWords(
  t: Translate,
  age: PriceAge,
  country: Pick<Country, 'locale' | 'timeZone'>,
  now: number | null,
): { at: string; when: string; note: string | null } | null {
  if (!age.checkedAt) return null;
  return {
    at: age.checkedAt,
    when: now === null ? checkedOn(t, age.checkedAt, country) : checkedAgo(t, age.checkedAt, now),
    // The note beside a store's prices whose feed is older than the api's FEED_STALE_HOURS.
    note: age.mayBeOutOfDate ? t('product.priceAge.stale') : null,
  };
}
