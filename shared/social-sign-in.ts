// Social sign-in in the browser without provider scripts (spec section 3 "Social login"): a
// standard OAuth 2 redirect with response_type=token. The names and paths both sides use:
//  1. The button goes (same window) to GET /auth/start/{provider}?returnurl=…: the web server
//     keeps a random `state` and the returnurl in a short-lived HttpOnly cookie and redirects
//     to the provider's authorisation page (server/web/http/social-sign-in.ts).
//  2. The provider sends the browser back to /auth/callback/{provider}#access_token=…&state=…
//     (a page of ours, client/routes/auth-social-callback.route.tsx; the fragment never
//     reaches a server).
//  3. That page posts the token and the state to POST /auth/{provider}; the web server checks
//     the state against its cookie, the api checks the token with the provider, and the answer
//     starts the session as any sign-in does.

import { SOCIAL_SIGN_IN_PAGES } from './api/social-sign-in-paths';

export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProviderId, string>> = { facebook: 'Facebook', google: 'Google' };

export function isSocialProvider(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Where a social button goes: the web server's start of the redirect flow. */
export function socialStartPath(provider: SocialProviderId, returnUrl: string): string {
  return `${SOCIAL_SIGN_IN_PAGES.start(provider)}?${new URLSearchParams({ returnurl: returnUrl }).toString()}`;
}

/** The redirect_uri registered with the provider, at the site root (no country prefix). */
export function socialCallbackPath(provider: SocialProviderId): string {
  return SOCIAL_SIGN_IN_PAGES.callback(provider);
}

const SOCIAL_CALLBACK = new RegExp(`^${SOCIAL_SIGN_IN_PAGES.callback.pattern.replace(/:\w+/, '[^/]+')}/?$`);

/** The callback is a page of ours, not a call for the api (the gateway lets it through). */
export function isSocialCallbackPath(path: string): boolean {
  return SOCIAL_CALLBACK.test(path);
}
