import { COUNTRY_CODES, DEFAULT_COUNTRY, parseCountryCode, type CountryCode } from '../../../shared/countries';

// Country routing in one place (Medusa's model): the URL first, then the geo header
// (which only suggests), then the default. GB carries no prefix; an unknown first
// segment is a path under GB (spec section 2 "Country prefix").

const PREFIXED = new Set<string>(COUNTRY_CODES.filter((c) => c !== DEFAULT_COUNTRY).map((c) => c.toLowerCase()));

export type UrlCountry = {
  country: CountryCode;
  /** Set when the URL names GB explicitly (/gb/...): the same page lives without the prefix. */
  redirectTo?: string;
};

export function countryFromPath(pathname: string, search = ''): UrlCountry {
  const first = pathname.split('/')[1] ?? '';
  if (PREFIXED.has(first)) return { country: first.toUpperCase() as CountryCode };
  if (first === DEFAULT_COUNTRY.toLowerCase()) {
    const rest = pathname.slice(3) || '/';
    return { country: DEFAULT_COUNTRY, redirectTo: `${rest.startsWith('/') ? rest : `/${rest}`}${search}` };
  }
  return { country: DEFAULT_COUNTRY };
}

/** The geoip header's country when it is one of ours; it never moves a visitor by itself. */
export function countryFromGeoHeader(value: string | string[] | undefined): CountryCode | undefined {
  return parseCountryCode(Array.isArray(value) ? value[0] : value);
}
