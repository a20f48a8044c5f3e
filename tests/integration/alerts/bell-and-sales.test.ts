import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsSchema, SalesPageSchema } from '../../../shared/api/alert-schemas';
import type { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import type { Database } from '../../../server/api/db/database';
import { registerUser } from '../accounts/accounts-api';
import {
  FEEDS,
  alertClient,
  editTsv,
  evaluatorFor,
  guidOf,
  importFixture,
  openAlertsDatabase,
  startAlertsApi,
  type AlertClient,
  type AlertsApi,
} from './alerts-support';

// The bell (spec section 2: the header's count; My Alerts lists the notifications and marks
// them read) and My Sales (products on sale now among what the shopper's alerts watch).

describe('notifications and My Sales', () => {
  let db: Database;
  let api: AlertsApi;
  let evaluator: AlertEvaluator;
  let brands: Record<string, number>;
  let productOf: (store: string, item: string) => Promise<number>;

  beforeAll(async () => {
    db = await openAlertsDatabase();
    api = await startAlertsApi(db);
    evaluator = evaluatorFor(api);
    await evaluator.run();
    brands = Object.fromEntries((await db.query<{ name: string; id: number }>('SELECT name, id FROM brands')).map((r) => [r.name, r.id]));
    productOf = async (store, item) =>
      (await db.query<{ id: number }>('SELECT v.product_id AS id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.guid = $1', [guidOf(store, item)]))[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await evaluator?.stop();
    await api?.close();
    await db?.close();
  });

  const set = (as: AlertClient, body: object) => as.setUser({ alertPrice: null, brandId: null, storeId: null, country: 'gb', ...body }).expect(200);

  it('lists notifications newest first, paged, and marks those up to an id read', async () => {
    const user = await registerUser(api);
    const as = alertClient(api, user.token);
    const other = alertClient(api, (await registerUser(api)).token);
    await set(as, { id: guidOf('northlane', 'NL300'), alertPrice: '40' });
    await set(other, { id: guidOf('northlane', 'NL300'), alertPrice: '40' });
    let feed = FEEDS.northlaneGB.text;
    // Each 5% or more below the last (ALERT_REARM_PERCENT): each fires.
    for (const price of ['39.00', '37.00', '35.00']) {
      feed = editTsv(feed, { NL300: { sale_price: `${price} GBP` } });
      await importFixture(db, 'northlaneGB', feed);
      await evaluator.run();
    }

    const all = NotificationsSchema.parse((await as.notifications().expect(200)).body.data);
    expect(all.notifications.map((n) => [n.oldPrice, n.newPrice, n.read])).toEqual([
      [37, 35, false],
      [39, 37, false],
      [42, 39, false],
    ]);
    expect([all.unread, all.totalCount, all.page, all.perPage]).toEqual([3, 3, 1, 24]);
    const second = NotificationsSchema.parse((await as.notifications('?page=2&perPage=2').expect(200)).body.data);
    expect(second.notifications.map((n) => n.id)).toEqual([all.notifications[2]!.id]);
    expect((await as.notifications('?perPage=500')).status).toBe(400);

    // Up to the middle one: the two older are read, the newest is not; the other shopper's are untouched.
    expect((await as.read(all.notifications[1]!.id).expect(200)).body.data).toEqual({ count: 1 });
    expect((await as.count().expect(200)).body.data).toEqual({ count: 1 });
    const after = NotificationsSchema.parse((await as.notifications().expect(200)).body.data);
    expect(after.notifications.map((n) => n.read)).toEqual([false, true, true]);
    expect((await other.count().expect(200)).body.data).toEqual({ count: 3 });
    expect((await as.read('abc')).status).toBe(400);
  });

  it('lists products on sale now among the alerted items, brands and stores, in the country asked for', async () => {
    const user = await registerUser(api);
    const as = alertClient(api, user.token);
    expect(SalesPageSchema.parse((await as.sales('gb').expect(200)).body.data)).toEqual({ products: [], totalCount: 0, page: 1, perPage: 24, currencySymbol: '£' });

    // An item on sale (the coat, GB and US), a brand (Ava Marlowe: NL100 on sale; NL200 not).
    await set(as, { id: guidOf('atlas-outfitters', 'AO-7731-NAV-M') });
    await set(as, { id: guidOf('northlane', 'NL200'), brandId: brands['Ava Marlowe'] });
    const gb = SalesPageSchema.parse((await as.sales('gb').expect(200)).body.data);
    expect(gb.products.map((p) => p.id).sort((a, b) => a - b)).toEqual([await productOf('atlas-outfitters', 'AO-7731-NAV-M'), await productOf('northlane', 'NL100-BLK-S')].sort((a, b) => a - b));
    expect(gb.totalCount).toBe(2);
    const us = SalesPageSchema.parse((await as.sales('us').expect(200)).body.data);
    expect([us.products.map((p) => p.id), us.currencySymbol]).toEqual([[await productOf('atlas-outfitters', 'AO-7731-NAV-M')], '$']);
    // Nobody else's alerts count.
    const stranger = alertClient(api, (await registerUser(api)).token);
    expect((await stranger.sales('gb').expect(200)).body.data.totalCount).toBe(0);
  });
});
