import { useLayoutEffect, useRef } from 'react';
import type { MenuTile } from '../../../shared/api/home-schemas';
import { useT } from '../../app/i18n';
import { useScrolledPast } from '../../app/use-scroll';
import { ShellLink } from '../ui/ShellLink';
import { AccountLinks } from './AccountLinks';
import { CountryChooser } from './CountryChooser';
import { LanguageChooser } from './LanguageChooser';
import { MainMenu } from './MainMenu';
import { SearchForm } from './SearchForm';

/** Spec section 4 "Shell": the header becomes fixed after scrolling past 300 px. */
export const FIXED_HEADER_AFTER_PX = 300;

export function Header({ menu }: { menu: readonly MenuTile[] }) {
  const fixed = useScrolledPast(FIXED_HEADER_AFTER_PX);
  const slot = useRef<HTMLDivElement>(null);
  const t = useT();
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
            <LanguageChooser />
            <AccountLinks />
          </div>
        </div>
        <MainMenu menu={menu} />
      </header>
    </div>
  );
}
