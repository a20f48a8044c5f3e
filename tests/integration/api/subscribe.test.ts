import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { startApi } from '../../support/api-server';
import { openTestDatabase } from '../../support/test-database';

let db: Database;
let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  db = await openTestDatabase();
  api = await startApi(db);
});
afterAll(async () => {
  await api.close();
  await db.close();
});

describe('POST /api/account/subscribe', () => {
  it('stores a subscription once and thanks the shopper', async () => {
    const res = await request(api.url).post('/api/account/subscribe').send({ email: 'ava@example.com', source: 'footer', country: 'in' }).expect(200);
    expect(res.body).toEqual({ data: { message: 'Thank you! You are on our mailing list.' } });
    await request(api.url).post('/api/account/subscribe').send({ email: 'AVA@example.com' }).expect(200);
    const rows = await db.query<{ email: string; source: string; country_code: string }>('SELECT email, source, country_code FROM subscriptions');
    expect(rows).toEqual([{ email: 'ava@example.com', source: 'footer', country_code: 'IN' }]);
  });

  it('answers a bad address with the message of the form it came from', async () => {
    const dialog = await request(api.url).post('/api/account/subscribe').send({ email: 'not-an-email' }).expect(400);
    expect(dialog.body).toEqual({ status: 400, message: 'Please enter valid email address.' });
    const footer = await request(api.url).post('/api/account/subscribe').send({ email: 'a b@example.com', source: 'footer' }).expect(400);
    expect(footer.body.message).toBe('Email is invalid');
  });

  it('refuses missing, overlong and oddly-shaped input with 400, never 500', async () => {
    const cases: [unknown, string][] = [
      [{}, 'email: email is required'],
      [{ email: `${'a'.repeat(130)}@example.com` }, 'email: email must be at most 128 characters'],
      [{ email: 'ava@example.com', source: 'popup' }, 'source: Invalid option: expected one of "dialog"|"footer"'],
      [{ email: 'ava@example.com', country: 'fr' }, 'country: country must be one of GB, US, IN, AE, CA, AU, HK, SG'],
      [{ email: ['ava@example.com'] }, 'email: email must be text'],
    ];
    for (const [body, message] of cases) {
      const res = await request(api.url).post('/api/account/subscribe').send(body as object).expect(400);
      expect(res.body).toEqual({ status: 400, message });
    }
  });
});
