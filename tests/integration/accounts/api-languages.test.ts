import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { registerUser, startAccountsApi, type AccountsApi } from './accounts-api';

// The api words its answers in the caller's language (issue 29): the web sends its page's
// locale as x-locale on every call; without it, or with one we do not have, English as before.
// Spec section 5's messages (a 400's sentence and each field's), section 8's answers (401s),
// and the api's own refusals (an unreadable body, no such endpoint).

let api: AccountsApi;

beforeAll(async () => {
  api = await startAccountsApi();
});
afterAll(async () => {
  await api.close();
});

const BAD_REGISTRATION = { email: 'Ana@example', password: 'abc', confirm_password: 'abd', platform: 'Vitrine Web', location: null };

const register = (locale?: string) => {
  const call = request(api.url).post(ACCOUNT_API.register);
  return (locale ? call.set(UPSTREAM_HEADER.locale, locale) : call).send(BAD_REGISTRATION);
};

describe("the api's messages in the caller's language", () => {
  it("answers a register form's 400 with spec section 5's messages in French for x-locale fr-CA, and in English without it", async () => {
    const french = await register('fr-CA').expect(400);
    expect(french.body).toEqual({
      status: 400,
      message: "Veuillez vérifier l'adresse courriel et la saisir de nouveau.",
      fields: {
        email: "Veuillez vérifier l'adresse courriel et la saisir de nouveau.",
        password: 'Le mot de passe doit compter au moins 4 caractères.',
        confirm_password: 'Les mots de passe ne correspondent pas',
      },
    });

    const english = await register().expect(400);
    expect(english.body).toEqual({
      status: 400,
      message: 'Please check the email address and enter again.',
      fields: {
        email: 'Please check the email address and enter again.',
        password: 'The password must be of minimum length 4 characters.',
        confirm_password: 'Password mismatch',
      },
    });
    // A locale the site does not have is English too.
    expect((await register('de-DE').expect(400)).body).toEqual(english.body);
  });

  it('words the same answer in Traditional Chinese, Simplified Chinese, Malay and Tamil', async () => {
    const messages = await Promise.all(['zh-HK', 'zh-SG', 'ms-SG', 'ta-SG'].map(async (locale) => (await register(locale).expect(400)).body.fields.password));
    expect(messages).toEqual([
      '密碼最少須有 4 個字元。',
      '密码至少需要 4 个字符。',
      'Kata laluan mestilah sekurang-kurangnya 4 aksara.',
      'கடவுச்சொல் குறைந்தது 4 எழுத்துகள் கொண்டிருக்க வேண்டும்.',
    ]);
  });

  it("answers a wrong password and a missing session (spec section 8) in the caller's language", async () => {
    const user = await registerUser(api);
    const wrong = await request(api.url).post(ACCOUNT_API.login).set(UPSTREAM_HEADER.locale, 'fr-CA').send({ email: user.email, password: 'not-the-one' }).expect(401);
    expect(wrong.body.message).toBe("Le courriel, le nom d'utilisateur ou le mot de passe est incorrect.");

    const french = await request(api.url).get(ACCOUNT_API.userProfile).set(UPSTREAM_HEADER.locale, 'fr-CA').expect(401);
    expect(french.body).toEqual({ status: 401, message: 'Accès non autorisé!' });
    const english = await request(api.url).get(ACCOUNT_API.userProfile).expect(401);
    expect(english.body).toEqual({ status: 401, message: 'UnAuthorized Access!' });
  });

  it("words the api's own refusals: a body that is not JSON, an address with no endpoint, a user name check", async () => {
    const body = await request(api.url).post(ACCOUNT_API.register).set(UPSTREAM_HEADER.locale, 'zh-HK').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(body.body).toEqual({ status: 400, message: '請求內容不是有效的 JSON。' });

    const nowhere = `${ACCOUNT_API.register}/nothing-here`;
    const missing = await request(api.url).get(nowhere).set(UPSTREAM_HEADER.locale, 'fr-CA').expect(404);
    expect(missing.body).toEqual({ status: 404, message: `Aucun point d'accès de l'API à GET ${nowhere}` });

    const check = await request(api.url).get(ACCOUNT_API.checkUserName('ab')).set(UPSTREAM_HEADER.locale, 'ta-SG').expect(200);
    expect(check.body.data).toMatchObject({ valid: false, message: 'பயனர் பெயர் 3 முதல் 30 எழுத்துகள் இருக்க வேண்டும்.' });
  });
});
