import { ACCOUNT_MESSAGES, ChangePasswordForm, ConfirmPasswordForm } from '../../../shared/validation/account-rules';
import type { Database } from '../db/database';
import type { AccountSettings } from './account-settings';
import { fieldError, parseForm } from './account-errors';
import type { OneTimeLinks } from './one-time-links';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { deleteSessionsOf, type SessionRecord } from './sessions';
import { findUserByEmail, findUserById } from './users';

// Passwords: changing one while signed in, and resetting a forgotten one by an e-mailed link.
// Either way the ways in handed out before go: the other sessions and the unused links.

export type PasswordServiceDeps = {
  db: Database;
  settings: AccountSettings;
  /** One-time links (one-time-links.ts): the reset links, and the sign-in links a new password revokes. */
  resets: OneTimeLinks;
  signInLinks: OneTimeLinks;
};

export class PasswordService {
  constructor(private readonly deps: PasswordServiceDeps) {}

  /** PUT /api/account/change-password: every other session of the user ends. */
  async changePassword(session: SessionRecord, body: unknown): Promise<void> {
    const input = parseForm(ChangePasswordForm, body);
    const user = (await findUserById(this.deps.db, session.userId))!;
    if (!user.password_hash) throw fieldError('old_password', ACCOUNT_MESSAGES.noPasswordYet);
    if (!(await verifyPassword(input.old_password, user.password_hash))) {
      throw fieldError('old_password', ACCOUNT_MESSAGES.oldPasswordWrong);
    }
    if (input.password === input.old_password) throw fieldError('password', ACCOUNT_MESSAGES.passwordUnchanged);
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    const passwordHash = await hashPassword(input.password, this.deps.settings.passwordHashing);
    await this.deps.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, passwordHash]);
      await deleteSessionsOf(tx, user.id, session.sessionId);
      // Like the other sessions, the ways in handed out before the change go.
      await this.deps.resets.deleteOthers(tx, user.id);
      await this.deps.signInLinks.deleteOthers(tx, user.id);
    });
  }

  /** POST /api/account/forgot-password, after the answer (OneTimeLinks.send), in the language of `locale`, the caller's. */
  requestPasswordReset(email: string, locale: string): void {
    this.deps.resets.send(() => findUserByEmail(this.deps.db, email), locale);
  }

  /**
   * PUT /api/account/confirm-password: once per link, within the hour; every session ends.
   * The link is claimed before the password is hashed (issue 25): twenty uses of one link at
   * once ran twenty scrypt hashes before the single-use check (seconds, and 504s for the
   * others); now one claims it and hashes, and the rest are refused at once.
   */
  async confirmPasswordReset(body: unknown): Promise<void> {
    const input = parseForm(ConfirmPasswordForm, body);
    const id = await this.deps.resets.find(input);
    // A password the form refuses leaves the link usable.
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    const userId = await this.deps.resets.claim(this.deps.db, id);
    try {
      // Hashed outside the transaction: PGlite has one connection, and scrypt takes a while.
      const passwordHash = await hashPassword(input.password, this.deps.settings.passwordHashing);
      await this.deps.db.transaction(async (tx) => {
        // The link reached the mailbox, so the address is proven.
        await tx.query(
          'UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1',
          [userId, passwordHash],
        );
        await deleteSessionsOf(tx, userId);
        await this.deps.resets.deleteOthers(tx, userId, id);
        await this.deps.signInLinks.deleteOthers(tx, userId);
      });
    } catch (error) {
      // Nothing was changed: the link is the shopper's to use again.
      await this.deps.resets.release(id);
      throw error;
    }
  }
}
