// A module of its own, apart from account-messages.ts: the shell, on every page, shows two of
// these notices, and importing them from there would bring every account message with them
// (a message built from an imported constant is code the bundler cannot prove unused).

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
