import { useEffect, useRef, useState } from 'react';
import { data, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { CacheNone } from '../../shared/http/cache-policy';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../shared/validation/account-messages';
import { say } from '../../shared/validation/message';
import { browserApi } from '../api/browser-api';
import { useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { failureText, useNotify } from '../app/notices';
import { withPrefix } from '../app/return-url';
import { useSession } from '../app/session';
import { PLATFORM } from '../components/account/auth-forms';
import { SOCIAL_PROVIDER_NAMES, isSocialCallbackPath, isSocialProvider, type SocialProviderId } from '../../shared/social-sign-in';
import { afterSocialSignIn, readAuthorisationFragment } from '../components/account/social-sign-in';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import * as ACCOUNT_API from '../../shared/api/account-paths';

// /auth/callback/{provider}: the provider sends the browser back here with the access token
// in the fragment (shared/social-sign-in.ts has the whole flow). The
// fragment is read and removed from the address as soon as this module runs (before
// hydration), then the token and the state go to POST /auth/{provider}; the token is never
// shown, logged or kept.

type Fragment = ReturnType<typeof readAuthorisationFragment> & { queryError?: string };

/** Reads the fragment once and strips it from the address bar and the history entry. */
function takeFragment(): Fragment | undefined {
  if (typeof window === 'undefined' || !isSocialCallbackPath(window.location.pathname)) return undefined;
  const fragment: Fragment = readAuthorisationFragment(window.location.hash);
  const queryError = new URLSearchParams(window.location.search).get('error');
  if (queryError) fragment.queryError = queryError;
  if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return fragment;
}

let pending = takeFragment();

// Named one by one: indexing the paths module by a variable would make the bundler keep every
// account path on every page.
const SOCIAL_SIGN_IN_CALLS: Readonly<Record<SocialProviderId, string>> = { facebook: ACCOUNT_API.facebook, google: ACCOUNT_API.google };

export function loader({ params }: LoaderFunctionArgs) {
  if (!isSocialProvider(params.provider)) throw data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });
  return data({ provider: params.provider }, { headers: { 'Cache-Control': CacheNone.header } });
}

export function Component() {
  const { provider } = useLoaderData<typeof loader>();
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);
  const session = useSession();
  const notify = useNotify();
  const t = useT();
  const navigate = useNavigate();
  const { basename } = useSiteConfig();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = pending ?? takeFragment();
    pending = undefined;
    const fail = (message: string) => {
      setFailure(message);
      notify('error', message);
    };
    if (!fragment?.accessToken || !fragment.state || fragment.error || fragment.queryError) {
      fail(say(t, ACCOUNT_MESSAGES.socialFailed(name)));
      return;
    }
    const body = { access_token: fragment.accessToken, state: fragment.state, platform: PLATFORM, location: null };
    void (async () => {
      try {
        const signedIn = await browserApi().send('POST', SOCIAL_SIGN_IN_CALLS[provider], body, 'SocialSignedIn');
        notify('success', say(t, ACCOUNT_NOTICES.loginSuccessful));
        await session.refresh();
        const next = afterSocialSignIn(signedIn.returnUrl, signedIn.userName);
        if (next.basename === basename) await navigate(next.path, { replace: true });
        else window.location.replace(withPrefix(next.basename, next.path));
      } catch (error) {
        fail(failureText(error));
      }
    })();
  }, [provider, name, notify, t, session, navigate, basename]);

  return (
    <section className="auth-page">
      <PageMeta title={t('account.social.title', { provider: name })} description={t('account.social.description', { provider: name })} noindex />
      <h1>{t('account.social.title', { provider: name })}</h1>
      {failure ? (
        <>
          <p role="alert" className="form-error">
            {failure}
          </p>
          <p>
            <ShellLink to="/authentication">{t('account.social.back')}</ShellLink>
          </p>
        </>
      ) : (
        <p role="status">{t('account.social.signingIn')}</p>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
