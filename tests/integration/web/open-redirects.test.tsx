import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSocialSignIn } from '../../../client/components/account/social-sign-in';
import { registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { BareDocument } from '../../support/bare-document';
import { rawRequest } from '../../support/raw-http';
import { REDIRECT_BYPASSES, leavesSite } from '../../support/redirect-bypasses';
import { startSocialProviders } from '../../support/social-providers';
import { CookieJar, fetchXsrf } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { SOCIAL_SIGN_IN_PAGES } from '../../../shared/api/social-sign-in-paths';

// Every route of the web that answers with a redirect, against every known way of dressing
// another site up as a path of ours (tests/support/redirect-bypasses.ts): no Location may
// leave the site, read as a browser reads it. The one redirect that does leave, to the
// social provider's authorisation page, goes to that configured origin and nowhere else.

const SITE = 'http://localhost:3000';
const PASSWORD = 'velvet-sky-42';
const FORMS = REDIRECT_BYPASSES;

let providers: Awaited<ReturnType<typeof startSocialProviders>>;
let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;
let loaderWeb: Awaited<ReturnType<typeof startWeb>>;
let user: { email: string; userName: string };

/** A loader that redirects wherever its data says (as the product page goes to its canonical address). */
const loaderRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: BareDocument,
    children: [{ path: 'go', loader: ({ request: req }: LoaderFunctionArgs) => redirect(new URL(req.url).searchParams.get('to') ?? '/'), Component: () => null }],
  },
];

beforeAll(async () => {
  providers = await startSocialProviders();
  api = await startAccountsApi({ settings: { social: providers.settings() } });
  const env = { SITE_URL: SITE, XSRF_SECRET: 'x'.repeat(40), FACEBOOK_APP_ID: 'public-facebook-app-id', FACEBOOK_AUTH_URL: `${providers.url}/facebook/dialog/oauth` };
  web = await startWeb(api.url, env);
  loaderWeb = await startWeb(api.url, env, loaderRoutes);
  const session = await registerUser(api, uniqueEmail('redirects'), PASSWORD);
  user = { email: session.email, userName: session.userName };
});
afterAll(async () => {
  await loaderWeb?.close();
  await web?.close();
  await api?.close();
  await providers?.close();
});

type Answer = { status: number; headers: Record<string, unknown> };
type Outcome = { form: string; status: number; location: string | undefined };

/** Asks `ask` once per bypass form, one after another, and keeps what came back. */
async function each(ask: (form: string) => Promise<Answer>, forms = FORMS): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const form of forms) {
    const res = await ask(form);
    const location = res.headers.location;
    outcomes.push({ form, status: res.status, location: typeof location === 'string' ? location : undefined });
  }
  return outcomes;
}

/** Whether a form's %-escapes decode (the web refuses an address whose do not: server/web/http/request-address.ts). */
function decodes(form: string): boolean {
  try {
    decodeURIComponent(form);
    return true;
  } catch {
    return false;
  }
}

const escapes = (outcomes: Outcome[]) => outcomes.filter((o) => leavesSite(o.location, SITE));
const statuses = (outcomes: Outcome[]) => [...new Set(outcomes.map((o) => o.status))].sort();

/** A form posted without JavaScript from our own page. */
const formPost = (path: string, fields: Record<string, string>, jar = new CookieJar()) =>
  request(web.url).post(path).type('form').send(fields).set('Cookie', jar.header()).set('Origin', web.url);

