import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { COUNTRIES, countryPrefix, parseCountryCode, type CountryCode } from '../../../shared/countries';
import { COOKIE } from '../../../shared/constants';
import { useSiteConfig } from '../../app/contexts';
import { readCookie, removeCookie } from '../../app/cookies';

// Spec section 2 "Country prefix": when the country cookie (the site the shopper chose)
// differs from the URL's country — not on localhost, not on a retailer click-through
// page — ask whether to go to the usual site or continue here. Continuing (or closing)
// removes the cookie and stays. Decided in the browser after load, so every visitor gets
// the same cacheable HTML and crawlers (no cookie) never see it.

export type RouteHandle = {
  hideShell?: boolean;
  noCountryPopup?: boolean;
  /** The country sites that have this page, from its loader's data (a product is sold in some); every one when undefined. */
  countries?: (loaderData: unknown) => readonly CountryCode[] | undefined;
};

export function CountryPopup() {
  const { country } = useSiteConfig();
  const location = useLocation();
  const matches = useMatches();
  const dialog = useRef<HTMLDialogElement>(null);
  const [usual, setUsual] = useState<CountryCode | undefined>();
  const suppressed = matches.some((m) => (m.handle as RouteHandle | undefined)?.noCountryPopup);

  useEffect(() => {
    if (suppressed || window.location.hostname === 'localhost') return;
    const cookie = parseCountryCode(readCookie(COOKIE.country));
    if (cookie && cookie !== country) setUsual(cookie);
  }, [country, suppressed]);

  useEffect(() => {
    if (usual && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [usual]);

  if (!usual) return null;
  const here = COUNTRIES[country];
  const there = COUNTRIES[usual];
  const stay = () => {
    removeCookie(COOKIE.country);
    dialog.current?.close();
    setUsual(undefined);
  };
  const goHref = `${countryPrefix(usual)}${location.pathname === '/' && countryPrefix(usual) ? '' : location.pathname}${location.search}`;
  return (
    <dialog ref={dialog} className="modal country-popup" aria-labelledby="country-popup-title" onCancel={stay}>
      <button type="button" className="modal-close" aria-label="Close" onClick={stay}>
        ×
      </button>
      <h2 id="country-popup-title">You usually shop on Vitrine {there.name}</h2>
      <p>
        You are looking at Vitrine {here.name}, with prices in {here.info.currencyName}. Would you like to go to Vitrine{' '}
        {there.name}, with prices in {there.info.currencyName}?
      </p>
      <div className="modal-actions">
        <a className="button button-primary" href={goHref || '/'}>
          Go to Vitrine {there.name}
        </a>
        <button type="button" className="button" onClick={stay}>
          Continue on Vitrine {here.name}
        </button>
      </div>
    </dialog>
  );
}
