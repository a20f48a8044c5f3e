import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { CookieJar, fetchXsrf, setCookies } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// The XSRF check covers every state-changing request whatever its path and its case: Express
// matches routes without regard to case, so /API/ACCOUNT/REGISTER is the register route.

const SITE = 'http://localhost:3000';
const EVIL = 'https://evil.example';
const PASSWORD = 'velvet-sky-42';

let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  api = await startAccountsApi();
  web = await startWeb(api.url, { SITE_URL: SITE, XSRF_SECRET: 'x'.repeat(40) });
});
afterAll(async () => {
  await web?.close();
  await api?.close();
});

/** Whether the api knows this e-mail and password (a refused register created nothing). */
async function canSignIn(email: string): Promise<boolean> {
  return (await request(api.url).post(ACCOUNT_API.login).send({ email, password: PASSWORD })).status === 200;
}

// eslint-disable-next-line no-restricted-syntax -- the same path in other letter cases, on purpose
const REGISTER_PATHS = ['/API/ACCOUNT/REGISTER', '/Api/Account/Register', '/api/ACCOUNT/register', ACCOUNT_API.register];
// eslint-disable-next-line no-restricted-syntax -- the same path in other letter cases, on purpose
const LOGIN_PATHS = ['/AUTH/LOGIN', '/Auth/Login', '/auth/LOGIN', ACCOUNT_API.login];
// eslint-disable-next-line no-restricted-syntax -- the same path in other letter cases, on purpose
const LOGOUT_PATHS = ['/API/ACCOUNT/LOGOUT', '/api/Account/Logout', ACCOUNT_API.logout];

describe('from another site, in any case', () => {
  it.each(REGISTER_PATHS)('refuses POST %s: no account, no session', async (path) => {
    const email = uniqueEmail('forged');
    const res = await request(web.url).post(path).set('Origin', EVIL).send({ email, password: PASSWORD, confirm_password: PASSWORD, platform: 'Vitrine Web' });
    expect([res.status, res.body]).toEqual([403, { status: 403, message: XSRF_REFUSED_MESSAGE }]);
    expect(setCookies(res).map((cookie) => cookie.name)).toEqual([]);
    expect(await canSignIn(email)).toBe(false);
  });

  it.each(LOGIN_PATHS)('refuses POST %s: no session', async (path) => {
    const { email } = await registerUser(api, uniqueEmail('victim'), PASSWORD);
    const res = await request(web.url).post(path).set('Origin', EVIL).send({ email, password: PASSWORD });
    expect([res.status, res.body]).toEqual([403, { status: 403, message: XSRF_REFUSED_MESSAGE }]);
    expect(setCookies(res).map((cookie) => cookie.name)).toEqual([]);
  });

  it.each(LOGOUT_PATHS)('refuses DELETE %s: the session stays', async (path) => {
    const session = await registerUser(api, uniqueEmail('victim'), PASSWORD);
    const res = await request(web.url).delete(path).set('Origin', EVIL).set('Cookie', `token=${session.token}`);
    expect([res.status, res.body]).toEqual([403, { status: 403, message: XSRF_REFUSED_MESSAGE }]);
    expect(setCookies(res).map((cookie) => cookie.name)).toEqual([]);
    const profile = await request(web.url).get(ACCOUNT_API.userProfile).set('Cookie', `token=${session.token}`);
    expect(profile.status).toBe(200);
  });

  it.each([
    ['PUT', '/API/ACCOUNT/EDIT-USER-PROFILE'],
    ['PATCH', '/CLIENTS/API/anything'],
    ['POST', '/API/PAYMENTS/charge'],
    ['DELETE', '/user/someone/wishlists'],
    ['PUT', '/about-us'],
    ['POST', '/Authentication'],
  ])('refuses %s %s', async (method, path) => {
    const res = await request(web.url)[method.toLowerCase() as 'put' | 'patch' | 'post' | 'delete'](path).set('Origin', EVIL).send({});
    expect(res.status).toBe(403);
  });

  it('refuses a method outside the usual four, which the gateway would forward', async () => {
    const res = await fetch(`${web.url}${ACCOUNT_API.register}`, { method: 'PROPPATCH', headers: { Origin: EVIL } });
    expect([res.status, await res.json()]).toEqual([403, { status: 403, message: XSRF_REFUSED_MESSAGE }]);
  });
});

describe('from our own pages', () => {
  it('needs the token for a state-changing call in any case, and takes it in any case', async () => {
    const email = uniqueEmail('upper');
    const body = { email, password: PASSWORD, confirm_password: PASSWORD, platform: 'Vitrine Web' };
    const bare = await request(web.url).post('/API/ACCOUNT/REGISTER').set('Origin', web.url).set('Sec-Fetch-Site', 'same-origin').send(body);
    expect(bare.status).toBe(403);
    expect(await canSignIn(email)).toBe(false);
    const jar = new CookieJar();
    const token = await fetchXsrf(web.url, jar);
    const res = await request(web.url).post('/API/ACCOUNT/REGISTER').set('Cookie', jar.header()).set('X-XSRF-TOKEN', token).set('Origin', web.url).send(body);
    expect(res.status).toBe(200);
    expect(await canSignIn(email)).toBe(true);
  });

  it('lets a form posted without JavaScript reach a page route with a same-origin Origin, and nothing else without the token', async () => {
    const fields = { userType: 'Login', email: 'nobody-here@example.com', password: 'secret-9' };
    // Reaches the page action, which answers the wrong credentials.
    expect((await request(web.url).post('/authentication').type('form').set('Origin', web.url).send(fields)).status).toBe(401);
    // No sign of where it came from: refused.
    expect((await request(web.url).post('/authentication').type('form').send(fields)).status).toBe(403);
    // Not a POST, or to the api: the token is needed even from our own origin.
    expect((await request(web.url).put('/authentication').type('form').set('Origin', web.url).send(fields)).status).toBe(403);
    expect((await request(web.url).post('/Auth/Login').type('form').set('Origin', web.url).send(fields)).status).toBe(403);
  });

  it("takes a page's own form post that says `Origin: null` (our no-referrer policy) when Sec-Fetch-Site says same-origin, and nothing else that says null", async () => {
    const fields = { userType: 'Login', email: 'nobody-here@example.com', password: 'secret-9' };
    // What Chromium sends for a plain form on our pages (the e2e alert-mail test meets it).
    const ours = await request(web.url).post('/authentication').type('form').set('Origin', 'null').set('Sec-Fetch-Site', 'same-origin').send(fields);
    expect(ours.status).toBe(401);
    // A sandboxed frame on another site, or a client that says nothing else: refused.
    expect((await request(web.url).post('/authentication').type('form').set('Origin', 'null').set('Sec-Fetch-Site', 'cross-site').send(fields)).status).toBe(403);
    expect((await request(web.url).post('/authentication').type('form').set('Origin', 'null').send(fields)).status).toBe(403);
    // The api still needs the token.
    expect((await request(web.url).post(ACCOUNT_API.login).type('form').set('Origin', 'null').set('Sec-Fetch-Site', 'same-origin').send(fields)).status).toBe(403);
  });
});
