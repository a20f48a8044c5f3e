import type { Country } from '../countries';
import { SITE_CONTENT_API } from './site-content-paths';

/**
 * The shell's shared api calls on every page of a country site: its menu and its country. The
 * root loader makes them, and the web asks for them ahead of any page (shell-warmer.ts), so the
 * two must name the same addresses.
 */
export function shellCalls(country: Country) {
  return {
    menu: SITE_CONTENT_API.menu(country.info.countryId),
    country: SITE_CONTENT_API.country(country.code),
  } as const;
}
