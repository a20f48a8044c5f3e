import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema } from '../../../shared/api/account-schemas';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { BOTH_ENGINES } from '../../support/test-database';
import { registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// The e-mailed sign-in link on the api: asked for like a reset link (the same answer for every
// address), mailed through a real SMTP server on loopback, and good for one sign-in within
// 15 minutes, even when several requests use it at once.

const SIGN_IN_LINK = { perIp: 1_000, perAccount: 3, windowMs: 60 * 60_000 };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: AccountsApi;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startAccountsApi({
    settings: { siteUrl: 'https://shop.vitrine.test', mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' }, rateLimits: { signInLink: SIGN_IN_LINK } },
  });
});
afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const ask = (target: AccountsApi, email: unknown) => request(target.url).post(ACCOUNT_API.signInLinkRequest).send({ email });
const use = (target: AccountsApi, body: object) => request(target.url).post(ACCOUNT_API.signInLink).send(body);

/** Asks for a link and reads it, and its tkn and key, from the newest mail to `email`. */
async function linkFor(target: AccountsApi, email: string, identifier: string = email) {
  const before = smtp.received.filter((m) => m.to.includes(email)).length;
  await ask(target, identifier).expect(200);
  await target.accounts.settle();
  const mails = smtp.received.filter((m) => m.to.includes(email));
  expect(mails.length).toBe(before + 1);
  const mail = mails.at(-1)!;
  const link = linksIn(mail).find((l) => l.includes('/sign-in-link/'))!;
  const [, tkn, key] = /\/sign-in-link\/tkn\/([^/]+)\/key\/([^/\s]+)$/.exec(link)!;
  return { mail, link, tkn: tkn!, key: key! };
}

