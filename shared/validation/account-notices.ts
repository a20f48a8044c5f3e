import { message } from './message';

// A module of its own, apart from account-messages.ts: the shell, on every page, shows two of
// these notices, and importing them from there would bring every account message with them
// (a message built from an imported constant is code the bundler cannot prove unused).
// Message ids (issue 29): each side words them in its reader's language.

/** Success notices (spec section 8: a successful POST/PUT/DELETE shows a 'success' notice). */
export const ACCOUNT_NOTICES = {
  /** Spec section 4: synthesised by the client after POST /auth/login. */
  loginSuccessful: message('account.notice.loginSuccessful'),
  registered: message('account.notice.registered'),
  loggedOut: message('account.notice.loggedOut'),
  resetRequested: message('account.notice.resetRequested'),
  signInLinkRequested: message('account.notice.signInLinkRequested'),
  passwordReset: message('account.notice.passwordReset'),
  passwordChanged: message('account.notice.passwordChanged'),
  profileUpdated: message('account.notice.profileUpdated'),
  imageUpdated: message('account.notice.imageUpdated'),
} as const;
