import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_ACCOUNT_LIMIT, DEFAULT_RATE_LIMITS } from '../../../server/api/accounts/account-settings';
import { SessionSchema } from '../../../shared/api/account-schemas';
import { API_ANSWER_HEADER, COOKIE, DAY_MS, KNOWN_DEVICE_DAYS } from '../../../shared/constants';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { startWeb } from '../../support/web-server';
import { CookieJar, fetchXsrf, setCookies } from '../../support/web-session';
import { startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// The sign-in and registration limits at their real values, through the real web in front of
// the real api. The test stands where a CDN would (on loopback, which the web trusts by
// default) and names each shopper's address in X-Forwarded-For, as a CDN does. One client must
// not lock other shoppers out, nor an attacker the owner of the account they guess at.

const LOGIN = DEFAULT_RATE_LIMITS.login;
const SITE_URL = 'https://shop.vitrine.test';
const PASSWORD = 'velvet-sky-42';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startAccountsApi({
    settings: {
      siteUrl: SITE_URL,
      mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' },
      rateLimits: { login: LOGIN, register: DEFAULT_RATE_LIMITS.register },
      loginAccountLimit: DEFAULT_LOGIN_ACCOUNT_LIMIT,
    },
  });
  web = await startWeb(api.url, { XSRF_SECRET: 'x'.repeat(40), SITE_URL });
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await smtp?.close();
});

let lastAddress = 0;
/** A shopper's browser (its cookies in `jar`) at an address of its own, behind the CDN. */
function client(jar = new CookieJar()) {
  const n = ++lastAddress;
  const address = `198.51.${100 + Math.floor(n / 250)}.${n % 250}`;
  return {
    address,
    jar,
    /** A state-changing call as our pages make it. */
    async post(path: string, body: object) {
      const token = await fetchXsrf(web.url, jar);
      const res = await request(web.url)
        .post(path)
        .set('X-Forwarded-For', address)
        .set('Cookie', jar.header())
        .set('X-XSRF-TOKEN', token)
        .set('Origin', web.url)
        .send(body);
      jar.take(res);
      return res;
    },
    get(path: string) {
      return request(web.url).get(path).set('X-Forwarded-For', address).set('Cookie', jar.header());
    },
  };
}

type Client = ReturnType<typeof client>;

async function register(from: Client, email = uniqueEmail()) {
  const res = await from.post(ACCOUNT_API.register, { email, password: PASSWORD, confirm_password: PASSWORD, platform: 'Vitrine Web' });
  return { res, email, userName: res.body.data?.userName as string };
}

/** An account, registered from an address no test signs in from. */
async function owner() {
  const made = await register(client());
  expect(made.res.status, JSON.stringify(made.res.body)).toBe(200);
  return made;
}

const login = (from: Client, email: string, password: string) => from.post(ACCOUNT_API.login, { email, password });

/** The sign-in form posted without JavaScript (the page's action signs in on the server). */
const formLogin = (from: Client, email: string, password: string) =>
  request(web.url)
    .post('/authentication')
    .type('form')
    .send({ userType: 'Login', email, password })
    .set('X-Forwarded-For', from.address)
    .set('Cookie', from.jar.header())
    .set('Origin', web.url);

/** `count` wrong passwords for `email` from `from`, each answered 401. */
async function failLogins(from: Client, email: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await login(from, email, `wrong-guess-${i}`)).status);
  expect(statuses).toEqual(Array.from({ length: count }, () => 401));
}

describe('per-address limits count each shopper apart', () => {
  it("50 failed sign-ins from one client stop that client, not another shopper's correct sign-in", async () => {
    const { email } = await owner();
    const attacker = client();
    // A spray over many accounts: only the per-address limit of all sign-ins can stop it.
    for (let i = 0; i < LOGIN.perIp; i++) expect((await login(attacker, uniqueEmail('sprayed'), 'wrong-guess')).status).toBe(401);
    const stopped = await login(attacker, uniqueEmail('sprayed'), 'wrong-guess');
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(say(en, ACCOUNT_MESSAGES.tooManyRequests(Number(stopped.headers['retry-after']))));

    const shopper = client();
    const res = await login(shopper, email, PASSWORD);
    expect(res.status).toBe(200);
    expect(setCookies(res).find((c) => c.name === 'token')?.attributes.httponly).toBe(true);
  });

  it("registrations from one address do not use up another address's allowance", async () => {
    const busy = client();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.register.perIp; i++) expect((await register(busy)).res.status).toBe(200);
    expect((await register(busy)).res.status).toBe(429);
    const other = await register(client());
    expect(other.res.status).toBe(200);
    expect(other.res.body.data.message).toBe(say(en, ACCOUNT_NOTICES.registered));
  });
});

