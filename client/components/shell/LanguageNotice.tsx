import { useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { COOKIE } from '../../../shared/constants';
import type { SiteLanguage } from '../../../shared/i18n/languages';
import { LANGUAGE_COOKIE_DAYS, chooseLanguageHref, languageWord, offeredLanguage } from '../../../shared/language-choice';
import { readCookie, writeCookie } from '../../app/cookies';
import { catalogReady, useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import type { RouteHandle } from './CountryPopup';
import { usePageAddress } from './LanguageChooser';

// The language cookie honoured (issue 29) the way the country cookie is (CountryPopup.tsx):
// decided in the browser after load, so every visitor gets the same cacheable HTML, crawlers
// (no cookie, no script) never see it, and nothing redirects. When the shopper chose another
// language of this country's site before, or on a first visit the browser's language is one
// the site has, a small polite notice offers the same page in it; the page never switches by
// itself. Dismissing it stores the page's language as the choice, so it is not offered again.
export function LanguageNotice() {
  const { code, language: current } = useCountry();
  const suppressed = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.noCountryPopup);
  const [offered, setOffered] = useState<SiteLanguage | undefined>();

  useEffect(() => {
    if (suppressed) return;
    const wanted = offeredLanguage(code, current, readCookie(COOKIE.language), navigator.languages);
    if (!wanted) return;
    let live = true;
    // Its words came after the first page's: shown once the whole catalogue is here.
    catalogReady().then(
      () => live && setOffered(wanted),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, current, suppressed]);

  if (!offered) return null;
  const dismiss = () => {
    writeCookie(COOKIE.language, languageWord(current.segment), LANGUAGE_COOKIE_DAYS);
    setOffered(undefined);
  };
  return <LanguageNoticeView offered={offered} onDismiss={dismiss} />;
}

/** The notice itself: the offered language's link (through /choose-language, which remembers it) and a dismiss. */
export function LanguageNoticeView({ offered, onDismiss }: { offered: SiteLanguage; onDismiss: () => void }) {
  const address = usePageAddress();
  const t = useT();
  return (
    // A status (announced, not a landmark): ARIA allows the role on a div, not on an aside.
    <div className="language-notice" role="status" aria-label={t('shell.language.suggestion')}>
      <a href={chooseLanguageHref(offered.segment, address)} rel="nofollow" hrefLang={offered.locale}>
        {t('shell.language.continue', { language: offered.name })}
      </a>
      <button type="button" className="link-button" onClick={onDismiss}>
        {t('shell.language.dismiss')}
      </button>
    </div>
  );
}
