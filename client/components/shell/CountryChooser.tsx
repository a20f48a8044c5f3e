import { useState, type SyntheticEvent } from 'react';
import { useLocation, useMatches } from 'react-router';
import { COUNTRIES, COUNTRY_CODES, parseCountryCode, type CountryCode } from '../../../shared/countries';
import { useCountry } from '../../app/site-hooks';
import { useT } from '../../app/i18n';
import type { RouteHandle } from './CountryPopup';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { countryName } from '../ui/country-names';

// The country chooser (spec section 2 "Country prefix"): each choice goes through
// /choose-country/{cc}, which stores the country cookie and reloads the same page under
// that country's path. Plain links, so it works without JavaScript. When opened, it asks
// which country the visitor is in (the CDN's geoip header) only to suggest one.

export function chooseCountryHref(code: CountryCode, path: string, search: string): string {
  return `/choose-country/${code.toLowerCase()}?to=${encodeURIComponent(`${path}${search}`)}`;
}

export function CountryChooser() {
  const current = useCountry();
  const t = useT();
  const location = useLocation();
  // A page only some country sites have sends the others to their home page, not to a 404.
  const sites = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.countries?.(m.loaderData))
    .find((list) => list !== undefined);
  const [suggested, setSuggested] = useState<CountryCode | undefined>();
  const [asked, setAsked] = useState(false);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || asked) return;
    setAsked(true);
    fetch(SITE_CONTENT_API.geoCountry, { headers: { accept: 'application/json' } })
      .then((res) => res.json())
      // Only a suggestion: anything but a known country code suggests nothing.
      .then((body: { data?: { countryCode?: unknown } } | null) => setSuggested(typeof body?.data?.countryCode === 'string' ? parseCountryCode(body.data.countryCode) : undefined))
      .catch(() => undefined);
  };

  return (
    <details className="country-chooser" onToggle={onToggle}>
      {/* The name starts with what is shown (WCAG 2.5.3 "label in name"), the rest is for screen readers. */}
      <summary>
        <span className="country-code">{current.code}</span> <span className="country-currency">{current.currencyInfo.symbol.trim()}</span>
        <span className="visually-hidden">{t('shell.country.current', { country: countryName(t, current.code) })}</span>
      </summary>
      <div className="country-panel">
        <p className="country-heading">{t('shell.country.shopIn')}</p>
        <ul>
          {COUNTRY_CODES.map((code) => (
            <li key={code}>
              <a
                href={sites && !sites.includes(code) ? chooseCountryHref(code, '/', '') : chooseCountryHref(code, location.pathname, location.search)}
                rel="nofollow"
                aria-current={code === current.code ? 'true' : undefined}
                className={code === suggested && code !== current.code ? 'is-suggested' : undefined}
              >
                {countryName(t, code)} <span className="country-currency">({COUNTRIES[code].info.currencyCode})</span>
                {code === suggested && code !== current.code && <span className="suggested-tag"> {t('shell.country.suggested')}</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
