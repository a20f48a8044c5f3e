import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { XSRF_REFUSED_MESSAGE } from '../../../shared/api/web-session';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import type { Database } from '../../../server/api/db/database';
import { importFeed } from '../../../server/api/catalog/importer';
import { alertClient, FEEDS, guidOf, openAlertsDatabase, sellAlsoAt, startAlertsApi, type AlertsApi } from '../alerts/alerts-support';
import { registerUser, uniqueEmail } from '../accounts/accounts-api';
import { visibleMarkup } from '../../support/page';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { startWeb } from '../../support/web-server';
import { ALERT_API } from '../../../shared/api/alert-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { inEnglish } from '../../support/i18n';

// The alert pages through the real web server and api over a catalogue (the fixture feeds),
// without JavaScript: the add-alert page's plain form (the card's link), the confirm page a
// guest's e-mail leads to, the unsubscribe page and the RFC 8058 one-click POST a mail client
// sends (no cookies, no XSRF token: the only POST the XSRF check lets through unasked), My
// Alerts (notifications marked read by opening it, Delete) and My Sales.

const SITE = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 Chrome/130';
/** Ruched Satin Midi Dress, black, S: £59 at Northlane (brand Ava Marlowe). */
const DRESS = guidOf('northlane', 'NL100-BLK-S');

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: Database;
let api: AlertsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  db = await openAlertsDatabase();
  api = await startAlertsApi(db, { settings: { siteUrl: SITE, mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
  web = await startWeb(api.url, { SITE_URL: SITE, XSRF_SECRET: 'x'.repeat(40) });
}, 120_000);
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
  await smtp?.close();
});

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const cookies = (shopper: Shopper) => `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;
/** A form posted by a browser without JavaScript, from our own page (a shopper's, or a guest's). */
const formPost = (path: string, fields: Record<string, string>, shopper?: Shopper) => {
  const test = request(web.url).post(path).type('form').send(fields).set('Origin', web.url).set('User-Agent', BROWSER);
  return shopper ? test.set('Cookie', cookies(shopper)) : test;
};
const page = (path: string, shopper?: Shopper) => {
  const test = request(web.url).get(path).set('User-Agent', BROWSER);
  return shopper ? test.set('Cookie', cookies(shopper)) : test;
};
const text = (html: string) =>
  visibleMarkup(html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

type AlertRow = { id: number; kind: string; scope: string; alert_price: string | null; store_id: number | null; brand_id: number | null; user_id: number | null; guest_id: number | null };
const alertsOfGuest = (email: string) =>
  db.query<AlertRow>('SELECT a.id, a.kind, a.scope, a.alert_price, a.store_id, a.brand_id, a.user_id, a.guest_id FROM alerts a JOIN alert_guests g ON g.id = a.guest_id WHERE g.email = $1 ORDER BY a.id', [email]);
const alertsOfUser = (shopper: Shopper) =>
  db.query<AlertRow>('SELECT id, kind, scope, alert_price, store_id, brand_id, user_id, guest_id FROM alerts WHERE user_id = $1 ORDER BY id', [shopper.userId]);
const storeId = async (slug: string) => (await db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [slug]))[0]!.id;

describe('the add-alert page (the dialog without JavaScript)', () => {
  const add = (kind: string) => `/alerts/add/${DRESS}?kind=${kind}&returnurl=${encodeURIComponent('/dresses')}`;

  it('shows a guest the Price Alert form with the three scopes, the price and the e-mail, uncached and unindexed', async () => {
    const res = await page(add('price')).expect(200);
    expect(res.headers['cache-control']).toBe(CacheNone.header);
    const html = visibleMarkup(res.text);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain('<h1>Price Alert</h1>');
    const words = text(res.text);
    expect(words).toContain('Ruched Satin Midi Dress');
    for (const label of ['This item', 'Any item of Ava Marlowe', 'Any item of Northlane', 'Alert price', 'Email', 'Alert Me']) expect(words).toContain(label);
  });

  it("refuses a guest's form with every message: no scope, a price at the rounded sale price, a bad address; nothing is set", async () => {
    const email = uniqueEmail('refused');
    const res = await formPost(add('price'), { alertPrice: '59.4', email: 'Not An Address' }).expect(400);
    const words = text(res.text);
    expect(words).toContain(inEnglish(ALERT_MESSAGES.scopeInvalid));
    expect(words).toContain(inEnglish(ALERT_MESSAGES.priceTooHigh(59)));
    expect(words).toContain(inEnglish(ALERT_MESSAGES.email));
    const pattern = await formPost(add('price'), { scope: 'item', alertPrice: '4 0', email }).expect(400);
    expect(text(pattern.text)).toContain(inEnglish(ALERT_MESSAGES.priceInvalid));
    expect(await alertsOfGuest(email)).toEqual([]);
  });

  it("sets a guest's price alert, pending, and says to check the inbox, where the confirm e-mail is", async () => {
    const email = uniqueEmail('guest');
    const res = await formPost(add('price'), { scope: 'item', alertPrice: '45', email }).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.confirmSent));
    expect(visibleMarkup(res.text)).toContain('href="/dresses"');
    expect(await alertsOfGuest(email)).toEqual([expect.objectContaining({ kind: 'price', scope: 'item', alert_price: 45, store_id: null, brand_id: null })]);
    const link = linksIn(await smtp.waitForMail(email)).find((l) => l.includes('/alerts/confirm/'));
    expect(link).toMatch(new RegExp(`^${SITE}/alerts/confirm/[A-Za-z0-9_-]+$`));
  });

  it("sets a shopper's sale alert on the store without an e-mail field, active at once", async () => {
    const shopper = await registerUser(api);
    const form = await page(add('sale'), shopper).expect(200);
    expect(text(form.text)).not.toContain('Email');
    expect(text(form.text)).not.toContain('Alert price');
    const res = await formPost(add('sale'), { scope: 'store' }, shopper).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.set));
    expect(await alertsOfUser(shopper)).toEqual([expect.objectContaining({ kind: 'sale', scope: 'store', alert_price: null, store_id: await storeId('northlane'), brand_id: null })]);
  });

  it('offers a price alert "at any store" when another store sells the size (issue 28), sets it on this item, and shows the api’s refusal on another scope', async () => {
    expect(text((await page(add('price')).expect(200)).text)).not.toContain('at any store');
    await sellAlsoAt(db, { slug: 'rivington', name: 'Rivington' }, 'NL400-IND-32', 'RV-400-32');
    const jeans = `/alerts/add/${guidOf('northlane', 'NL400-IND-32')}?kind=price`;
    const shopper = await registerUser(api);
    expect(visibleMarkup((await page(jeans, shopper).expect(200)).text)).toContain(
      '<label class="alert-any-store"><input type="checkbox" name="anyStore"/>Tell me at any store (2 stores sell this size)</label>',
    );
    const refused = await formPost(jeans, { scope: 'store', alertPrice: '45', anyStore: 'on' }, shopper).expect(400);
    expect(text(refused.text)).toContain(inEnglish(ALERT_MESSAGES.anyStoreItemPriceOnly));
    await formPost(jeans, { scope: 'item', alertPrice: '45', anyStore: 'on' }, shopper).expect(200);
    expect(await db.query('SELECT scope, alert_price, any_store FROM alerts WHERE user_id = $1', [shopper.userId])).toEqual([{ scope: 'item', alert_price: 45, any_store: true }]);
  });

  it('answers an unknown or malformed size variant 404', async () => {
    await page('/alerts/add/00000000-0000-5000-8000-000000000000?kind=sale').expect(404);
    await page('/alerts/add/not-a-guid?kind=sale').expect(404);
    await page(`/alerts/nothing/${DRESS}`).expect(404);
  });
});

/** A guest's pending alert and the path of its confirm page, from the e-mail. */
async function guestAlert(email: string): Promise<string> {
  await alertClient(api).setGuest({ id: DRESS, email, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200);
  const link = linksIn(await smtp.waitForMail(email)).find((l) => l.includes('/alerts/confirm/'))!;
  return new URL(link).pathname;
}
const confirmed = async (email: string) => (await db.query<{ confirmed: boolean }>('SELECT confirmed_at IS NOT NULL AS confirmed FROM alert_guests WHERE email = $1', [email]))[0]?.confirmed;

describe('the confirm page', () => {
  it('shows a button and confirms only when it is pressed (a form post), without signing in', async () => {
    const email = uniqueEmail('confirm');
    const path = await guestAlert(email);
    const shown = await page(path).expect(200);
    expect(shown.headers['cache-control']).toBe(CacheNone.header);
    expect(visibleMarkup(shown.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(visibleMarkup(shown.text)).toContain('Confirm my alerts</button>');
    expect(await confirmed(email)).toBe(false);

    const done = await formPost(path, {}).expect(200);
    expect(text(done.text)).toContain(inEnglish(ALERT_NOTICES.confirmed));
    expect(await confirmed(email)).toBe(true);
  });

  it("says a tampered link is not valid, and confirms nothing", async () => {
    const email = uniqueEmail('tampered');
    const path = await guestAlert(email);
    const res = await formPost(`${path.slice(0, -2)}xx`, {}).expect(400);
    expect(text(res.text)).toContain(inEnglish(ALERT_MESSAGES.linkInvalid));
    expect(await confirmed(email)).toBe(false);
  });
});

describe('the unsubscribe page', () => {
  async function twoAlerts() {
    const shopper = await registerUser(api);
    const as = alertClient(api, shopper.token);
    const one = (await as.setUser({ id: DRESS, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200)).body.data.alertId as number;
    const two = (await as.setUser({ id: DRESS, alertPrice: '40', brandId: null, storeId: null, country: 'gb' }).expect(200)).body.data.alertId as number;
    const links = new AlertLinks(db);
    const token = await links.sign({ alertId: one, owner: { kind: 'user', id: shopper.userId } });
    /** The footer's and List-Unsubscribe link's: every alert of the address. */
    const everyToken = await links.sign({ alertId: 0, owner: { kind: 'user', id: shopper.userId } });
    return { shopper, one, two, token, everyToken };
  }

  it('shows on GET the one button of what the token stops, an item’s link its alert, the footer’s every alert, and stops nothing', async () => {
    const { shopper, token, everyToken } = await twoAlerts();
    const res = await page(`/alerts/unsubscribe/${token}`).expect(200);
    expect(res.headers['cache-control']).toBe(CacheNone.header);
    const html = visibleMarkup(res.text);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    const buttons = (markup: string) => [...visibleMarkup(markup).matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]).filter((label) => label!.startsWith('Stop'));
    expect(buttons(res.text)).toEqual(['Stop this alert']);
    expect(buttons((await page(`/alerts/unsubscribe/${everyToken}`).expect(200)).text)).toEqual(['Stop all alerts at this address']);
    expect(await alertsOfUser(shopper)).toHaveLength(2);
  });

  it('speaks the page’s language, its words and the api’s answer (issue 29): French in Canada, Traditional Chinese in Hong Kong', async () => {
    const { shopper, two, token } = await twoAlerts();
    const french = await page(`/ca/fr/alerts/unsubscribe/${token}`).expect(200);
    expect(text(french.text)).toContain(' Arrêter les alertes Arrêter cette alerte ');
    expect(text((await formPost(`/ca/fr/alerts/unsubscribe/${token}`, {}).expect(200)).text)).toContain(' Désabonné Vous ne recevrez plus cette alerte. ');
    expect((await alertsOfUser(shopper)).map((row) => row.id)).toEqual([two]);
    const refused = await formPost('/hk/zh/alerts/confirm/not-a-token', {}).expect(400);
    expect(text(refused.text)).toContain(' 此連結無效，可能已被更改或已過期。 確認我的提示 ');
  });

  it('stops only the item’s alert when its page’s button is pressed', async () => {
    const { shopper, two, token } = await twoAlerts();
    const res = await formPost(`/alerts/unsubscribe/${token}`, { scope: 'all' }).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.unsubscribed));
    expect((await alertsOfUser(shopper)).map((row) => row.id)).toEqual([two]);
  });

  it('stops the one alert at once on a one-click POST from a mail client: no cookies, no origin, no XSRF token', async () => {
    const { shopper, two, token } = await twoAlerts();
    const res = await request(web.url).post(`/alerts/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.headers['cache-control']).toBe(CacheNone.header);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.unsubscribed));
    expect((await alertsOfUser(shopper)).map((row) => row.id)).toEqual([two]);
  });

  it('takes the one-click POST as multipart/form-data too, as RFC 8058 asks mail clients to send it', async () => {
    const { shopper, two, token } = await twoAlerts();
    const res = await request(web.url).post(`/alerts/unsubscribe/${token}`).field('List-Unsubscribe', 'One-Click').expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.unsubscribed));
    expect((await alertsOfUser(shopper)).map((row) => row.id)).toEqual([two]);
  });

  it('stops every alert of the address when the footer link’s page’s button is pressed, under a country prefix too', async () => {
    const { shopper, everyToken } = await twoAlerts();
    const res = await formPost(`/us/alerts/unsubscribe/${everyToken}`, {}).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.unsubscribedAll));
    expect(await alertsOfUser(shopper)).toEqual([]);
  });

  it('refuses a tampered token with the message, and stops nothing', async () => {
    const { shopper, token } = await twoAlerts();
    const res = await request(web.url).post(`/alerts/unsubscribe/${token.slice(0, -3)}AAA`).type('form').send('List-Unsubscribe=One-Click').expect(400);
    expect(text(res.text)).toContain(inEnglish(ALERT_MESSAGES.linkInvalid));
    expect(await alertsOfUser(shopper)).toHaveLength(2);
  });
});

