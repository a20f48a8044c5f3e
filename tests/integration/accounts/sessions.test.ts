import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuestKeyResponseSchema, MessageResponseSchema } from '../../../shared/api/account-schemas';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { isAdmin } from '../../../server/api/accounts/viewer';
import { login, registerUser, startAccountsApi, type AccountsApi } from './accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

let api: AccountsApi;

beforeAll(async () => {
  api = await startAccountsApi();
});
afterAll(async () => {
  await api.close();
});

const UNAUTHORIZED = { status: 401, message: 'UnAuthorized Access!' };

/** Every endpoint that needs a signed-in user, as the web calls it. */
const PROTECTED: [method: 'get' | 'put' | 'delete', path: string, body?: object][] = [
  ['delete', ACCOUNT_API.logout],
  ['put', ACCOUNT_API.changePassword, { old_password: 'a', password: 'bbbbbb', confirm_password: 'bbbbbb' }],
  ['get', ACCOUNT_API.userProfile],
  ['put', ACCOUNT_API.editProfile, { name: 'X' }],
  ['put', ACCOUNT_API.uploadProfileImage],
  ['get', ACCOUNT_API.notificationCount],
];

function call(method: 'get' | 'put' | 'delete', path: string, token?: string, body?: object) {
  const req = request(api.url)[method](path);
  if (token !== undefined) req.set('token', token);
  return body ? req.send(body) : req;
}

describe('sessions', () => {
  it("answers every protected endpoint without a token, or with an unknown one, 401 'UnAuthorized Access!'", async () => {
    expect(say(en, ACCOUNT_MESSAGES.unauthorized)).toBe(UNAUTHORIZED.message);
    for (const [method, path, body] of PROTECTED) {
      const none = await call(method, path, undefined, body);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body).toEqual(UNAUTHORIZED);
      const unknown = await call(method, path, 'A'.repeat(43), body);
      expect(unknown.body, `${method} ${path}`).toEqual(UNAUTHORIZED);
      const malformed = await call(method, path, 'not a token!', body);
      expect(malformed.body).toEqual(UNAUTHORIZED);
    }
  });

  it('ends the session on logout: the token stops working at once, other sessions go on', async () => {
    const user = await registerUser(api);
    const other = (await login(api, user.email, user.password).expect(200)).body.data.token as string;
    const res = await call('delete', ACCOUNT_API.logout, user.token).expect(200);
    expect(MessageResponseSchema.parse(res.body.data).message).toBe(say(en, ACCOUNT_NOTICES.loggedOut));
    expect((await call('get', ACCOUNT_API.userProfile, user.token)).body).toEqual(UNAUTHORIZED);
    expect((await call('delete', ACCOUNT_API.logout, user.token)).body).toEqual(UNAUTHORIZED);
    await call('get', ACCOUNT_API.userProfile, other).expect(200);
  });

  it('refuses a session past its 30 days', async () => {
    const user = await registerUser(api);
    await call('get', ACCOUNT_API.notificationCount, user.token).expect(200);
    await api.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.userId]);
    expect((await call('get', ACCOUNT_API.notificationCount, user.token)).body).toEqual(UNAUTHORIZED);
  });

  it('ends every other session when the password changes, and keeps the one that changed it', async () => {
    const user = await registerUser(api);
    const phone = (await login(api, user.email, user.password).expect(200)).body.data.token as string;
    const laptop = (await login(api, user.userName, user.password).expect(200)).body.data.token as string;
    const res = await call('put', ACCOUNT_API.changePassword, user.token, {
      old_password: user.password,
      password: 'new-velvet-7',
      confirm_password: 'new-velvet-7',
    }).expect(200);
    expect(res.body.data).toEqual({ message: say(en, ACCOUNT_NOTICES.passwordChanged) });
    await call('get', ACCOUNT_API.userProfile, user.token).expect(200);
    for (const token of [phone, laptop]) {
      expect((await call('get', ACCOUNT_API.userProfile, token)).body).toEqual(UNAUTHORIZED);
    }
    await login(api, user.email, user.password).expect(401);
    await login(api, user.email, 'new-velvet-7').expect(200);
  });

  it('refuses a password change with a wrong current password without signing the person out (400, not 401)', async () => {
    const user = await registerUser(api);
    const res = await call('put', ACCOUNT_API.changePassword, user.token, {
      old_password: 'wrong-one',
      password: 'new-velvet-7',
      confirm_password: 'new-velvet-7',
    }).expect(400);
    expect(res.body).toEqual({ status: 400, message: say(en, ACCOUNT_MESSAGES.oldPasswordWrong), fields: { old_password: say(en, ACCOUNT_MESSAGES.oldPasswordWrong) } });
    await call('get', ACCOUNT_API.userProfile, user.token).expect(200);
  });

  it('answers the change-password form with its messages', async () => {
    const user = await registerUser(api);
    const empty = await call('put', ACCOUNT_API.changePassword, user.token, {}).expect(400);
    expect(empty.body.fields).toEqual({
      old_password: say(en, ACCOUNT_MESSAGES.oldPasswordRequired),
      password: 'Password is required.',
      confirm_password: say(en, ACCOUNT_MESSAGES.confirmPasswordRequired),
    });
    const cases: [object, Record<string, string>][] = [
      [{ old_password: user.password, password: 'abc', confirm_password: 'abc' }, { password: 'The password must be of minimum length 4 characters.' }],
      [{ old_password: user.password, password: 'velvet-8', confirm_password: 'velvet-9' }, { confirm_password: 'Password mismatch' }],
      [{ old_password: user.password, password: 'iloveyou', confirm_password: 'iloveyou' }, { password: say(en, ACCOUNT_MESSAGES.passwordTooCommon) }],
      [{ old_password: user.password, password: user.password, confirm_password: user.password }, { password: say(en, ACCOUNT_MESSAGES.passwordUnchanged) }],
    ];
    for (const [body, fields] of cases) {
      const res = await call('put', ACCOUNT_API.changePassword, user.token, body).expect(400);
      expect(res.body.fields).toEqual(fields);
    }
  });
});

