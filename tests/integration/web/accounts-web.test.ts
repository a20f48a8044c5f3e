import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '../../../shared/constants';
import { XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { CookieJar, clears, fetchXsrf, setCookies } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Accounts on the web side, through the real web server in front of the real api: the session
// cookies, the token header, XSRF refusals, same-site redirects, the guards on the server,
// 'UnAuthorized Access!' and logout.

let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  api = await startAccountsApi();
  web = await startWeb(api.url, { SITE_URL: 'http://localhost:3000', XSRF_SECRET: 'x'.repeat(40) });
});
afterAll(async () => {
  await web?.close();
  await api?.close();
});

const PASSWORD = 'velvet-sky-42';

/** A page's fetch: same origin, with the XSRF token the page read from its cookie. */
async function pageCall(jar: CookieJar, method: 'post' | 'put' | 'delete', path: string, body?: object) {
  const token = await fetchXsrf(web.url, jar);
  const req = request(web.url)[method](path).set('Cookie', jar.header()).set('X-XSRF-TOKEN', token).set('Origin', web.url).set('Sec-Fetch-Site', 'same-origin');
  const res = await (body ? req.send(body) : req);
  jar.take(res);
  return res;
}

async function registerThroughWeb(jar = new CookieJar(), email = uniqueEmail()) {
  const res = await pageCall(jar, 'post', ACCOUNT_API.register, { email, password: PASSWORD, confirm_password: PASSWORD, platform: 'Vitrine Web' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { jar, email, res, userName: res.body.data.userName as string };
}

/** A form posted by a browser without JavaScript, from our own page. */
function formPost(path: string, fields: Record<string, string>, jar = new CookieJar()) {
  return request(web.url).post(path).type('form').send(fields).set('Cookie', jar.header()).set('Origin', web.url);
}

describe('session cookies', () => {
  it('keeps the token in an HttpOnly, SameSite=Lax, 30-day cookie and never shows it to the page', async () => {
    const { res } = await registerThroughWeb();
    const cookies = setCookies(res);
    const token = cookies.find((c) => c.name === 'token')!;
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(token.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(SESSION_DAYS * 24 * 3600) });
    expect(token.attributes.secure).toBeUndefined();
    const profileType = cookies.find((c) => c.name === 'profile-type')!;
    expect(profileType.value).toBe('3');
    expect(profileType.attributes.httponly).toBeUndefined();
    expect(profileType.attributes['max-age']).toBe(String(SESSION_DAYS * 24 * 3600));
    // The page learns who signed in, not the secret.
    expect(res.body.data).toMatchObject({ profileType: 3, message: say(en, ACCOUNT_NOTICES.registered) });
    expect(res.body.data.token).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(token.value);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the cookies Secure when the site is served over HTTPS', async () => {
    const jar = new CookieJar();
    const { email } = await registerThroughWeb();
    const token = await fetchXsrf(web.url, jar);
    const res = await request(web.url)
      .post(ACCOUNT_API.login)
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', jar.header())
      .set('X-XSRF-TOKEN', token)
      .send({ email, password: PASSWORD })
      .expect(200);
    for (const name of ['token', 'profile-type']) expect(setCookies(res).find((c) => c.name === name)?.attributes.secure, name).toBe(true);
  });

  it('sends the token header upstream from the cookie: the profile answers for the signed-in user', async () => {
    const { jar, email } = await registerThroughWeb();
    const res = await request(web.url).get(ACCOUNT_API.userProfile).set('Cookie', jar.header()).expect(200);
    expect(res.body.data.userdetail.email).toBe(email);
    // A token header beside any cookie is not passed on: a browser's session is its cookie.
    const forged = await request(web.url).get(ACCOUNT_API.userProfile).set('Cookie', 'country=GB').set('token', jar.get('token')!);
    expect(forged.status).toBe(401);
    // Without cookies it is an api client's session (spec section 7), and answers for it.
    const client = await request(web.url).get(ACCOUNT_API.userProfile).set('token', jar.get('token')!).expect(200);
    expect(client.body.data.userdetail.email).toBe(email);
  });

  it('signs in by e-mail or user name and replaces an earlier token', async () => {
    const { jar, email, userName } = await registerThroughWeb();
    const first = jar.get('token');
    const res = await pageCall(jar, 'post', ACCOUNT_API.login, { email: userName, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.userName).toBe(userName);
    expect(jar.get('token')).not.toBe(first);
    const wrong = await pageCall(new CookieJar(), 'post', ACCOUNT_API.login, { email, password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(say(en, ACCOUNT_MESSAGES.wrongCredentials));
    expect(setCookies(wrong).some((c) => c.name === 'token')).toBe(false);
  });
});

describe('XSRF protection of state-changing calls', () => {
  const subscribe = { email: 'xsrf@example.com', source: 'dialog' };

  it("refuses a POST without the XSRF token with 403 and says why", async () => {
    const res = await request(web.url).post(SUBSCRIPTION_API.subscribe).set('Origin', web.url).send(subscribe);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: XSRF_REFUSED_MESSAGE });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a token that is not ours, or a header that does not match the cookie', async () => {
    const forged = 'abcdefabcdefabcdefabcdef.' + 'A'.repeat(43);
    await request(web.url).post(SUBSCRIPTION_API.subscribe).set('Cookie', `XSRF-TOKEN=${forged}`).set('X-XSRF-TOKEN', forged).send(subscribe).expect(403);
    const jar = new CookieJar();
    const token = await fetchXsrf(web.url, jar);
    await request(web.url).post(SUBSCRIPTION_API.subscribe).set('Cookie', jar.header()).set('X-XSRF-TOKEN', `${token}x`).send(subscribe).expect(403);
    // An XSRF cookie is readable by our pages (they echo it), and lives 30 days.
    const issued = setCookies(await request(web.url).get('/xsrf-token')).find((c) => c.name === 'XSRF-TOKEN')!;
    expect(issued.attributes.httponly).toBeUndefined();
    expect(issued.attributes.samesite).toBe('Lax');
  });

  it('refuses a call from another site even with a valid token', async () => {
    const jar = new CookieJar();
    const token = await fetchXsrf(web.url, jar);
    const base = () => request(web.url).post(SUBSCRIPTION_API.subscribe).set('Cookie', jar.header()).set('X-XSRF-TOKEN', token);
    expect((await base().set('Origin', 'https://evil.example').send(subscribe)).status).toBe(403);
    expect((await base().set('Sec-Fetch-Site', 'cross-site').send(subscribe)).status).toBe(403);
    expect((await base().set('Sec-Fetch-Site', 'same-site').send(subscribe)).status).toBe(403);
  });

  it('lets the mailing-list subscribe through from our own pages', async () => {
    const res = await pageCall(new CookieJar(), 'post', SUBSCRIPTION_API.subscribe, subscribe);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBeTypeOf('string');
  });

  it('refuses sign-in, register and logout without the token (login CSRF)', async () => {
    await request(web.url).post(ACCOUNT_API.login).send({ email: 'a@example.com', password: 'x' }).expect(403);
    await request(web.url).post(ACCOUNT_API.register).send({ email: 'a@example.com' }).expect(403);
    await request(web.url).delete(ACCOUNT_API.logout).expect(403);
  });

  it('refuses a form posted to a page from another site, or with no sign of where it came from', async () => {
    const fields = { userType: 'Login', email: 'someone', password: 'secret1' };
    const evil = await request(web.url).post('/authentication').type('form').set('Origin', 'https://evil.example').send(fields);
    expect(evil.status).toBe(403);
    expect(evil.text).toBe(XSRF_REFUSED_MESSAGE);
    expect((await request(web.url).post('/authentication').type('form').send(fields)).status).toBe(403);
  });
});

describe('sign-in pages without JavaScript', () => {
  it('signs in from the /authentication form and goes to the same-site returnurl', async () => {
    const { email, userName } = await registerThroughWeb();
    const res = await formPost('/authentication?userType=Login&returnurl=%2Fabout-us%3Fx%3D1', { userType: 'Login', email, password: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about-us?x=1');
    expect(setCookies(res).find((c) => c.name === 'token')?.attributes.httponly).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
    // An account page in returnurl is the user's own.
    const own = await formPost('/authentication?returnurl=%2Fuser%2Fsomebody%2Fwishlists', { userType: 'Login', email, password: PASSWORD });
    expect(own.headers.location).toBe(`/user/${userName}/wishlists`);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%0a/evil.example',
    ' //evil.example',
    'evil.example',
  ])('never leaves the site for returnurl %s', async (returnUrl) => {
    const { email } = await registerThroughWeb();
    const res = await formPost(`/authentication?returnurl=${encodeURIComponent(returnUrl)}`, { userType: 'Login', email, password: PASSWORD });
    expect(res.status).toBe(302);
    const location = res.headers.location as string;
    expect(location === '/' || (location.startsWith('/') && !location.startsWith('//') && !location.includes('\\'))).toBe(true);
    expect(new URL(location, 'http://localhost:3000').host).toBe('localhost:3000');
  });

  it('keeps the country prefix on redirects', async () => {
    const { email } = await registerThroughWeb();
    const res = await formPost('/us/authentication?returnurl=%2Fabout-us', { userType: 'Login', email, password: PASSWORD });
    expect(res.headers.location).toBe('/us/about-us');
  });

  it('shows the spec messages for a bad form, and the api message for a wrong password', async () => {
    const empty = await formPost('/authentication', { userType: 'Login', email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Email/Username is required.');
    expect(empty.text).toContain('Password is required.');
    const register = await formPost('/authentication?userType=Register', { userType: 'Register', email: 'new@example.com', password: 'abc', confirm_password: 'abd' });
    expect(register.text).toContain('The password must be of minimum length 4 characters.');
    expect(register.text).toContain('Password mismatch');
    const wrong = await formPost('/authentication', { userType: 'Login', email: 'nobody@example.com', password: 'secret-9' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(say(en, ACCOUNT_MESSAGES.wrongCredentials));
    expect(setCookies(wrong).some((c) => c.name === 'token' && !clears(c))).toBe(false);
  });

  it("answers a French page's form in French: the rules' messages and the api's (issue 29)", async () => {
    const empty = await formPost('/ca/fr/authentication', { userType: 'Login', email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<html lang="fr-CA"');
    expect(empty.text).toContain('Le courriel ou le nom d&#x27;utilisateur est requis.');
    expect(empty.text).toContain('Le mot de passe est requis.');
    const wrong = await formPost('/ca/fr/authentication', { userType: 'Login', email: 'nobody@example.com', password: 'secret-9' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('Le courriel, le nom d&#x27;utilisateur ou le mot de passe est incorrect.');
  });

  it('sends a reset link request from /forgot-password and goes home', async () => {
    const res = await formPost('/forgot-password', { email: 'nobody-here@example.com' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const bad = await formPost('/forgot-password', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Please check the email address and enter again.');
  });
});

describe('guards on the server', () => {
  it('sends guests on account pages home before any HTML', async () => {
    for (const [path, home] of [
      ['/user/someone', '/'],
      ['/user/someone/wishlists', '/'],
      ['/us/user/someone/settings', '/us'],
    ]) {
      const res = await request(web.url).get(path!);
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe(home);
    }
  });

  it('sends signed-in users away from the sign-in pages', async () => {
    const { jar } = await registerThroughWeb();
    for (const path of ['/authentication', '/authentication?userType=Register', '/forgot-password', '/confirm-password/tkn/abc/key/def', '/in/forgot-password']) {
      const res = await request(web.url).get(path).set('Cookie', jar.header());
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe(path.startsWith('/in/') ? '/in' : '/');
    }
  });

  it('serves the sign-in pages to guests, uncached', async () => {
    for (const path of ['/authentication?userType=Register', '/forgot-password', '/confirm-password/tkn/abc/key/def']) {
      const res = await request(web.url).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const page = await request(web.url).get('/authentication?userType=Register');
    expect(page.text).toContain('REGISTER');
    expect(page.text).toContain('No, I am a new user');
    expect(page.text).toContain('Confirm Password');
  });

  it('shows the account area to its user only, privately, with the header name and links', async () => {
    const { jar, userName } = await registerThroughWeb();
    const res = await request(web.url).get(`/user/${userName}`).set('Cookie', jar.header()).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (const label of ['My Account', 'My Alerts', 'My Wishlists', 'My Lookbook', 'My Brands', 'My Stores', 'My Sales', 'Edit Profile', 'Change Password', 'Logout']) {
      expect(res.text, label).toContain(label);
    }
    expect(res.text).toContain(`/user/${userName}/alerts`);
    // Another user's name in the address: the same page of one's own account.
    const other = await request(web.url).get('/user/somebody-else/wishlists').set('Cookie', jar.header());
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe(`/user/${userName}/wishlists`);
    const empty = await request(web.url).get(`/user/${userName}/wishlists`).set('Cookie', jar.header()).expect(200);
    expect(empty.text).toContain('You have no wishlists yet.');
  });

  it("clears the session on 'UnAuthorized Access!' and leaves the account page", async () => {
    const jar = new CookieJar().set('token', 'A'.repeat(43)).set('profile-type', '3');
    const res = await request(web.url).get('/user/someone').set('Cookie', jar.header());
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookies = setCookies(res);
    expect(clears(cookies.find((c) => c.name === 'token'))).toBe(true);
    expect(clears(cookies.find((c) => c.name === 'profile-type'))).toBe(true);
    // Through the gateway, too; but a wrong password at sign-in is not that.
    const gateway = await request(web.url).get(ACCOUNT_API.notificationCount).set('Cookie', jar.header());
    expect(gateway.status).toBe(401);
    expect(gateway.body.message).toBe(say(en, ACCOUNT_MESSAGES.unauthorized));
    expect(clears(setCookies(gateway).find((c) => c.name === 'token'))).toBe(true);
    // A page that is not an account page stays, with the cookies gone and the guest header.
    const home = await request(web.url).get('/about-us').set('Cookie', jar.header());
    expect(home.status).toBe(200);
    expect(clears(setCookies(home).find((c) => c.name === 'token'))).toBe(true);
    expect(home.text).toContain('Sign In');
  });
});

describe('the account area through the gateway', () => {
  it('uploads a profile picture with the XSRF token, and serves it from our origin', async () => {
    const { jar } = await registerThroughWeb();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c04040' } }).png().toBuffer();
    const token = await fetchXsrf(web.url, jar);
    const refused = await request(web.url).put(ACCOUNT_API.uploadProfileImage).set('Cookie', jar.header()).attach('image', png, 'me.png');
    expect(refused.status).toBe(403);
    const res = await request(web.url)
      .put(ACCOUNT_API.uploadProfileImage)
      .set('Cookie', jar.header())
      .set('X-XSRF-TOKEN', token)
      .set('Origin', web.url)
      .attach('image', png, 'me.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const picture = await request(web.url).get(res.body.data.profileImage).expect(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('checks a user name and saves the profile, then the account lives at the new name', async () => {
    const { jar } = await registerThroughWeb();
    const wanted = `ada${Date.now().toString(36)}`;
    const check = await request(web.url).get(ACCOUNT_API.checkUserName(wanted)).set('Cookie', jar.header()).expect(200);
    expect(check.body.data).toMatchObject({ available: true });
    const saved = await pageCall(jar, 'put', ACCOUNT_API.editProfile, { name: 'Ada Lovelace', userName: wanted });
    expect(saved.status).toBe(200);
    const page = await request(web.url).get(`/user/${wanted}/profile`).set('Cookie', jar.header()).expect(200);
    expect(page.text).toContain('Edit Profile');
    expect(page.text).toContain('>Ada</summary>');
  });

  it('edits the profile from a form posted without JavaScript', async () => {
    const { jar, userName } = await registerThroughWeb();
    const res = await formPost(`/user/${userName}/profile`, { name: 'Grace Hopper', userName }, jar);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/user/${userName}/profile`);
    const bad = await formPost(`/user/${userName}/profile`, { name: ' ', userName: 'x' }, jar);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(say(en, ACCOUNT_MESSAGES.nameRequired));
    expect(bad.text).toContain(say(en, ACCOUNT_MESSAGES.userNameLength));
  });

  it('changes the password from a form posted without JavaScript', async () => {
    const { jar, userName } = await registerThroughWeb();
    const wrong = await formPost(`/user/${userName}/settings`, { old_password: 'nope-nope', password: 'newer-pass-1', confirm_password: 'newer-pass-1' }, jar);
    expect(wrong.text).toContain(say(en, ACCOUNT_MESSAGES.oldPasswordWrong));
    const ok = await formPost(`/user/${userName}/settings`, { old_password: PASSWORD, password: 'newer-pass-1', confirm_password: 'newer-pass-1' }, jar);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(say(en, ACCOUNT_NOTICES.passwordChanged));
  });

  it('shows public profiles to guests, and sends unknown ones to /authentication', async () => {
    const { userName } = await registerThroughWeb();
    const res = await request(web.url).get(`/profile/${userName}`).expect(200);
    expect(res.text).toContain(`@${userName}`);
    const missing = await request(web.url).get('/profile/nobody-by-this-name');
    expect(missing.status).toBe(302);
    expect(missing.headers.location).toBe('/authentication');
  });

  it('offers the known-user sign-in page, and home/login leads to the sign-in form', async () => {
    const { userName } = await registerThroughWeb();
    const page = await request(web.url).get(`/sign-in?uname=${userName}&returnurl=%2Fabout-us`).expect(200);
    expect(page.text).toMatch(/Sign In as [^<]+\. <a href="\/authentication\?userType=Login&amp;returnurl=%2Fabout-us">Not you\?<\/a>/);
    const unknown = await request(web.url).get('/sign-in?uname=nobody-at-all&returnurl=%2Fabout-us');
    expect(unknown.headers.location).toBe('/authentication?userType=Login&returnurl=%2Fabout-us');
    const homeLogin = await request(web.url).get('/home/login');
    expect(homeLogin.headers.location).toBe('/authentication?userType=Login');
  });
});

describe('logout', () => {
  it('ends the session upstream and clears the cookies', async () => {
    const { jar } = await registerThroughWeb();
    const token = jar.get('token')!;
    const res = await pageCall(jar, 'delete', ACCOUNT_API.logout);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe(say(en, ACCOUNT_NOTICES.loggedOut));
    for (const name of ['token', 'profile-type', 'social-token']) expect(clears(setCookies(res).find((c) => c.name === name)), name).toBe(true);
    const stale = await request(web.url).get(ACCOUNT_API.userProfile).set('Cookie', `token=${token}`);
    expect(stale.status).toBe(401);
  });

  it('clears the cookies even when the session was already gone', async () => {
    const jar = new CookieJar().set('token', 'B'.repeat(43));
    const res = await pageCall(jar, 'delete', ACCOUNT_API.logout);
    expect(clears(setCookies(res).find((c) => c.name === 'token'))).toBe(true);
  });

  it('logs out from a form without JavaScript and goes home', async () => {
    const { jar } = await registerThroughWeb();
    const token = jar.get('token')!;
    const res = await formPost('/logout', {}, jar);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(clears(setCookies(res).find((c) => c.name === 'token'))).toBe(true);
    expect((await request(web.url).get(ACCOUNT_API.userProfile).set('Cookie', `token=${token}`)).status).toBe(401);
  });
});
