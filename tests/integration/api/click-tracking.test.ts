import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_WINDOW_MINUTES } from '../../../shared/api/product-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// Click tracking (POST /api/products/add-csd) counts at most one click per visitor, size
// variant and CLICK_WINDOW_MINUTES: the visitor is the signed-in user, else the guest key's
// guest, else the client address. `source` is kept only when it is a path of our own pages.

let db: Database;
let accounts: Accounts;
let api: Awaited<ReturnType<typeof startApi>>;
let guids: string[];

beforeAll(async () => {
  db = await openDemoDatabase();
  accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
  api = await startApi(db, { accounts });
  guids = (await db.query<{ guid: string }>('SELECT guid::text AS guid FROM size_variants ORDER BY id LIMIT 20')).map((row) => row.guid);
});
afterAll(async () => {
  await accounts?.settle();
  await api?.close();
  await db?.close();
});

let next = 0;
/** A size variant nobody in this file has clicked yet. */
const freshGuid = () => guids[next++]!;

const click = (body: object, headers: Record<string, string> = {}) => request(api.url).post(PRODUCT_API.click).set(headers).send(body);
const from = (address: string) => ({ 'X-Forwarded-For': address });

async function clicksOn(guid: string) {
  return db.query<{ source: string; country_code: string }>(
    'SELECT c.source, c.country_code FROM product_clicks c JOIN size_variants sv ON sv.id = c.size_variant_id WHERE sv.guid = $1::uuid ORDER BY c.id',
    [guid],
  );
}

describe('POST /api/products/add-csd', () => {
  it('counts 100 anonymous clicks from one address as one, and says which was counted', async () => {
    const guid = freshGuid();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await click({ id: guid, country: 'GB', source: '/dresses' }, from('203.0.113.7')).expect(200)).body.data.recorded);
    expect(answers).toEqual([true, ...Array.from({ length: 99 }, () => false)]);
    expect(await clicksOn(guid)).toEqual([{ source: '/dresses', country_code: 'GB' }]);
  });

  it('counts each visitor and each size variant on its own', async () => {
    const [a, b] = [freshGuid(), freshGuid()];
    await click({ id: a }, from('203.0.113.8')).expect(200);
    await click({ id: a }, from('203.0.113.9')).expect(200);
    await click({ id: b }, from('203.0.113.8')).expect(200);
    expect([(await clicksOn(a)).length, (await clicksOn(b)).length]).toEqual([2, 1]);
  });

  it('knows a signed-in shopper and a guest by their identity, wherever they click from, and a made-up token by its address', async () => {
    const guid = freshGuid();
    const shopper = await registerUser(api);
    const guestKey = (await request(api.url).post(ACCOUNT_API.guestKey).expect(200)).body.data.key as string;
    const asShopper = { [UPSTREAM_HEADER.token]: shopper.token };
    const asGuest = { [UPSTREAM_HEADER.guestKey]: guestKey };
    const madeUp = { [UPSTREAM_HEADER.token]: 'made-up-token-0123456789abcdef' };
    const recorded = [];
    for (const headers of [
      { ...asShopper, ...from('198.51.100.1') },
      { ...asShopper, ...from('198.51.100.2') },
      { ...asGuest, ...from('198.51.100.3') },
      { ...asGuest, ...from('198.51.100.4') },
      { ...madeUp, ...from('198.51.100.5') },
      { ...madeUp, ...from('198.51.100.6') },
      from('198.51.100.5'),
    ]) {
      recorded.push((await click({ id: guid }, headers).expect(200)).body.data.recorded);
    }
    expect(recorded).toEqual([true, false, true, false, true, true, false]);
    expect((await clicksOn(guid)).length).toBe(4);
  });

  it(`counts the same visitor again once ${CLICK_WINDOW_MINUTES} minutes have passed, and keeps only the last few minutes of visitors`, async () => {
    const guid = freshGuid();
    await click({ id: guid }, from('203.0.113.20')).expect(200);
    await click({ id: guid }, from('203.0.113.20')).expect(200);
    // The window's clock is the database's: move the counted click back in time.
    await db.query(
      `UPDATE product_click_gate SET last_click_at = now() - make_interval(mins => $1)
        WHERE size_variant_id = (SELECT id FROM size_variants WHERE guid = $2::uuid)`,
      [CLICK_WINDOW_MINUTES, guid],
    );
    expect((await click({ id: guid }, from('203.0.113.20')).expect(200)).body.data).toEqual({ recorded: true });
    expect((await clicksOn(guid)).length).toBe(2);
    const [gate] = await db.query<{ old: number }>(
      'SELECT count(*)::int AS old FROM product_click_gate WHERE last_click_at <= now() - make_interval(mins => $1)',
      [CLICK_WINDOW_MINUTES],
    );
    expect(gate!.old).toBe(0);
  });

  it("keeps a source that is a path of our pages and records anything else as ''", async () => {
    const sources = ['/dresses?colour=black&sort=asc', '/in/brand/maison-harlow', '', 'https://evil.example/page', '//evil.example/x', 'dresses', '/a b', `/${'x'.repeat(300)}`];
    const kept = [];
    for (const [i, source] of sources.entries()) {
      const guid = freshGuid();
      await click({ id: guid, source }, from(`203.0.113.${40 + i}`)).expect(200);
      kept.push((await clicksOn(guid))[0]!.source);
    }
    expect(kept).toEqual(['/dresses?colour=black&sort=asc', '/in/brand/maison-harlow', '', '', '', '', '', '']);
  });

  it('refuses a source or id that is not text, or text with control characters, with 400', async () => {
    const guid = guids[0]!;
    const cases: [object, string][] = [
      [{ id: guid, source: 'a\u0000b' }, 'source: source must not contain control characters'],
      [{ id: guid, source: 7 }, 'source: source must be text'],
      [{ id: guid, source: ['/dresses'] }, 'source: source must be text'],
      [{ id: 'abc' }, 'id: guid must be a size variant id (a UUID)'],
      [{ id: `${guid}\u0000` }, 'id: guid must not contain control characters'],
    ];
    for (const [body, message] of cases) {
      const res = await click(body).expect(400);
      expect(res.body).toEqual({ status: 400, message });
    }
    await click({ id: '00000000-0000-4000-8000-000000000000' }).expect(404);
  });
});
