import { EMAIL_MAX, PASSWORD_MIN } from '../constants';
import { isValidEmail } from './email';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, IDENTIFIER_MESSAGES, NAME_MAX, PASSWORD_MAX, USER_NAME_MAX, USER_NAME_MIN, type IdentifierKind } from './account-messages';
import { message, type Message, type Wording } from './message';
import { unsafeTextKind } from './safe-text';

// Spec section 5, the account forms, as plain rules: each field's checks in order, each with
// its message. The browser validates what the shopper types with formErrors (no zod there);
// the api's zod schemas (account-rules.ts) are built from the same fields, so a rule and its
// message exist once and the two sides cannot disagree. Messages are ids and values (issue
// 29): the browser words them in the page's language, the api in the caller's.

/** One check a typed value must pass, and what a person is told when it does not. */
export type TextRule = { readonly ok: (value: string) => boolean; readonly message: Message };

/** A text field: its name in the edge rule's messages, the words for a missing value, its rules. */
export type TextField = {
  /** The form's label for it (a link's tkn and key: the api's name). */
  readonly field: Wording;
  readonly missing: Message;
  readonly rules: readonly TextRule[];
  /** The value is trimmed before its rules (the display name). */
  readonly trim?: boolean;
};

export type FieldErrors = Record<string, Message>;

const hasWhitespace = (value: string) => /\s/.test(value);
const required = (message: Message): TextRule => ({ ok: (v) => v.length >= 1, message });
const atLeast = (min: number, message: Message): TextRule => ({ ok: (v) => v.length >= min, message });
const atMost = (max: number, message: Message): TextRule => ({ ok: (v) => v.length <= max, message });


/** The login identifier: an e-mail address or a user name (spec section 5 "Login email/username"). */
export function loginIdentifier(kind: IdentifierKind = 'emailOrUserName'): TextField {
  const messages = IDENTIFIER_MESSAGES[kind];
  return {
    field: ACCOUNT_LABELS[kind],
    missing: messages.required,
    rules: [
      required(messages.required),
      atMost(EMAIL_MAX, messages.tooLong(EMAIL_MAX)),
      { ok: (v) => !hasWhitespace(v), message: messages.noSpaces },
    ],
  };
}

/** An e-mail address someone registers with: the shared pattern too. */
export function emailAddress(): TextField {
  const identifier = loginIdentifier('email');
  return { ...identifier, rules: [...identifier.rules, { ok: isValidEmail, message: ACCOUNT_MESSAGES.checkEmailAndEnterAgain }] };
}

/** The password a person signs in with: only required (it was checked when it was set). */
export const CURRENT_PASSWORD: TextField = {
  field: ACCOUNT_LABELS.password,
  missing: ACCOUNT_MESSAGES.passwordRequired,
  rules: [required(ACCOUNT_MESSAGES.passwordRequired), atMost(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength)],
};

/** A password being set (register, reset, change): spec section 5 "Register/confirm/reset passwords". */
export const NEW_PASSWORD: TextField = {
  field: ACCOUNT_LABELS.password,
  missing: ACCOUNT_MESSAGES.passwordRequired,
  rules: [
    required(ACCOUNT_MESSAGES.passwordRequired),
    atLeast(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordMinLength),
    atMost(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength),
    { ok: (v) => !hasWhitespace(v), message: ACCOUNT_MESSAGES.passwordSpaces },
  ],
};

export const CONFIRMATION: TextField = {
  field: ACCOUNT_LABELS.confirmPassword,
  missing: ACCOUNT_MESSAGES.confirmPasswordRequired,
  rules: [required(ACCOUNT_MESSAGES.confirmPasswordRequired)],
};

export const OLD_PASSWORD: TextField = {
  field: ACCOUNT_LABELS.currentPassword,
  missing: ACCOUNT_MESSAGES.oldPasswordRequired,
  rules: [required(ACCOUNT_MESSAGES.oldPasswordRequired), atMost(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMaxLength)],
};

/** Spec section 5 "Forgot-password email": one message for empty and for invalid. */
export const FORGOT_PASSWORD_EMAIL: TextField = {
  field: ACCOUNT_LABELS.email,
  missing: ACCOUNT_MESSAGES.checkEmailAndEnterAgain,
  rules: [{ ok: isValidEmail, message: ACCOUNT_MESSAGES.checkEmailAndEnterAgain }],
};

/** A link's tkn or key (password reset, sign-in link): anything wrong is the link's message. */
export function linkSecret(field: 'tkn' | 'key', invalid: Message): TextField {
  return { field, missing: invalid, rules: [required(invalid), atMost(200, invalid)] };
}

