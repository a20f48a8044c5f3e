import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type * as passwords from '../../../server/api/accounts/passwords';
import { hashPassword } from '../../../server/api/accounts/passwords';
import { DatabaseUnavailableError } from '../../../server/api/db/database-unavailable';
import { EMAIL_MESSAGES } from '../../../shared/validation/email';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { login, registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Forgot password → an e-mail through a real SMTP server on loopback → the link in it →
// confirm-password (spec sections 2, 5, 7).

// The real hashing, counted (a reset link must cost one hash, however often it is used at once).
vi.mock('../../../server/api/accounts/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: AccountsApi;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startAccountsApi({ settings: { siteUrl: 'https://shop.vitrine.test', mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const forgot = (email: unknown) => request(api.url).post(ACCOUNT_API.forgotPassword).send({ email });
const confirm = (body: object) => request(api.url).put(ACCOUNT_API.confirmPassword).send(body);

/** Asks for a reset link and reads it, and its tkn and key, from the e-mail. */
async function resetLinkFor(email: string) {
  const before = smtp.received.filter((m) => m.to.includes(email)).length;
  await forgot(email).expect(200);
  await api.accounts.settle();
  const mails = smtp.received.filter((m) => m.to.includes(email));
  expect(mails.length).toBe(before + 1);
  const mail = mails.at(-1)!;
  const link = linksIn(mail).find((l) => l.includes('/confirm-password/'))!;
  const match = /\/confirm-password\/tkn\/([^/]+)\/key\/([^/\s]+)$/.exec(link)!;
  return { mail, link, tkn: match[1]!, key: match[2]! };
}

describe('password reset by e-mail', () => {
  it('mails a link to {SITE_URL}/confirm-password/tkn/{tkn}/key/{key}; the link sets a new password and ends every session', async () => {
    const user = await registerUser(api);
    const other = (await login(api, user.email, user.password).expect(200)).body.data.token as string;

    const res = await forgot(user.email).expect(200);
    expect(res.body).toEqual({ data: { message: say(en, ACCOUNT_NOTICES.resetRequested) } });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.from).toBe('no-reply@vitrine.test');
    expect(mail.subject).toBe('Reset your Vitrine password');
    const link = linksIn(mail).find((l) => l.includes('/confirm-password/'))!;
    expect(link).toMatch(/^https:\/\/shop\.vitrine\.test\/confirm-password\/tkn\/[A-Za-z0-9_-]{43}\/key\/[A-Za-z0-9_-]{22}$/);
    const [, tkn, key] = /tkn\/([^/]+)\/key\/(.+)$/.exec(link)!;

    const done = await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(200);
    expect(done.body).toEqual({ data: { message: say(en, ACCOUNT_NOTICES.passwordReset) } });
    for (const token of [user.token, other]) {
      expect((await request(api.url).get(ACCOUNT_API.userProfile).set('token', token)).body.message).toBe(say(en, ACCOUNT_MESSAGES.unauthorized));
    }
    await login(api, user.email, user.password).expect(401);
    await login(api, user.email, 'fresh-start-5').expect(200);
  });

  it('keeps the token only as a hash, and clears the sent message body from the outbox', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    const [reset] = await api.db.query<{ selector: string; token_hash: string }>('SELECT selector, token_hash FROM password_resets WHERE selector = $1', [key]);
    expect(reset!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reset!.token_hash).not.toContain(tkn);
    await api.accounts.settle();
    const outbox = await api.db.query<{ status: string; text_body: string | null; html_body: string | null; recipient: string }>(
      "SELECT status, text_body, html_body, recipient FROM mail_outbox WHERE recipient = $1 AND kind = 'password-reset'",
      [user.email],
    );
    expect(outbox).toEqual([{ status: 'sent', text_body: null, html_body: null, recipient: user.email }]);
  });

  it('works once: a used link is refused, and so is a newer link after the reset', async () => {
    const user = await registerUser(api);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    await confirm({ tkn: first.tkn, key: first.key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(200);
    const again = await confirm({ tkn: first.tkn, key: first.key, password: 'fresh-start-6', confirm_password: 'fresh-start-6' }).expect(400);
    expect(again.body).toEqual({ status: 400, message: say(en, ACCOUNT_MESSAGES.resetLinkInvalid), fields: { tkn: say(en, ACCOUNT_MESSAGES.resetLinkInvalid) } });
    await confirm({ tkn: second.tkn, key: second.key, password: 'fresh-start-6', confirm_password: 'fresh-start-6' }).expect(400);
    await login(api, user.email, 'fresh-start-5').expect(200);
  });

  it('claims the link before hashing: of 20 uses at once, one sets the password with one hash and the others get the used-link answer', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    vi.mocked(hashPassword).mockClear();
    const password = (i: number) => `fresh-start-${i}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm({ tkn, key, password: password(i), confirm_password: password(i) })));
    const winner = answers.findIndex((res) => res.status === 200);
    expect(answers.map((res) => res.status).sort()).toEqual(['200', ...Array.from({ length: 19 }, () => '400')].map(Number));
    const used = { status: 400, message: say(en, ACCOUNT_MESSAGES.resetLinkInvalid), fields: { tkn: say(en, ACCOUNT_MESSAGES.resetLinkInvalid) } };
    expect(answers.filter((res) => res.status !== 200).map((res) => res.body)).toEqual(Array.from({ length: 19 }, () => used));
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);
    await login(api, user.email, password(winner)).expect(200);
  });

  it('gives the link back when the reset fails after claiming it', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    const transaction = api.db.transaction.bind(api.db);
    const held = api.db as { transaction: typeof transaction };
    held.transaction = () => Promise.reject(new DatabaseUnavailableError('the server went away'));
    onTestFinished(() => {
      held.transaction = transaction;
    });
    await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(503);
    held.transaction = transaction;
    await login(api, user.email, user.password).expect(200);
    await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(200);
    await login(api, user.email, 'fresh-start-5').expect(200);
  });

  it('refuses a link older than 60 minutes', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    await api.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE selector = $1", [key]);
    const res = await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(400);
    expect(res.body.message).toBe(say(en, ACCOUNT_MESSAGES.resetLinkInvalid));
    await login(api, user.email, user.password).expect(200);
  });

  it('refuses a wrong tkn for a real key, and a made-up key', async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    const wrongTkn = `${tkn.slice(0, -1)}${tkn.endsWith('A') ? 'B' : 'A'}`;
    await confirm({ tkn: wrongTkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(400);
    await confirm({ tkn, key: 'K'.repeat(22), password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(400);
    await confirm({ tkn: '../../etc', key: 'x', password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(400);
    // None of that used the link up.
    await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(200);
  });

  it("answers the reset form's messages and leaves the link usable", async () => {
    const user = await registerUser(api);
    const { tkn, key } = await resetLinkFor(user.email);
    const cases: [object, Record<string, string>][] = [
      [{ tkn, key }, { password: 'Password is required.', confirm_password: say(en, ACCOUNT_MESSAGES.confirmPasswordRequired) }],
      [{ tkn, key, password: 'abc', confirm_password: 'abc' }, { password: 'The password must be of minimum length 4 characters.' }],
      [{ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-6' }, { confirm_password: 'Password mismatch' }],
      [{ tkn, key, password: 'letmein', confirm_password: 'letmein' }, { password: say(en, ACCOUNT_MESSAGES.passwordTooCommon) }],
      [{ password: 'fresh-start-5', confirm_password: 'fresh-start-5' }, { tkn: say(en, ACCOUNT_MESSAGES.resetLinkInvalid), key: say(en, ACCOUNT_MESSAGES.resetLinkInvalid) }],
    ];
    for (const [body, fields] of cases) {
      const res = await confirm(body).expect(400);
      expect(res.body.fields, JSON.stringify(body)).toEqual(fields);
    }
    await confirm({ tkn, key, password: 'fresh-start-5', confirm_password: 'fresh-start-5' }).expect(200);
  });

  it("refuses a malformed address with 'Please check the email address and enter again.'", async () => {
    for (const email of [undefined, '', 'no-at-sign', 'two words@example.com', 'a@b.c']) {
      const res = await forgot(email).expect(400);
      expect(res.body).toEqual({
        status: 400,
        message: EMAIL_MESSAGES.checkAndEnterAgain,
        fields: { email: EMAIL_MESSAGES.checkAndEnterAgain },
      });
    }
  });
});

describe('forgot-password does not tell whether an address has an account', () => {
  it('gives the same answer, and sends mail only to a real account', async () => {
    const user = await registerUser(api);
    const stranger = uniqueEmail('stranger');
    const known = await forgot(user.email).expect(200);
    const unknown = await forgot(stranger).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['cache-control']).toBe(known.headers['cache-control']);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await api.accounts.settle();
    expect(smtp.received.some((m) => m.to.includes(user.email))).toBe(true);
    expect(smtp.received.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('takes the same time: the answer for a real account waits for none of its work', async () => {
    const user = await registerUser(api);
    // Hold the real account's work (the reset row and the outbox message are written in a
    // transaction) until the answer is in: had the answer waited for any of it, it would
    // never come. Nothing else differs between a known and an unknown address.
    const transaction = api.db.transaction.bind(api.db);
    const held = api.db as { transaction: typeof transaction };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const workReached = new Promise<void>((resolve) => (reached = resolve));
    held.transaction = async (fn) => {
      reached();
      await released;
      return transaction(fn);
    };
    // Also when the test fails or times out, so the api can close.
    onTestFinished(() => {
      release();
      held.transaction = transaction;
    });
    await forgot(user.email).expect(200);
    // The work did get under way (so the hold was in its path); only now may it go on.
    await workReached;
    release();
    await api.accounts.settle();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});

describe('mail outbox', () => {
  it('retries a message the SMTP server refused, and delivers it', async () => {
    const flaky = await startSmtpServer({ failFirst: 1 });
    const flakyApi = await startAccountsApi({ settings: { mail: { smtpUrl: flaky.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
    try {
      const user = await registerUser(flakyApi);
      await request(flakyApi.url).post(ACCOUNT_API.forgotPassword).send({ email: user.email }).expect(200);
      await flakyApi.accounts.settle();
      const [row] = await flakyApi.db.query<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY id LIMIT 1',
        [user.email],
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toMatch(/try again later/);
      // The retry is due later; make it due now and sweep.
      await flakyApi.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE recipient = $1', [user.email]);
      flakyApi.accounts.outbox.kick();
      await flakyApi.accounts.settle();
      await flaky.waitForMail(user.email);
      const [sent] = await flakyApi.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM mail_outbox WHERE recipient = $1 ORDER BY id LIMIT 1', [user.email]);
      expect(sent).toEqual({ status: 'sent', attempts: 2 });
    } finally {
      await flakyApi.close();
      await flaky.close();
    }
  });

  it('drops a reset message whose link has expired instead of sending it late', async () => {
    const user = await registerUser(api);
    const id = await api.accounts.outbox.enqueue(api.db, {
      kind: 'password-reset',
      to: user.email,
      subject: 'late',
      text: 'http://localhost:3000/confirm-password/tkn/x/key/y',
      html: null,
      expiresAt: new Date(Date.now() - 1000),
    });
    api.accounts.outbox.kick();
    await api.accounts.settle();
    const [row] = await api.db.query<{ status: string; text_body: string | null }>('SELECT status, text_body FROM mail_outbox WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'expired', text_body: null });
    expect(smtp.received.some((m) => m.subject === 'late')).toBe(false);
  });
});
