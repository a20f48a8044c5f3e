import { Suspense, type MouseEvent } from 'react';
import { lazyPart } from '../../app/lazy-part';
import { useT } from '../../app/i18n';
import { useSession, type AuthMode } from '../../app/session';
import { ShellLink } from '../ui/ShellLink';

// The signed-in header's menu, a lazy part (client/app/lazy-part.ts): a guest's page, which
// is every landing page a new visitor opens, does not carry its code; a signed-in page's HTML
// has it, and its code follows at hydration.
const AccountMenu = lazyPart(() => import('../account/AccountMenu').then((module) => module.AccountMenu));

/** Spec section 4 "Shell": the mobile layout is under 768 px. */
const MOBILE_QUERY = '(max-width: 767.98px)';

// Logged-out header (spec section 2): Sign In and Register. Plain links to /authentication
// (so they work before hydration and without JavaScript); once hydrated, on a desktop-sized
// window they open the SIGN IN / REGISTER dialog instead; on mobile they stay links.
export function AccountLinks() {
  const session = useSession();
  const t = useT();
  if (session.viewer) {
    return (
      <Suspense fallback={null}>
        <AccountMenu viewer={session.viewer} />
      </Suspense>
    );
  }
  const open = (mode: AuthMode) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (window.matchMedia(MOBILE_QUERY).matches) return;
    event.preventDefault();
    session.openSignIn(mode);
  };
  return (
    <ul className="account-links">
      <li>
        <ShellLink to="/authentication?userType=Login" onClick={open('Login')}>
          {t('common.signIn')}
        </ShellLink>
      </li>
      <li>
        <ShellLink to="/authentication?userType=Register" onClick={open('Register')}>
          {t('shell.account.register')}
        </ShellLink>
      </li>
    </ul>
  );
}
