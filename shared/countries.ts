// The eight country sites (spec section 1, section 2 "Country prefix", section 9).
// Every other module asks this one; no country fact is written down twice.

export const COUNTRY_CODES = ['GB', 'US', 'IN', 'AE', 'CA', 'AU', 'HK', 'SG'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export type CountryInfo = {
  countryId: number;
  currencyCode: string;
  currencyName: string;
  symbol: string;
};

export type Country = {
  code: CountryCode;
  name: string;
  info: CountryInfo;
  /** BCP 47 locale every formatter is given, so server and browser print the same text. */
  locale: string;
  timeZone: string;
  /** Price slider step (spec section 9). */
  priceStep: number;
  /** Which free-delivery threshold of a product applies here (spec section 9). */
  freeDeliveryThreshold: 'GB' | 'US' | 'INTERNATIONAL';
};

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  GB: {
    code: 'GB',
    name: 'UK',
    info: { countryId: 1, currencyCode: 'GBP', currencyName: 'Pound Sterling', symbol: '£' },
    locale: 'en-GB',
    timeZone: 'Europe/London',
    priceStep: 50,
    freeDeliveryThreshold: 'GB',
  },
  US: {
    code: 'US',
    name: 'USA',
    info: { countryId: 2, currencyCode: 'USD', currencyName: 'US Dollar', symbol: '$' },
    locale: 'en-US',
    timeZone: 'America/New_York',
    priceStep: 50,
    freeDeliveryThreshold: 'US',
  },
  IN: {
    code: 'IN',
    name: 'India',
    info: { countryId: 3, currencyCode: 'INR', currencyName: 'Indian Rupee', symbol: '₹' },
    locale: 'en-IN',
    timeZone: 'Asia/Kolkata',
    priceStep: 4000,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
  AE: {
    code: 'AE',
    name: 'UAE',
    info: { countryId: 4, currencyCode: 'AED', currencyName: 'UAE Dirham', symbol: 'AED ' },
    locale: 'en-AE',
    timeZone: 'Asia/Dubai',
    priceStep: 250,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
  CA: {
    code: 'CA',
    name: 'Canada',
    info: { countryId: 5, currencyCode: 'CAD', currencyName: 'Canadian Dollar', symbol: 'C$' },
    locale: 'en-CA',
    timeZone: 'America/Toronto',
    priceStep: 40,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
  AU: {
    code: 'AU',
    name: 'Australia',
    info: { countryId: 6, currencyCode: 'AUD', currencyName: 'Australian Dollar', symbol: 'A$' },
    locale: 'en-AU',
    timeZone: 'Australia/Sydney',
    priceStep: 40,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
  HK: {
    code: 'HK',
    name: 'Hong Kong',
    // Spec section 1: "for Hong Kong the code is shown as HK$".
    info: { countryId: 7, currencyCode: 'HKD', currencyName: 'Hong Kong Dollar', symbol: 'HK$' },
    locale: 'en-HK',
    timeZone: 'Asia/Hong_Kong',
    priceStep: 40,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
  SG: {
    code: 'SG',
    name: 'Singapore',
    info: { countryId: 8, currencyCode: 'SGD', currencyName: 'Singapore Dollar', symbol: 'S$' },
    locale: 'en-SG',
    timeZone: 'Asia/Singapore',
    priceStep: 40,
    freeDeliveryThreshold: 'INTERNATIONAL',
  },
};

/** Spec section 1 and 9: the default country is GB, whose URLs carry no prefix. */
export const DEFAULT_COUNTRY: CountryCode = 'GB';

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Reads a country code in any case; undefined when it is not one of the eight. */
export function parseCountryCode(value: string | null | undefined): CountryCode | undefined {
  if (!value) return undefined;
  const upper = value.trim().toUpperCase();
  return isCountryCode(upper) ? upper : undefined;
}

/** The URL prefix of a country site: '' for GB, '/us' for the USA (spec section 2). */
export function countryPrefix(code: CountryCode): string {
  return code === DEFAULT_COUNTRY ? '' : `/${code.toLowerCase()}`;
}
