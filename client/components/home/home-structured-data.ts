import { COUNTRIES } from '../../../shared/countries';
import { siteLanguage } from '../../../shared/i18n/languages';
import type { SiteConfig } from '../../../shared/payload';
import { COMPANY_NAME, POSTAL_ADDRESS, SUPPORT_EMAIL } from '../../content/contact';
import { SOCIAL_LINKS } from '../shell/social-links';

// Organization and WebSite JSON-LD for the home page, so search engines know the site and its search. One
// organisation behind all eight country sites; each country site is a WebSite whose
// SearchAction searches that site (/us/search?q=… for the USA).
//
// Its query-input is the typed PropertyValueSpecification, not the "required
// name=search_term_string" shorthand: the shorthand is a plain string where schema.org's types
// expect a PropertyValueSpecification, so schema.org validators reject it, while Google's Rich
// Results Test reads both. valueName is the placeholder in the target's urlTemplate.
const SEARCH_TERM = 'search_term_string';

/** The home page's own address, as PageMeta's canonical link spells it. */
export function homeUrl(site: Pick<SiteConfig, 'siteUrl' | 'basename'>): string {
  return site.basename ? `${site.siteUrl}${site.basename}` : `${site.siteUrl}/`;
}

export function homeStructuredData(site: Pick<SiteConfig, 'siteUrl' | 'basename' | 'country' | 'language'>) {
  const organizationId = `${site.siteUrl}/#organization`;
  const home = homeUrl(site);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: 'Vitrine',
        legalName: COMPANY_NAME,
        url: `${site.siteUrl}/`,
        logo: `${site.siteUrl}/favicon.svg`,
        email: SUPPORT_EMAIL,
        address: {
          '@type': 'PostalAddress',
          streetAddress: POSTAL_ADDRESS.streetAddress,
          addressLocality: POSTAL_ADDRESS.addressLocality,
          postalCode: POSTAL_ADDRESS.postalCode,
          addressCountry: POSTAL_ADDRESS.addressCountry,
        },
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: SUPPORT_EMAIL, availableLanguage: 'en' },
        sameAs: SOCIAL_LINKS.map(([, href]) => href),
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: `Vitrine ${COUNTRIES[site.country].name}`,
        url: home,
        // Each language's home page is a WebSite in that language (issue 29).
        inLanguage: siteLanguage(site.country, site.language).locale,
        publisher: { '@id': organizationId },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${site.siteUrl}${site.basename}/search?q={${SEARCH_TERM}}` },
          'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: SEARCH_TERM },
        },
      },
    ],
  };
}
