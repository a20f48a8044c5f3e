import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { loadWebConfig } from '../../../server/web/config';
import { SOCIAL_STATE_REFUSED } from '../../../server/web/http/social-sign-in';
import { startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { startSocialProviders } from '../../support/social-providers';
import { CookieJar, clears, fetchXsrf, setCookies } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import { SOCIAL_SIGN_IN_PAGES } from '../../../shared/api/social-sign-in-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Social sign-in by OAuth 2 redirect: GET /auth/start/{provider} keeps a random
// state and the same-site returnurl in a short-lived HttpOnly cookie and redirects to the
// provider's authorisation page; POST /auth/{provider} from the callback page must bring the
// same state back. The api checks the token against the stand-in provider on loopback.

const SITE = 'http://localhost:3000';
const FACEBOOK_APP_ID = 'public-facebook-app-id';

let providers: Awaited<ReturnType<typeof startSocialProviders>>;
let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  providers = await startSocialProviders();
  api = await startAccountsApi({ settings: { social: providers.settings() } });
  web = await startWeb(api.url, {
    SITE_URL: SITE,
    XSRF_SECRET: 'x'.repeat(40),
    FACEBOOK_APP_ID,
    FACEBOOK_AUTH_URL: `${providers.url}/facebook/dialog/oauth`,
  });
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await providers?.close();
});

/** The start of the flow, as the button's navigation makes it. */
async function start(jar: CookieJar, returnUrl: string, provider = 'facebook') {
  const res = await request(web.url).get(SOCIAL_SIGN_IN_PAGES.start(provider)).query({ returnurl: returnUrl }).set('Cookie', jar.header());
  jar.take(res);
  return res;
}

/** The callback page's POST: same origin, with the XSRF header. */
async function callback(jar: CookieJar, body: Record<string, unknown>, provider: 'facebook' | 'google' = 'facebook') {
  const token = await fetchXsrf(web.url, jar);
  const res = await request(web.url)
    .post(provider === 'google' ? ACCOUNT_API.google : ACCOUNT_API.facebook)
    .set('Cookie', jar.header())
    .set('X-XSRF-TOKEN', token)
    .set('Origin', web.url)
    .set('Sec-Fetch-Site', 'same-origin')
    .send({ platform: 'Vitrine Web', location: null, ...body });
  jar.take(res);
  return res;
}

function facebookUser(name = 'Marguerite Okonkwo') {
  const accessToken = `fb-token-${Math.random().toString(36).slice(2)}`;
  providers.facebookToken(accessToken, { id: `fb-${accessToken}`, name, email: uniqueEmail('social') });
  return accessToken;
}

