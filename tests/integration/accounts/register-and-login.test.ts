import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterResponseSchema, SessionSchema, UserProfileResponseSchema } from '../../../shared/api/account-schemas';
import { EMAIL_MESSAGES } from '../../../shared/validation/email';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { login, registerUser, startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';
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

const register = (body: Record<string, unknown>) => request(api.url).post(ACCOUNT_API.register).send(body);

describe('POST /api/account/register', () => {
  it('creates the account and signs it in with the same credentials: a token, profile type 3, a user name', async () => {
    const email = uniqueEmail('jane.doe.');
    const res = await register({ email, password: 'velvet-sky-42', confirm_password: 'velvet-sky-42', platform: 'Vitrine Web', location: 'London, UK' });
    expect(res.status).toBe(200);
    const data = RegisterResponseSchema.parse(res.body.data);
    expect(data.message).toBe(say(en, ACCOUNT_NOTICES.registered));
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.profileType).toBe(3);
    // The handle is made from the first word of the address, not the whole of it.
    expect(data.name).toBe('Jane');
    expect(data.userName).toMatch(/^jane\d{4}$/);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const profile = await request(api.url).get(ACCOUNT_API.userProfile).set('token', data.token).expect(200);
    expect(UserProfileResponseSchema.parse(profile.body.data).userdetail).toMatchObject({
      userName: data.userName,
      name: 'Jane',
      email,
      profileImage: null,
      type: 3,
      hasPassword: true,
      socialProviders: [],
    });
  });

  it('keeps only hashes: neither the password nor the session token is stored as sent', async () => {
    const user = await registerUser(api);
    const [row] = await api.db.query<{ password_hash: string; signup_platform: string; signup_location: string }>(
      'SELECT password_hash, signup_platform, signup_location FROM users WHERE id = $1',
      [user.userId],
    );
    expect(row!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(row!.password_hash).not.toContain(user.password);
    expect(row).toMatchObject({ signup_platform: 'Vitrine Web', signup_location: 'London, UK' });
    const sessions = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [user.userId]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.token_hash).not.toContain(user.token);
  });

  it('answers each missing field with the spec message, and names every field', async () => {
    const res = await register({}).expect(400);
    expect(res.body).toEqual({
      status: 400,
      message: 'Email is required.',
      fields: {
        email: 'Email is required.',
        password: say(en, ACCOUNT_MESSAGES.passwordRequired),
        confirm_password: say(en, ACCOUNT_MESSAGES.confirmPasswordRequired),
      },
    });
    expect(say(en, ACCOUNT_MESSAGES.passwordRequired)).toBe('Password is required.');
  });

  it('refuses a short password, spaces, a mismatch and a malformed address with their messages', async () => {
    const short = await register({ email: uniqueEmail(), password: 'abc', confirm_password: 'abc' }).expect(400);
    expect(short.body.fields).toEqual({ password: 'The password must be of minimum length 4 characters.' });

    const spaces = await register({ email: uniqueEmail(), password: 'ab cd ef', confirm_password: 'ab cd ef' }).expect(400);
    expect(spaces.body.fields).toEqual({ password: say(en, ACCOUNT_MESSAGES.passwordSpaces) });

    const mismatch = await register({ email: uniqueEmail(), password: 'velvet-sky-42', confirm_password: 'velvet-sky-43' }).expect(400);
    expect(mismatch.body).toEqual({ status: 400, message: 'Password mismatch', fields: { confirm_password: 'Password mismatch' } });

    const email = await register({ email: 'not-an-address', password: 'velvet-sky-42', confirm_password: 'velvet-sky-42' }).expect(400);
    expect(email.body.fields).toEqual({ email: EMAIL_MESSAGES.checkAndEnterAgain });

    const long = await register({ email: `${'a'.repeat(120)}@example.com`, password: 'velvet-sky-42', confirm_password: 'velvet-sky-42' }).expect(400);
    expect(long.body.fields).toEqual({ email: 'Email must be at most 128 characters.' });

    const huge = await register({ email: uniqueEmail(), password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) }).expect(400);
    expect(huge.body.fields).toEqual({ password: say(en, ACCOUNT_MESSAGES.passwordMaxLength) });
  });

  it('refuses the most common passwords, whatever their case', async () => {
    for (const password of ['password', 'Qwerty123', '123456']) {
      const res = await register({ email: uniqueEmail(), password, confirm_password: password }).expect(400);
      expect(res.body.fields).toEqual({ password: say(en, ACCOUNT_MESSAGES.passwordTooCommon) });
    }
  });

  it('refuses a second account for the same address, in any case, with 409', async () => {
    const user = await registerUser(api);
    const res = await register({ email: user.email.toUpperCase(), password: 'other-pass-9', confirm_password: 'other-pass-9' }).expect(409);
    expect(res.body).toEqual({ status: 409, message: say(en, ACCOUNT_MESSAGES.emailTaken), fields: { email: say(en, ACCOUNT_MESSAGES.emailTaken) } });
  });

  it('answers a body that is not JSON with 400, never 500', async () => {
    const res = await request(api.url).post(ACCOUNT_API.register).set('content-type', 'application/json').send('{"email":').expect(400);
    expect(res.body.message).toBe('The request body is not valid JSON.');
  });
});

