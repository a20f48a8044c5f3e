import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PROFILE_MESSAGES, PublicProfileResponseSchema } from '../../../shared/api/account-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { Accounts } from '../../../server/api/accounts/accounts';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { registerUser, testAccountSettings } from '../accounts/accounts-api';
import { startApi } from '../../support/api-server';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { startSocialProviders } from '../../support/social-providers';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { pathPrefix } from '../../support/api-paths';

// The edge rule (shared/validation/safe-input.ts) on the requests that reached PostgreSQL and
// were answered 500 before it: a NUL in text, and ids beyond PostgreSQL's integer. Each is now
// a 400 naming the field, and nothing was written. Then public profiles, which are addressed
// by user name or an opaque public id and no longer by sequential row id.

let db: Database;
let accounts: Accounts;
let providers: Awaited<ReturnType<typeof startSocialProviders>>;
let api: Awaited<ReturnType<typeof startApi>>;
let shopper: Awaited<ReturnType<typeof registerUser>>;
let guid: string;

beforeAll(async () => {
  providers = await startSocialProviders();
  providers.facebookToken('fb-edge', { id: 'fb-edge-user', name: 'Edge', email: 'edge-fb@example.com' });
  providers.googleToken('gg-edge', { sub: 'gg-edge-user', name: 'Edge', email: 'edge-gg@example.com' });
  db = await openDemoDatabase();
  accounts = new Accounts({ db, logger: createLogger('api', 'silent'), settings: testAccountSettings({ social: providers.settings() }) });
  api = await startApi(db, { accounts });
  shopper = await registerUser(api);
  [{ guid }] = (await db.query<{ guid: string }>('SELECT guid::text AS guid FROM size_variants ORDER BY id LIMIT 1')) as [{ guid: string }];
});
afterAll(async () => {
  await accounts?.settle();
  await api?.close();
  await providers?.close();
  await db?.close();
});

const NUL = 'a\u0000b';
const users = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;