describe('failed sign-ins count per account and address', () => {
  it("10 wrong passwords from an attacker's address lock that address out, and the owner still signs in from theirs", async () => {
    const { email } = await owner();
    const attacker = client();
    await failLogins(attacker, email, LOGIN.perAccount);
    const locked = await login(attacker, email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(say(en, ACCOUNT_MESSAGES.tooManyRequests(Number(locked.headers['retry-after']))));

    const res = await login(client(), email, PASSWORD);
    expect(res.status).toBe(200);
    expect(SessionSchema.omit({ token: true }).parse(res.body.data).userName).toBeTypeOf('string');
  });

  it("counts an account's e-mail address and user name as one account", async () => {
    const { email, userName } = await owner();
    const attacker = client();
    await failLogins(attacker, email, LOGIN.perAccount / 2);
    await failLogins(attacker, userName.toUpperCase(), LOGIN.perAccount / 2);
    expect((await login(attacker, email.toUpperCase(), PASSWORD)).status).toBe(429);
    expect((await login(attacker, userName, PASSWORD)).status).toBe(429);
    expect((await login(client(), userName, PASSWORD)).status).toBe(200);
  });

  it("gives a success's count back: the owner's own typos do not add up", async () => {
    const { email } = await owner();
    const shopper = client();
    for (let round = 0; round < 3; round++) {
      await failLogins(shopper, email, LOGIN.perAccount - 1);
      expect((await login(shopper, email, PASSWORD)).status).toBe(200);
    }
  });
});

describe('the account-wide threshold', () => {
  /** Failures from as many addresses as it takes, each below its own limit. */
  async function failFromEverywhere(email: string) {
    for (let done = 0; done < DEFAULT_LOGIN_ACCOUNT_LIMIT; done += LOGIN.perAccount) await failLogins(client(), email, LOGIN.perAccount);
  }

  /** The slow lane's interval passes (its counter is in PostgreSQL, like every limit's). */
  async function laneInterval() {
    await api.db.query("UPDATE rate_limit_counters SET reset_at = now() WHERE key LIKE 'login:account-slow-lane:%'");
  }

  it('slows password sign-in to one attempt per 30 s after 100 failures from many addresses, with the same words for an account that does not exist', async () => {
    const { email } = await owner();
    await failFromEverywhere(email);
    // Slowed, not blocked: the first attempt in the interval is heard.
    expect((await login(client(), email, 'wrong-guess')).status).toBe(401);
    const slowed = await login(client(), email, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ status: 429, message: say(en, ACCOUNT_MESSAGES.passwordSignInSlowed) });
    expect([29, 30]).toContain(Number(slowed.headers['retry-after']));
    expect(setCookies(slowed).some((c) => c.name === 'token')).toBe(false);
    // Once the interval has passed, the owner's attempt is heard and signs in.
    await laneInterval();
    const owners = await login(client(), email, PASSWORD);
    expect(owners.status).toBe(200);
    expect(setCookies(owners).some((c) => c.name === 'token')).toBe(true);

    const nobody = uniqueEmail('nobody');
    await failFromEverywhere(nobody);
    expect((await login(client(), nobody, 'wrong-guess')).status).toBe(401);
    const alike = await login(client(), nobody, PASSWORD);
    expect(alike.status).toBe(429);
    expect(alike.body).toEqual(slowed.body);
  });

  it('lets the owner in with an e-mailed sign-in link meanwhile, once, through the web like any sign-in', async () => {
    const { email, userName } = await owner();
    await failFromEverywhere(email);
    // An attacker holds the slow lane; the owner is asked to wait, or to use a link.
    expect((await login(client(), email, 'wrong-guess')).status).toBe(401);
    const shopper = client();
    expect((await login(shopper, userName, PASSWORD)).body.message).toBe(say(en, ACCOUNT_MESSAGES.passwordSignInSlowed));

    const asked = await shopper.post(ACCOUNT_API.signInLinkRequest, { email: userName });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ data: { message: say(en, ACCOUNT_NOTICES.signInLinkRequested) } });
    const mail = await smtp.waitForMail(email);
    const link = linksIn(mail).find((l) => l.includes('/sign-in-link/'))!;
    expect(link).toMatch(/^https:\/\/shop\.vitrine\.test\/sign-in-link\/tkn\/[A-Za-z0-9_-]{43}\/key\/[A-Za-z0-9_-]{22}$/);
    const [, tkn, key] = /tkn\/([^/]+)\/key\/(.+)$/.exec(link)!;
    const path = new URL(link).pathname;

    // Opening the link shows the page and signs nobody in (link previews open links too).
    const page = await shopper.get(path).expect(200);
    expect(page.text).toContain('Sign In</button>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(setCookies(page).some((c) => c.name === 'token')).toBe(false);

    const signedIn = await shopper.post(ACCOUNT_API.signInLink, { tkn, key });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ userName, profileType: 3 });
    expect(signedIn.body.data.token).toBeUndefined();
    const cookie = setCookies(signedIn).find((c) => c.name === 'token')!;
    expect(cookie.attributes.httponly).toBe(true);
    const profile = await shopper.get(ACCOUNT_API.userProfile).expect(200);
    expect(profile.body.data.userdetail.userName).toBe(userName);

    const again = await client().post(ACCOUNT_API.signInLink, { tkn, key });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(say(en, ACCOUNT_MESSAGES.signInLinkInvalid));
    expect(setCookies(again).some((c) => c.name === 'token')).toBe(false);
  });

  it('signs in from the link page without JavaScript: the cookies come with the redirect home', async () => {
    const { email } = await owner();
    const shopper = client();
    expect((await shopper.post(ACCOUNT_API.signInLinkRequest, { email })).status).toBe(200);
    const mail = await smtp.waitForMail(email);
    const path = new URL(linksIn(mail).find((l) => l.includes('/sign-in-link/'))!).pathname;
    const form = () => request(web.url).post(path).type('form').send({}).set('X-Forwarded-For', shopper.address).set('Origin', web.url);
    const res = await form();
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(setCookies(res).find((c) => c.name === 'token')?.attributes.httponly).toBe(true);
    const used = await form();
    expect(used.status).toBe(400);
    expect(used.text).toContain(say(en, ACCOUNT_MESSAGES.signInLinkInvalid));
  });
});

