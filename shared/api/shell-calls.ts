import type { Country } from '../countries';

/**
 * The shell's shared api calls on every page of a country site: its menu and its country. The
 * root loader makes them, and the web asks for them ahead of any page (shell-warmer.ts), so the
 * two must name the same addresses.
 */
export function shellCalls(country: Country) {
  return {
    menu: `/api/account/menu-structure/${country.info.countryId}`,
    country: `/api/account/countries/${country.code}`,
  } as const;
}
