import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { COOKIE } from '../../../shared/constants';
import { ACCOUNT_NOTICES } from '../../../shared/validation/account-notices';
import { say } from '../../../shared/validation/message';
import { UNAUTHORIZED_EVENT } from '../../api/browser-api-client';
import { browserSession } from '../../api/browser-session';
import { useBusy } from '../../app/busy';
import { useSiteConfig } from '../../app/contexts';
import { readCookie } from '../../app/cookies';
import { useT, withCatalog } from '../../app/i18n';
import { useNotify } from '../../app/notices';
import { SessionContext, type AuthMode, type SessionValue } from '../../app/session';
import type { Viewer } from '../../app/viewer';
import { reloadViewer } from '../../data/account/viewer-call';
import type { AuthDialog as AuthDialogView } from './AuthDialog';

// The dialog, its forms and their rules are fetched the first time a shopper opens it, not
// with every page: most visits never sign in. Until it is there the loader overlay shows (after
// the same short delay as for a slow navigation), and focus moves into the dialog once it opens.
let authDialog: Promise<typeof AuthDialogView> | undefined;
function loadAuthDialog(): Promise<typeof AuthDialogView> {
  authDialog ??= withCatalog(import('./AuthDialog')).then(
    (module) => module.AuthDialog,
    (error: unknown) => {
      authDialog = undefined;
      throw error;
    },
  );
  return authDialog;
}

/** Account pages: a guest (or a session that ended) is sent home from these (spec section 4). */
export function isAccountPath(path: string): boolean {
  return path === '/user' || path.startsWith('/user/');
}

/** Pages that make no sense once signed in: after a sign-in there, go home (spec section 4). */
export function isSignInPath(path: string): boolean {
  return /^\/(authentication|forgot-password|confirm-password|sign-in|home\/login)(\/|$)/.test(path) || isAccountPath(path);
}

export function SessionProvider({ initial, children }: { initial: Viewer | null; children: ReactNode }) {
  const [viewer, setViewer] = useState<Viewer | null>(initial);
  const [dialog, setDialog] = useState<AuthMode | null>(null);
  const [AuthDialog, setAuthDialog] = useState<typeof AuthDialogView | null>(null);
  // What to do once this opening of the dialog ends in a sign-in (a wishlist heart's add); every
  // opening sets it, so one that was closed without signing in leaves nothing behind.
  const afterSignIn = useRef<(() => void) | undefined>(undefined);
  const notify = useNotify();
  const t = useT();
  const track = useBusy();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { basename } = useSiteConfig();
  const stripPrefix = useCallback(
    (pathname: string) => (basename && pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname),
    [basename],
  );

  const refresh = useCallback(async () => {
    const next = await reloadViewer();
    setViewer(next);
    return next;
  }, []);

  // A page from a shared cache was rendered for a guest: the readable profile-type cookie
  // says this visitor is signed in, so ask who they are.
  useEffect(() => {
    if (!initial && readCookie(COOKIE.profileType)) void refresh();
  }, [initial, refresh]);

  // Spec section 8: 'UnAuthorized Access!' — the gateway cleared the cookies; drop the
  // profile, and leave account pages.
  const path = location.pathname;
  useEffect(() => {
    const onUnauthorized = () => {
      setViewer(null);
      if (isAccountPath(stripPrefix(window.location.pathname))) void navigate('/');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate, path, stripPrefix]);

  // A link in the dialog (Forgot your password?, Email me a sign-in link) leads to a page of
  // its own: the dialog does not stay open over it.
  const [dialogPath, setDialogPath] = useState(path);
  if (dialogPath !== path) {
    setDialogPath(path);
    setDialog(null);
  }

  const value = useMemo<SessionValue>(
    () => ({
      viewer,
      refresh,
      async signIn(signInPath, body) {
        const signedIn = await browserSession.signIn(signInPath, body);
        notify('success', say(t, ACCOUNT_NOTICES.loginSuccessful));
        await refresh();
        return signedIn;
      },
      async signOut() {
        await browserSession.signOut();
        setViewer(null);
        notify('success', say(t, ACCOUNT_NOTICES.loggedOut));
        if (isAccountPath(stripPrefix(window.location.pathname))) await navigate('/');
        else void revalidator.revalidate();
      },
      openSignIn(mode = 'Login', then) {
        afterSignIn.current = then;
        setDialog(mode);
        if (!AuthDialog) {
          void track(loadAuthDialog()).then(
            (view) => setAuthDialog(() => view),
            () => {
              setDialog(null);
              notify('error', t('common.error.server'));
            },
          );
        }
      },
    }),
    [viewer, refresh, notify, t, navigate, revalidator, stripPrefix, AuthDialog, track],
  );

  const onSignedIn = useCallback(() => {
    setDialog(null);
    if (isSignInPath(stripPrefix(window.location.pathname))) void navigate('/');
    else {
      void revalidator.revalidate();
      afterSignIn.current?.();
    }
  }, [navigate, revalidator, stripPrefix]);

  return (
    <SessionContext.Provider value={value}>
      {children}
      {dialog && AuthDialog && <AuthDialog mode={dialog} onClose={() => setDialog(null)} onSignedIn={onSignedIn} />}
    </SessionContext.Provider>
  );
}