describe('POST /auth/login', () => {
  it('signs in by e-mail address or by user name, in any case, with a fresh token each time', async () => {
    const user = await registerUser(api);
    const byEmail = await login(api, user.email.toUpperCase(), user.password);
    expect(byEmail.status).toBe(200);
    const session = SessionSchema.parse(byEmail.body.data);
    expect(session).toMatchObject({ userId: user.userId, userName: user.userName, profileType: 3 });
    expect(session.token).not.toBe(user.token);

    const byName = await login(api, user.userName.toUpperCase(), user.password).expect(200);
    expect(byName.body.data.userId).toBe(user.userId);
    expect(byName.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a wrong password and an unknown account with the same 401 and message', async () => {
    const user = await registerUser(api);
    const wrong = await login(api, user.email, 'not-the-password').expect(401);
    const unknown = await login(api, uniqueEmail('nobody'), 'not-the-password').expect(401);
    expect(wrong.body).toEqual({ status: 401, message: say(en, ACCOUNT_MESSAGES.wrongCredentials) });
    expect(unknown.body).toEqual(wrong.body);
    // Never the message that tells the web to drop its session (spec section 8).
    expect(wrong.body.message).not.toBe(say(en, ACCOUNT_MESSAGES.unauthorized));
  });

  it("answers the form's messages: '{Email/Username} is required.', 'Password is required.', no spaces, at most 128", async () => {
    const empty = await login(api, '', '').expect(400);
    expect(empty.body).toEqual({
      status: 400,
      message: 'Email/Username is required.',
      fields: { email: 'Email/Username is required.', password: 'Password is required.' },
    });
    const missing = await request(api.url).post(ACCOUNT_API.login).send({}).expect(400);
    expect(missing.body.fields).toEqual(empty.body.fields);
    const spaced = await login(api, 'jane doe', 'x').expect(400);
    expect(spaced.body.fields).toEqual({ email: 'Email/Username must not contain spaces.' });
    const long = await login(api, 'a'.repeat(129), 'x').expect(400);
    expect(long.body.fields).toEqual({ email: 'Email/Username must be at most 128 characters.' });
  });

  it('upgrades a hash made at other scrypt parameters when the person signs in', async () => {
    const user = await registerUser(api);
    const { hashPassword } = await import('../../../server/api/accounts/passwords');
    const older = await hashPassword(user.password, { N: 2 ** 9, r: 8, p: 1 });
    await api.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.userId, older]);
    await login(api, user.email, user.password).expect(200);
    const [row] = await api.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.userId]);
    expect(row!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    await login(api, user.email, user.password).expect(200);
  });
});