describe('asking for a sign-in link', () => {
  it('mails {SITE_URL}/sign-in-link/tkn/{tkn}/key/{key} to the account, asked for by e-mail address or user name', async () => {
    const user = await registerUser(api);
    const byEmail = await linkFor(api, user.email);
    expect(byEmail.mail.subject).toBe('Your Vitrine sign-in link');
    expect(byEmail.mail.from).toBe('no-reply@vitrine.test');
    expect(byEmail.link).toMatch(/^https:\/\/shop\.vitrine\.test\/sign-in-link\/tkn\/[A-Za-z0-9_-]{43}\/key\/[A-Za-z0-9_-]{22}$/);
    expect(byEmail.mail.decoded).toContain('The link works once, for 15 minutes.');
    const byName = await linkFor(api, user.email, user.userName.toUpperCase());
    expect(byName.key).not.toBe(byEmail.key);
  });

  it('answers the same for an account and for nobody, and mails only the account', async () => {
    const user = await registerUser(api);
    const stranger = uniqueEmail('stranger');
    const known = await ask(api, user.email).expect(200);
    const unknown = await ask(api, stranger).expect(200);
    const unknownName = await ask(api, 'no-such-user-name').expect(200);
    expect(known.body).toEqual({ data: { message: say(en, ACCOUNT_NOTICES.signInLinkRequested) } });
    expect(unknown.body).toEqual(known.body);
    expect(unknownName.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await api.accounts.settle();
    expect(smtp.received.some((m) => m.to.includes(user.email))).toBe(true);
    expect(smtp.received.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it("answers a bad identifier with the login form's messages", async () => {
    const empty = await ask(api, '').expect(400);
    expect(empty.body).toEqual({ status: 400, message: 'Email/Username is required.', fields: { email: 'Email/Username is required.' } });
    const spaced = await ask(api, 'two words').expect(400);
    expect(spaced.body.fields).toEqual({ email: 'Email/Username must not contain spaces.' });
  });

  it("limits the mails to one account, counting its e-mail address and user name together", async () => {
    const user = await registerUser(api);
    await ask(api, user.email).expect(200);
    await ask(api, user.userName).expect(200);
    await ask(api, user.email.toUpperCase()).expect(200);
    const limited = await ask(api, user.userName).expect(429);
    expect(limited.body.message).toBe(say(en, ACCOUNT_MESSAGES.tooManyRequests(Number(limited.headers['retry-after']))));
    // Another account is not affected.
    await ask(api, (await registerUser(api)).email).expect(200);
  });
});

describe('signing in with the link', () => {
  it('starts a session, proves the address, and keeps only the hash of the token', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await linkFor(api, user.email);
    const [row] = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM sign_in_links WHERE selector = $1', [key]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(tkn);

    const res = await use(api, { tkn, key }).expect(200);
    const session = SessionSchema.parse(res.body.data);
    expect(session).toMatchObject({ userId: user.userId, userName: user.userName, profileType: 3 });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const profile = await request(api.url).get(ACCOUNT_API.userProfile).set('token', session.token).expect(200);
    expect(profile.body.data.userdetail.email).toBe(user.email);
    const [verified] = await api.db.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [user.userId]);
    expect(verified!.verified).toBe(true);
    await api.accounts.settle();
    const outbox = await api.db.query<{ status: string; text_body: string | null }>(
      "SELECT status, text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'sign-in-link'",
      [user.email],
    );
    expect(outbox).toEqual([{ status: 'sent', text_body: null }]);
  });

  it('works once', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await linkFor(api, user.email);
    await use(api, { tkn, key }).expect(200);
    const again = await use(api, { tkn, key }).expect(400);
    expect(again.body).toEqual({ status: 400, message: say(en, ACCOUNT_MESSAGES.signInLinkInvalid), fields: { tkn: say(en, ACCOUNT_MESSAGES.signInLinkInvalid) } });
  });

  it('refuses a link older than 15 minutes', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await linkFor(api, user.email);
    const [row] = await api.db.query<{ minutes: number }>('SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sign_in_links WHERE selector = $1', [key]);
    expect(row!.minutes).toBe(15);
    await api.db.query("UPDATE sign_in_links SET expires_at = now() - interval '1 second' WHERE selector = $1", [key]);
    expect((await use(api, { tkn, key }).expect(400)).body.message).toBe(say(en, ACCOUNT_MESSAGES.signInLinkInvalid));
  });

  it('refuses a wrong tkn for a real key, a made-up key and a malformed body, none of which uses the link up', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await linkFor(api, user.email);
    const wrongTkn = `${tkn.slice(0, -1)}${tkn.endsWith('A') ? 'B' : 'A'}`;
    await use(api, { tkn: wrongTkn, key }).expect(400);
    await use(api, { tkn, key: 'K'.repeat(22) }).expect(400);
    await use(api, { tkn: '../../etc', key: 'x' }).expect(400);
    const missing = await use(api, {}).expect(400);
    expect(missing.body.fields).toEqual({ tkn: say(en, ACCOUNT_MESSAGES.signInLinkInvalid), key: say(en, ACCOUNT_MESSAGES.signInLinkInvalid) });
    await use(api, { tkn, key }).expect(200);
  });
});

describe('a password change', () => {
  it('ends the sign-in links handed out before it, like the other sessions', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await linkFor(api, user.email);
    await request(api.url)
      .put(ACCOUNT_API.changePassword)
      .set('token', user.token)
      .send({ old_password: user.password, password: 'new-velvet-7', confirm_password: 'new-velvet-7' })
      .expect(200);
    expect((await use(api, { tkn, key }).expect(400)).body.message).toBe(say(en, ACCOUNT_MESSAGES.signInLinkInvalid));
  });
});

describe.each(BOTH_ENGINES)('a sign-in link used by several requests at once (%s)', (_engine, openDatabase) => {
  let raced: AccountsApi;
  beforeAll(async () => {
    raced = await startAccountsApi({ db: await openDatabase(), settings: { mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
  });
  afterAll(async () => {
    await raced?.close();
  });

  it('signs in exactly one of them', async () => {
    const user = await registerUser(raced);
    const { tkn, key } = await linkFor(raced, user.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => use(raced, { tkn, key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const [sessions] = await raced.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [user.userId]);
    // The one from registering, and the one from the link.
    expect(sessions!.n).toBe(2);
  });
});