/**
 * A user name is part of account addresses (/user/{userName}/…): letters, digits, '.', '_'
 * and '-', starting with a letter or digit (so never '.' or '..'); unique ignoring case.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const USER_NAME: TextField = {
  field: ACCOUNT_LABELS.userName,
  missing: ACCOUNT_MESSAGES.userNameRequired,
  rules: [
    required(ACCOUNT_MESSAGES.userNameRequired),
    atLeast(USER_NAME_MIN, ACCOUNT_MESSAGES.userNameLength),
    atMost(USER_NAME_MAX, ACCOUNT_MESSAGES.userNameLength),
    { ok: (v) => USER_NAME_PATTERN.test(v), message: ACCOUNT_MESSAGES.userNameCharacters },
  ],
};

/** The display name: trimmed, required when sent. */
export const DISPLAY_NAME: TextField = {
  field: ACCOUNT_LABELS.name,
  missing: ACCOUNT_MESSAGES.nameRequired,
  trim: true,
  rules: [required(ACCOUNT_MESSAGES.nameRequired), atMost(NAME_MAX, ACCOUNT_MESSAGES.nameTooLong)],
};

/** The edge rule's message about a form's field (safe-text.ts), naming the field. */
export function unsafeTextMessage(value: string, field: Wording): Message | undefined {
  const kind = unsafeTextKind(value);
  return kind === undefined ? undefined : message(kind === 'controlCharacters' ? 'forms.text.controlCharacters' : 'forms.text.loneSurrogate', { field });
}

/** Every message that applies to `value`, in order; the edge rule's alone when it fails. */
export function textProblems(spec: TextField, value: string): Message[] {
  const unsafe = unsafeTextMessage(value, spec.field);
  if (unsafe) return [unsafe];
  const checked = spec.trim ? value.trim() : value;
  return spec.rules.filter((rule) => !rule.ok(checked)).map((rule) => rule.message);
}

/** The fields of each form, in the order their messages are reported. */
export const ACCOUNT_FORMS = {
  login: { email: loginIdentifier(), password: CURRENT_PASSWORD },
  /** Spec section 2 "Known-user sign-in": the user name comes from the page, only the password is typed. */
  knownUser: { password: CURRENT_PASSWORD },
  register: { email: emailAddress(), password: NEW_PASSWORD, confirm_password: CONFIRMATION },
  /** PUT /api/account/confirm-password: the reset link's tkn and key plus the new password. */
  confirmPassword: {
    tkn: linkSecret('tkn', ACCOUNT_MESSAGES.resetLinkInvalid),
    key: linkSecret('key', ACCOUNT_MESSAGES.resetLinkInvalid),
    password: NEW_PASSWORD,
    confirm_password: CONFIRMATION,
  },
  changePassword: { old_password: OLD_PASSWORD, password: NEW_PASSWORD, confirm_password: CONFIRMATION },
  forgotPassword: { email: FORGOT_PASSWORD_EMAIL },
  /** POST /api/account/sign-in-link: the account to e-mail a sign-in link to, as the login form names it. */
  signInLinkRequest: { email: loginIdentifier() },
  /** PUT /api/account/edit-user-profile, as the Edit Profile form sends it (both fields). */
  profile: { name: DISPLAY_NAME, userName: USER_NAME },
} as const satisfies Record<string, Record<string, TextField>>;

export type AccountFormName = keyof typeof ACCOUNT_FORMS;
export type AccountFormValues<F extends AccountFormName> = { [K in keyof (typeof ACCOUNT_FORMS)[F]]: string };

/** 'Password mismatch' when a confirmation was typed and differs (spec section 5). */
export function confirmationMismatch(password: unknown, confirmation: unknown): boolean {
  return typeof password === 'string' && typeof confirmation === 'string' && confirmation !== '' && password !== confirmation;
}

/**
 * The first message of each field of a form, as the forms show them under the inputs (the
 * api's 400s carry the same in `fields`). A confirmation that differs says 'Password mismatch'
 * unless it has a message of its own or a field holds text the edge rule refuses.
 */
export function formErrors<F extends AccountFormName>(form: F, values: AccountFormValues<F>): FieldErrors {
  const fields: Record<string, TextField> = ACCOUNT_FORMS[form];
  const typed = values as Record<string, string>;
  const errors: FieldErrors = {};
  for (const [name, spec] of Object.entries(fields)) {
    const [first] = textProblems(spec, typed[name] ?? '');
    if (first !== undefined) errors[name] = first;
  }
  // As in the api's schema: text the edge rule refuses stops the form's own checks.
  const refused = Object.keys(fields).some((name) => unsafeTextKind(typed[name] ?? '') !== undefined);
  if ('confirm_password' in fields && !refused && confirmationMismatch(typed.password, typed.confirm_password)) {
    errors.confirm_password ??= ACCOUNT_MESSAGES.passwordMismatch;
  }
  return errors;
}

/** E-mail addresses are compared in lower case; the form asks for lower case as typed. */
export function normalizeEmail(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}
