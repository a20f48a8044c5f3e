import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import type { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import { importFeed } from '../../../server/api/catalog/importer';
import type { Database } from '../../../server/api/db/database';
import { linksIn, type ReceivedMail } from '../../support/smtp-server';
import { BOTH_ENGINES } from '../../support/test-database';
import { uniqueEmail } from '../accounts/accounts-api';
import {
  type AlertsApi,
  alertClient,
  editTsv,
  FEEDS,
  guidOf,
  headerOf,
  importFixture,
  type MailingAlerts,
  newShopper,
  setUserAlert,
  SITE_URL,
  startMailingAlerts,
  stopMailingAlerts,
  testClock,
  textOf,
} from './alerts-support';

// Issue 29: an alert's e-mails speak the language of the site it was set on (the request's
// x-locale, kept with the alert): its confirmation at once, what fires later, and a digest in
// the language of the newest alert it lists; links to that language's pages, prices as its
// locale writes them. Northlane's GB feed, priced in dollars, stands for its Canadian and
// Singapore feeds; prices change by importing edited feeds, the clock moves by hand.

const NBSP = '\u00a0';
const SERUM = guidOf('northlane', 'NL300'); // 42, not on sale
const JEANS = guidOf('northlane', 'NL400-IND-32'); // 52.50 from 75
const SERUM_NAME = 'Hydrating Rose Facial Serum 30ml';

/** Northlane's GB feed as its feed for another country, priced in that country's currency. */
const feedFor = (country: 'CA' | 'SG', currency: string) => FEEDS.northlaneGB.text.replaceAll(' GBP', ` ${currency}`).replaceAll('GB:::', `${country}:::`);

describe.each(BOTH_ENGINES)('alert e-mails in the language they were asked in, on %s', (_engine, open) => {
  let db: Database;
  let api: AlertsApi;
  let smtp: MailingAlerts['smtp'];
  let evaluator: AlertEvaluator;
  const clock = testClock();
  const feeds = { CA: feedFor('CA', 'CAD'), SG: feedFor('SG', 'SGD'), GB: FEEDS.northlaneGB.text };

  beforeAll(async () => {
    ({ smtp, db, api, evaluator } = await startMailingAlerts(open, clock));
    for (const country of ['CA', 'SG'] as const) await importFeed(db, { text: feeds[country], store: 'northlane', country });
    // Every entry of the new countries is a first sighting: nothing fires.
    expect(await evaluator.run()).toMatchObject({ matches: 0, mails: 0 });
  }, 120_000);

  afterAll(() => stopMailingAlerts({ evaluator, api, db, smtp }));

  /** Imports Northlane's feed of `country` with these items' columns changed, runs the evaluator and the outbox. */
  async function change(country: keyof typeof feeds, edits: Record<string, Record<string, string>>) {
    feeds[country] = editTsv(feeds[country], edits);
    if (country === 'GB') await importFixture(db, 'northlaneGB', feeds.GB);
    else await importFeed(db, { text: feeds[country], store: 'northlane', country });
    return sweep();
  }
  async function sweep() {
    const run = await evaluator.run();
    await api.accounts.outbox.idle();
    return run;
  }
  const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(email));
  const htmlLang = (mail: ReceivedMail) => /<html lang="([^"]+)">/.exec(mail.decoded)?.[1];

  it("confirms a French guest's alert in French, with the French page's link, and mails what fires in French with /ca/fr links and prices as fr-CA writes them", async () => {
    const email = uniqueEmail('montreal');
    const guest = alertClient(api);
    const body = { id: SERUM, email, alertPrice: null, brandId: null, storeId: null, country: 'ca' };
    await guest.setGuest(body).set(UPSTREAM_HEADER.locale, 'fr-CA').expect(200);
    await api.accounts.outbox.idle();
    const [confirm] = mailsTo(email);
    expect(confirm!.subject).toBe('Confirmez vos alertes de prix Vitrine');
    expect(textOf(confirm!)).toContain(
      `Quelqu'un a créé une alerte de solde, de prix ou de retour en stock sur Vitrine pour cette adresse. Pour commencer à recevoir des alertes, ouvrez ce lien et appuyez sur le bouton${NBSP}:`,
    );
    expect(htmlLang(confirm!)).toBe('fr-CA');
    const link = linksIn(confirm!).find((l) => l.includes('/alerts/confirm/'))!;
    expect(link).toMatch(new RegExp(`^${SITE_URL}/ca/fr/alerts/confirm/[A-Za-z0-9_-]+$`));
    await guest.confirm(link.slice(link.lastIndexOf('/') + 1)).expect(200);
    expect(await db.query('SELECT language, country_code FROM alerts WHERE guest_id = (SELECT id FROM alert_guests WHERE email = $1)', [email])).toEqual([
      { language: 'fr', country_code: 'CA' },
    ]);

    await change('CA', { NL300: { sale_price: '30.00 CAD' } });
    const fired = mailsTo(email)[1]!;
    expect(fired.subject).toBe(`En solde${NBSP}: ${SERUM_NAME}`);
    const text = textOf(fired);
    expect(text).toContain(`Une alerte que vous avez créée sur Vitrine s'est déclenchée${NBSP}:`);
    expect(text).toContain(`Avant 42${NBSP}$, maintenant à 30${NBSP}$`);
    expect(text).toContain(`Nous vous envoyons au plus un courriel d'alerte toutes les 24 heures${NBSP}:`);
    expect(htmlLang(fired)).toBe('fr-CA');
    const links = linksIn(fired);
    expect(links.filter((l) => l.includes('hydrating-rose'))).toEqual([expect.stringMatching(new RegExp(`^${SITE_URL}/ca/fr/health-and-beauty/serums/hydrating-rose-facial-serum-30ml-[0-9a-f]+$`))]);
    const token = /\/alerts\/unsubscribe\/([^>]+)>$/.exec(headerOf(fired, 'List-Unsubscribe') ?? '')![1]!;
    expect(text).toContain(`Se désabonner${NBSP}: ${SITE_URL}/ca/fr/alerts/unsubscribe/${token}`);
    // The one-click header is POSTed, no page shown: the address it always had.
    expect(headerOf(fired, 'List-Unsubscribe')).toBe(`<${SITE_URL}/alerts/unsubscribe/${token}>`);
  });

  it("writes a shopper's digest in Tamil, the language of the newest alert it lists, each line priced and linked as its own alert was set", async () => {
    const ann = await newShopper(api);
    const tamil = (body: object) => ann.as.setUser({ alertPrice: null, brandId: null, storeId: null, country: 'sg', ...body }).set(UPSTREAM_HEADER.locale, 'ta-SG').expect(200);
    // In English on the GB site first, then two in Tamil on the Singapore site.
    await setUserAlert(ann, { id: SERUM, alertPrice: '40' });
    await tamil({ id: SERUM, alertPrice: '40' });
    await tamil({ id: JEANS, alertPrice: '50' });

    // The first goes at once, in Tamil: its alert was set in Tamil.
    await change('SG', { NL300: { sale_price: '39.00 SGD' } });
    expect(mailsTo(ann.email).map((m) => m.subject)).toEqual([`விலை குறைந்தது: ${SERUM_NAME}`]);

    // Within the window an English alert and a Tamil one fire; the digest after it lists both.
    clock.advanceHours(1);
    await change('GB', { NL300: { sale_price: '39.00 GBP' } });
    await change('SG', { 'NL400-IND-32': { sale_price: '49.00 SGD' } });
    expect(mailsTo(ann.email)).toHaveLength(1);
    clock.advanceHours(24);
    expect(await sweep()).toMatchObject({ mails: 1 });
    const digest = mailsTo(ann.email)[1]!;
    expect(digest.subject).toBe('உங்கள் Vitrine எச்சரிக்கைகளில் 2: விலைகள் குறைந்துள்ளன');
    const text = textOf(digest);
    expect(text).toContain('Vitrine-இல் நீங்கள் அமைத்த எச்சரிக்கைகள் செயல்பட்டுள்ளன:');
    expect(text).toContain('முன்பு £42, இப்போது £39');
    expect(text).toContain(`முன்பு $${NBSP}52.50, இப்போது $${NBSP}49`);
    expect(text).toContain(
      'ஒவ்வொரு 24 மணிநேரத்திற்கும் அதிகபட்சம் ஒரு எச்சரிக்கை மின்னஞ்சலை மட்டுமே அனுப்புவோம்: இடையில் செயல்படும் எச்சரிக்கைகள் காத்திருந்து அடுத்த மின்னஞ்சலில் ஒன்றாக வரும்.',
    );
    expect(htmlLang(digest)).toBe('ta-SG');
    const links = linksIn(digest);
    // The English alert's product on the GB site, the Tamil one's on the Singapore site in Tamil.
    expect(links.filter((l) => l.includes('hydrating-rose'))).toEqual([expect.stringMatching(new RegExp(`^${SITE_URL}/health-and-beauty/serums/hydrating-rose-facial-serum-30ml-[0-9a-f]+$`))]);
    expect(links.filter((l) => l.includes('tapered-stretch'))).toEqual([expect.stringMatching(new RegExp(`^${SITE_URL}/sg/ta/men-clothing/men-jeans/tapered-stretch-denim-jeans-indigo-w32-[0-9a-f]+$`))]);
    const token = /\/alerts\/unsubscribe\/([^>]+)>$/.exec(headerOf(digest, 'List-Unsubscribe') ?? '')![1]!;
    expect(token).toMatch(new RegExp(`^v1\\.0\\.u${ann.userId}\\.`));
    expect(text).toContain(`இந்த எல்லா எச்சரிக்கைகளிலிருந்தும் குழுவிலகு: ${SITE_URL}/sg/ta/alerts/unsubscribe/${token}`);
  });
});
