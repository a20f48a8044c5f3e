import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { describeZodError } from '../../../server/lib/http-error';
import { ACCOUNT_FORMS, formErrors, type AccountFormName } from '../../../shared/validation/account-fields';
import {
  ChangePasswordForm,
  ConfirmPasswordForm,
  ForgotPasswordForm,
  KnownUserForm,
  LoginForm,
  RegisterForm,
  SignInLinkRequestForm,
  fieldMessages,
} from '../../../shared/validation/account-rules';
import { issueWording, say, type Wording } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

// Spec section 5, the account forms. The browser checks what a shopper types with plain rules
// (no zod in the page); the api parses the same forms with zod schemas built from those rules.
// The two must give the same message under each field, and the api the same sentences.
// Messages are ids and values (issue 29), worded here in a site language as each side does.

/** Each field's message in a locale's words (en-GB unless said). */
const worded = (messages: Record<string, Wording>, locale = 'en-GB') => {
  const { t } = testTranslator(locale);
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, say(t, message)]));
};
const english = testTranslator().t;

const API_SCHEMAS: Record<Exclude<AccountFormName, 'profile'>, ZodType> = {
  login: LoginForm,
  knownUser: KnownUserForm,
  register: RegisterForm,
  confirmPassword: ConfirmPasswordForm,
  changePassword: ChangePasswordForm,
  forgotPassword: ForgotPasswordForm,
  signInLinkRequest: SignInLinkRequestForm,
};

const apiMessages = (schema: ZodType, values: unknown) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldMessages(parsed.error);
};

// What people type, good and bad: empty, spaces, too short, too long, not an address, upper
// case, a control character, a broken surrogate.
const TYPED = ['', ' ', 'ab', 'abcd', 'ab cd', 'ana@example.com', 'Ana@Example.com', 'ana', 'x'.repeat(129), 'a\u0000b', 'a\ud800', 'secret1'];

