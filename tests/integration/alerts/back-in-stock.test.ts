import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertSetSchema, AlertsPageSchema, NotificationsSchema, confirmAlertsPath } from '../../../shared/api/alert-schemas';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import type { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import type { Database } from '../../../server/api/db/database';
import type { ReceivedMail } from '../../support/smtp-server';
import { BOTH_ENGINES } from '../../support/test-database';
import { uniqueEmail } from '../accounts/accounts-api';
import {
  alertClient,
  type AlertClient,
  type AlertsApi,
  editTsv,
  FEEDS,
  guidOf,
  headerOf,
  importFixture,
  type MailingAlerts,
  newShopper,
  SITE_URL,
  startMailingAlerts,
  stopMailingAlerts,
  testClock,
  textOf,
} from './alerts-support';
import { inEnglish } from '../../support/i18n';

// Back-in-stock alerts (issue 27): set on a size sold out in the alert's country, they fire
// once when a feed brings that size back there, then are done; and no alert of any kind fires
// for a size variant withdrawn from its country. Availability changes by importing edited
// fixture feeds through the real importer (NL100-BLK-M, size M, is out of stock in GB).

type Shopper = { as: AlertClient; email: string; userId: number };

const DRESS_M = guidOf('northlane', 'NL100-BLK-M');
const DRESS_NAME = 'Ruched Satin Midi Dress';
const COAT_L = guidOf('atlas-outfitters', 'AO-7731-NAV-L');

/** The US XML feed with one item's availability replaced. */
function usAvailability(text: string, item: string, availability: string): string {
  return text.replace(new RegExp(`(<g:id>${item}</g:id>[\\s\\S]*?<g:availability>)[^<]*(</g:availability>)`), `$1${availability}$2`);
}

describe.each(BOTH_ENGINES)('back-in-stock alerts on %s', (_engine, open) => {
  let db: Database;
  let api: AlertsApi;
  let smtp: MailingAlerts['smtp'];
  let evaluator: AlertEvaluator;
  const clock = testClock();
  const current: Record<'northlaneGB' | 'atlasGB' | 'atlasUS', string> = { northlaneGB: FEEDS.northlaneGB.text, atlasGB: FEEDS.atlasGB.text, atlasUS: FEEDS.atlasUS.text };

  beforeAll(async () => {
    ({ smtp, db, api, evaluator } = await startMailingAlerts(open, clock));
  }, 120_000);

  afterAll(() => stopMailingAlerts({ evaluator, api, db, smtp }));

  const shopper = (): Promise<Shopper> => newShopper(api);

  const stockAlert = (over: object = {}) => ({ id: DRESS_M, kind: 'stock', alertPrice: null, brandId: null, storeId: null, country: 'gb', ...over });

  async function imported(name: keyof typeof current, text: string) {
    current[name] = text;
    await importFixture(db, name, text);
  }
  const northlane = (edits: Record<string, Record<string, string>>) => imported('northlaneGB', editTsv(current.northlaneGB, edits));

  /** Runs the evaluator and waits for the outbox to deliver what it queued. */
  async function evaluate() {
    const run = await evaluator.run();
    await api.accounts.outbox.idle();
    return run;
  }

  const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(email));
  const bellOf = async (who: Shopper) => NotificationsSchema.parse((await who.as.notifications().expect(200)).body.data);
  const myAlerts = async (who: Shopper, country = 'gb') => AlertsPageSchema.parse((await who.as.alerts(country).expect(200)).body.data).alerts;

  it('is set on a size sold out in its country only: this size, no price', async () => {
    const ana = await shopper();
    const set = await ana.as.setUser(stockAlert()).expect(200);
    expect(AlertSetSchema.parse(set.body.data)).toEqual({ alertId: expect.any(Number), added: true, status: 'active', message: inEnglish(ALERT_NOTICES.set) });
    expect((await ana.as.setUser(stockAlert()).expect(200)).body.data).toEqual({ alertId: set.body.data.alertId, added: false, status: 'active', message: inEnglish(ALERT_NOTICES.already) });

    // A size in stock (S), a scope wider than the size, a price: each a 400 naming the field.
    const refused = [
      [stockAlert({ id: guidOf('northlane', 'NL100-BLK-S') }), 'id', inEnglish(ALERT_MESSAGES.stockInStock)],
      [stockAlert({ brandId: (await db.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Ava Marlowe'"))[0]!.id }), 'brandId', inEnglish(ALERT_MESSAGES.stockItemOnly)],
      [stockAlert({ alertPrice: '40' }), 'alertPrice', inEnglish(ALERT_MESSAGES.stockItemOnly)],
    ] as const;
    for (const [body, field, message] of refused) {
      const res = await ana.as.setUser(body);
      expect({ status: res.status, body: res.body }, field).toEqual({ status: 400, body: { status: 400, message, fields: { [field]: message } } });
    }
    expect((await ana.as.setUser(stockAlert({ kind: 'restock' }))).status).toBe(400);

    // My Alerts lists it with its size, not fired; Delete removes it.
    expect((await myAlerts(ana)).map((a) => [a.alertId, a.kind, a.scope, a.alertPrice, a.size, a.lastFiredAt])).toEqual([[set.body.data.alertId, 'stock', 'item', null, 'M', null]]);
    await ana.as.remove(set.body.data.alertId).expect(200);
    expect(await myAlerts(ana)).toEqual([]);
  });

  it('fires once when a feed brings the size back in that country, by the bell and one e-mail; then it is done', async () => {
    const ben = await shopper();
    const alertId = (await ben.as.setUser(stockAlert()).expect(200)).body.data.alertId as number;
    // A price that moves while the size is still sold out is no news for it.
    await northlane({ 'NL100-BLK-M': { sale_price: '57.00 GBP' } });
    expect((await evaluate()).matches).toBe(0);

    await northlane({ 'NL100-BLK-M': { availability: 'in_stock' } });
    expect(await evaluate()).toEqual({ changes: 1, matches: 1, mails: 1 });
    const [mail] = mailsTo(ben.email);
    expect(mail!.subject).toBe(`Back in stock: ${DRESS_NAME}`);
    expect(textOf(mail!)).toContain('Back in stock in size M, now £57');
    expect(headerOf(mail!, 'List-Unsubscribe')).toMatch(new RegExp(`^<${SITE_URL}/alerts/unsubscribe/v1\\.${alertId}\\.u${ben.userId}\\.[A-Za-z0-9_-]{43}>$`));
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const bell = await bellOf(ben);
    expect(bell.notifications.map((n) => [n.kind, n.alertId, n.productName, n.country, n.oldPrice, n.newPrice, n.read])).toEqual([['stock', alertId, DRESS_NAME, 'GB', null, 57, false]]);
    expect(textOf(mail!)).toContain(`${SITE_URL}/${bell.notifications[0]!.path}`);
    const [shown] = await myAlerts(ben);
    expect([shown!.kind, shown!.lastFiredAt === null]).toEqual(['stock', false]);

    // Sold out again and back again, a day and more later: done, nothing more.
    await northlane({ 'NL100-BLK-M': { availability: 'out_of_stock' } });
    await evaluate();
    clock.advanceHours(48);
    await northlane({ 'NL100-BLK-M': { availability: 'preorder' } });
    expect((await evaluate()).matches).toBe(0);
    expect(mailsTo(ben.email)).toHaveLength(1);
    expect((await bellOf(ben)).totalCount).toBe(1);
    // Sold out for the next tests.
    await northlane({ 'NL100-BLK-M': { availability: 'out_of_stock' } });
    await evaluate();
  });

  it("watches its own country: the size coming back in the US fires nothing for the GB site's alert", async () => {
    const cat = await shopper();
    await imported('atlasGB', editTsv(current.atlasGB, { 'AO-7731-NAV-L': { availability: 'out_of_stock' } }));
    await imported('atlasUS', usAvailability(current.atlasUS, 'AO-7731-NAV-L', 'out_of_stock'));
    await evaluate();
    const gb = (await cat.as.setUser(stockAlert({ id: COAT_L })).expect(200)).body.data.alertId as number;

    await imported('atlasUS', usAvailability(current.atlasUS, 'AO-7731-NAV-L', 'in_stock'));
    expect((await evaluate()).matches).toBe(0);
    expect([mailsTo(cat.email).length, (await bellOf(cat)).totalCount]).toEqual([0, 0]);

    await imported('atlasGB', editTsv(current.atlasGB, { 'AO-7731-NAV-L': { availability: 'backorder' } }));
    expect((await evaluate()).matches).toBe(1);
    const [coat] = await db.query<{ title: string }>(
      'SELECT p.title FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id WHERE sv.guid = $1',
      [COAT_L],
    );
    expect(mailsTo(cat.email).map((m) => m.subject)).toEqual([`Back in stock: ${coat!.title}`]);
    expect((await bellOf(cat)).notifications.map((n) => [n.kind, n.alertId, n.country, n.newPrice])).toEqual([['stock', gb, 'GB', 199]]);
  });

  it("fires a guest's alert once the address is confirmed, and its e-mail's one-click link stops it", async () => {
    const email = uniqueEmail('stock');
    const guest = alertClient(api);
    const set = await guest.setGuest({ ...stockAlert(), email }).expect(200);
    expect(set.body.data).toEqual({ alertId: expect.any(Number), added: true, status: 'pending', message: inEnglish(ALERT_NOTICES.confirmSent) });
    await api.accounts.outbox.idle();
    const token = new RegExp(`${SITE_URL}${confirmAlertsPath('')}([A-Za-z0-9_-]+)`).exec(textOf(mailsTo(email)[0]!))![1]!;
    await guest.confirm(token).expect(200);

    await northlane({ 'NL100-BLK-M': { availability: 'in_stock' } });
    await evaluate();
    const fired = mailsTo(email);
    expect(fired.map((m) => m.subject)).toEqual(['Confirm your Vitrine price alerts', `Back in stock: ${DRESS_NAME}`]);
    const unsubscribe = /\/alerts\/unsubscribe\/([^>]+)>$/.exec(headerOf(fired[1]!, 'List-Unsubscribe') ?? '')![1]!;
    expect(textOf(fired[1]!)).toContain(`${SITE_URL}/alerts/unsubscribe/${unsubscribe}`);
    // RFC 8058 one-click, as the web's page passes it on.
    expect((await request(api.url).post(ALERT_API.unsubscribe).send({ token: unsubscribe }).expect(200)).body.data).toEqual({ message: inEnglish(ALERT_NOTICES.unsubscribed) });
    expect(await db.query('SELECT id FROM alerts WHERE id = $1', [set.body.data.alertId])).toEqual([]);
    await northlane({ 'NL100-BLK-M': { availability: 'out_of_stock' } });
    await evaluate();
  });

  it('fires no alert of any kind for a size variant withdrawn from the alert’s country, and fires again once it is back', async () => {
    const dee = await shopper();
    const jeans = guidOf('northlane', 'NL400-IND-32');
    const price = (await dee.as.setUser(stockAlert({ id: jeans, kind: 'price', alertPrice: '50' })).expect(200)).body.data.alertId as number;
    const stock = (await dee.as.setUser(stockAlert()).expect(200)).body.data.alertId as number;
    const withdraw = (guid: string, at: string | null) =>
      db.query(`UPDATE size_variant_prices SET withdrawn_at = $2 WHERE country_code = 'GB' AND size_variant_id = (SELECT id FROM size_variants WHERE guid = $1)`, [guid, at]);

    // Both satisfied by a feed, then withdrawn (a later full feed left them out) before the
    // evaluator ran: nothing fires.
    await northlane({ 'NL400-IND-32': { sale_price: '45.00 GBP' }, 'NL100-BLK-M': { availability: 'in_stock' } });
    await withdraw(jeans, new Date().toISOString());
    await withdraw(DRESS_M, new Date().toISOString());
    expect(await evaluate()).toEqual({ changes: 2, matches: 0, mails: 0 });
    expect([mailsTo(dee.email).length, (await bellOf(dee)).totalCount]).toEqual([0, 0]);

    // Carried again (a feed that carries them clears withdrawn_at): the next changes fire both.
    await withdraw(jeans, null);
    await withdraw(DRESS_M, null);
    await northlane({ 'NL400-IND-32': { sale_price: '40.00 GBP' }, 'NL100-BLK-M': { availability: 'out_of_stock' } });
    await evaluate();
    await northlane({ 'NL100-BLK-M': { availability: 'in_stock' } });
    await evaluate();
    expect((await bellOf(dee)).notifications.map((n) => [n.kind, n.alertId])).toEqual([
      ['stock', stock],
      ['price', price],
    ]);
  });
});
