import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { HttpError } from '../../lib/http-error';
import type { SocialSettings } from './account-settings';

// Social sign-in (spec section 7: POST /auth/facebook and /auth/google with the access token
// the browser got from the provider). We never trust what the browser says about the person:
// we ask the provider who the token belongs to, and whether it was issued to *our* app — a
// token some other app obtained must not open an account here.

export type SocialProvider = 'facebook' | 'google';

export const PROVIDER_NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

/** Who the provider says the token belongs to. `email` only when the provider vouches for it. */
export type SocialIdentity = {
  provider: SocialProvider;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
};

export type SocialVerifier = (accessToken: string) => Promise<SocialIdentity>;

const refused = (provider: SocialProvider) => new HttpError(401, ACCOUNT_MESSAGES.socialFailed(PROVIDER_NAMES[provider]));
const unavailable = (provider: SocialProvider) => new HttpError(503, ACCOUNT_MESSAGES.socialUnavailable(PROVIDER_NAMES[provider]));

/** GET a provider URL as JSON; 4xx means the token is bad, anything else that the provider is down. */
async function getJson(provider: SocialProvider, url: URL, timeoutMs: number, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch {
    throw new HttpError(502, ACCOUNT_MESSAGES.socialUnavailable(PROVIDER_NAMES[provider]));
  }
  if (response.status >= 400 && response.status < 500) {
    await response.body?.cancel();
    throw refused(provider);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpError(502, ACCOUNT_MESSAGES.socialUnavailable(PROVIDER_NAMES[provider]));
  }
  try {
    return await response.json();
  } catch {
    throw new HttpError(502, ACCOUNT_MESSAGES.socialUnavailable(PROVIDER_NAMES[provider]));
  }
}

function endpoint(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

const FacebookDebugToken = z.object({
  data: z.object({
    app_id: z.string(),
    is_valid: z.boolean(),
    user_id: z.string().optional(),
  }),
});
const FacebookMe = z.object({ id: z.string(), name: z.string().optional(), email: z.string().optional() });

/**
 * Facebook: `debug_token` (with our app token) says whether the token is valid and for which
 * app; `/me?fields=id,name,email` with `appsecret_proof` says who. Facebook returns only a
 * confirmed address as `email`.
 */
export function facebookVerifier(settings: SocialSettings): SocialVerifier {
  const { graphUrl, appId, appSecret } = settings.facebook;
  return async (accessToken) => {
    if (!appId || !appSecret) throw unavailable('facebook');
    const debugUrl = endpoint(graphUrl, '/debug_token');
    debugUrl.searchParams.set('input_token', accessToken);
    debugUrl.searchParams.set('access_token', `${appId}|${appSecret}`);
    const debug = FacebookDebugToken.safeParse(await getJson('facebook', debugUrl, settings.timeoutMs));
    if (!debug.success || !debug.data.data.is_valid || debug.data.data.app_id !== appId || !debug.data.data.user_id) {
      throw refused('facebook');
    }
    const meUrl = endpoint(graphUrl, '/me');
    meUrl.searchParams.set('fields', 'id,name,email');
    meUrl.searchParams.set('access_token', accessToken);
    meUrl.searchParams.set('appsecret_proof', createHmac('sha256', appSecret).update(accessToken).digest('hex'));
    const me = FacebookMe.safeParse(await getJson('facebook', meUrl, settings.timeoutMs));
    if (!me.success || me.data.id !== debug.data.data.user_id) throw refused('facebook');
    return {
      provider: 'facebook',
      subject: me.data.id,
      email: me.data.email?.toLowerCase(),
      emailVerified: Boolean(me.data.email),
      name: me.data.name,
    };
  };
}

const GoogleTokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
});
const GoogleUserInfo = z.object({ sub: z.string(), name: z.string().optional() });

/**
 * Google: the token-info endpoint says whose token it is, for which client (`aud`/`azp`) and
 * whether the address is verified; the user-info endpoint adds the name (best effort).
 */
export function googleVerifier(settings: SocialSettings): SocialVerifier {
  const { tokenInfoUrl, userInfoUrl, clientId } = settings.google;
  return async (accessToken) => {
    if (!clientId) throw unavailable('google');
    const infoUrl = new URL(tokenInfoUrl);
    infoUrl.searchParams.set('access_token', accessToken);
    const info = GoogleTokenInfo.safeParse(await getJson('google', infoUrl, settings.timeoutMs));
    if (!info.success) throw refused('google');
    const audience = info.data.aud ?? info.data.azp;
    if (audience !== clientId || Number(info.data.expires_in ?? 1) <= 0) throw refused('google');
    let name: string | undefined;
    try {
      const user = GoogleUserInfo.safeParse(
        await getJson('google', new URL(userInfoUrl), settings.timeoutMs, { authorization: `Bearer ${accessToken}` }),
      );
      if (user.success && user.data.sub === info.data.sub) name = user.data.name;
    } catch {
      // The name is a nicety; the identity came from token info.
    }
    return {
      provider: 'google',
      subject: info.data.sub,
      email: info.data.email?.toLowerCase(),
      emailVerified: info.data.email_verified === true || info.data.email_verified === 'true',
      name,
    };
  };
}
