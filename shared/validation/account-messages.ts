import { PASSWORD_MIN } from '../constants';
import { message } from './message';

// Every message a person reads about an account (spec section 5, the login, register, reset,
// known-user and forgot-password forms, and the account answers of sections 4 and 8),
// named once. Where the spec gives a message its English is quoted exactly in the catalogue
// (shared/i18n/catalogs/en/forms.json); the others are ours. Each is a message id and its
// values (issue 29): the browser's forms word them in the page's language, the api's answers
// in the caller's. No zod here: the forms in the browser read these, and the api's schemas
// (account-rules.ts) word their issues with them.

/** The longest password we hash: far above any person's, low enough to bound the work. */
export const PASSWORD_MAX = 128;
export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 30;
export const NAME_MAX = 50;

/** The fields as the rules' messages name them (a message's {field}, worded first). */
export const ACCOUNT_LABELS = {
  /** Login mode (spec section 2: "labelled Email/Username in Login mode"). */
  emailOrUserName: message('forms.label.emailOrUserName'),
  /** Register mode. */
  email: message('forms.label.email'),
  password: message('forms.label.password'),
  confirmPassword: message('forms.label.confirmPassword'),
  currentPassword: message('forms.label.currentPassword'),
  userName: message('forms.label.userName'),
  name: message('forms.label.name'),
} as const;

/** The three messages of an identifier field, each naming its label (spec section 5: '{Email/Username} is required.'). */
export const IDENTIFIER_MESSAGES = {
  emailOrUserName: {
    required: message('forms.emailOrUserName.required'),
    tooLong: (max: number) => message('forms.emailOrUserName.tooLong', { max }),
    noSpaces: message('forms.emailOrUserName.noSpaces'),
  },
  email: {
    required: message('forms.email.required'),
    tooLong: (max: number) => message('forms.email.tooLong', { max }),
    noSpaces: message('forms.email.noSpaces'),
  },
} as const;

export type IdentifierKind = keyof typeof IDENTIFIER_MESSAGES;

export const ACCOUNT_MESSAGES = {
  /** A field of an api call that no form shows (platform, location). */
  tooLong: (field: string, max: number) => message('forms.field.tooLong', { field, max }),
  /** Spec section 5. */
  passwordRequired: message('forms.password.required'),
  /** Spec section 5. */
  passwordMinLength: message('forms.password.minLength', { min: PASSWORD_MIN }),
  passwordMaxLength: message('forms.password.maxLength', { max: PASSWORD_MAX }),
  passwordSpaces: message('forms.password.spaces'),
  confirmPasswordRequired: message('forms.password.confirmRequired'),
  /** Spec section 5. */
  passwordMismatch: message('forms.password.mismatch'),
  passwordTooCommon: message('forms.password.tooCommon'),
  oldPasswordRequired: message('forms.password.oldRequired'),
  oldPasswordWrong: message('forms.password.oldWrong'),
  passwordUnchanged: message('forms.password.unchanged'),
  noPasswordYet: message('forms.password.noPasswordYet'),
  wrongCredentials: message('forms.signIn.wrongCredentials'),
  emailTaken: message('forms.email.taken'),
  resetLinkInvalid: message('forms.link.resetInvalid'),
  signInLinkInvalid: message('forms.link.signInInvalid'),
  /** The same words whether or not the account exists (they are keyed on what was typed). */
  passwordSignInSlowed: message('forms.signIn.slowed'),
  /** Spec section 8: the answer that clears the token on every path except /auth/login. */
  unauthorized: message('forms.error.unauthorized'),
  tooManyRequests: (seconds: number) =>
    seconds < 120 ? message('forms.error.tooManySeconds', { seconds }) : message('forms.error.tooManyMinutes', { minutes: Math.ceil(seconds / 60) }),
  userNameRequired: message('forms.userName.required'),
  userNameLength: message('forms.userName.length', { min: USER_NAME_MIN, max: USER_NAME_MAX }),
  userNameCharacters: message('forms.userName.characters'),
  userNameTaken: message('forms.userName.taken'),
  nameRequired: message('forms.name.required'),
  nameTooLong: message('forms.name.tooLong', { max: NAME_MAX }),
  profileNothingToChange: message('forms.profile.nothingToChange'),
  imageMissing: message('forms.image.missing'),
  imageType: message('forms.image.type'),
  imageTooLarge: (maxBytes: number) => message('forms.image.tooLarge', { megabytes: megabytes(maxBytes) }),
  imageUnreadable: message('forms.image.unreadable'),
  accessTokenRequired: message('forms.accessToken.required'),
  socialFailed: (provider: string) => message('forms.social.failed', { provider }),
  socialUnavailable: (provider: string) => message('forms.social.unavailable', { provider }),
  socialEmailUnverified: (provider: string) => message('forms.social.emailUnverified', { provider }),
  /** Spec section 5 "Forgot-password email", and the register form's address that is not one. */
  checkEmailAndEnterAgain: message('forms.email.checkAndEnterAgain'),
} as const;

export { ACCOUNT_NOTICES } from './account-notices';

/** Megabytes to one decimal at most (5, 1.5), which the message's {megabytes, number} writes per locale. */
function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}
