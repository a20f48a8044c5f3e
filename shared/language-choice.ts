import type { CountryCode } from './countries';
import { SITE_LANGUAGES, findSiteLanguage, type LanguageSegment, type SiteLanguage } from './i18n/languages';

// The language chooser's rules (issue 29): the header's links, GET /choose-language that
// stores the language cookie (server/web/http/choose-language.ts), and the notice that honours
// it in the browser. The cookie holds a language's URL segment, 'en' for English.

/** The language cookie lives a year, as the country cookie does. */
export const LANGUAGE_COOKIE_DAYS = 365;

/** What the cookie and the /choose-language/{segment} path call English. */
export const ENGLISH_SEGMENT = 'en';

/** The cookie's (and the path's) word for a language: its segment, or 'en'. */
export const languageWord = (segment: LanguageSegment): string => segment || ENGLISH_SEGMENT;

/** The site language a cookie's or path's word names on this country's site, if the site has it. */
export function languageOfWord(country: CountryCode, word: string | undefined): SiteLanguage | undefined {
  // English is only ever 'en': an empty word is no choice.
  if (!word) return undefined;
  return findSiteLanguage(country, word === ENGLISH_SEGMENT ? '' : word);
}

/** The link of the header's chooser: through /choose-language, which stores the cookie, back to `address` in that language. */
export function chooseLanguageHref(segment: LanguageSegment, address: string): string {
  return `/choose-language/${languageWord(segment)}?to=${encodeURIComponent(address)}`;
}

/**
 * The site language of this country that the first of the browser's languages (what it sends
 * as Accept-Language) names: 'fr' and 'fr-FR' name fr-CA on the Canadian site, 'zh-TW' and
 * 'zh-Hant' the Traditional Chinese of Hong Kong, 'zh-CN' the Simplified of Singapore; a
 * browser language the site lacks is passed over.
 */
export function browserLanguage(country: CountryCode, preferences: readonly string[]): SiteLanguage | undefined {
  const languages = SITE_LANGUAGES[country];
  for (const preference of preferences) {
    const primary = preference.toLowerCase().split('-')[0];
    const found = languages.find((language) => language.locale.toLowerCase().split('-')[0] === primary);
    if (found) return found;
  }
  return undefined;
}

/**
 * The language the notice offers on a page of `current`'s language, if any: the cookie's
 * (the shopper chose it before), else on a first visit the browser's; never the page's own,
 * never one the country's site does not have. Only offered: the page never moves by itself.
 */
export function offeredLanguage(
  country: CountryCode,
  current: SiteLanguage,
  cookie: string | undefined,
  preferences: readonly string[],
): SiteLanguage | undefined {
  const wanted = cookie === undefined ? browserLanguage(country, preferences) : languageOfWord(country, cookie);
  return wanted && wanted.locale !== current.locale ? wanted : undefined;
}
