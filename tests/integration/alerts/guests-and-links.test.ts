import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertSetSchema, confirmAlertsPath } from '../../../shared/api/alert-schemas';
import { ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import type { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import type { Database } from '../../../server/api/db/database';
import { startSmtpServer, type ReceivedMail } from '../../support/smtp-server';
import { registerUser, uniqueEmail } from '../accounts/accounts-api';
import {
  FEEDS,
  SITE_URL,
  alertClient,
  editTsv,
  evaluatorFor,
  guidOf,
  headerOf,
  importFixture,
  openAlertsDatabase,
  startAlertsApi,
  testClock,
  textOf,
  type AlertClient,
  type AlertsApi,
} from './alerts-support';
import { inEnglish } from '../../support/i18n';

// A guest's alerts (spec section 3 "Sale alert (anonymous)"): one confirm e-mail and nothing
// else until its link is used; the e-mails' signed unsubscribe links, one alert or all, and
// a tampered token refused; set-alerts limited per address.

describe('guest alerts and the e-mailed links', () => {
  let db: Database;
  let api: AlertsApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let evaluator: AlertEvaluator;
  let guest: AlertClient;
  let northlane = FEEDS.northlaneGB.text;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await openAlertsDatabase();
    api = await startAlertsApi(db, { settings: { mail: { smtpUrl: smtp.url, from: 'Vitrine <alerts@vitrine.test>' } } });
    evaluator = evaluatorFor(api, { now: clock.now });
    await evaluator.run();
    guest = alertClient(api);
  }, 120_000);

  afterAll(async () => {
    await evaluator?.stop();
    await api?.close();
    await db?.close();
    await smtp?.close();
  });

  const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(email));
  const body = (email: string, over: object = {}) => ({ id: guidOf('northlane', 'NL300'), email, alertPrice: null, brandId: null, storeId: null, country: 'gb', ...over });

  /** Imports the northlane GB feed with these changes, runs the evaluator, waits for the outbox. */
  async function change(edits: Record<string, Record<string, string>>) {
    northlane = editTsv(northlane, edits);
    await importFixture(db, 'northlaneGB', northlane);
    await evaluator.run();
    await api.accounts.outbox.idle();
  }

  /** The confirm link's token from the confirm e-mail. */
  const confirmToken = (mail: ReceivedMail) => new RegExp(`${SITE_URL}${confirmAlertsPath('')}([A-Za-z0-9_-]+)`).exec(textOf(mail))![1]!;
  const unsubscribeToken = (mail: ReceivedMail) => /\/alerts\/unsubscribe\/([^>\s]+)>?$/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')![1]!;

  it('sends one confirm e-mail, nothing else before it is used, and fires once confirmed', async () => {
    const email = uniqueEmail('guest');
    const first = await guest.setGuest(body(email)).expect(200);
    expect(AlertSetSchema.parse(first.body.data)).toEqual({ alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmSent) });
    const second = await guest.setGuest(body(email, { id: guidOf('northlane', 'NL400-IND-32'), alertPrice: '40' })).expect(200);
    expect(second.body.data).toEqual({ alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmPending) });
    const again = await guest.setGuest(body(` ${email.toUpperCase()} `)).expect(200);
    expect(again.body.data).toEqual({ alertId: first.body.data.alertId, added: false, status: 'pending', message: inEnglish(ALERT_NOTICES.already) });
    await api.accounts.outbox.idle();
    const mails = mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your Vitrine price alerts']);

    // Both alerts are satisfied: nothing is sent to an unconfirmed address.
    await change({ NL300: { sale_price: '30.00 GBP' }, 'NL400-IND-32': { sale_price: '39.00 GBP' } });
    expect(mailsTo(email)).toHaveLength(1);

    const token = confirmToken(mails[0]!);
    const wrong = await guest.confirm(`${token.slice(0, -2)}xx`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(inEnglish(ALERT_MESSAGES.linkInvalid));
    expect((await guest.confirm(token).expect(200)).body.data).toEqual({ message: inEnglish(ALERT_NOTICES.confirmed) });
    // Single use.
    expect((await guest.confirm(token)).status).toBe(400);

    // Entries logged before the confirmation stay unsent; the next change fires.
    await change({ NL300: { sale_price: '25.00 GBP' } });
    expect(mailsTo(email).map((m) => m.subject)).toEqual(['Confirm your Vitrine price alerts', expect.stringMatching(/^On sale: /)]);
    expect(textOf(mailsTo(email)[1]!)).toContain('Was £30, now £25');
  });

  it("keeps a confirmed address's new alerts pending until it confirms them, with one e-mail for those set close together", async () => {
    const email = uniqueEmail('confirmed');
    await guest.setGuest(body(email, { id: guidOf('northlane', 'NL200') })).expect(200);
    await api.accounts.outbox.idle();
    await guest.confirm(confirmToken(mailsTo(email)[0]!)).expect(200);

    // Anyone can type the address: three alerts, one after the other.
    const typed = [
      body(email, { id: guidOf('northlane', 'NL100-BLK-M') }),
      body(email, { id: guidOf('northlane', 'NL100-BLK-M'), alertPrice: '50' }),
      body(email, { id: guidOf('northlane', 'NL200'), alertPrice: '100' }),
    ];
    const answers = [];
    for (const alert of typed) answers.push((await guest.setGuest(alert).expect(200)).body.data);
    expect(answers).toEqual([
      { alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmSent) },
      { alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmPending) },
      { alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmPending) },
    ]);
    expect((await guest.setGuest(typed[0]!).expect(200)).body.data).toEqual({ alertId: answers[0].alertId, added: false, status: 'pending', message: inEnglish(ALERT_NOTICES.already) });
    await api.accounts.outbox.idle();
    expect(mailsTo(email).map((m) => m.subject)).toEqual(['Confirm your Vitrine price alerts', 'Confirm your new Vitrine price alerts']);

    // Every one is satisfied; only the alert the address confirmed fires.
    await change({ NL200: { sale_price: '99.00 GBP' }, 'NL100-BLK-M': { sale_price: '45.00 GBP', availability: 'in_stock' } });
    expect(mailsTo(email).map((m) => m.subject).slice(2)).toEqual(['On sale: Relaxed Selvedge Denim Jeans']);

    // The one link starts the three. The address had its alert e-mail of the day: the four
    // that fire wait for the next, a day after it (ALERT_DIGEST_HOURS).
    await guest.confirm(confirmToken(mailsTo(email)[1]!)).expect(200);
    await change({ NL200: { sale_price: '90.00 GBP' }, 'NL100-BLK-M': { sale_price: '40.00 GBP' } });
    expect(mailsTo(email)).toHaveLength(3);
    clock.advanceHours(24);
    await evaluator.run();
    await api.accounts.outbox.idle();
    expect(mailsTo(email).map((m) => m.subject).slice(3)).toEqual(['4 of your Vitrine alerts: prices have dropped']);

    // The owner, signed in, sets theirs active at once, and no e-mail asks them to confirm it.
    const owner = await registerUser(api, email);
    const own = await alertClient(api, owner.token).setUser(body(email, { id: guidOf('northlane', 'NL200'), alertPrice: '80', email: undefined })).expect(200);
    expect(own.body.data).toEqual({ alertId: expect.any(Number), added: true, status: 'active', message: inEnglish(ALERT_NOTICES.set) });
    await api.accounts.outbox.idle();
    expect(mailsTo(email)).toHaveLength(4);
  });

  it('stops one alert with its link, all of the address with the link that names them all, and refuses a tampered token', async () => {
    const email = uniqueEmail('guest');
    const dress = (await guest.setGuest(body(email, { id: guidOf('northlane', 'NL100-BLK-S') })).expect(200)).body.data.alertId as number;
    const skirt = (await guest.setGuest(body(email, { id: guidOf('northlane', 'NL100-RED-S') })).expect(200)).body.data.alertId as number;
    await api.accounts.outbox.idle();
    await guest.confirm(confirmToken(mailsTo(email)[0]!)).expect(200);

    await change({ 'NL100-BLK-S': { sale_price: '55.00 GBP' } });
    const fired = mailsTo(email)[1]!;
    const token = unsubscribeToken(fired);
    expect(token).toMatch(new RegExp(`^v1\\.${dress}\\.g\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(textOf(fired)).toContain(`${SITE_URL}/alerts/unsubscribe/${token}`);

    // Tampered: another alert's id, another owner, a changed signature, the same signature
    // spelt with the last character's unused bits set (it decodes to the same bytes), nonsense.
    const [, , owner, signature] = token.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${signature!.slice(0, -1)}${alphabet[alphabet.indexOf(signature!.at(-1)!) + 1]}`;
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(signature!, 'base64url'));
    const changed = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const tampered = [`v1.${skirt}.${owner}.${signature}`, `v1.${dress}.u1.${signature}`, `v1.${dress}.${owner}.${changed}`, `v1.${dress}.${owner}.${respelt}`, 'nonsense', ''];
    for (const bad of tampered) {
      const res = await guest.unsubscribe(bad);
      expect({ status: res.status, message: res.body.message }, bad).toEqual({ status: 400, message: inEnglish(ALERT_MESSAGES.linkInvalid) });
    }
    const stillThere = await db.query<{ id: number }>('SELECT id FROM alerts WHERE id = ANY($1::int[]) ORDER BY id', [[dress, skirt]]);
    expect(stillThere.map((r) => r.id)).toEqual([dress, skirt]);

    expect((await guest.unsubscribe(token).expect(200)).body.data).toEqual({ message: inEnglish(ALERT_NOTICES.unsubscribed) });
    // A mail client may POST twice: the second is done too.
    expect((await guest.unsubscribe(token).expect(200)).body.data).toEqual({ message: inEnglish(ALERT_NOTICES.unsubscribed) });
    expect((await db.query<{ id: number }>('SELECT id FROM alerts WHERE id = ANY($1::int[])', [[dress, skirt]])).map((r) => r.id)).toEqual([skirt]);

    // The stopped alert fires no more. Its link stops nothing more, even asked for all (a
    // token does one thing); the link that names every alert of the address stops the rest.
    await change({ 'NL100-BLK-S': { sale_price: '50.00 GBP' } });
    expect(mailsTo(email)).toHaveLength(2);
    expect((await guest.unsubscribe(token, true).expect(400)).body.message).toBe(inEnglish(ALERT_MESSAGES.linkStopsOne));
    const every = await new AlertLinks(db).sign({ alertId: 0, owner: { kind: 'guest', id: Number(owner!.slice(1)) } });
    expect((await guest.unsubscribe(every, true).expect(200)).body.data).toEqual({ message: inEnglish(ALERT_NOTICES.unsubscribedAll) });
    expect(await db.query('SELECT id FROM alerts WHERE id = $1', [skirt])).toEqual([]);
  });

  it('limits set-alerts per address with 429 and Retry-After', async () => {
    const limited = await startAlertsApi(db, { alertSettings: { setAlertsLimit: { perIp: 100, perAccount: 2, windowMs: 60_000 } } });
    try {
      const email = uniqueEmail('limited');
      const as = alertClient(limited);
      expect((await as.setGuest(body(email))).status).toBe(200);
      expect((await as.setGuest(body(email))).status).toBe(200);
      const third = await as.setGuest(body(email));
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not limited by this one's count.
      expect((await as.setGuest(body(uniqueEmail('other')))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
