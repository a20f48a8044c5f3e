import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVEAWAY, GIVEAWAY_MESSAGES } from '../../../shared/giveaway';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { openTestDatabase } from '../../support/test-database';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { GIVEAWAY_API } from '../../../shared/api/giveaway-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// The giveaway on the api (spec sections 1, 2 "giveaway", 6): one entry per shopper, stored;
// a second entry refused and changing nothing; none after the closing time, which the api
// reads from its clock (set here, not by editing the content); the entries listed for admins
// only; 401 for guests.

type Api = Awaited<ReturnType<typeof startApi>>;

const CLOSES = Date.parse(GIVEAWAY.closesAt);
/** The api's "now", moved by the tests. */
let now = new Date(CLOSES - 24 * 60 * 60 * 1000);

describe('the giveaway', () => {
  let db: Database;
  let accounts: Accounts;
  let api: Api;

  const as = (token?: string) => {
    const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
    return {
      status: () => auth(request(api.url).get(GIVEAWAY_API.status)),
      entry: () => auth(request(api.url).get(GIVEAWAY_API.entry)),
      enter: () => auth(request(api.url).post(GIVEAWAY_API.entry).send({})),
      entries: () => auth(request(api.url).get(GIVEAWAY_API.entries)),
    };
  };
  const stored = async () => db.query<{ user_id: number; entered_at: Date }>('SELECT user_id, entered_at FROM giveaway_entries ORDER BY user_id');

  beforeAll(async () => {
    db = await openTestDatabase();
    accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings() });
    api = await startApi(db, { accounts, clock: () => now });
  });
  afterAll(async () => {
    await accounts?.settle();
    await api?.close();
    await db?.close();
  });

  it('answers a guest 401 on entering, the entry and the entries, and stores nothing', async () => {
    const guest = as();
    const answers = await Promise.all([guest.enter(), guest.entry(), guest.entries()]);
    expect(answers.map((res) => [res.status, res.body])).toEqual(answers.map(() => [401, { status: 401, message: say(en, ACCOUNT_MESSAGES.unauthorized) }]));
    expect(await stored()).toEqual([]);
  });

  it('says to everyone that it is open until its closing time', async () => {
    const res = await as().status().expect(200);
    expect(res.body).toEqual({ data: { giveaway: GIVEAWAY.key, closesAt: GIVEAWAY.closesAt, open: true } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('takes one entry per shopper: a second is refused with 409 and changes nothing', async () => {
    const shopper = await registerUser(api);
    expect((await as(shopper.token).entry().expect(200)).body).toEqual({ data: { giveaway: GIVEAWAY.key, entered: false, enteredAt: null } });
    const first = await as(shopper.token).enter().expect(200);
    expect(first.body).toEqual({ data: { giveaway: GIVEAWAY.key, entered: true, enteredAt: now.toISOString() } });
    expect(first.headers['cache-control']).toBe('private, no-store');

    const enteredAt = now.toISOString();
    now = new Date(now.getTime() + 60_000);
    const again = await as(shopper.token).enter();
    expect([again.status, again.body]).toEqual([409, { status: 409, message: GIVEAWAY_MESSAGES.alreadyEntered }]);
    expect((await as(shopper.token).entry().expect(200)).body.data).toEqual({ giveaway: GIVEAWAY.key, entered: true, enteredAt });
    expect((await stored()).map((r) => [r.user_id, new Date(r.entered_at).toISOString()])).toEqual([[shopper.userId, enteredAt]]);
  });

  it('lists the entries for an admin (profile type 1 or 2), oldest first, and refuses a shopper with 403', async () => {
    const admin = await registerUser(api);
    await db.query('UPDATE users SET profile_type = 2 WHERE id = $1', [admin.userId]);
    const shopper = await registerUser(api);
    now = new Date(now.getTime() + 60_000);
    await as(shopper.token).enter().expect(200);

    const refused = await as(shopper.token).entries();
    expect([refused.status, refused.body]).toEqual([403, { status: 403, message: GIVEAWAY_MESSAGES.adminsOnly }]);
    const list = await as(admin.token).entries().expect(200);
    const rows = await db.query<{ user_name: string; name: string; email: string; entered_at: Date }>(
      'SELECT u.user_name, u.name, u.email, e.entered_at FROM giveaway_entries e JOIN users u ON u.id = e.user_id ORDER BY e.entered_at',
    );
    expect(rows).toHaveLength(2);
    expect(list.body).toEqual({
      data: {
        giveaway: GIVEAWAY.key,
        total: 2,
        entries: rows.map((r) => ({ userName: r.user_name, name: r.name, email: r.email, enteredAt: new Date(r.entered_at).toISOString() })),
      },
    });
    expect(list.body.data.entries.at(-1).userName).toBe(shopper.userName);
  });

  it('after its closing time says it is closed and takes no entries (403), storing nothing', async () => {
    const late = await registerUser(api);
    const before = await stored();
    now = new Date(CLOSES);
    expect((await as().status().expect(200)).body.data.open).toBe(true);
    now = new Date(CLOSES + 1000);
    expect((await as().status().expect(200)).body.data).toEqual({ giveaway: GIVEAWAY.key, closesAt: GIVEAWAY.closesAt, open: false });
    const refused = await as(late.token).enter();
    expect([refused.status, refused.body]).toEqual([403, { status: 403, message: GIVEAWAY_MESSAGES.closed }]);
    expect(await stored()).toEqual(before);
  });
});
