import * as ACCOUNT_API from '../../../shared/api/account-paths';
import type { SignInPath } from '../../../shared/api/web-session';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { formErrors, type FieldErrors } from '../../../shared/validation/account-fields';
import type { AuthMode } from '../../app/session';

// What the SIGN IN / REGISTER form sends (spec section 3 "Login", "Register"), the same from
// the dialog, the page, and the page's no-JavaScript action.

/** Spec section 3 "Register": platform is a fixed string naming the product. */
export const PLATFORM = 'Vitrine Web';

export const AUTH_TITLES: Record<AuthMode, MessageId> = { Login: 'account.auth.titleLogin', Register: 'account.auth.titleRegister' };
export const AUTH_CHOICES: Record<AuthMode, MessageId> = { Login: 'account.auth.choiceLogin', Register: 'account.auth.choiceRegister' };

export function parseAuthMode(value: unknown): AuthMode {
  return value === 'Register' ? 'Register' : 'Login';
}

export type AuthValues = { email: string; password: string; confirm_password: string };

/** The first message of each field, by the rules of the mode's form (spec section 5). */
export function authErrors(mode: AuthMode, values: AuthValues): FieldErrors {
  return mode === 'Login' ? formErrors('login', values) : formErrors('register', values);
}

export function authRequest(mode: AuthMode, values: AuthValues): { path: SignInPath; body: Record<string, unknown> } {
  if (mode === 'Login') return { path: ACCOUNT_API.login, body: { email: values.email, password: values.password } };
  return {
    path: ACCOUNT_API.register,
    body: { email: values.email, password: values.password, confirm_password: values.confirm_password, platform: PLATFORM, location: null },
  };
}

