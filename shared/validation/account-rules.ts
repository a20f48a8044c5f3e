import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { ACCOUNT_FORMS, DISPLAY_NAME, USER_NAME, confirmationMismatch, linkSecret, textProblems, unsafeTextMessage, type TextField } from './account-fields';
import { issueWording, zodIssue, zodMessage, type Wording } from './message';
import { safeText } from './safe-input';

// The api's schemas of the account forms (spec section 5) and account requests. Each text
// field is built from its plain rules in account-fields.ts, the ones the browser checks what
// a shopper types with, so both sides give the same messages in the same order (an agreement
// test holds them to it). Every text field is safeText first (shared/validation/safe-input.ts):
// no control characters, no lone surrogates; that message comes alone.
// An issue of ours carries its message (an id and values, issue 29) as message.ts raises it:
// issueWording reads it back, for each side to word in its reader's language.

export * from './account-messages';
export { USER_NAME_PATTERN, normalizeEmail } from './account-fields';
export { issueWording } from './message';

/** A string schema that reports every rule of `spec` it breaks, in order. */
export function textField(spec: TextField) {
  // The edge rule as safeText applies it, worded as the forms word it; a missing value's
  // message takes no values (each field's "… is required.").
  const text = z.string({ error: zodMessage(spec.missing) }).check((ctx) => {
    const unsafe = unsafeTextMessage(ctx.value, spec.field);
    if (unsafe) ctx.issues.push({ code: 'custom', ...zodIssue(unsafe), input: ctx.value, continue: false });
  });
  return (spec.trim ? text.trim() : text).check((ctx) => {
    for (const message of textProblems({ ...spec, trim: false }, ctx.value)) {
      ctx.issues.push({ code: 'custom', ...zodIssue(message), input: ctx.value, continue: true });
    }
  });
}

function formShape<F extends Record<string, TextField>>(fields: F): { [K in keyof F]: ReturnType<typeof textField> } {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, textField(spec)])) as { [K in keyof F]: ReturnType<typeof textField> };
}

/** 'Password mismatch' on confirm_password, reported even while other fields are wrong. */
function withMatchingConfirmation<T extends z.ZodObject<{ password: z.ZodType; confirm_password: z.ZodType }>>(schema: T) {
  return schema.check((ctx) => {
    const value = ctx.value as { password?: unknown; confirm_password?: unknown };
    if (!confirmationMismatch(value.password, value.confirm_password)) return;
    ctx.issues.push({
      code: 'custom',
      ...zodIssue(ACCOUNT_MESSAGES.passwordMismatch),
      path: ['confirm_password'],
      input: value.confirm_password,
      continue: true,
    });
  });
}

/** Spec section 3 "Register": platform names the product; location is reverse-geocoded, optional. */
const atMost = (field: string, max: number) =>
  safeText(field).check((ctx) => {
    if (ctx.value.length > max) ctx.issues.push({ code: 'custom', ...zodIssue(ACCOUNT_MESSAGES.tooLong(field, max)), input: ctx.value, continue: true });
  });
const platform = atMost('platform', 64).optional();
const location = atMost('location', 200).nullable().optional();

export const LoginForm = z.object(formShape(ACCOUNT_FORMS.login));
export type LoginInput = z.infer<typeof LoginForm>;

export const KnownUserForm = z.object(formShape(ACCOUNT_FORMS.knownUser));

export const RegisterForm = withMatchingConfirmation(z.object({ ...formShape(ACCOUNT_FORMS.register), platform, location }));
export type RegisterInput = z.infer<typeof RegisterForm>;

export const ConfirmPasswordForm = withMatchingConfirmation(z.object(formShape(ACCOUNT_FORMS.confirmPassword)));
export type ConfirmPasswordInput = z.infer<typeof ConfirmPasswordForm>;

export const ChangePasswordForm = withMatchingConfirmation(z.object(formShape(ACCOUNT_FORMS.changePassword)));
export type ChangePasswordInput = z.infer<typeof ChangePasswordForm>;

export const ForgotPasswordForm = z.object(formShape(ACCOUNT_FORMS.forgotPassword));

export const SignInLinkRequestForm = z.object(formShape(ACCOUNT_FORMS.signInLinkRequest));

/** POST /auth/sign-in-link: the e-mailed link's tkn and key. */
export const SignInLinkForm = z.object({
  tkn: textField(linkSecret('tkn', ACCOUNT_MESSAGES.signInLinkInvalid)),
  key: textField(linkSecret('key', ACCOUNT_MESSAGES.signInLinkInvalid)),
});

/** Spec section 3 "Social login": access_token, platform, location. */
export const SocialLoginForm = z.object({
  access_token: safeText('access_token', { error: zodMessage(ACCOUNT_MESSAGES.accessTokenRequired) })
    .min(1, zodMessage(ACCOUNT_MESSAGES.accessTokenRequired))
    .max(4096, zodMessage(ACCOUNT_MESSAGES.accessTokenRequired)),
  platform,
  location,
});

export const UserName = textField(USER_NAME);

/** The display name: trimmed, required when sent. */
export const DisplayName = textField(DISPLAY_NAME);

/** PUT /api/account/edit-user-profile: either field or both. */
export const ProfileForm = z
  .object({ name: DisplayName.optional(), userName: UserName.optional() })
  .refine((value) => value.name !== undefined || value.userName !== undefined, zodMessage(ACCOUNT_MESSAGES.profileNothingToChange));
export type ProfileInput = z.infer<typeof ProfileForm>;

/** The first message for each field, for showing under the inputs ('' is the form itself). */
export function fieldMessages(error: z.ZodError): Record<string, Wording> {
  const fields: Record<string, Wording> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    fields[field] ??= issueWording(issue);
  }
  return fields;
}
