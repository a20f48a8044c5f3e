import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import type { SignedIn } from '../../../shared/api/web-session';
import { useNotify } from '../../app/notices';

// Spec section 2: Facebook and Google buttons. Signing in with them needs the provider's own
// sign-in window, which hands us an access token for POST /auth/facebook or /auth/google
// (the web server keeps the session those answer in the cookies, as for any sign-in). This
// site has no provider app configured for the browser yet, so the buttons say so.
export function SocialButtons(_props: { onSignedIn(signedIn: SignedIn): void; onFailed?: (() => void) | undefined }) {
  const notify = useNotify();
  return (
    <div className="social-sign-in">
      <p className="social-sign-in-note">Or continue with</p>
      <div className="social-buttons">
        <button type="button" className="button social-facebook" onClick={() => notify('error', ACCOUNT_MESSAGES.socialUnavailable('Facebook'))}>
          Facebook
        </button>
        <button type="button" className="button social-google" onClick={() => notify('error', ACCOUNT_MESSAGES.socialUnavailable('Google'))}>
          Google
        </button>
      </div>
    </div>
  );
}
