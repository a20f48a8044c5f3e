import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { readPayload, visibleMarkup } from '../../support/page';
import { startSearchApi } from '../../support/search-api';
import { startWeb } from '../../support/web-server';

// Issue 5: "Admins (profile type 1 or 2) see the debug and time-taken line on listing
// pages; nobody else receives that data" — through the real web, api and index.

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

const page = (token?: string) => {
  const call = request(web.url).get('/search?q=dreses').set('User-Agent', 'Mozilla/5.0 Chrome/130');
  return (token ? call.set('Cookie', `token=${token}`) : call).expect(200);
};

describe('the listing debug line', () => {
  it('shows admins the engine and the time taken, and keeps the page private', async () => {
    const admin = await registerUser(accounts);
    await db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
    const res = await page(admin.token);
    expect(visibleMarkup(res.text).replace(/<!-- -->/g, '')).toMatch(/<p class="listing-debug">engine memory, index \d+; time taken [\d.]+ ms<\/p>/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sends shoppers and guests neither the line nor the data behind it', async () => {
    const shopper = await registerUser(accounts);
    for (const res of [await page(shopper.token), await page()]) {
      expect(res.text).not.toContain('listing-debug');
      const { script } = readPayload(res.text);
      expect(script).not.toContain('timeTaken');
      expect(script).not.toContain('indexVersion');
    }
  });
});
