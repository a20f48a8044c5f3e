import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_DEBUG_FORBIDDEN } from '../../../shared/api/search-schemas';
import { COOKIE } from '../../../shared/constants';
import type { Database } from '../../../server/api/db/database';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { readPayload, visibleMarkup } from '../../support/page';
import { startSearchApi } from '../../support/search-api';
import { startWeb } from '../../support/web-server';
import * as SEARCH_API from '../../../shared/api/search-paths';

// Spec section 2: "Users with a token and profile type 1 or 2 see a debug and time-taken
// line." Through the real web, api and index: the line is the admins' own call
// (GET /api/search/debug); the listing itself is the same bytes for everyone.

let db: Database;
let api: Awaited<ReturnType<typeof startSearchApi>>;
let accounts: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  db = await openDemoDatabase();
  api = await startSearchApi(db);
  accounts = await startAccountsApi({ db });
  web = await startWeb(api.url);
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  // Stops the accounts timers and closes the shared database.
  await accounts?.close();
});

/** The listing page as a browser with these cookies asks for it. */
const page = (cookies: Record<string, string> = {}) => {
  const call = request(web.url).get('/search?q=dreses').set('User-Agent', 'Mozilla/5.0 Chrome/130');
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return (cookie ? call.set('Cookie', cookie) : call).expect(200);
};

const DEBUG_LINE = /<p class="listing-debug">engine memory, index \d+; time taken [\d.]+ ms<\/p>/;

describe('the listing debug line', () => {
  it('shows admins the engine and the time taken, and keeps the page private', async () => {
    const admin = await registerUser(accounts);
    await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
    const res = await page({ [COOKIE.token]: admin.token, [COOKIE.profileType]: '1' });
    expect(visibleMarkup(res.text).replace(/<!-- -->/g, '')).toMatch(DEBUG_LINE);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sends shoppers and guests neither the line nor the data behind it, even with a forged profile-type cookie', async () => {
    const shopper = await registerUser(accounts);
    const pages = [
      await page({ [COOKIE.token]: shopper.token, [COOKIE.profileType]: '0' }),
      // The cookie only decides whether the page asks; the api decides who is an admin (403).
      await page({ [COOKIE.token]: shopper.token, [COOKIE.profileType]: '1' }),
      await page(),
    ];
    for (const res of pages) {
      expect(res.text).not.toContain('listing-debug');
      const { script } = readPayload(res.text);
      expect(script).not.toContain('timeTaken');
      expect(script).not.toContain('indexVersion');
    }
    await request(api.url).get(`${SEARCH_API.debug}?q=dreses`).set('token', shopper.token).expect(403, { status: 403, message: SEARCH_DEBUG_FORBIDDEN });
  });

  it('leaves GET /api/search the same bytes with and without an admin token, directly and through the gateway', async () => {
    const admin = await registerUser(accounts);
    await db.query('UPDATE users SET profile_type = 2 WHERE id = $1', [admin.userId]);
    const path = `${SEARCH_API.list}?q=dreses&perPage=5`;
    const guest = await request(api.url).get(path).expect(200);
    const asAdmin = await request(api.url).get(path).set('token', admin.token).expect(200);
    expect(asAdmin.text).toBe(guest.text);
    expect(asAdmin.headers['cache-control']).toBe(guest.headers['cache-control']);
    const viaGateway = await request(web.url)
      .get(path)
      .set('Cookie', `${COOKIE.token}=${admin.token}; ${COOKIE.profileType}=2`)
      .expect(200);
    expect(viaGateway.text).toBe(guest.text);
  });
});
