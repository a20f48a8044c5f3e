import { Suspense, useLayoutEffect, useRef } from 'react';
import type { MenuTile } from '../../../shared/api/home-schemas';
import { useT } from '../../app/i18n';
import { useScrolledPast } from '../../app/use-scroll';
import { ShellLink } from '../ui/ShellLink';
import { AccountLinks } from './AccountLinks';
import { CountryChooser } from './CountryChooser';
import { SITE_LANGUAGES } from '../../../shared/i18n/languages';
import { useSiteConfig } from '../../app/contexts';
import { lazyPart } from '../../app/lazy-part';
import { MainMenu } from './MainMenu';
import { SearchForm } from './SearchForm';

// Only the sites with more than one language have a chooser: only their pages load it (issue 29).
const LanguageChooser = lazyPart(() => import('./LanguageChooser').then((module) => module.LanguageChooser));

/** Spec section 4 "Shell": the header becomes fixed after scrolling past 300 px. */
export const FIXED_HEADER_AFTER_PX = 300;

export function Header({ menu }: { menu: readonly MenuTile[] }) {
  const fixed = useScrolledPast(FIXED_HEADER_AFTER_PX);
  const slot = useRef<HTMLDivElement>(null);
  const t = useT();
  const multilingual = SITE_LANGUAGES[useSiteConfig().country].length > 1;
  // A fixed header leaves the page's flow: its slot keeps the height it had with the header
  // in it (the header wraps differently on each screen width) before the frame is painted,
  // so the page under it does not jump when the header is fixed or comes back.
  useLayoutEffect(() => {
    const kept = slot.current!;
    kept.style.minHeight = fixed ? `max(var(--header-h), ${(kept.firstChild as HTMLElement).offsetHeight}px)` : '';
  }, [fixed]);
  return (
    <div className="site-header-slot" ref={slot}>
      <header className={`site-header${fixed ? ' is-fixed' : ''}`} data-fixed={fixed ? 'true' : 'false'}>
        <div className="header-bar">
          <ShellLink to="/" className="site-logo" aria-label={t('shell.header.home')}>
            Vitrine
          </ShellLink>
          <SearchForm />
          <div className="header-tools">
            <CountryChooser />
            {multilingual && (
              <Suspense fallback={null}>
                <LanguageChooser />
              </Suspense>
            )}
            <AccountLinks />
          </div>
        </div>
        <MainMenu menu={menu} />
      </header>
    </div>
  );
}
