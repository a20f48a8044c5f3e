import { Suspense, lazy, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { parseCountryCode, type CountryCode } from '../../../shared/countries';
import { COOKIE } from '../../../shared/constants';
import { useSiteConfig } from '../../app/contexts';
import { readCookie } from '../../app/cookies';
import { catalogReady, withCatalog } from '../../app/i18n';

// The dialog itself is fetched only when it is to show (CountryPopupDialog.tsx).
const CountryPopupDialog = lazy(() => withCatalog(import('./CountryPopupDialog')).then((module) => ({ default: module.CountryPopupDialog })));

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
  const matches = useMatches();
  const [usual, setUsual] = useState<CountryCode | undefined>();
  const suppressed = matches.some((m) => (m.handle as RouteHandle | undefined)?.noCountryPopup);

  useEffect(() => {
    if (suppressed || window.location.hostname === 'localhost') return;
    const cookie = parseCountryCode(readCookie(COOKIE.country));
    if (!cookie || cookie === country) return;
    let live = true;
    // The dialog's words came after the first page's (issue 29): it opens once they are here.
    catalogReady().then(
      () => live && setUsual(cookie),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [country, suppressed]);

  if (!usual) return null;
  return (
    <Suspense fallback={null}>
      <CountryPopupDialog here={country} usual={usual} onStay={() => setUsual(undefined)} />
    </Suspense>
  );
}