describe('the XSRF check keeps every other POST', () => {
  it.each([
    ['the confirm page', '/alerts/confirm/abc'],
    ['the add-alert page', `/alerts/add/${DRESS}`],
    ['a longer path under unsubscribe', '/alerts/unsubscribe/abc/more'],
    ['an unknown country prefix', '/zz/alerts/unsubscribe/abc'],
    ['a page under the gb prefix (redirected, never a page)', '/gb/alerts/unsubscribe/abc'],
    ['My Alerts', '/user/someone/alerts'],
    ['the api behind the gateway', ALERT_API.unsubscribe],
  ])('refuses a POST without origin or token to %s', async (_name, path) => {
    const res = await request(web.url).post(path).type('form').send('List-Unsubscribe=One-Click').expect(403);
    expect(res.text).toContain(XSRF_REFUSED_MESSAGE);
  });

  it('refuses a cross-site form post to the confirm page', async () => {
    await request(web.url).post('/alerts/confirm/abc').type('form').send('x=1').set('Origin', 'https://evil.example').expect(403);
  });
});

describe('My Alerts and My Sales without JavaScript', () => {
  async function notify(shopper: Shopper, alertId: number, newPrice: number) {
    await db.query(
      `INSERT INTO notifications (user_id, kind, alert_id, payload) VALUES ($1, 'price', $2, $3)`,
      [shopper.userId, alertId, JSON.stringify({ productName: 'Ruched Satin Midi Dress', image: '/images/v1/product/dress/black/1/180.jpg', path: 'women/dresses/ruched-satin-midi-dress', country: 'GB', oldPrice: 59, newPrice })],
    );
  }
  const unread = async (shopper: Shopper) => (await request(api.url).get(ACCOUNT_API.notificationCount).set(UPSTREAM_HEADER.token, shopper.token).expect(200)).body.data.count as number;

  it('lists the alerts with their prices and words, and the notifications, which opening the page marks read: the next page’s bell says 0', async () => {
    const shopper = await registerUser(api);
    const as = alertClient(api, shopper.token);
    const priceAlert = (await as.setUser({ id: DRESS, alertPrice: '40', brandId: null, storeId: null, country: 'gb' }).expect(200)).body.data.alertId as number;
    await as.setUser({ id: DRESS, alertPrice: null, brandId: null, storeId: await storeId('northlane'), country: 'gb' }).expect(200);
    await notify(shopper, priceAlert, 45);
    await notify(shopper, priceAlert, 39);
    expect(await unread(shopper)).toBe(2);
    // The header before: the bell says two.
    const before = await page(`/user/${shopper.userName}`, shopper).expect(200);
    expect(visibleMarkup(before.text)).toContain('aria-label="Notifications: 2"');

    const res = await page(`/user/${shopper.userName}/alerts`, shopper).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const shown = text(res.text);
    expect(shown).toContain('Price Alert · This item');
    expect(shown).toContain('Alert at £40 · now £59');
    expect(shown).toContain('Sale Alert · Any item of Northlane');
    expect(shown).toContain('Today: now £59');
    expect(shown).toContain('£59 → £39 New');
    expect(shown).toContain('£59 → £45 New');
    expect(visibleMarkup(res.text)).toContain('href="/women/dresses/ruched-satin-midi-dress"');
    expect(await unread(shopper)).toBe(0);

    const after = await page(`/user/${shopper.userName}`, shopper).expect(200);
    expect(visibleMarkup(after.text)).toContain('aria-label="Notifications: 0"');
  });

  it('deletes an alert by its form post, and says so', async () => {
    const shopper = await registerUser(api);
    const as = alertClient(api, shopper.token);
    const id = (await as.setUser({ id: DRESS, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200)).body.data.alertId as number;
    const res = await formPost(`/user/${shopper.userName}/alerts`, { intent: 'delete', alertId: String(id) }, shopper).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.deleted));
    expect(text(res.text)).toContain('You have no sale or price alerts yet.');
    expect(await alertsOfUser(shopper)).toEqual([]);
  });

  it("shows My Sales: the products on sale among what the shopper watches, as the api answers, and an empty state", async () => {
    const shopper = await registerUser(api);
    const empty = await page(`/user/${shopper.userName}/sales`, shopper).expect(200);
    expect(text(empty.text)).toContain('There are no sales for you yet.');
    // Set through the web (the add-alert page): the session's kept answers go with the write.
    await formPost(`/alerts/add/${DRESS}?kind=sale`, { scope: 'store' }, shopper).expect(200);
    const answer = (await alertClient(api, shopper.token).sales('gb').expect(200)).body.data as { products: { variants: { title: string }[] }[] };
    const titles = answer.products.map((p) => p.variants[0]!.title);
    expect(titles).toContain('Ruched Satin Midi Dress');
    const res = await page(`/user/${shopper.userName}/sales`, shopper).expect(200);
    const shown = visibleMarkup(res.text).match(/<h3 class="product-card-title">.*?<\/h3>/g)?.map((tag) => tag.replace(/<[^>]+>/g, ''));
    expect(shown).toEqual(titles);
  });
});

