import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MIN } from '../constants';
import { EMAIL_MESSAGES, isValidEmail } from './email';
import { safeText } from './safe-input';

// Spec section 5 (login, register, reset, known-user and forgot-password forms) and the
// account answers of sections 4 and 8. The forms (client) and the api parse with the same
// schemas, so every message a person reads about an account is written here once.
// Where the spec gives a message it is quoted exactly; the others are ours. Every text field
// is safeText (shared/validation/safe-input.ts): no control characters, no lone surrogates.

/** The longest password we hash: far above any person's, low enough to bound the work. */
export const PASSWORD_MAX = 128;
export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 30;
export const NAME_MAX = 50;

export const ACCOUNT_LABELS = {
  /** Login mode (spec section 2: "labelled Email/Username in Login mode"). */
  emailOrUserName: 'Email/Username',
  /** Register mode. */
  email: 'Email',
} as const;

export const ACCOUNT_MESSAGES = {
  /** Spec section 5: '{Email/Username} is required.' */
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  noSpaces: (label: string) => `${label} must not contain spaces.`,
  /** Spec section 5. */
  passwordRequired: 'Password is required.',
  /** Spec section 5. */
  passwordMinLength: `The password must be of minimum length ${PASSWORD_MIN} characters.`,
  passwordMaxLength: `The password must be at most ${PASSWORD_MAX} characters.`,
  passwordSpaces: 'The password must not contain spaces.',
  confirmPasswordRequired: 'Please confirm the password.',
  /** Spec section 5. */
  passwordMismatch: 'Password mismatch',
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
  oldPasswordRequired: 'Current password is required.',
  oldPasswordWrong: 'The current password is not correct.',
  passwordUnchanged: 'The new password must be different from the current one.',
  noPasswordYet: 'This account has no password yet. Use "Forgot your password?" to set one.',
  wrongCredentials: 'The email/username or password is not correct.',
  emailTaken: 'An account with this email already exists.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  signInLinkInvalid: 'This sign-in link is invalid, has expired or has already been used. Please ask for a new one.',
  /** The same words whether or not the account exists (they are keyed on what was typed). */
  passwordSignInSlowed:
    'There have been many failed attempts to sign in to this account, so it takes one password attempt at a time for a while. Try again in a moment, or ask for a sign-in link by email instead: it works straight away.',
  /** Spec section 8: the answer that clears the token on every path except /auth/login. */
  unauthorized: 'UnAuthorized Access!',
  tooManyRequests: (seconds: number) =>
    seconds < 120
      ? `Too many attempts. Please try again in ${seconds} seconds.`
      : `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  userNameRequired: 'User name is required.',
  userNameLength: `User name must be ${USER_NAME_MIN} to ${USER_NAME_MAX} characters.`,
  userNameCharacters:
    'User name may contain only letters, digits, dots, hyphens and underscores, and must start with a letter or digit.',
  userNameTaken: 'This user name is taken.',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${NAME_MAX} characters.`,
  profileNothingToChange: 'Nothing to change: send a name or a user name.',
  imageMissing: 'Please choose an image to upload.',
  imageType: 'Please upload a JPEG, PNG, GIF or WebP image.',
  imageTooLarge: (maxBytes: number) => `The image is too large: at most ${formatMegabytes(maxBytes)} MB.`,
  imageUnreadable: 'The image could not be read. Please try another one.',
  accessTokenRequired: 'access_token is required.',
  socialFailed: (provider: string) => `We could not sign you in with ${provider}.`,
  socialUnavailable: (provider: string) => `${provider} sign-in is not available right now.`,
  socialEmailUnverified: (provider: string) =>
    `Your ${provider} email address is not verified. Please verify it with ${provider} first.`,
} as const;

/** Success notices (spec section 8: a successful POST/PUT/DELETE shows a 'success' notice). */
export const ACCOUNT_NOTICES = {
  /** Spec section 4: synthesised by the client after POST /auth/login. */
  loginSuccessful: 'Login Successful !',
  registered: 'Your account has been created.',
  loggedOut: 'You have been signed out.',
  resetRequested: 'If an account exists for that email address, we have sent it a link to reset the password.',
  signInLinkRequested: 'If an account exists for that email address or user name, we have sent it a link to sign in.',
  passwordReset: 'Your password has been reset. Please sign in with the new password.',
  passwordChanged: 'Your password has been changed.',
  profileUpdated: 'Your profile has been updated.',
  imageUpdated: 'Your profile picture has been updated.',
} as const;

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

const hasWhitespace = (value: string) => /\s/.test(value);

/** The login identifier: an e-mail address or a user name (spec section 5 "Login email/username"). */
export function loginIdentifier(label: string = ACCOUNT_LABELS.emailOrUserName) {
  return safeText(label, { error: ACCOUNT_MESSAGES.required(label) })
    .min(1, ACCOUNT_MESSAGES.required(label))
    .max(EMAIL_MAX, ACCOUNT_MESSAGES.tooLong(label, EMAIL_MAX))
    .refine((value) => !hasWhitespace(value), ACCOUNT_MESSAGES.noSpaces(label));
}

/** An e-mail address someone registers or asks a reset link for: the shared pattern too. */
export function emailAddress(label: string = ACCOUNT_LABELS.email, invalid: string = EMAIL_MESSAGES.checkAndEnterAgain) {
  return loginIdentifier(label).refine(isValidEmail, invalid);
}

