import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_CONFIRM_VALID_HOURS, SUBSCRIPTION_MESSAGES } from '../../../shared/api/subscription-schemas';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { SUBSCRIBE_RATE_LIMIT } from '../../../server/api/services/subscription-service';
import { linksIn, startSmtpServer, type ReceivedMail } from '../../support/smtp-server';
import { startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// The mailing list, double opt-in (POST /api/account/subscribe, PUT
// /api/account/confirm-subscription): one confirmation e-mail through a real SMTP server on
// loopback, a single-use link to the web's confirmation page, limits per address and per
// client, and an answer that never says whether the address was on the list.

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

let clients = 0;
/** A client address of its own for each use (the api trusts X-Forwarded-For from loopback), so per-client limits stay apart. */
const newClient = () => `198.51.100.${++clients}`;

const subscribe = (body: object, client = newClient()) => request(api.url).post(SUBSCRIPTION_API.subscribe).set('X-Forwarded-For', client).send(body);
const confirm = (body: object) => request(api.url).put(SUBSCRIPTION_API.confirm).send(body);

/** Every message the SMTP server received for `email`, once the outbox has delivered what it holds. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await api.accounts.settle();
  return smtp.received.filter((mail) => mail.to.includes(email));
}

const tokenIn = (mail: ReceivedMail) => /\/mailing-list\/confirm\/([A-Za-z0-9_-]+)$/.exec(linksIn(mail).find((link) => link.includes('/mailing-list/confirm/'))!)![1]!;

async function stateOf(email: string) {
  const [row] = await api.db.query<{ confirmed: boolean; source: string; country_code: string }>(
    'SELECT confirmed_at IS NOT NULL AS confirmed, source, country_code FROM subscriptions WHERE email = $1',
    [email],
  );
  return row;
}

describe('POST /api/account/subscribe', () => {
  it('stores the address pending and mails it one link to the confirmation page; the link confirms it once', async () => {
    const email = uniqueEmail('reader');
    const res = await subscribe({ email, source: 'footer', country: 'in' }).expect(200);
    expect(res.body).toEqual({ data: { message: SUBSCRIPTION_MESSAGES.requested } });
    expect(await stateOf(email)).toEqual({ confirmed: false, source: 'footer', country_code: 'IN' });

    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your subscription to the Vitrine mailing list']);
    const links = linksIn(mails[0]!).filter((link) => link.includes('/mailing-list/'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^https:\/\/shop\.vitrine\.test\/mailing-list\/confirm\/[A-Za-z0-9_-]{43}$/);
    expect(mails[0]!.decoded).toContain(`for ${SUBSCRIPTION_CONFIRM_VALID_HOURS} hours`);

    const done = await confirm({ token: tokenIn(mails[0]!) }).expect(200);
    expect(done.body).toEqual({ data: { message: SUBSCRIPTION_MESSAGES.confirmed } });
    expect(await stateOf(email)).toEqual({ confirmed: true, source: 'footer', country_code: 'IN' });

    const again = await confirm({ token: tokenIn(mails[0]!) }).expect(400);
    expect(again.body).toEqual({ status: 400, message: SUBSCRIPTION_MESSAGES.linkInvalid });
  });

  it('answers a new, a pending and a confirmed address in the same words, and mails none of them twice within the hour', async () => {
    const confirmed = uniqueEmail('confirmed');
    await subscribe({ email: confirmed }).expect(200);
    await confirm({ token: tokenIn((await mailsTo(confirmed))[0]!) }).expect(200);
    const pending = uniqueEmail('pending');
    await subscribe({ email: pending }).expect(200);
    const fresh = uniqueEmail('fresh');

    const answers = [];
    for (const email of [fresh, pending, confirmed, pending.toUpperCase()]) {
      const res = await subscribe({ email }).expect(200);
      answers.push(res.body);
    }
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ data: { message: SUBSCRIPTION_MESSAGES.requested } })));
    expect((await mailsTo(fresh)).length).toBe(1);
    expect((await mailsTo(pending)).length).toBe(1);
    expect((await mailsTo(confirmed)).length).toBe(1);
    expect(await stateOf(confirmed)).toMatchObject({ confirmed: true });
  });

  it('sends a pending address a fresh link once its last one is an hour old, and the old link stops working', async () => {
    const email = uniqueEmail('late');
    await subscribe({ email }).expect(200);
    const first = tokenIn((await mailsTo(email))[0]!);
    await api.db.query("UPDATE subscriptions SET confirm_sent_at = now() - interval '61 minutes' WHERE email = $1", [email]);

    await subscribe({ email }).expect(200);
    const mails = await mailsTo(email);
    expect(mails.length).toBe(2);
    const second = tokenIn(mails[1]!);
    expect(second).not.toBe(first);
    expect((await confirm({ token: first })).status).toBe(400);
    await confirm({ token: second }).expect(200);
  });

  it('refuses an expired, made-up or malformed confirmation token with 400', async () => {
    const email = uniqueEmail('expired');
    await subscribe({ email }).expect(200);
    const token = tokenIn((await mailsTo(email))[0]!);
    await api.db.query("UPDATE subscriptions SET confirm_expires_at = now() - interval '1 second' WHERE email = $1", [email]);
    const cases: [object, string][] = [
      [{ token }, SUBSCRIPTION_MESSAGES.linkInvalid],
      [{ token: 'A'.repeat(43) }, SUBSCRIPTION_MESSAGES.linkInvalid],
      [{ token: 'not a token' }, SUBSCRIPTION_MESSAGES.linkInvalid],
      [{ token: 'a\u0000b' }, 'token: token must not contain control characters'],
      [{ token: 42 }, 'token: token must be text'],
      [{}, 'token: token is required'],
    ];
    for (const [body, message] of cases) {
      const res = await confirm(body).expect(400);
      expect(res.body).toEqual({ status: 400, message });
    }
    expect(await stateOf(email)).toMatchObject({ confirmed: false });
  });

  it('limits one client to its number of requests an hour, whatever the addresses', async () => {
    const client = newClient();
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.perIp; i++) await subscribe({ email: uniqueEmail('many') }, client).expect(200);
    const limited = await subscribe({ email: uniqueEmail('many') }, client).expect(429);
    expect(limited.body).toEqual({ status: 429, message: say(en, ACCOUNT_MESSAGES.tooManyRequests(Number(limited.headers['retry-after']))) });
    await subscribe({ email: uniqueEmail('many') }).expect(200);
  });

  it('limits requests for one address, from whichever clients', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.perAccount; i++) await subscribe({ email: i % 2 ? email : email.toUpperCase() }).expect(200);
    await subscribe({ email }).expect(429);
    expect((await mailsTo(email)).length).toBe(1);
  });

  it('answers a bad address with the message of the form it came from', async () => {
    const dialog = await subscribe({ email: 'not-an-email' }).expect(400);
    expect(dialog.body).toEqual({ status: 400, message: 'Please enter valid email address.' });
    const footer = await subscribe({ email: 'a b@example.com', source: 'footer' }).expect(400);
    expect(footer.body.message).toBe('Email is invalid');
  });

  it('refuses missing, overlong and oddly-shaped input with 400, never 500', async () => {
    const cases: [unknown, string][] = [
      [{}, 'email: email is required'],
      [{ email: `${'a'.repeat(130)}@example.com` }, 'email: email must be at most 128 characters'],
      [{ email: 'ava@example.com', source: 'popup' }, 'source: source must be one of "dialog", "footer"'],
      [{ email: 'ava@example.com', country: 'fr' }, 'country: country must be one of GB, US, IN, AE, CA, AU, HK, SG'],
      [{ email: ['ava@example.com'] }, 'email: email must be text'],
      [{ email: 'ava\u0000@example.com' }, 'email: email must not contain control characters'],
      [{ email: 'ava\ud800@example.com' }, 'email: email must not contain broken characters (a lone UTF-16 surrogate)'],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body as object).expect(400);
      expect(res.body).toEqual({ status: 400, message });
    }
  });
});
