import { Suspense, useContext, type ReactNode } from 'react';
import { UNSAFE_DataRouterStateContext, useMatches } from 'react-router';
import type { MenuTile } from '../../../shared/api/home-schemas';
import { BusyProvider } from '../../app/busy';
import { useT } from '../../app/i18n';
import { DepartmentProvider } from '../../app/department';
import type { Viewer } from '../../app/viewer';
import { SessionProvider } from '../account/SessionProvider';
import { NoticeProvider } from '../../app/notices';
import { ShellLinkProvider } from '../ui/ShellLink';
import { WishlistProvider } from '../wishlist/wishlist-hearts';
import { BackToTop } from './BackToTop';
import { CountryPopup, type RouteHandle } from './CountryPopup';
import { Header } from './Header';
import { SITE_LANGUAGES } from '../../../shared/i18n/languages';
import { useSiteConfig } from '../../app/contexts';
import { lazyPart } from '../../app/lazy-part';
import { DeferredPart } from '../../app/deferred-part';

// The language notice and chooser exist only on the sites with more than one language (CA, HK,
// SG): loaded there, so no other site's pages carry their code (issue 29).
const LanguageNotice = lazyPart(() => import('./LanguageNotice').then((module) => module.LanguageNotice));
// The footer is below every page's fold: its server HTML stays until the shopper comes near (DeferredPart).
const Footer = lazyPart(() => import('./Footer').then((module) => module.Footer));

const FOOTER = { className: 'site-footer' };

/** Header, content and footer: every page has them, error pages included (ARCHITECTURE.md "What users must never see"). */
export function Shell({ menu, viewer = null, children }: { menu: readonly MenuTile[]; viewer?: Viewer | null; children: ReactNode }) {
  // The retailer click-through page hides header and footer (spec section 2 route table),
  // but not when it failed: its not-found page needs the way back like any other.
  const matches = useMatches();
  const t = useT();
  const multilingual = SITE_LANGUAGES[useSiteConfig().country].length > 1;
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const failed = Boolean(routerState?.errors && Object.keys(routerState.errors).length > 0);
  const hideShell = !failed && matches.some((m) => (m.handle as RouteHandle | undefined)?.hideShell);
  return (
    <ShellLinkProvider>
      <NoticeProvider>
        <BusyProvider>
          <SessionProvider initial={viewer}>
            <WishlistProvider>
            <DepartmentProvider>
              <a className="skip-link" href="#main">
                {t('shell.skipLink')}
              </a>
              {!hideShell && <Header menu={menu} />}
              <main id="main" className="site-main" tabIndex={-1}>
                {children}
              </main>
              {!hideShell && (
                <Suspense fallback={null}>
                  <DeferredPart part={Footer} props={{}} tag="footer" attributes={FOOTER} />
                </Suspense>
              )}
              {!hideShell && <BackToTop />}
              <CountryPopup />
              {multilingual && (
                <Suspense fallback={null}>
                  <LanguageNotice />
                </Suspense>
              )}
            </DepartmentProvider>
            </WishlistProvider>
          </SessionProvider>
        </BusyProvider>
      </NoticeProvider>
    </ShellLinkProvider>
  );
}