describe('viewer resolver', () => {
  it('tells other routes who is signed in: user id, user name, profile type; null for guests and bad tokens', async () => {
    const user = await registerUser(api);
    const viewer = await api.accounts.resolveViewer({ headers: { token: user.token } });
    expect(viewer).toEqual({ userId: user.userId, userName: user.userName, profileType: 3 });
    expect(isAdmin(viewer)).toBe(false);
    expect(await api.accounts.resolveViewer({ headers: {} })).toBeNull();
    expect(await api.accounts.resolveViewer({ headers: { token: 'B'.repeat(43) } })).toBeNull();
    expect(await api.accounts.resolveViewer({ headers: { token: [user.token, user.token] } })).toBeNull();
  });

  it('reports an admin (profile type 1 or 2) as such, and sign-in hands the profile type to the web', async () => {
    const user = await registerUser(api);
    await api.db.query('UPDATE users SET profile_type = 2 WHERE id = $1', [user.userId]);
    const session = (await login(api, user.email, user.password).expect(200)).body.data;
    expect(session.profileType).toBe(2);
    const viewer = await api.accounts.resolveViewer({ headers: { token: session.token } });
    expect(viewer?.profileType).toBe(2);
    expect(isAdmin(viewer)).toBe(true);
    expect((await request(api.url).get(ACCOUNT_API.userProfile).set('token', session.token)).body.data.userdetail.type).toBe(2);
  });
});

describe('guest keys', () => {
  it('issues a guest key for the g-to cookie, kept only as a hash, and resolves the key header to the guest', async () => {
    const first = await request(api.url).post(ACCOUNT_API.guestKey).expect(200);
    const second = await request(api.url).post(ACCOUNT_API.guestKey).expect(200);
    const { key } = GuestKeyResponseSchema.parse(first.body.data);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.body.data.key).not.toBe(key);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const stored = await api.db.query<{ key_hash: string }>('SELECT key_hash FROM guest_keys');
    expect(stored.map((r) => r.key_hash)).not.toContain(key);

    const guest = await api.accounts.resolveGuest({ headers: { key } });
    const other = await api.accounts.resolveGuest({ headers: { key: second.body.data.key } });
    expect(guest?.guestId).toEqual(expect.any(Number));
    expect(other?.guestId).not.toBe(guest?.guestId);
    expect(await api.accounts.resolveGuest({ headers: { key: 'C'.repeat(43) } })).toBeNull();
    expect(await api.accounts.resolveGuest({ headers: {} })).toBeNull();
    // A guest key is not a session.
    expect((await request(api.url).get(ACCOUNT_API.notificationCount).set('token', key)).body).toEqual(UNAUTHORIZED);
  });
});

describe('GET /api/account/notification-count', () => {
  it('counts unread notifications, zero until the alerts issue writes any', async () => {
    const user = await registerUser(api);
    const zero = await call('get', ACCOUNT_API.notificationCount, user.token).expect(200);
    expect(zero.body).toEqual({ data: { count: 0 } });
    await api.db.query(
      "INSERT INTO notifications (user_id, kind) VALUES ($1, 'price-drop'), ($1, 'price-drop'), ($1, 'sale')",
      [user.userId],
    );
    await api.db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND kind = 'sale'", [user.userId]);
    const two = await call('get', ACCOUNT_API.notificationCount, user.token).expect(200);
    expect(two.body.data.count).toBe(2);
  });
});
