import { useRouteLoaderData } from 'react-router';
import { COUNTRIES, countryPrefix, type Country, type CountryInfo } from '../../shared/countries';
import { siteLanguage, type SiteLanguage } from '../../shared/i18n/languages';
import { useSiteConfig } from './contexts';
import type { RootData } from './root-data';

export type CurrentCountry = Country & {
  /** From GET /api/account/countries/{code} when it answered, else our own table. */
  currencyInfo: CountryInfo;
  /** '' for GB, '/us' for the USA: the country's, without the language. */
  prefix: string;
  /** The page's language; `locale` above is its locale (fr-CA), so every formatter speaks it. */
  language: SiteLanguage;
};

/** The country site this page belongs to (spec section 2 "Country prefix"). */
export function useCountry(): CurrentCountry {
  const { country, language: segment } = useSiteConfig();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const facts = COUNTRIES[country];
  const language = siteLanguage(country, segment);
  return { ...facts, locale: language.locale, language, currencyInfo: root?.country?.countryInfo ?? facts.info, prefix: countryPrefix(country) };
}
