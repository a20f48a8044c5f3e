import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { linksIn, startSmtpServer, type ReceivedMail } from '../../support/smtp-server';
import { registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';

// Issue 29: the e-mails asked for on a page (the mailing list's sign-up, a password reset, a
// sign-in link) come in the page's language, the x-locale the web sends with the call, and
// link to that language's page; through a real SMTP server on loopback.

const SITE = 'https://shop.vitrine.test';
const NBSP = '\u00a0';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: AccountsApi;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startAccountsApi({ settings: { siteUrl: SITE, mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

/** The one message `email` received, once the outbox and the background sends are done. */
async function onlyMailTo(email: string): Promise<ReceivedMail> {
  await api.accounts.settle();
  const mails = smtp.received.filter((mail) => mail.to.includes(email));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('e-mails asked for on a page in another language', () => {
  it("answers a sign-up on the Hong Kong site in Traditional Chinese, its link to the Chinese page, and keeps the subscription's language", async () => {
    const email = uniqueEmail('hk-reader');
    await request(api.url).post(SUBSCRIPTION_API.subscribe).set(UPSTREAM_HEADER.locale, 'zh-HK').send({ email, source: 'footer', country: 'hk' }).expect(200);
    const mail = await onlyMailTo(email);
    expect(mail.subject).toBe('確認訂閱 Vitrine 電子報');
    expect(mail.decoded).toContain('有人要求將此電郵地址加入 Vitrine 電子報名單。如確定想收到我們的電郵，請開啟此連結並按下按鈕：');
    expect(mail.decoded).toContain('此連結只可使用一次，有效時間為 48 小時。');
    expect(mail.decoded).toContain('<html lang="zh-HK">');
    expect(linksIn(mail).filter((link) => link.includes('/mailing-list/'))).toEqual([expect.stringMatching(new RegExp(`^${SITE}/hk/zh/mailing-list/confirm/[A-Za-z0-9_-]{43}$`))]);
    expect(await api.db.query('SELECT country_code, language FROM subscriptions WHERE email = $1', [email])).toEqual([{ country_code: 'HK', language: 'zh' }]);
  });

  it("takes the site's English when the page's language is another country's", async () => {
    const email = uniqueEmail('gb-reader');
    await request(api.url).post(SUBSCRIPTION_API.subscribe).set(UPSTREAM_HEADER.locale, 'fr-CA').send({ email, source: 'footer', country: 'gb' }).expect(200);
    const mail = await onlyMailTo(email);
    expect(mail.subject).toBe('Confirm your subscription to the Vitrine mailing list');
    expect(linksIn(mail).filter((link) => link.includes('/mailing-list/'))).toEqual([expect.stringMatching(new RegExp(`^${SITE}/mailing-list/confirm/[A-Za-z0-9_-]{43}$`))]);
  });

  it('sends a fresh link asked for on another site in its language, and keeps that site with the subscription', async () => {
    const email = uniqueEmail('moved-reader');
    const subscribe = (locale: string, country: string) =>
      request(api.url).post(SUBSCRIPTION_API.subscribe).set(UPSTREAM_HEADER.locale, locale).send({ email, source: 'dialog', country }).expect(200);
    await subscribe('en-GB', 'gb');
    await api.accounts.settle();
    await api.db.query("UPDATE subscriptions SET confirm_sent_at = now() - interval '61 minutes' WHERE email = $1", [email]);
    await subscribe('ta-SG', 'sg');
    await api.accounts.settle();
    const mails = smtp.received.filter((mail) => mail.to.includes(email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your subscription to the Vitrine mailing list',
      'Vitrine அஞ்சல் பட்டியலுக்கான உங்கள் சந்தாவை உறுதிப்படுத்தவும்',
    ]);
    expect(linksIn(mails[1]!).filter((link) => link.includes('/mailing-list/'))).toEqual([expect.stringMatching(new RegExp(`^${SITE}/sg/ta/mailing-list/confirm/`))]);
    expect(await api.db.query('SELECT country_code, language FROM subscriptions WHERE email = $1', [email])).toEqual([{ country_code: 'SG', language: 'ta' }]);
  });

  it('mails a password reset asked for in French with the French page’s link', async () => {
    const user = await registerUser(api);
    await request(api.url).post(ACCOUNT_API.forgotPassword).set(UPSTREAM_HEADER.locale, 'fr-CA').send({ email: user.email }).expect(200);
    const mail = await onlyMailTo(user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Vitrine');
    expect(mail.decoded).toContain(`Le lien fonctionne une seule fois, pendant 60 minutes. Si vous ne l'avez pas demandé, ignorez ce courriel${NBSP}: votre mot de passe reste inchangé.`);
    expect(linksIn(mail).filter((link) => link.includes('/confirm-password/'))).toEqual([
      expect.stringMatching(new RegExp(`^${SITE}/ca/fr/confirm-password/tkn/[A-Za-z0-9_-]{43}/key/[A-Za-z0-9_-]{22}$`)),
    ]);
  });

  it('mails a sign-in link asked for in Malay with the Malay page’s link', async () => {
    const user = await registerUser(api);
    await request(api.url).post(ACCOUNT_API.signInLinkRequest).set(UPSTREAM_HEADER.locale, 'ms-SG').send({ email: user.email }).expect(200);
    const mail = await onlyMailTo(user.email);
    expect(mail.subject).toBe('Pautan log masuk Vitrine anda');
    expect(mail.decoded).toContain('Pautan ini boleh digunakan sekali sahaja, selama 15 minit.');
    expect(linksIn(mail).filter((link) => link.includes('/sign-in-link/'))).toEqual([
      expect.stringMatching(new RegExp(`^${SITE}/sg/ms/sign-in-link/tkn/[A-Za-z0-9_-]{43}/key/[A-Za-z0-9_-]{22}$`)),
    ]);
  });
});
