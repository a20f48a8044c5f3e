import { useRouteLoaderData } from 'react-router';
import { COUNTRIES, countryPrefix, type Country, type CountryInfo } from '../../shared/countries';
import { useSiteConfig } from './contexts';
import type { RootData } from './root-data';

export type CurrentCountry = Country & {
  /** From GET /api/account/countries/{code} when it answered, else our own table. */
  currencyInfo: CountryInfo;
  /** '' for GB, '/us' for the USA. */
  prefix: string;
};

/** The country site this page belongs to (spec section 2 "Country prefix"). */
export function useCountry(): CurrentCountry {
  const { country } = useSiteConfig();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const facts = COUNTRIES[country];
  return { ...facts, currencyInfo: root?.country?.countryInfo ?? facts.info, prefix: countryPrefix(country) };
}
