import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { countryPrefix, type CountryCode } from '../../../shared/countries';
import { COOKIE } from '../../../shared/constants';
import { removeCookie } from '../../app/cookies';
import { useT } from '../../app/i18n';
import { countryName, currencyName } from '../ui/country-names';

// The country popup's dialog (CountryPopup.tsx decides whether it shows): a module of its own,
// loaded only for the few visitors whose usual country differs from the page's, so no page's
// first load carries it.
export function CountryPopupDialog({ here: hereCode, usual, onStay }: { here: CountryCode; usual: CountryCode; onStay: () => void }) {
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const here = countryName(t, hereCode);
  const there = countryName(t, usual);
  const stay = () => {
    removeCookie(COOKIE.country);
    dialog.current?.close();
    onStay();
  };
  const goHref = `${countryPrefix(usual)}${location.pathname === '/' && countryPrefix(usual) ? '' : location.pathname}${location.search}`;
  return (
    <dialog ref={dialog} className="modal country-popup" aria-labelledby="country-popup-title" onCancel={stay}>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={stay}>
        ×
      </button>
      <h2 id="country-popup-title">{t('shell.countryPopup.title', { country: there })}</h2>
      <p>{t('shell.countryPopup.body', { here, hereCurrency: currencyName(t, hereCode), there, thereCurrency: currencyName(t, usual) })}</p>
      <div className="modal-actions">
        <a className="button button-primary" href={goHref || '/'}>
          {t('shell.countryPopup.go', { country: there })}
        </a>
        <button type="button" className="button" onClick={stay}>
          {t('shell.countryPopup.stay', { country: here })}
        </button>
      </div>
    </dialog>
  );
}
