import { PASSWORD_MIN } from '../constants';

// Every message a person reads about an account (spec section 5, the login, register, reset,
// known-user and forgot-password forms, and the account answers of sections 4 and 8),
// written once. Where the spec gives a message it is quoted exactly; the others are ours.
// No zod here: the forms in the browser read these, and the api's schemas
// (account-rules.ts) word their issues with them.

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

export { ACCOUNT_NOTICES } from './account-notices';

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