describe('the start of social sign-in', () => {
  it('keeps a random state in a short-lived HttpOnly SameSite=Lax cookie and redirects to the authorisation URL', async () => {
    const jar = new CookieJar();
    const res = await start(jar, '/us/brands?page=2');
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${providers.url}/facebook/dialog/oauth`);
    const state = location.searchParams.get('state')!;
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: FACEBOOK_APP_ID,
      redirect_uri: `${SITE}${SOCIAL_SIGN_IN_PAGES.callback('facebook')}`,
      response_type: 'token',
      scope: 'email',
      state,
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = setCookies(res).find((c) => c.name === 'social-state')!;
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: SOCIAL_SIGN_IN_PAGES.cookiePath, 'max-age': '600' });
    expect(cookie.attributes.secure).toBeUndefined();
    expect(cookie.value).toContain(state);

    // A second start makes a new state.
    const again = await start(new CookieJar(), '/');
    expect(new URL(again.headers.location as string).searchParams.get('state')).not.toBe(state);
  });

  it('is Secure over HTTPS, and says a provider without an app id is not available', async () => {
    const res = await request(web.url).get(SOCIAL_SIGN_IN_PAGES.start('facebook')).set('X-Forwarded-Proto', 'https');
    expect(setCookies(res).find((c) => c.name === 'social-state')?.attributes.secure).toBe(true);
    const google = await request(web.url).get(`${SOCIAL_SIGN_IN_PAGES.start('google')}?returnurl=/`);
    expect(google.status).toBe(404);
    expect(google.text).toBe(say(en, ACCOUNT_MESSAGES.socialUnavailable('Google')));
    expect(setCookies(google)).toEqual([]);
  });

  it('tells the page which providers it may offer, in the public config and nothing else', async () => {
    const res = await request(web.url).get('/about-us').expect(200);
    expect(res.text).toContain('"socialProviders":["facebook"]');
    expect(res.text).not.toContain(FACEBOOK_APP_ID);
    const defaults = loadWebConfig({});
    expect(defaults.socialSignIn).toEqual({ facebook: undefined, google: undefined });
  });

  it('serves the callback as a page of ours, not through the gateway to the api', async () => {
    const res = await request(web.url).get(SOCIAL_SIGN_IN_PAGES.callback('facebook')).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Sign in with Facebook');
    await request(web.url).get(SOCIAL_SIGN_IN_PAGES.callback('twitter')).expect(404);
  });
});

describe('the callback POST', () => {
  it('signs in with the right state, answers the kept returnurl and uses the state once', async () => {
    const jar = new CookieJar();
    const location = new URL((await start(jar, '/us/brands?page=2')).headers.location as string);
    const state = location.searchParams.get('state')!;
    const accessToken = facebookUser();
    const res = await callback(jar, { access_token: accessToken, state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ returnUrl: '/us/brands?page=2', profileType: 3 });
    expect(res.body.data.token).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(accessToken);
    expect(jar.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(clears(setCookies(res).find((c) => c.name === 'social-state'))).toBe(true);

    // Replayed with the same state (the cookie is gone): refused.
    const replay = await callback(jar.set('social-state', ''), { access_token: accessToken, state });
    expect(replay.status).toBe(403);
  });

  it('keeps only same-site return paths', async () => {
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const jar = new CookieJar();
      const state = new URL((await start(jar, evil)).headers.location as string).searchParams.get('state')!;
      const res = await callback(jar, { access_token: facebookUser(), state });
      expect(res.status).toBe(200);
      expect(res.body.data.returnUrl, evil).toBe('/');
    }
  });

  it('refuses a wrong, missing, forged or other-provider state without asking the provider', async () => {
    const before = providers.requests.length;
    const jar = new CookieJar();
    const state = new URL((await start(jar, '/brands')).headers.location as string).searchParams.get('state')!;
    const kept = jar.get('social-state')!;
    const accessToken = facebookUser();

    const wrong = await callback(jar, { access_token: accessToken, state: state.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ status: 403, message: SOCIAL_STATE_REFUSED });
    expect(jar.get('token')).toBeUndefined();
    expect(clears(setCookies(wrong).find((c) => c.name === 'social-state'))).toBe(true);

    // No cookie at all (a link an attacker sent), with the right-looking state.
    expect((await callback(new CookieJar(), { access_token: accessToken, state })).status).toBe(403);
    // A cookie whose signature does not match (planted from elsewhere).
    const [provider, , returnUrl, signature] = kept.split('.');
    const forged = new CookieJar().set('social-state', `${provider}.attacker-state.${returnUrl}.${signature}`);
    expect((await callback(forged, { access_token: accessToken, state: 'attacker-state' })).status).toBe(403);
    // The state Facebook's start kept, posted to Google.
    const other = new CookieJar().set('social-state', kept);
    expect((await callback(other, { access_token: accessToken, state }, 'google')).status).toBe(403);
    // An empty state.
    expect((await callback(new CookieJar().set('social-state', kept), { access_token: accessToken, state: '' })).status).toBe(403);

    expect(providers.requests.slice(before).filter((r) => r.path.startsWith('/facebook/'))).toEqual([]);
  });

  it('is still an XSRF-protected call', async () => {
    const jar = new CookieJar();
    const state = new URL((await start(jar, '/')).headers.location as string).searchParams.get('state')!;
    const res = await request(web.url)
      .post(ACCOUNT_API.facebook)
      .set('Cookie', jar.header())
      .set('Origin', 'https://evil.example')
      .send({ access_token: facebookUser(), state });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(XSRF_REFUSED_MESSAGE);
  });

  it("passes the api's refusal of a bad token on to the page", async () => {
    const jar = new CookieJar();
    const state = new URL((await start(jar, '/')).headers.location as string).searchParams.get('state')!;
    const res = await callback(jar, { access_token: 'not-a-token-the-provider-knows', state });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(typeof res.body.message).toBe('string');
    expect(jar.get('token')).toBeUndefined();
  });
});