/** The password a person signs in with: only required (it was checked when it was set). */
export const currentPassword = safeText('Password', { error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength);

/** A password being set (register, reset, change): spec section 5 "Register/confirm/reset passwords". */
export const newPassword = safeText('Password', { error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordMinLength)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength)
  .refine((value) => !hasWhitespace(value), ACCOUNT_MESSAGES.passwordSpaces);

const confirmation = safeText('Confirm password', { error: ACCOUNT_MESSAGES.confirmPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.confirmPasswordRequired);

/** 'Password mismatch' on confirm_password, reported even while other fields are wrong. */
function withMatchingConfirmation<T extends z.ZodObject<{ password: z.ZodType; confirm_password: z.ZodType }>>(schema: T) {
  return schema.check((ctx) => {
    const value = ctx.value as { password?: unknown; confirm_password?: unknown };
    if (typeof value.password !== 'string' || typeof value.confirm_password !== 'string') return;
    if (value.confirm_password === '' || value.password === value.confirm_password) return;
    ctx.issues.push({
      code: 'custom',
      message: ACCOUNT_MESSAGES.passwordMismatch,
      path: ['confirm_password'],
      input: value.confirm_password,
      continue: true,
    });
  });
}

/** Spec section 3 "Register": platform names the product; location is reverse-geocoded, optional. */
const platform = safeText('platform').max(64, ACCOUNT_MESSAGES.tooLong('platform', 64)).optional();
const location = safeText('location').max(200, ACCOUNT_MESSAGES.tooLong('location', 200)).nullable().optional();

export const LoginForm = z.object({ email: loginIdentifier(), password: currentPassword });
export type LoginInput = z.infer<typeof LoginForm>;

/** Spec section 2 "Known-user sign-in": the user name comes from the page, only the password is typed. */
export const KnownUserForm = z.object({ password: currentPassword });

export const RegisterForm = withMatchingConfirmation(
  z.object({
    email: emailAddress(),
    password: newPassword,
    confirm_password: confirmation,
    platform,
    location,
  }),
);
export type RegisterInput = z.infer<typeof RegisterForm>;

/** PUT /api/account/confirm-password: the reset link's tkn and key plus the new password. */
export const ConfirmPasswordForm = withMatchingConfirmation(
  z.object({
    tkn: safeText('tkn', { error: ACCOUNT_MESSAGES.resetLinkInvalid }).min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
    key: safeText('key', { error: ACCOUNT_MESSAGES.resetLinkInvalid }).min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
    password: newPassword,
    confirm_password: confirmation,
  }),
);
export type ConfirmPasswordInput = z.infer<typeof ConfirmPasswordForm>;

export const ChangePasswordForm = withMatchingConfirmation(
  z.object({
    old_password: safeText('Current password', { error: ACCOUNT_MESSAGES.oldPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.oldPasswordRequired)
      .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength),
    password: newPassword,
    confirm_password: confirmation,
  }),
);
export type ChangePasswordInput = z.infer<typeof ChangePasswordForm>;

/** Spec section 5 "Forgot-password email": one message for empty and for invalid. */
export const ForgotPasswordForm = z.object({
  email: safeText(ACCOUNT_LABELS.email, { error: EMAIL_MESSAGES.checkAndEnterAgain }).refine(isValidEmail, EMAIL_MESSAGES.checkAndEnterAgain),
});

/** POST /api/account/sign-in-link: the account to e-mail a sign-in link to, as the login form names it. */
export const SignInLinkRequestForm = z.object({ email: loginIdentifier() });

/** POST /auth/sign-in-link: the e-mailed link's tkn and key. */
export const SignInLinkForm = z.object({
  tkn: safeText('tkn', { error: ACCOUNT_MESSAGES.signInLinkInvalid }).min(1, ACCOUNT_MESSAGES.signInLinkInvalid).max(200, ACCOUNT_MESSAGES.signInLinkInvalid),
  key: safeText('key', { error: ACCOUNT_MESSAGES.signInLinkInvalid }).min(1, ACCOUNT_MESSAGES.signInLinkInvalid).max(200, ACCOUNT_MESSAGES.signInLinkInvalid),
});

/** Spec section 3 "Social login": access_token, platform, location. */
export const SocialLoginForm = z.object({
  access_token: safeText('access_token', { error: ACCOUNT_MESSAGES.accessTokenRequired })
    .min(1, ACCOUNT_MESSAGES.accessTokenRequired)
    .max(4096, ACCOUNT_MESSAGES.accessTokenRequired),
  platform,
  location,
});

/**
 * A user name is part of account addresses (/user/{userName}/…): letters, digits, '.', '_'
 * and '-', starting with a letter or digit (so never '.' or '..'); unique ignoring case.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const UserName = safeText('User name', { error: ACCOUNT_MESSAGES.userNameRequired })
  .min(1, ACCOUNT_MESSAGES.userNameRequired)
  .min(USER_NAME_MIN, ACCOUNT_MESSAGES.userNameLength)
  .max(USER_NAME_MAX, ACCOUNT_MESSAGES.userNameLength)
  .regex(USER_NAME_PATTERN, ACCOUNT_MESSAGES.userNameCharacters);

/** The display name: trimmed, required when sent. */
export const DisplayName = safeText('Name', { error: ACCOUNT_MESSAGES.nameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.nameRequired)
  .max(NAME_MAX, ACCOUNT_MESSAGES.nameTooLong);

/** PUT /api/account/edit-user-profile: either field or both. */
export const ProfileForm = z
  .object({ name: DisplayName.optional(), userName: UserName.optional() })
  .refine((value) => value.name !== undefined || value.userName !== undefined, ACCOUNT_MESSAGES.profileNothingToChange);
export type ProfileInput = z.infer<typeof ProfileForm>;

/** The first message for each field, for showing under the inputs ('' is the form itself). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    fields[field] ??= issue.message;
  }
  return fields;
}

/** E-mail addresses are compared in lower case; the form asks for lower case as typed. */
export function normalizeEmail(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}