describe('odd requests to the alert pages', () => {
  it('answers a one-click POST that is no form with 400, and stops nothing', async () => {
    const shopper = await registerUser(api);
    const id = (await alertClient(api, shopper.token).setUser({ id: DRESS, alertPrice: null, brandId: null, storeId: null, country: 'gb' }).expect(200)).body.data.alertId as number;
    const token = await new AlertLinks(db).sign({ alertId: id, owner: { kind: 'user', id: shopper.userId } });
    const res = await request(web.url).post(`/alerts/unsubscribe/${token}`).set('Content-Type', 'application/json').send('{"List-Unsubscribe":"One-Click"}');
    expect(res.status).toBe(400);
    expect(await alertsOfUser(shopper)).toHaveLength(1);
  });

  it('goes back only to a path of this site after setting an alert', async () => {
    const shopper = await registerUser(api);
    const res = await formPost(`/alerts/add/${DRESS}?kind=sale&returnurl=${encodeURIComponent('//evil.example/x')}`, { scope: 'item' }, shopper).expect(200);
    expect(text(res.text)).toContain(inEnglish(ALERT_NOTICES.set));
    expect(visibleMarkup(res.text)).toContain('<a href="/" class="button">Back to shopping</a>');
    expect(visibleMarkup(res.text)).not.toContain('href="//evil.example');
  });
});

