import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertSetSchema, AlertsPageSchema } from '../../../shared/api/alert-schemas';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { ALERTS_MAX_PER_OWNER, ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import type { Database } from '../../../server/api/db/database';
import { registerUser } from '../accounts/accounts-api';
import { alertClient, guidOf, openAlertsDatabase, startAlertsApi, type AlertClient, type AlertsApi } from './alerts-support';
import request from 'supertest';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { say } from '../../../shared/validation/message';
import { inEnglish, testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Setting alerts (spec sections 3, 4, 5, 7): every rule of section 5 on the server, the
// scope, the same alert twice, 401 and 404 for the shopper's routes, My Alerts and delete.

// NL100-BLK-S: Northlane, brand Ava Marlowe, £59.00 on sale from £89.00 in GB, not sold in the US.
const DRESS = guidOf('northlane', 'NL100-BLK-S');
// AO-7731-NAV-M: Atlas Outfitters, £199 (from £249) in GB and $255 (from $319) in the US.
const COAT = guidOf('atlas-outfitters', 'AO-7731-NAV-M');

describe('setting alerts', () => {
  let db: Database;
  let api: AlertsApi;
  let as: AlertClient;
  let asBen: AlertClient;
  let guest: AlertClient;
  let brands: Record<string, number>;
  let stores: Record<string, number>;

  beforeAll(async () => {
    db = await openAlertsDatabase();
    api = await startAlertsApi(db);
    as = alertClient(api, (await registerUser(api)).token);
    asBen = alertClient(api, (await registerUser(api)).token);
    guest = alertClient(api);
    brands = Object.fromEntries((await db.query<{ name: string; id: number }>('SELECT name, id FROM brands')).map((r) => [r.name, r.id]));
    stores = Object.fromEntries((await db.query<{ slug: string; id: number }>('SELECT slug, id FROM stores')).map((r) => [r.slug, r.id]));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  const body = (over: object = {}) => ({ id: DRESS, alertPrice: null, brandId: null, storeId: null, country: 'gb', ...over });

  describe('the alert price (spec section 5)', () => {
    it.each([
      ['59', inEnglish(ALERT_MESSAGES.priceTooHigh(59))],
      ['59.4', inEnglish(ALERT_MESSAGES.priceTooHigh(59))],
      ['100', inEnglish(ALERT_MESSAGES.priceTooHigh(59))],
      ['5.9e1', inEnglish(ALERT_MESSAGES.priceTooHigh(59))],
      ['abc', inEnglish(ALERT_MESSAGES.priceInvalid)],
      ['4 0', inEnglish(ALERT_MESSAGES.priceInvalid)],
      [' 40', inEnglish(ALERT_MESSAGES.priceInvalid)],
      ['-5', inEnglish(ALERT_MESSAGES.priceInvalid)],
      ['0', inEnglish(ALERT_MESSAGES.priceInvalid)],
      [-5, inEnglish(ALERT_MESSAGES.priceInvalid)],
      [60, inEnglish(ALERT_MESSAGES.priceTooHigh(59))],
    ])('refuses %j with %j, naming the field', async (alertPrice, message) => {
      const res = await as.setUser(body({ alertPrice }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 400, message, fields: { alertPrice: message } });
    });

    it('asks for a price when the dialog says price and sends none', async () => {
      const res = await as.setUser(body({ kind: 'price' }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(inEnglish(ALERT_MESSAGES.priceRequired));
    });

    it('compares against the sale price in the alert’s country: $255 in the US, £199 in GB', async () => {
      expect((await as.setUser({ ...body({ id: COAT, alertPrice: '210' }), country: 'us' })).status).toBe(200);
      const gb = await as.setUser(body({ id: COAT, alertPrice: '210' }));
      expect(gb.status).toBe(400);
      expect(gb.body.message).toBe(inEnglish(ALERT_MESSAGES.priceTooHigh(199)));
    });

    it('takes decimals and exponents below the rounded sale price', async () => {
      const res = await as.setUser(body({ alertPrice: '4.5e1' }));
      expect(res.status).toBe(200);
      expect(AlertSetSchema.parse(res.body.data)).toEqual({ alertId: expect.any(Number), added: true, status: 'active', message: inEnglish(ALERT_NOTICES.set) });
      const [row] = await db.query<{ alert_price: number; kind: string }>('SELECT alert_price, kind FROM alerts WHERE id = $1', [res.body.data.alertId]);
      expect(row).toEqual({ alert_price: 45, kind: 'price' });
    });
  });

  describe('the item and the scope', () => {
    it('answers an unknown size variant 404', async () => {
      const res = await as.setUser(body({ id: '00000000-0000-5000-8000-000000000000' }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(inEnglish(ALERT_MESSAGES.itemNotFound));
    });

    it('answers 404 for an item not sold in the alert’s country', async () => {
      const res = await as.setUser(body({ country: 'us' }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(inEnglish(ALERT_MESSAGES.itemNotFound));
    });

    it('refuses a malformed guid and an unknown country with 400', async () => {
      expect((await as.setUser(body({ id: 'not-a-guid' }))).status).toBe(400);
      expect((await as.setUser(body({ country: 'xx' }))).status).toBe(400);
    });

    it('takes the item’s own brand or store and refuses another’s', async () => {
      const brand = await as.setUser(body({ brandId: brands['Ava Marlowe'] }));
      expect(brand.status).toBe(200);
      const store = await as.setUser(body({ storeId: stores['northlane'] }));
      expect(store.status).toBe(200);
      for (const wrong of [body({ brandId: brands['Atlas Outfitters'] }), body({ storeId: stores['atlas-outfitters'] }), body({ brandId: brands['Ava Marlowe'], storeId: stores['northlane'] })]) {
        const res = await as.setUser(wrong);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(inEnglish(ALERT_MESSAGES.scopeInvalid));
      }
      const rows = await db.query<{ scope: string; brand_id: number | null; store_id: number | null }>(
        'SELECT scope, brand_id, store_id FROM alerts WHERE id = ANY($1::int[]) ORDER BY id',
        [[brand.body.data.alertId, store.body.data.alertId]],
      );
      expect(rows).toEqual([
        { scope: 'brand', brand_id: brands['Ava Marlowe'], store_id: null },
        { scope: 'store', brand_id: null, store_id: stores['northlane'] },
      ]);
    });
  });

  it('takes a sale alert with only the item and the country (price and scope absent)', async () => {
    const res = await as.setUser({ id: guidOf('northlane', 'NL200'), country: 'GB' });
    expect(res.status).toBe(200);
    const [row] = await db.query('SELECT kind, scope, alert_price, brand_id, store_id, country_code FROM alerts WHERE id = $1', [res.body.data.alertId]);
    expect(row).toEqual({ kind: 'sale', scope: 'item', alert_price: null, brand_id: null, store_id: null, country_code: 'GB' });
  });

  describe('the same alert twice', () => {
    it('changes nothing the second time (added false), and a different price is another alert', async () => {
      const first = await as.setUser(body({ alertPrice: '30' }));
      const again = await as.setUser(body({ alertPrice: 30 }));
      expect(again.body.data).toEqual({ alertId: first.body.data.alertId, added: false, status: 'active', message: inEnglish(ALERT_NOTICES.already) });
      const other = await as.setUser(body({ alertPrice: '31' }));
      expect(other.body.data.added).toBe(true);
      const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts WHERE guid = $1 AND alert_price IN (30, 31)`, [DRESS]);
      expect(count!.n).toBe(2);
    });

    it('holds at most the bound of alerts per owner', async () => {
      const user = await registerUser(api);
      await db.query(
        `INSERT INTO alerts (user_id, kind, scope, guid, product_id, product_name, image, country_code, alert_price)
         SELECT $1, 'price', 'item', $2::uuid, 1, 'x', '', 'GB', n FROM generate_series(1, $3) n`,
        [user.userId, DRESS, ALERTS_MAX_PER_OWNER],
      );
      const res = await alertClient(api, user.token).setUser(body());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(inEnglish(ALERT_MESSAGES.tooMany));
    });
  });

  describe('sessions and owners', () => {
    it("answers every shopper's alert route 401 'UnAuthorized Access!' without a session", async () => {
      const answers = await Promise.all([guest.setUser(body()), guest.alerts('gb'), guest.remove(1), guest.notifications(), guest.read(1), guest.sales('gb')]);
      for (const res of answers) expect({ status: res.status, message: res.body.message }).toEqual({ status: 401, message: say(en, ACCOUNT_MESSAGES.unauthorized) });
    });

    it('lists the shopper’s alerts of that site newest first, priced today, with the card; another shopper cannot delete them', async () => {
      const user = await registerUser(api);
      const mine = alertClient(api, user.token);
      const sale = (await mine.setUser(body())).body.data.alertId as number;
      const price = (await mine.setUser({ ...body({ id: COAT, alertPrice: '200' }), country: 'us' })).body.data.alertId as number;
      const brand = (await mine.setUser(body({ id: COAT, brandId: brands['Atlas Outfitters'] }))).body.data.alertId as number;

      const gb = AlertsPageSchema.parse((await mine.alerts('gb').expect(200)).body.data);
      expect(gb.totalCount).toBe(2);
      expect(gb.alerts.map((a) => [a.alertId, a.kind, a.scope, a.salePrice, a.currencySymbol, a.brand?.name ?? null, a.product?.id ?? null])).toEqual([
        [brand, 'sale', 'brand', 199, '£', 'Atlas Outfitters', gb.alerts[0]!.product!.id],
        [sale, 'sale', 'item', 59, '£', null, gb.alerts[1]!.product!.id],
      ]);
      expect(gb.alerts[1]!.productName).toBe('Ruched Satin Midi Dress');
      const us = AlertsPageSchema.parse((await mine.alerts('us').expect(200)).body.data);
      expect(us.alerts.map((a) => [a.alertId, a.alertPrice, a.salePrice, a.currencySymbol, a.country])).toEqual([[price, 200, 255, '$', 'US']]);

      const theirs = await asBen.remove(sale);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(inEnglish(ALERT_MESSAGES.alertNotFound));
      expect((await mine.remove(sale).expect(200)).body.data).toEqual({ deleted: true });
      expect((await mine.remove(sale)).status).toBe(404);
      expect((await mine.alerts('gb')).body.data.totalCount).toBe(1);
    });

    it('keeps an alert whose product left the catalogue, with the name and image kept, card and price null', async () => {
      const user = await registerUser(api);
      const mine = alertClient(api, user.token);
      const { alertId } = (await mine.setUser(body({ id: guidOf('northlane', 'NL300') }))).body.data;
      await db.query(`DELETE FROM size_variant_prices WHERE size_variant_id = (SELECT id FROM size_variants WHERE guid = $1)`, [guidOf('northlane', 'NL300')]);
      const page = AlertsPageSchema.parse((await mine.alerts('gb').expect(200)).body.data);
      expect(page.alerts.map((a) => [a.alertId, a.productName, a.salePrice, a.product])).toEqual([[alertId, page.alerts[0]!.productName, null, null]]);
      expect(page.alerts[0]!.productName.length).toBeGreaterThan(0);
    });
  });

  describe('guests', () => {
    it('refuses a bad address with the spec’s message', async () => {
      for (const email of ['not-an-address', 'a b@example.com', '']) {
        const res = await guest.setGuest({ ...body(), email });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 400, message: inEnglish(ALERT_MESSAGES.email), fields: { email: inEnglish(ALERT_MESSAGES.email) } });
      }
    });
  });

  it("words its answers in the caller's language (x-locale, issue 29), English without one", async () => {
    const token = (await registerUser(api)).token;
    const inLocale = (locale: string) => (over: object) =>
      request(api.url).post(ALERT_API.setUser).set(UPSTREAM_HEADER.token, token).set(UPSTREAM_HEADER.locale, locale).send(body(over));
    const high = await inLocale('fr-CA')({ alertPrice: '60' });
    expect(high.body).toEqual({ status: 400, message: 'Le prix doit être inférieur à 59', fields: { alertPrice: 'Le prix doit être inférieur à 59' } });
    expect((await inLocale('zh-HK')({ alertPrice: 'abc' })).body.message).toBe('價格無效。');
    expect((await inLocale('ta-SG')({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' })).body).toEqual({ status: 404, message: 'இந்தப் பொருள் இல்லை.' });
    expect((await inLocale('zh-SG')({ alertPrice: '40' })).body.data.message).toBe('提醒已设置，我们会通知你。');
    expect((await inLocale('fr-CA')({ alertPrice: '40' })).body.data.message).toBe('Vous avez déjà cette alerte.');
    expect((await alertClient(api, token).setUser(body({ alertPrice: '41' }))).body.data.message).toBe('Alert set. We will let you know.');
  });
});
