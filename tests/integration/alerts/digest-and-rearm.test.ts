import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsSchema } from '../../../shared/api/alert-schemas';
import { ALERT_API } from '../../../shared/api/alert-paths';
import type { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import type { Database } from '../../../server/api/db/database';
import type { ReceivedMail } from '../../support/smtp-server';
import { BOTH_ENGINES } from '../../support/test-database';
import {
  type AlertClient,
  type AlertsApi,
  editTsv,
  evaluatorFor,
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

// No alert e-mail storm (issue 27): at most one alert e-mail per shopper or guest address per
// ALERT_DIGEST_HOURS (24 here, the default), the first at once after a quiet period, the rest
// held and sent together when the window ends, while the bell hears each at once; and re-arm:
// an alert that fired fires again only at a price ALERT_REARM_PERCENT (5 here) below the
// price it fired at. Time is the evaluator's test clock, moved by hand: no sleeps.

type Shopper = { as: AlertClient; email: string; userId: number };

const SERUM = guidOf('northlane', 'NL300'); // £42, not on sale
const JEANS = guidOf('northlane', 'NL400-IND-32'); // £52.50 from £75
const DRESS = guidOf('northlane', 'NL100-BLK-S'); // £59 from £89
const RED_DRESS = guidOf('northlane', 'NL100-RED-S'); // £89, not on sale

const RULES = [
  'We send you at most one alert e-mail every 24 hours: alerts that fire in between wait and come together in the next one.',
  'A sale or price alert that has fired tells you again only when the price falls at least 5% below the price it told you about. A back-in-stock alert tells you once.',
];

describe.each(BOTH_ENGINES)('alert e-mails, digests and re-arm on %s', (_engine, open) => {
  let db: Database;
  let api: AlertsApi;
  let smtp: MailingAlerts['smtp'];
  let evaluator: AlertEvaluator;
  const clock = testClock();
  let northlaneFeed = FEEDS.northlaneGB.text;

  beforeAll(async () => {
    ({ smtp, db, api, evaluator } = await startMailingAlerts(open, clock));
  }, 120_000);

  afterAll(() => stopMailingAlerts({ evaluator, api, db, smtp }));

  const shopper = (): Promise<Shopper> => newShopper(api);
  /** Imports the northlane GB feed with these items' columns changed, and runs the evaluator (and the outbox). */
  async function change(edits: Record<string, Record<string, string>>, run: AlertEvaluator = evaluator) {
    northlaneFeed = editTsv(northlaneFeed, edits);
    await importFixture(db, 'northlaneGB', northlaneFeed);
    return sweep(run);
  }
  async function sweep(run: AlertEvaluator = evaluator) {
    const done = await run.run();
    await api.accounts.outbox.idle();
    return done;
  }
  const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(email));
  const bellOf = async (who: Shopper) => NotificationsSchema.parse((await who.as.notifications().expect(200)).body.data);

  it('sends the first alert e-mail at once, holds what fires within the window for one digest, and the bell hears each at once', async () => {
    const ann = await shopper();
    const bob = await shopper();
    await setUserAlert(ann, { id: SERUM, alertPrice: '40' });
    await setUserAlert(ann, { id: JEANS, alertPrice: '50' });
    await setUserAlert(bob, { id: JEANS, alertPrice: '50' });

    // Ann's first: at once, with the rules in its footer.
    await change({ NL300: { sale_price: '39.00 GBP' } });
    expect(mailsTo(ann.email).map((m) => m.subject)).toEqual(['Price drop: Hydrating Rose Facial Serum 30ml']);
    for (const rule of RULES) expect(textOf(mailsTo(ann.email)[0]!)).toContain(rule);

    // Within the day: Ann's wait (the bell has them), Bob's first goes at once.
    clock.advanceHours(1);
    expect(await change({ 'NL400-IND-32': { sale_price: '49.00 GBP' } })).toEqual({ changes: 1, matches: 2, mails: 1 });
    clock.advanceHours(1);
    await change({ NL300: { sale_price: '37.00 GBP' } });
    expect(mailsTo(ann.email)).toHaveLength(1);
    expect(mailsTo(bob.email).map((m) => m.subject)).toEqual(['Price drop: Tapered Stretch Denim Jeans']);
    expect((await bellOf(ann)).notifications.map((n) => [n.oldPrice, n.newPrice])).toEqual([
      [39, 37],
      [52.5, 49],
      [42, 39],
    ]);

    // The sweep before the window ends sends nothing; the first after it, one digest of both.
    clock.advanceHours(21.5);
    expect(await sweep()).toEqual({ changes: 0, matches: 0, mails: 0 });
    clock.advanceHours(0.5);
    expect(await sweep()).toEqual({ changes: 0, matches: 0, mails: 1 });
    const digest = mailsTo(ann.email)[1]!;
    expect(digest.subject).toBe('2 of your Vitrine alerts: prices have dropped');
    expect(textOf(digest)).toContain('Was £52.50, now £49');
    expect(textOf(digest)).toContain('Was £39, now £37');
    for (const rule of RULES) expect(textOf(digest)).toContain(rule);
    expect(headerOf(digest, 'List-Unsubscribe')).toMatch(new RegExp(`^<${SITE_URL}/alerts/unsubscribe/v1\\.0\\.u${ann.userId}\\.[A-Za-z0-9_-]{43}>$`));
    // Sent once: later sweeps find nothing waiting.
    expect(await sweep()).toEqual({ changes: 0, matches: 0, mails: 0 });
    expect(mailsTo(ann.email)).toHaveLength(2);
    // The digest opened a new window: the next fired alert waits for it.
    await change({ NL300: { sale_price: '35.00 GBP' } });
    expect(mailsTo(ann.email)).toHaveLength(2);
    clock.advanceHours(24);
    await sweep();
    expect(mailsTo(ann.email).map((m) => m.subject)).toHaveLength(3);
    expect(mailsTo(ann.email)[2]!.subject).toBe('Price drop: Hydrating Rose Facial Serum 30ml');
  });

  it('sends a waiting digest exactly once from whichever evaluator sweeps first (another instance, or one started again), and drops a stopped alert from it', async () => {
    const cy = await shopper();
    const dress = await setUserAlert(cy, { id: DRESS, alertPrice: '55' });
    await setUserAlert(cy, { id: RED_DRESS });
    await change({ 'NL100-BLK-S': { sale_price: '54.00 GBP' } });
    expect(mailsTo(cy.email)).toHaveLength(1);
    await change({ 'NL100-BLK-S': { sale_price: '50.00 GBP' }, 'NL100-RED-S': { sale_price: '80.00 GBP' } });
    expect(mailsTo(cy.email)).toHaveLength(1);
    const [waiting] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_mail_items WHERE user_id = $1', [cy.userId]);
    expect(waiting!.n).toBe(2);

    // Its first e-mail's link stops the dress alert: its waiting line goes with it.
    const token = /\/alerts\/unsubscribe\/([^>]+)>$/.exec(headerOf(mailsTo(cy.email)[0]!, 'List-Unsubscribe') ?? '')![1]!;
    await request(api.url).post(ALERT_API.unsubscribe).send({ token }).expect(200);
    expect(await db.query('SELECT id FROM alerts WHERE id = $1', [dress])).toEqual([]);

    // A second evaluator over the same database (another instance, or the api started again).
    const other = evaluatorFor(api, { now: clock.now });
    clock.advanceHours(24);
    expect((await Promise.all([sweep(other), sweep()])).map((r) => r.mails).sort()).toEqual([0, 1]);
    expect(await sweep(other)).toEqual({ changes: 0, matches: 0, mails: 0 });
    const mails = mailsTo(cy.email);
    expect(mails.map((m) => m.subject)).toEqual(['Price drop: Ruched Satin Midi Dress', 'On sale: Ruched Satin Midi Dress']);
    expect(textOf(mails[1]!)).toContain('Was £89, now £80');
    expect(textOf(mails[1]!)).not.toContain('now £50');
    await other.stop();
  });

  it('fires a sale or price alert again only after a further fall of 5% below the price it fired at, per size variant', async () => {
    const dot = await shopper();
    const brandId = (await db.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Ava Marlowe'"))[0]!.id;
    const price = await setUserAlert(dot, { id: JEANS, alertPrice: '48' });
    const sale = await setUserAlert(dot, { id: RED_DRESS, brandId });
    const fired = async () => (await bellOf(dot)).notifications.map((n) => [n.alertId, n.oldPrice, n.newPrice]).reverse();

    // The price alert: fires at 47 (from 49); 46 and 45 are less than 5% below 47 (44.65); 44.65 is.
    await change({ 'NL400-IND-32': { sale_price: '47.00 GBP' } });
    await change({ 'NL400-IND-32': { sale_price: '46.00 GBP' } });
    await change({ 'NL400-IND-32': { sale_price: '45.00 GBP' } });
    // Up and down again to the price it fired at: not a further fall.
    await change({ 'NL400-IND-32': { sale_price: '48.00 GBP' } });
    await change({ 'NL400-IND-32': { sale_price: '47.00 GBP' } });
    await change({ 'NL400-IND-32': { sale_price: '44.65 GBP' } });
    expect(await fired()).toEqual([
      [price, 49, 47],
      [price, 47, 44.65],
    ]);

    // The brand's sale alert, per size variant: the red dress's discount grows at 79 (another
    // shopper's alert fired on it at 80: that is theirs), 77 is not 5% below 79, 75 is.
    await change({ 'NL100-RED-S': { sale_price: '79.00 GBP' } });
    await change({ 'NL100-RED-S': { sale_price: '77.00 GBP' } });
    await change({ 'NL100-RED-S': { sale_price: '75.00 GBP' } });
    // Another size variant of the brand goes on sale for the first time for this alert: it fires.
    await change({ NL200: { sale_price: '119.00 GBP' } });
    expect((await fired()).slice(2)).toEqual([
      [sale, 80, 79],
      [sale, 77, 75],
      [sale, 120, 119],
    ]);
  });
});
