import { COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from '../../../shared/countries';
import { DEFAULT_LANGUAGE, SITE_LANGUAGES, everySite, sitePath, type SiteLanguage } from '../../../shared/i18n/languages';
import type { Translator } from '../../../shared/i18n/translator';
import { translatorFor } from '../http/request-language';

// The site an e-mail belongs to (issue 29): it is written in the language the shopper used
// when they asked for it (the request's x-locale, or the language stored with their alert or
// subscription), and its links open that language's pages (/ca/fr/…).

/** A country site in one of its languages. */
export type MailSite = { country: CountryCode; language: SiteLanguage };

const SITES = everySite(COUNTRY_CODES);

/** The site whose language a locale is (fr-CA: Canada in French); the default English site for any other. */
export function siteOfLocale(locale: string | undefined): MailSite {
  return SITES.find((site) => site.language.locale === locale) ?? { country: DEFAULT_COUNTRY, language: DEFAULT_LANGUAGE };
}

/**
 * `country`'s site in the language `locale` names, else in its English: an alert or a
 * subscription is for one country, and a locale of another country's site says nothing of this one.
 */
export function siteOn(country: CountryCode, locale: string | undefined): MailSite {
  return { country, language: SITE_LANGUAGES[country].find((language) => language.locale === locale) ?? SITE_LANGUAGES[country][0]! };
}

/** The translator an e-mail of this site is written with. */
export function mailTranslator(site: MailSite): Translator {
  return translatorFor(site.language.locale);
}

/**
 * The page an e-mail's link opens (a confirm, reset or unsubscribe page). In English the
 * address these e-mails always had, without a country (the page is the same on every English
 * site); in another language its site's, so the page reads as the e-mail did.
 */
export function mailPageLink(siteUrl: string, site: MailSite, path: string): string {
  return `${siteUrl}${site.language.segment ? sitePath(site.country, site.language.segment, path) : path}`;
}
