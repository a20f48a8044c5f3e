import { COUNTRY_CODES, DEFAULT_COUNTRY, countryPrefix } from '../../../shared/countries';
import { safeReturnPath } from '../../../shared/same-site-path';
import { afterSignInPath } from '../../app/return-url';

// The browser's half of social sign-in by redirect (shared/social-sign-in.ts has the whole
// flow): reading what the provider sent back, and where the shopper goes afterwards.

/** What the provider put in the fragment. The token is never logged or shown. */
export function readAuthorisationFragment(hash: string): { accessToken?: string; state?: string; error?: string } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const pick = (name: string) => params.get(name) || undefined;
  const accessToken = pick('access_token');
  const state = pick('state');
  const error = pick('error');
  return { ...(accessToken ? { accessToken } : {}), ...(state ? { state } : {}), ...(error ? { error } : {}) };
}

const SIGN_IN_PAGE = /^\/(authentication|forgot-password|confirm-password|sign-in|home\/login|auth\/callback)(\/|\?|#|$)/;

/**
 * Where the shopper goes after a social sign-in: the same-site returnurl the start kept (a full
 * path, country prefix included), with account pages made the signed-in user's own and sign-in
 * pages replaced by the country's home (spec section 4).
 */
export function afterSocialSignIn(returnUrl: unknown, userName: string): { basename: string; path: string } {
  const full = safeReturnPath(returnUrl) ?? '/';
  const basename =
    COUNTRY_CODES.filter((code) => code !== DEFAULT_COUNTRY)
      .map(countryPrefix)
      .find((prefix) => full === prefix || full.startsWith(`${prefix}/`)) ?? '';
  const path = safeReturnPath(full, basename) ?? '/';
  return { basename, path: SIGN_IN_PAGE.test(path) ? '/' : afterSignInPath(path, userName) };
}
