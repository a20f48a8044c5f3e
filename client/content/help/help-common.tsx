import type { ReactNode } from 'react';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { useT } from '../../app/i18n';
import { countryName, currencyName } from '../../components/ui/country-names';
import { COMPANY_NAME, POSTAL_ADDRESS } from '../contact';

// What the help pages share (spec section 2 route table: about-us, contact-us, faqs,
// terms-and-conditions, privacy-policy, general-data-protection-notice): the page's shape and
// the small pieces several of them use. Each page's text is a module of its own (this
// folder), loaded only by its own route: together they were the heaviest first load of all.
// Written for Vitrine as it works: a discovery marketplace that sends shoppers to retailers
// and never sells, ships or takes payment itself. Facts the code also uses (cookie names, the
// session length, the countries and their currencies, our addresses) come from their one
// definition.

export type HelpSection = { id: string; title: string; body: ReactNode };

export type HelpPage = {
  /** The page title (PageMeta adds "| Vitrine"). */
  title: string;
  heading: string;
  description: string;
  lead: ReactNode;
  updated?: string;
  /** Long pages open with a table of contents of their sections. */
  toc: boolean;
  /**
   * Written in English only (the legal pages, issue 29): on a page in another language the
   * article says so in that language and is marked lang="en".
   */
  englishOnly?: boolean;
  sections: HelpSection[];
};

export const UPDATED = '28 November 2026';

/** A mailto link; also what a message places around its {email} (<0>{email}</0>, issue 29). */
export const mailto = (to: string) => <a href={`mailto:${to}`}>{to}</a>;

export function Mail({ to }: { to: string }) {
  return mailto(to);
}

export function Address() {
  return (
    <address className="help-address">
      {COMPANY_NAME}
      <br />
      {POSTAL_ADDRESS.streetAddress}
      <br />
      {POSTAL_ADDRESS.addressLocality} {POSTAL_ADDRESS.postalCode}
      <br />
      {POSTAL_ADDRESS.countryName}
    </address>
  );
}

/** One question of the FAQs: a native disclosure, so it opens with or without JavaScript. */
export function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="faq">
      <summary>{q}</summary>
      <div className="faq-answer">{children}</div>
    </details>
  );
}

export function CountryList() {
  const t = useT();
  return (
    <ul className="help-countries">
      {COUNTRY_CODES.map((code) => {
        const symbol = COUNTRIES[code].info.symbol.trim();
        // Another country's site, through the chooser: it remembers the choice (the country cookie).
        return (
          <li key={code}>
            <a href={`/choose-country/${code.toLowerCase()}?to=%2F`} rel="nofollow">
              {countryName(t, code)}
            </a>{' '}
            <span className="help-muted">
              {currencyName(t, code)}, {symbol}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
