// Spec section 5: the shared e-mail pattern and the messages each form shows.
// "lower-case letters, digits and ._%+- before @, then a domain with 2-4 letter ending".

export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export const EMAIL_MESSAGES = {
  /** Forgot-password and anonymous alert e-mail. */
  checkAndEnterAgain: 'Please check the email address and enter again.',
  /** Mailing-list dialog. */
  mailingList: 'Please enter valid email address.',
  /** Footer newsletter sign-up. */
  newsletter: 'Email is invalid',
} as const;

/** True when the address matches the shared pattern (no spaces, lower case as typed). */
export function isValidEmail(value: string): boolean {
  return !/\s/.test(value) && EMAIL_PATTERN.test(value);
}
