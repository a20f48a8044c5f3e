import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/api/subscription-schemas';
import { CacheNone } from '../../../shared/http/cache-policy';
import { startAccountsApi, uniqueEmail, type AccountsApi } from '../accounts/accounts-api';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { visibleMarkup } from '../../support/page';
import { CookieJar, fetchXsrf } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';

// The mailing list's double opt-in end to end through the real web server and api: the
// subscribe call through the gateway, the e-mail through a real SMTP server on loopback, and
// the confirmation page it links to, whose button (a form post, no JavaScript needed)
// confirms. Opening the page confirms nothing.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startAccountsApi({ settings: { siteUrl: 'http://localhost:3000', mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
  web = await startWeb(api.url, { SITE_URL: 'http://localhost:3000', XSRF_SECRET: 'x'.repeat(40) });
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await smtp?.close();
});

const confirmedOf = async (email: string) =>
  (await api.db.query<{ confirmed: boolean }>('SELECT confirmed_at IS NOT NULL AS confirmed FROM subscriptions WHERE email = $1', [email]))[0]?.confirmed;

/** Subscribes through the gateway as the footer does, and returns the confirmation page's path from the e-mail. */
async function subscribeThroughWeb(email: string): Promise<string> {
  const jar = new CookieJar();
  const token = await fetchXsrf(web.url, jar);
  const res = await request(web.url)
    .post(SUBSCRIPTION_API.subscribe)
    .set('Cookie', jar.header())
    .set('X-XSRF-TOKEN', token)
    .set('Origin', web.url)
    .send({ email, source: 'footer' })
    .expect(200);
  expect(res.body).toEqual({ data: { message: SUBSCRIPTION_MESSAGES.requested } });
  const link = linksIn(await smtp.waitForMail(email)).find((l) => l.includes('/mailing-list/confirm/'))!;
  return new URL(link).pathname;
}

describe('the mailing list confirmation page', () => {
  it('shows a button, uncached and unindexed, and confirms only when it is pressed', async () => {
    const email = uniqueEmail('page');
    const path = await subscribeThroughWeb(email);

    const page = await request(web.url).get(path).expect(200);
    expect(page.headers['cache-control']).toBe(CacheNone.header);
    const html = visibleMarkup(page.text);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain('Confirm my subscription</button>');
    expect(await confirmedOf(email)).toBe(false);

    const pressed = await request(web.url).post(path).type('form').send({}).set('Origin', web.url).expect(200);
    expect(pressed.headers['cache-control']).toBe(CacheNone.header);
    expect(visibleMarkup(pressed.text)).toContain(SUBSCRIPTION_MESSAGES.confirmed);
    expect(await confirmedOf(email)).toBe(true);

    // The link works once.
    const again = await request(web.url).post(path).type('form').send({}).set('Origin', web.url).expect(400);
    expect(visibleMarkup(again.text)).toContain(SUBSCRIPTION_MESSAGES.linkInvalid);
  });

  it('refuses a form post from another site', async () => {
    const email = uniqueEmail('foreign');
    const path = await subscribeThroughWeb(email);
    const res = await request(web.url).post(path).type('form').send({}).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await confirmedOf(email)).toBe(false);
  });
});