describe('a browser that signed in before', () => {
  /** One wrong password from each of 100 addresses (each far below its own limit), then the slow lane's attempt. */
  async function attackFromEverywhere(email: string) {
    for (let i = 0; i < DEFAULT_LOGIN_ACCOUNT_LIMIT; i++) await failLogins(client(), email, 1);
    expect((await login(client(), email, 'wrong-guess')).status).toBe(401);
  }

  /** A browser holding only this known-device cookie (its session over), at a new address. */
  const browserKnownBy = (device: string) => client(new CookieJar().set(COOKIE.knownDevice, device));

  const slowed = { status: 429, message: say(en, ACCOUNT_MESSAGES.passwordSignInSlowed) };

  it('keeps its own allowance: after 100 failures from 100 addresses the owner signs in from it at once, by the call and by the form, while other browsers are slowed', async () => {
    const { email } = await owner();
    const home = await login(client(), email, PASSWORD);
    expect(home.status).toBe(200);
    const device = setCookies(home).find((c) => c.name === COOKIE.knownDevice)!;
    expect(device.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device.attributes).toMatchObject({ httponly: true, samesite: 'Lax', secure: true, path: '/', 'max-age': String((KNOWN_DEVICE_DAYS * DAY_MS) / 1000) });

    // The attacker has an account too: their browser is known, for that account only.
    const attacker = client();
    expect((await register(attacker)).res.status).toBe(200);
    expect(attacker.jar.get(COOKIE.knownDevice)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await attackFromEverywhere(email);
    for (const other of [client(), attacker, browserKnownBy(randomBytes(32).toString('base64url'))]) {
      const res = await login(other, email, PASSWORD);
      expect(res.body).toEqual(slowed);
      expect(setCookies(res).some((c) => c.name === COOKIE.token)).toBe(false);
    }

    const signedIn = await login(browserKnownBy(device.value), email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(setCookies(signedIn).find((c) => c.name === COOKIE.token)?.attributes.httponly).toBe(true);
    expect(setCookies(signedIn).find((c) => c.name === COOKIE.knownDevice)?.value).toBe(device.value);
    // Page scripts never see it: only the HttpOnly cookie carries it.
    expect(signedIn.headers[API_ANSWER_HEADER.knownDevice]).toBeUndefined();
    expect(JSON.stringify(signedIn.body)).not.toContain(device.value);
    const form = await formLogin(browserKnownBy(device.value), email, PASSWORD);
    expect(form.status).toBe(302);
    expect(setCookies(form).some((c) => c.name === COOKIE.token)).toBe(true);
  });

  it("holds a known browser to its own ten attempts, which the account's other browsers do not share", async () => {
    const { email } = await owner();
    const device = setCookies(await login(client(), email, PASSWORD)).find((c) => c.name === COOKIE.knownDevice)!.value;
    const known = browserKnownBy(device);
    await failLogins(known, email, LOGIN.perAccount);
    const locked = await login(browserKnownBy(device), email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(say(en, ACCOUNT_MESSAGES.tooManyRequests(Number(locked.headers['retry-after']))));
    expect((await login(client(), email, PASSWORD)).status).toBe(200);
  });
});
