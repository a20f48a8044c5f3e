import { COUNTRIES, DEFAULT_COUNTRY, countryPrefix, type CountryCode } from '../countries';

// The languages of each country site (issue 29, decision 0080). English is every site's first
// language and lives where it always has, unprefixed after the country (/ca/dresses); every
// other language adds one segment after the country (/ca/fr/dresses, /hk/zh/…, /sg/ta/…).
// A catalogue is per language; the locale every formatter is given is per site (fr-CA, zh-HK).

/** The message catalogues: one per written language. */
export const CATALOGS = ['en', 'fr', 'zh-Hant', 'zh-Hans', 'ms', 'ta'] as const;
export type CatalogId = (typeof CATALOGS)[number];

export type SiteLanguage = {
  /** The URL segment after the country: '' for English. */
  segment: '' | 'fr' | 'zh' | 'ms' | 'ta';
  catalog: CatalogId;
  /** BCP 47: `<html lang>`, hreflang, og:locale and every Intl formatter. */
  locale: string;
  /** The language's own name, as the chooser shows it. */
  name: string;
};

const english = (code: CountryCode): SiteLanguage => ({ segment: '', catalog: 'en', locale: COUNTRIES[code].locale, name: 'English' });

export const SITE_LANGUAGES: Readonly<Record<CountryCode, readonly SiteLanguage[]>> = {
  GB: [english('GB')],
  US: [english('US')],
  IN: [english('IN')],
  AE: [english('AE')],
  CA: [english('CA'), { segment: 'fr', catalog: 'fr', locale: 'fr-CA', name: 'Français' }],
  AU: [english('AU')],
  HK: [english('HK'), { segment: 'zh', catalog: 'zh-Hant', locale: 'zh-HK', name: '繁體中文' }],
  SG: [
    english('SG'),
    { segment: 'zh', catalog: 'zh-Hans', locale: 'zh-SG', name: '简体中文' },
    { segment: 'ms', catalog: 'ms', locale: 'ms-SG', name: 'Bahasa Melayu' },
    { segment: 'ta', catalog: 'ta', locale: 'ta-SG', name: 'தமிழ்' },
  ],
};

export type LanguageSegment = SiteLanguage['segment'];

/** A country site's language by its URL segment; English for '' or a segment it does not have. */
export function siteLanguage(country: CountryCode, segment: string | undefined): SiteLanguage {
  const languages = SITE_LANGUAGES[country];
  return languages.find((language) => language.segment === segment) ?? languages[0]!;
}

/** A language the site has under this segment, else undefined ('' is English). */
export function findSiteLanguage(country: CountryCode, segment: string): SiteLanguage | undefined {
  return SITE_LANGUAGES[country].find((language) => language.segment === segment);
}

/** The site language of a locale tag (fr-CA) on any country site, else undefined. */
export function languageOfLocale(locale: string | undefined): SiteLanguage | undefined {
  if (!locale) return undefined;
  for (const languages of Object.values(SITE_LANGUAGES)) {
    const found = languages.find((language) => language.locale === locale);
    if (found) return found;
  }
  return undefined;
}

/**
 * The prefix React Router runs under for a country site in a language: '' for GB in English,
 * '/us' for the USA, '/ca/fr' for Canada in French.
 */
export function sitePrefix(country: CountryCode, segment: LanguageSegment): string {
  return `${countryPrefix(country)}${segment ? `/${segment}` : ''}`;
}

/** A site path (/dresses) under a country and language, as an address (/ca/fr/dresses, /ca/fr). */
export function sitePath(country: CountryCode, segment: LanguageSegment, path: string): string {
  const prefix = sitePrefix(country, segment);
  return prefix && path === '/' ? prefix : `${prefix}${path}`;
}

/** Every (country, language) site: hreflang alternates and sitemaps list them all. */
export function everySite(countries: readonly CountryCode[]): { country: CountryCode; language: SiteLanguage }[] {
  return countries.flatMap((country) => SITE_LANGUAGES[country].map((language) => ({ country, language })));
}

/** The language segment a path starts with after its country prefix ('/ca/fr/x' → 'fr'), if the site has it. */
export function languageFromPath(country: CountryCode, pathname: string): SiteLanguage {
  const rest = pathname.slice(countryPrefix(country).length);
  const segment = rest.split('/')[1] ?? '';
  return findSiteLanguage(country, segment) ?? SITE_LANGUAGES[country][0]!;
}

export const DEFAULT_LANGUAGE = SITE_LANGUAGES[DEFAULT_COUNTRY][0]!;

/**
 * The language the editors write the home page's content in (banners, tiles, style notes):
 * English on every site (decision 0080). On a page in another language that content carries
 * `lang="en"`, so that screen readers speak it as English and the page says what it is.
 */
export const EDITORIAL_LANG = 'en';

/** The `lang` attribute editorial content takes on a page in `locale`: none on an English page. */
export function editorialLang(locale: string): string | undefined {
  return locale.split('-')[0] === EDITORIAL_LANG ? undefined : EDITORIAL_LANG;
}