describe(`no redirect leaves the site, for ${FORMS.length} known bypass forms`, () => {
  it('the /gb prefix redirect (the form as the rest of the raw request path)', async () => {
    const outcomes = await each((form) => rawRequest(web.url, 'GET', `/gb${form}`));
    expect(escapes(outcomes)).toEqual([]);
    // Those that are a path of printable ASCII whose %-escapes decode reach the redirect (the
    // others are a malformed request line or address, 400, or no /gb prefix at all, a 404 page).
    expect(statuses(outcomes.filter((o) => /^\/[\x21-\x7e]*$/.test(o.form) && decodes(o.form)))).toEqual([301, 302]);
    expect(statuses(outcomes.filter((o) => !decodes(o.form)))).toEqual([400]);
    const gb = await rawRequest(web.url, 'GET', '/gb//evil.example');
    expect([gb.status, gb.headers.location, gb.headers['cache-control']]).toEqual([301, '/evil.example', 'public, max-age=60, stale-while-revalidate=300']);
    const encoded = await rawRequest(web.url, 'GET', '/gb/%2F%2Fevil.example');
    expect([encoded.status, encoded.headers.location, encoded.headers['cache-control']]).toEqual([302, '/', 'no-store']);
  });

  it.each(['gb', 'us'])('the country chooser, /choose-country/%s?to=…', async (code) => {
    const outcomes = await each((form) => request(web.url).get(`/choose-country/${code}`).query({ to: form }));
    expect(escapes(outcomes)).toEqual([]);
    expect(statuses(outcomes)).toEqual([302]);
    const chosen = await request(web.url).get(`/choose-country/${code}`).query({ to: '/.//evil.example' });
    expect(chosen.headers.location).toBe(code === 'gb' ? '/evil.example' : '/us/evil.example');
  });

  it('a loader’s redirect (the render path sends same-site Locations only)', async () => {
    // A Location is a header value: a form a Headers object refuses (a newline, a character
    // beyond Latin-1) cannot come out of a loader at all.
    const headerValues = FORMS.filter((form) => /^[\t\x20-\x7e\x80-\xff]*$/.test(form));
    const outcomes = await each((form) => request(loaderWeb.url).get('/go').query({ to: form }), headerValues);
    expect(escapes(outcomes)).toEqual([]);
    expect(statuses(outcomes)).toEqual([302]);
  });

  it('the returnurl after signing in on /authentication without JavaScript', async () => {
    const outcomes = await each((form) =>
      formPost(`/authentication?userType=Login&returnurl=${encodeURIComponent(form)}`, { userType: 'Login', email: user.email, password: PASSWORD }),
    );
    expect(escapes(outcomes)).toEqual([]);
    expect(statuses(outcomes)).toEqual([302]);
  });

  it('the returnurl after signing in on the known-user page /sign-in, and its way to /authentication', async () => {
    const signedIn = await each((form) => formPost(`/sign-in?uname=${encodeURIComponent(user.userName)}&returnurl=${encodeURIComponent(form)}`, { password: PASSWORD }));
    expect(escapes(signedIn)).toEqual([]);
    expect(statuses(signedIn)).toEqual([302]);
    const unknown = await each((form) => request(web.url).get('/sign-in').query({ uname: 'nobody-by-this-name', returnurl: form }));
    expect(escapes(unknown)).toEqual([]);
    expect(statuses(unknown)).toEqual([302]);
  });

  it('the returnurl kept by social sign-in, and where the callback page goes with it', async () => {
    const provider = new URL(providers.url).origin;
    const outcomes: Outcome[] = [];
    for (const form of FORMS) {
      const jar = new CookieJar();
      const started = await request(web.url).get(SOCIAL_SIGN_IN_PAGES.start('facebook')).query({ returnurl: form });
      jar.take(started);
      // The one redirect that leaves: to the configured provider, nowhere else.
      expect(new URL(started.headers.location as string).origin, form).toBe(provider);
      const state = new URL(started.headers.location as string).searchParams.get('state')!;
      const accessToken = `fb-token-${Math.random().toString(36).slice(2)}`;
      providers.facebookToken(accessToken, { id: `fb-${accessToken}`, name: 'Ada Lovelace', email: uniqueEmail('social') });
      const token = await fetchXsrf(web.url, jar);
      const res = await request(web.url)
        .post(ACCOUNT_API.facebook)
        .set('Cookie', jar.header())
        .set('X-XSRF-TOKEN', token)
        .set('Origin', web.url)
        .send({ platform: 'Vitrine Web', location: null, access_token: accessToken, state });
      const next = afterSocialSignIn(res.body.data?.returnUrl, 'ada');
      outcomes.push({ form, status: res.status, location: res.body.data?.returnUrl }, { form, status: res.status, location: `${next.basename}${next.path}` });
    }
    expect(escapes(outcomes)).toEqual([]);
    expect(statuses(outcomes)).toEqual([200]);
  });

  it('the guards: a signed-in user on a sign-in page, a guest on an account page', async () => {
    const jar = new CookieJar();
    const token = await fetchXsrf(web.url, jar);
    const signIn = await request(web.url).post(ACCOUNT_API.login).set('Cookie', jar.header()).set('X-XSRF-TOKEN', token).send({ email: user.email, password: PASSWORD });
    jar.take(signIn);
    const signedIn = await each((form) => request(web.url).get('/authentication').query({ returnurl: form }).set('Cookie', jar.header()));
    expect(escapes(signedIn)).toEqual([]);
    expect(statuses(signedIn)).toEqual([302]);
    const guest = await each((form) => request(web.url).get('/user/someone/wishlists').query({ returnurl: form }));
    expect(escapes(guest)).toEqual([]);
    expect(statuses(guest)).toEqual([302]);
  });

  it('logout, posted without JavaScript or typed in', async () => {
    const posted = await each((form) => formPost(`/logout?returnurl=${encodeURIComponent(form)}`, {}));
    const typed = await each((form) => request(web.url).get('/us/logout').query({ returnurl: form }));
    expect(escapes([...posted, ...typed])).toEqual([]);
    expect(statuses([...posted, ...typed])).toEqual([302]);
  });
});
