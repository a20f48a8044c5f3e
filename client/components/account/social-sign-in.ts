import { COUNTRY_CODES, DEFAULT_COUNTRY, countryPrefix } from '../../../shared/countries';
import { afterSignInPath, safeReturnPath } from '../../app/return-url';

// Social sign-in in the browser without provider scripts (issue 5, spec section 3 "Social
// login"): a standard OAuth 2 redirect with response_type=token.
//  1. The button goes (same window) to GET /auth/start/{provider}?returnurl=…: the web server
//     keeps a random `state` and the returnurl in a short-lived HttpOnly cookie and redirects
//     to the provider's authorisation page.
//  2. The provider sends the browser back to /auth/callback/{provider}#access_token=…&state=…
//     (a page of ours; the fragment never reaches a server).
//  3. That page posts the token and the state to POST /auth/{provider}; the web server checks
//     the state against its cookie, the api checks the token with the provider, and the answer
//     starts the session as any sign-in does.

export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProviderId, string>> = { facebook: 'Facebook', google: 'Google' };

export function isSocialProvider(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Where a social button goes: the web server's start of the redirect flow. */
export function socialStartPath(provider: SocialProviderId, returnUrl: string): string {
  return `/auth/start/${provider}?${new URLSearchParams({ returnurl: returnUrl }).toString()}`;
}

/** The redirect_uri registered with the provider, at the site root (no country prefix). */
export function socialCallbackPath(provider: SocialProviderId): string {
  return `/auth/callback/${provider}`;
}

export function isSocialCallbackPath(path: string): boolean {
  return /^\/auth\/callback\/[^/]+\/?$/.test(path);
}

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