describe('text with a NUL, and ids beyond 2147483647, are the caller’s mistake: 400 naming the field', () => {
  it('answers each request that used to be a 500 with its message, and stores nothing', async () => {
    const register = { email: 'edge@example.com', password: 'velvet-sky-42', confirm_password: 'velvet-sky-42' };
    const before = await users();
    const cases: [request.Test, number, string][] = [
      [request(api.url).post(ACCOUNT_API.login).send({ email: NUL, password: 'x' }), 400, 'Email/Username must not contain control characters'],
      [request(api.url).post(ACCOUNT_API.login).send({ email: `${NUL}@example.com`, password: 'x' }), 400, 'Email/Username must not contain control characters'],
      [
        request(api.url).put(ACCOUNT_API.editProfile).set(UPSTREAM_HEADER.token, shopper.token).send({ name: NUL }),
        400,
        'Name must not contain control characters',
      ],
      [request(api.url).post(ACCOUNT_API.register).send({ ...register, platform: NUL }), 400, 'platform must not contain control characters'],
      [request(api.url).post(ACCOUNT_API.register).send({ ...register, location: NUL }), 400, 'location must not contain control characters'],
      [request(api.url).post(ACCOUNT_API.facebook).send({ access_token: 'fb-edge', platform: NUL }), 400, 'platform must not contain control characters'],
      [request(api.url).post(ACCOUNT_API.google).send({ access_token: 'gg-edge', location: NUL }), 400, 'location must not contain control characters'],
      [request(api.url).post(PRODUCT_API.click).send({ id: guid, source: NUL }), 400, 'source: source must not contain control characters'],
      [request(api.url).get(`${pathPrefix(ACCOUNT_API.publicProfileByName)}a%00b`), 400, 'userName: userName must not contain control characters'],
      [request(api.url).get(ACCOUNT_API.publicProfile(2147483648)), 400, `id: ${PUBLIC_PROFILE_MESSAGES.badId}`],
      [request(api.url).get(SITE_CONTENT_API.menu(2147483648)), 400, 'id: id must be a whole number from 1 to 2147483647'],
      [request(api.url).get(SITE_CONTENT_API.menu('-1')), 400, 'id: id must be a whole number from 1 to 2147483647'],
      [request(api.url).get(SITE_CONTENT_API.menu('1.5')), 400, 'id: id must be a whole number from 1 to 2147483647'],
      [request(api.url).get(`${SEARCH_API.list}?q=a%00b`), 400, 'q must not contain control characters'],
      [request(api.url).get(`${SEARCH_API.list}?link=/dresses%00`), 400, 'link must not contain control characters'],
      [request(api.url).get(`${SEARCH_API.filters('brand')}?find=a%00`), 400, 'find must not contain control characters'],
      [request(api.url).get(`${pathPrefix(DIRECTORY_API.storeSearch)}a%00b`), 400, 'term must not contain control characters'],
      [request(api.url).get(`${pathPrefix(SEARCH_API.autoSuggest)}a%00b`), 400, 'text (the search text) must not contain control characters'],
      [request(api.url).get(`${DIRECTORY_API.brands}?country=g%00b`), 400, 'country: country must not contain control characters'],
    ];
    const answers = [];
    for (const [call] of cases) {
      const res = await call;
      answers.push([res.status, res.body.message]);
    }
    expect(answers).toEqual(cases.map(([, status, message]) => [status, message]));
    expect(await users()).toBe(before);
    expect((await db.query('SELECT 1 FROM product_clicks'))).toEqual([]);
    expect((await request(api.url).get(ACCOUNT_API.userProfile).set(UPSTREAM_HEADER.token, shopper.token)).body.data.userdetail.name).toBe(shopper.name);
  });

  it('refuses a lone surrogate in text, which PostgreSQL would have stored as U+FFFD', async () => {
    const res = await request(api.url)
      .post(ACCOUNT_API.register)
      .send({ email: 'surrogate@example.com', password: 'velvet-sky-42', confirm_password: 'velvet-sky-42', platform: 'Web \ud800' })
      .expect(400);
    expect(res.body.message).toBe('platform must not contain broken characters (a lone UTF-16 surrogate)');
    expect(res.body.fields).toEqual({ platform: 'platform must not contain broken characters (a lone UTF-16 surrogate)' });
  });
});

describe('public profiles', () => {
  it('are addressed by user name or an opaque public id, and show no row id', async () => {
    const byName = PublicProfileResponseSchema.parse(
      (await request(api.url).get(ACCOUNT_API.publicProfileByName(shopper.userName.toUpperCase())).expect(200)).body.data,
    );
    expect(Object.keys(byName.userdetail).sort()).toEqual(['name', 'profileImage', 'publicId', 'userName']);
    expect(byName.userdetail.publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const byId = await request(api.url).get(ACCOUNT_API.publicProfile(byName.userdetail.publicId)).expect(200);
    expect(byId.body.data).toEqual(byName);
  });

  it('cannot be walked by sequential id: a number is not a public id', async () => {
    const other = await registerUser(api);
    for (const id of [String(shopper.userId), String(other.userId), '1']) {
      const res = await request(api.url).get(ACCOUNT_API.publicProfile(id)).expect(400);
      expect(res.body).toEqual({ status: 400, message: `id: ${PUBLIC_PROFILE_MESSAGES.badId}` });
    }
    const unknown = await request(api.url).get(ACCOUNT_API.publicProfile('00000000-0000-4000-8000-000000000000')).expect(404);
    expect(unknown.body).toEqual({ status: 404, message: PUBLIC_PROFILE_MESSAGES.missing });
  });

  it('give each account its own public id', async () => {
    const rows = await db.query<{ n: number; distinct_ids: number }>('SELECT count(*)::int AS n, count(DISTINCT public_id)::int AS distinct_ids FROM users');
    expect(rows[0]!.distinct_ids).toBe(rows[0]!.n);
  });
});
