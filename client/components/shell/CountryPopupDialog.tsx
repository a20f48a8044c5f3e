import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { COUNTRIES, countryPrefix, type CountryCode } from '../../../shared/countries';
import { COOKIE } from '../../../shared/constants';
import { removeCookie } from '../../app/cookies';

// The country popup's dialog (CountryPopup.tsx decides whether it shows): a module of its own,
// loaded only for the few visitors whose usual country differs from the page's, so no page's
// first load carries it.
export function CountryPopupDialog({ here: hereCode, usual, onStay }: { here: CountryCode; usual: CountryCode; onStay: () => void }) {
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const here = COUNTRIES[hereCode];
  const there = COUNTRIES[usual];
  const stay = () => {
    removeCookie(COOKIE.country);
    dialog.current?.close();
    onStay();
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
