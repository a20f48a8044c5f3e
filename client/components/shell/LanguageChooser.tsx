import { useLocation } from 'react-router';
import { SITE_LANGUAGES } from '../../../shared/i18n/languages';
import { chooseLanguageHref } from '../../../shared/language-choice';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';

// The header's language chooser (issue 29), on the country sites with more than one language:
// each language named in itself, a plain link through /choose-language (which stores the
// language cookie and opens the same page in that language), so it works without JavaScript;
// nofollow, since crawlers find each language through hreflang.

/** The page's own address, country and language included (/ca/fr/dresses?page=2): where a choice returns to. */
export function usePageAddress(): string {
  const { basename } = useSiteConfig();
  const location = useLocation();
  return `${basename}${location.pathname === '/' && basename ? '' : location.pathname}${location.search}` || '/';
}
export function LanguageChooser() {
  const { code, language: current } = useCountry();
  const address = usePageAddress();
  const t = useT();
  const languages = SITE_LANGUAGES[code];
  if (languages.length < 2) return null;
  return (
    <nav className="language-chooser" aria-label={t('shell.language.label')}>
      <ul>
        {languages.map((language) => (
          <li key={language.locale}>
            <a
              href={chooseLanguageHref(language.segment, address)}
              rel="nofollow"
              lang={language.locale}
              hrefLang={language.locale}
              aria-current={language.locale === current.locale ? 'true' : undefined}
            >
              {language.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