// Issue 29: a guest's alert set on a French page (the add-alert form without JavaScript, under
// /ca/fr) is confirmed by an e-mail in French whose link opens the French confirm page, and its
// button there confirms it. The web tells the api the page's language (x-locale); nothing else
// carries it. Northlane's GB feed, priced in Canadian dollars, stands for its Canadian feed.
describe('an alert set on a French page', () => {
  beforeAll(() => importFeed(db, { text: FEEDS.northlaneGB.text.replaceAll(' GBP', ' CAD').replaceAll('GB:::', 'CA:::'), store: 'northlane', country: 'CA' }));

  it('is confirmed by a French e-mail whose link opens the French confirm page, where its button confirms it', async () => {
    const email = uniqueEmail('montreal-web');
    await formPost(`/ca/fr/alerts/add/${DRESS}?kind=sale`, { scope: 'item', email }).expect(200);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirmez vos alertes de prix Vitrine');
    expect(mail.decoded).toContain('Bonjour,');
    const link = linksIn(mail).find((l) => l.includes('/alerts/confirm/'))!;
    expect(link).toMatch(new RegExp(`^${SITE}/ca/fr/alerts/confirm/[A-Za-z0-9_-]+$`));
    expect(await db.query('SELECT a.language, a.country_code FROM alerts a JOIN alert_guests g ON g.id = a.guest_id WHERE g.email = $1', [email])).toEqual([
      { language: 'fr', country_code: 'CA' },
    ]);

    const path = new URL(link).pathname;
    const shown = await request(web.url).get(path).set('User-Agent', BROWSER).expect(200);
    expect(shown.text).toContain('<html lang="fr-CA"');
    await formPost(path, {}).expect(200);
    const [guest] = await db.query<{ confirmed: boolean }>('SELECT confirmed_at IS NOT NULL AS confirmed FROM alert_guests WHERE email = $1', [email]);
    expect(guest!.confirmed).toBe(true);
  });
});
