import { useLocation } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-messages';
import { say } from '../../../shared/validation/message';
import { useT } from '../../app/i18n';
import type { SignedIn } from '../../../shared/api/web-session';
import { useSiteConfig } from '../../app/contexts';
import { useNotify } from '../../app/notices';
import { safeReturnPath } from '../../../shared/same-site-path';
import { withPrefix } from '../../app/return-url';
import { SOCIAL_PROVIDERS, SOCIAL_PROVIDER_NAMES, socialStartPath, type SocialProviderId } from '../../../shared/social-sign-in';

// Spec section 2: Facebook and Google buttons. No provider script runs here (strict CSP, no
// fetches from the internet): a configured provider's button goes, in this window, through
// /auth/start/{provider} to the provider's sign-in page, which sends the browser back to
// /auth/callback/{provider} (client/routes/auth-social-callback.route.tsx). A provider the
// site has no app id for says it is not available.
export function SocialButtons(props: {
  /** Where to go after signing in (the /authentication page's returnurl); else this page. */
  returnUrl?: string | undefined;
  onSignedIn?(signedIn: SignedIn): void;
  onFailed?: (() => void) | undefined;
}) {
  const notify = useNotify();
  const t = useT();
  const location = useLocation();
  const { basename, socialProviders = [] } = useSiteConfig();
  const here = withPrefix(basename, `${location.pathname}${location.search}`);
  const given = props.returnUrl ? safeReturnPath(props.returnUrl, basename) : undefined;
  const returnUrl = given ? withPrefix(basename, given) : here;

  const start = (provider: SocialProviderId) => {
    if (!socialProviders.includes(provider)) {
      notify('error', say(t, ACCOUNT_MESSAGES.socialUnavailable(SOCIAL_PROVIDER_NAMES[provider])));
      return;
    }
    window.location.assign(socialStartPath(provider, returnUrl));
  };
  return (
    <div className="social-sign-in">
      <p className="social-sign-in-note">{t('account.auth.orContinueWith')}</p>
      <div className="social-buttons">
        {SOCIAL_PROVIDERS.map((provider) => (
          <button key={provider} type="button" className={`button social-${provider}`} onClick={() => start(provider)}>
            {SOCIAL_PROVIDER_NAMES[provider]}
          </button>
        ))}
      </div>
    </div>
  );
}
