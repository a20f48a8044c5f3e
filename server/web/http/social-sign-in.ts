import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { CacheNone } from '../../../shared/http/cache-policy';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { say } from '../../../shared/validation/message';
import { webTranslator } from './web-translator';
import { safeReturnPath } from '../../../shared/same-site-path';
import {
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  isSocialProvider,
  socialCallbackPath,
  type SocialProviderId,
} from '../../../shared/social-sign-in';
import type { SocialSignInConfig } from '../config';
import { isSecureRequest } from './session-cookies';
import { SOCIAL_SIGN_IN_PAGES } from '../../../shared/api/social-sign-in-paths';

// The server's half of social sign-in by redirect (shared/social-sign-in.ts has the whole
// flow): GET /auth/start/{provider} keeps a random state and the same-site
// returnurl in a short-lived HttpOnly cookie and redirects to the provider's authorisation
// page; POST /auth/{provider} from our callback page must bring that state back. The cookie is
// signed (as the XSRF token is), so one planted from a sibling domain is not accepted, and it
// is used once.

export const SOCIAL_STATE_COOKIE = 'social-state';
const STATE_COOKIE_PATH = SOCIAL_SIGN_IN_PAGES.cookiePath;
const STATE_MAX_AGE_MS = 10 * 60 * 1000;
/** The answer to a callback whose state is not the one this browser was given. */
export const SOCIAL_STATE_REFUSED = 'This sign-in did not start on this site or took too long. Please try again.';

type StateValue = { provider: SocialProviderId; state: string; returnUrl: string };

export type SocialState = {
  encode(value: StateValue): string;
  decode(cookie: unknown): StateValue | undefined;
};

export function createSocialState(secret: string): SocialState {
  const sign = (text: string) => createHmac('sha256', secret).update(`social-state:${text}`).digest('base64url');
  return {
    encode({ provider, state, returnUrl }) {
      const body = `${provider}.${state}.${Buffer.from(returnUrl).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },
    decode(cookie) {
      if (typeof cookie !== 'string' || cookie.length > 4000) return undefined;
      const parts = cookie.split('.');
      if (parts.length !== 4) return undefined;
      const [provider, state, returnUrl, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(sign(`${provider}.${state}.${returnUrl}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      if (!isSocialProvider(provider) || !state) return undefined;
      return { provider, state, returnUrl: safeReturnPath(Buffer.from(returnUrl, 'base64url').toString()) ?? '/' };
    },
  };
}

function cookieOptions(secure: boolean) {
  return { path: STATE_COOKIE_PATH, sameSite: 'lax' as const, secure, httpOnly: true };
}

/** The provider's authorisation URL for this start (response_type=token, scope email). */
export function authorisationUrl(authUrl: string, clientId: string, siteUrl: string, provider: SocialProviderId, state: string): string {
  const url = new URL(authUrl);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', `${siteUrl}${socialCallbackPath(provider)}`);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('scope', 'email');
  url.searchParams.set('state', state);
  return url.toString();
}

/** GET /auth/start/{provider}?returnurl=…: the state cookie, then the provider. */
export function socialStartRoutes(options: { providers: SocialSignInConfig; siteUrl: string; socialState: SocialState }): Router {
  const router = Router();
  router.get(
    SOCIAL_PROVIDERS.map((provider) => SOCIAL_SIGN_IN_PAGES.start(provider)),
    (req, res) => {
      res.locals.routeLabel = 'session:social-start';
      res.setHeader('Cache-Control', CacheNone.header);
      const provider = req.path.split('/')[3] as SocialProviderId;
      const app = options.providers[provider];
      if (!app) {
        res.status(404).type('text').send(say(webTranslator(res).t, ACCOUNT_MESSAGES.socialUnavailable(SOCIAL_PROVIDER_NAMES[provider])));
        return;
      }
      const returnUrl = safeReturnPath(typeof req.query.returnurl === 'string' ? req.query.returnurl : undefined) ?? '/';
      const state = randomBytes(32).toString('base64url');
      res.cookie(SOCIAL_STATE_COOKIE, options.socialState.encode({ provider, state, returnUrl }), {
        ...cookieOptions(isSecureRequest(req, options.siteUrl)),
        maxAge: STATE_MAX_AGE_MS,
      });
      res.redirect(302, authorisationUrl(app.authUrl, app.clientId, options.siteUrl, provider, state));
    },
  );
  return router;
}

export type SocialStateCheck = { ok: true; body: unknown; returnUrl?: string } | { ok: false };

/**
 * POST /auth/{provider} with a `state` (from our callback page): it must be the state this
 * browser's cookie holds, for this provider; the cookie goes either way. Without a `state`
 * field the call is left as it was (the api's contract knows no state).
 */
export function checkSocialState(req: Request, res: Response, socialState: SocialState, siteUrl: string): SocialStateCheck {
  const provider = req.path.split('/')[2];
  const body = req.body as unknown;
  if (!isSocialProvider(provider) || typeof body !== 'object' || body === null || !('state' in body)) return { ok: true, body };
  const { state, ...rest } = body as Record<string, unknown>;
  const kept = socialState.decode(req.cookies?.[SOCIAL_STATE_COOKIE]);
  res.clearCookie(SOCIAL_STATE_COOKIE, cookieOptions(isSecureRequest(req, siteUrl)));
  if (!kept || kept.provider !== provider || typeof state !== 'string') return { ok: false };
  const expected = Buffer.from(kept.state);
  const given = Buffer.from(state);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false };
  return { ok: true, body: rest, returnUrl: kept.returnUrl };
}
