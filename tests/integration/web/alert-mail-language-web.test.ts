import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '../../../server/api/catalog/importer';
import type { Database } from '../../../server/api/db/database';
import { FEEDS, guidOf, openAlertsDatabase, startAlertsApi, type AlertsApi } from '../alerts/alerts-support';
import { uniqueEmail } from '../accounts/accounts-api';
import { linksIn, startSmtpServer } from '../../support/smtp-server';
import { startWeb } from '../../support/web-server';

// Issue 29, through the real web server and api: a guest's alert set on a French page (the
// add-alert form without JavaScript, under /ca/fr) is confirmed by an e-mail in French whose
// link opens the French confirm page, and its button there confirms it. The web tells the api
// the page's language (x-locale); nothing else carries it. Northlane's GB feed, priced in
// Canadian dollars, stands for its Canadian feed.

const SITE = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 Chrome/130';
const DRESS = guidOf('northlane', 'NL100-BLK-S');

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: Database;
let api: AlertsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  db = await openAlertsDatabase();
  await importFeed(db, { text: FEEDS.northlaneGB.text.replaceAll(' GBP', ' CAD').replaceAll('GB:::', 'CA:::'), store: 'northlane', country: 'CA' });
  api = await startAlertsApi(db, { settings: { siteUrl: SITE, mail: { smtpUrl: smtp.url, from: 'Vitrine <no-reply@vitrine.test>' } } });
  web = await startWeb(api.url, { SITE_URL: SITE, XSRF_SECRET: 'x'.repeat(40) });
}, 120_000);
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
  await smtp?.close();
});

/** A form posted by a browser without JavaScript, from our own page. */
const formPost = (path: string, fields: Record<string, string>) => request(web.url).post(path).type('form').send(fields).set('Origin', web.url).set('User-Agent', BROWSER);

describe('an alert set on a French page', () => {
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