describe('account form rules', () => {
  it('word each field as the spec does, first message first', () => {
    expect(worded(formErrors('login', { email: '', password: '' }))).toEqual({ email: 'Email/Username is required.', password: 'Password is required.' });
    expect(worded(formErrors('register', { email: 'ana@example.com', password: 'abc', confirm_password: 'abd' }))).toEqual({
      password: 'The password must be of minimum length 4 characters.',
      confirm_password: 'Password mismatch',
    });
    expect(worded(formErrors('register', { email: 'Ana@example', password: 'ab cd', confirm_password: 'ab cd' }))).toEqual({
      email: 'Please check the email address and enter again.',
      password: 'The password must not contain spaces.',
    });
    expect(worded(formErrors('forgotPassword', { email: '' }))).toEqual({ email: 'Please check the email address and enter again.' });
    expect(worded(formErrors('profile', { name: '   ', userName: '.ana' }))).toEqual({
      name: 'Name is required.',
      userName: 'User name may contain only letters, digits, dots, hyphens and underscores, and must start with a letter or digit.',
    });
    expect(worded(formErrors('login', { email: 'a\u0000b', password: 'x' }))).toEqual({ email: 'Email/Username must not contain control characters' });
    expect(formErrors('changePassword', { old_password: 'old1', password: 'new12', confirm_password: 'new12' })).toEqual({});
  });

  it('give the browser the same message under each field as the api, for every form and whatever is typed', () => {
    let compared = 0;
    for (const [form, schema] of Object.entries(API_SCHEMAS) as [keyof typeof API_SCHEMAS, ZodType][]) {
      const fields = Object.keys(ACCOUNT_FORMS[form]);
      for (const a of TYPED) {
        for (const b of TYPED) {
          // Every field gets `a`, except the last, which gets `b` (a confirmation that differs).
          const values = Object.fromEntries(fields.map((field, i) => [field, i === fields.length - 1 ? b : a]));
          expect({ form, values, messages: formErrors(form, values as never) }).toEqual({ form, values, messages: apiMessages(schema, values) });
          compared++;
        }
      }
    }
    expect(compared).toBe(7 * TYPED.length * TYPED.length);
  });

  it("keep the api's sentences: every broken rule of every field, in order", () => {
    expect(describeZodError(RegisterForm.safeParse({ email: '', password: '', confirm_password: '' }).error!, english)).toBe(
      'email: Email is required.; email: Please check the email address and enter again.; password: Password is required.; ' +
        'password: The password must be of minimum length 4 characters.; confirm_password: Please confirm the password.',
    );
    expect(describeZodError(LoginForm.safeParse({ email: 'a b', password: 'x'.repeat(129) }).error!, english)).toBe(
      'email: Email/Username must not contain spaces.; password: The password must be at most 128 characters.',
    );
    expect(describeZodError(ChangePasswordForm.safeParse({ old_password: '', password: 'a\u0000', confirm_password: 'b' }).error!, english)).toBe(
      'old_password: Current password is required.; password: Password must not contain control characters',
    );
    expect(describeZodError(LoginForm.safeParse({}).error!, english)).toBe('email: Email/Username is required.; password: Password is required.');
  });

  it('know their own messages by what they raised, not by how an id looks (the bundles shorten every id)', () => {
    const missing = LoginForm.safeParse({}).error!.issues[0]!;
    expect(issueWording(missing)).toEqual({ id: 'forms.emailOrUserName.required' });
    const tooShort = RegisterForm.safeParse({ email: 'ana@example.com', password: 'abc', confirm_password: 'abc' }).error!.issues[0]!;
    expect(issueWording(tooShort)).toEqual({ id: 'forms.password.minLength', values: { min: 4 } });
    // Another schema's words stay words, even words shaped like one of our ids.
    const other = z.string({ error: 'forms.label.email' }).safeParse(1).error!.issues[0]!;
    expect(issueWording(other)).toBe('forms.label.email');
  });

  it("word the same rules in the page's language: French, Traditional Chinese, Tamil", () => {
    const register = formErrors('register', { email: 'Ana@example', password: 'abc', confirm_password: 'abd' });
    expect(worded(register, 'fr-CA')).toEqual({
      email: "Veuillez vérifier l'adresse courriel et la saisir de nouveau.",
      password: 'Le mot de passe doit compter au moins 4 caractères.',
      confirm_password: 'Les mots de passe ne correspondent pas',
    });
    expect(worded(register, 'zh-HK')).toEqual({ email: '請檢查電郵地址並重新輸入。', password: '密碼最少須有 4 個字元。', confirm_password: '密碼不相符' });
    expect(worded(register, 'ta-SG')).toEqual({
      email: 'மின்னஞ்சல் முகவரியைச் சரிபார்த்து மீண்டும் உள்ளிடவும்.',
      password: 'கடவுச்சொல் குறைந்தது 4 எழுத்துகள் கொண்டிருக்க வேண்டும்.',
      confirm_password: 'கடவுச்சொற்கள் பொருந்தவில்லை',
    });
    expect(worded(formErrors('login', { email: '', password: '' }), 'fr-CA')).toEqual({
      email: "Le courriel ou le nom d'utilisateur est requis.",
      password: 'Le mot de passe est requis.',
    });
    expect(worded(formErrors('profile', { name: 'x'.repeat(51), userName: 'ab' }), 'zh-HK')).toEqual({ name: '名稱最多 50 個字元。', userName: '用戶名稱須有 3 至 30 個字元。' });
    // The edge rule's message names the field by its label, in the same language.
    expect(worded(formErrors('login', { email: 'a\u0000b', password: 'x' }), 'fr-CA')).toEqual({
      email: "Courriel/nom d'utilisateur ne doit pas contenir de caractères de contrôle",
    });
    // The api's sentence, as a French page's call is answered.
    expect(describeZodError(LoginForm.safeParse({}).error!, testTranslator('fr-CA').t)).toBe(
      "email: Le courriel ou le nom d'utilisateur est requis.; password: Le mot de passe est requis.",
    );
  });
});
