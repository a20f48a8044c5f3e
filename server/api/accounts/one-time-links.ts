import type { Logger } from 'pino';
import type { Message } from '../../../shared/validation/message';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import type { HttpError } from '../../lib/http-error';
import type { Database, Queryable } from '../db/database';
import type { Translator } from '../../../shared/i18n/translator';
import { mailPageLink, mailTranslator, siteOfLocale } from '../mail/mail-site';
import { passwordResetMail, signInLinkMail, type MailContent } from '../mail/messages';
import type { MailOutbox } from '../mail/outbox';
import { fieldError } from './account-errors';
import { hashSecret, looksLikeSecret, randomSecret, sameDigest } from './secrets';
import type { UserRow } from './users';

// The e-mailed one-time link, the one flow behind a password reset and a sign-in link: a
// random selector (the `key`, looked up) and a random token (the `tkn`, kept only as its hash)
// in a row that expires, mailed through the outbox in the transaction that writes the row,
// and claimed once: whoever marks the row used first has it, also when requests race.

/** What differs between the kinds of link: their table, page, lifetime, mail and refusal. */
export type LinkKind = {
  table: 'password_resets' | 'sign_in_links';
  /** The outbox's kind of message. */
  mailKind: 'password-reset' | 'sign-in-link';
  /** The site page the link opens, before /tkn/{tkn}/key/{key}. */
  page: string;
  validMinutes: number;
  mail: (translator: Translator, input: { name: string; link: string; validMinutes: number }) => MailContent;
  /** The field error for a link that does not work (missing, used, expired, or mistyped). */
  invalid: Message;
};

/** Spec section 2: a reset link is valid 60 minutes. */
export const RESET_VALID_MINUTES = 60;

/** An e-mailed sign-in link signs in at once, so it lives a short while only. */
export const SIGN_IN_LINK_VALID_MINUTES = 15;

export const PASSWORD_RESET_LINK: LinkKind = {
  table: 'password_resets',
  mailKind: 'password-reset',
  page: '/confirm-password',
  validMinutes: RESET_VALID_MINUTES,
  mail: passwordResetMail,
  invalid: ACCOUNT_MESSAGES.resetLinkInvalid,
};

export const SIGN_IN_LINK: LinkKind = {
  table: 'sign_in_links',
  mailKind: 'sign-in-link',
  page: '/sign-in-link',
  validMinutes: SIGN_IN_LINK_VALID_MINUTES,
  mail: signInLinkMail,
  invalid: ACCOUNT_MESSAGES.signInLinkInvalid,
};

export type OneTimeLinkDeps = { db: Database; logger: Logger; outbox: MailOutbox; siteUrl: string };

export class OneTimeLinks {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly deps: OneTimeLinkDeps,
    readonly kind: LinkKind,
  ) {}

  /**
   * Mails a link to the account `findUser` finds, after the answer: the answer is the same and
   * leaves as fast whether or not there is such an account, because nothing that depends on it
   * happens before the answer is sent. The e-mail speaks the language of `locale` (the
   * caller's x-locale: the page it was asked on), and its link opens that language's page.
   */
  send(findUser: () => Promise<UserRow | undefined>, locale: string): void {
    const run = this.mail(findUser, locale)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'accounts: background task failed'))
      .finally(() => this.background.delete(run));
    this.background.add(run);
  }

  private async mail(findUser: () => Promise<UserRow | undefined>, locale: string): Promise<void> {
    const { db, outbox, siteUrl } = this.deps;
    const { table, mailKind, page, validMinutes } = this.kind;
    const user = await findUser();
    if (!user?.email) return;
    const selector = randomSecret(16);
    const token = randomSecret(32);
    const expiresAt = new Date(Date.now() + validMinutes * 60_000);
    const site = siteOfLocale(locale);
    const link = mailPageLink(siteUrl.replace(/\/+$/, ''), site, `${page}/tkn/${token}/key/${selector}`);
    const mail = this.kind.mail(mailTranslator(site), { name: user.name, link, validMinutes });
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (user_id, selector, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
        user.id,
        selector,
        hashSecret(token),
        expiresAt,
      ]);
      await outbox.enqueue(tx, { kind: mailKind, to: user.email!, ...mail, expiresAt });
    });
    outbox.kick();
  }

  /** The refusal of a link that does not work. */
  invalid(): HttpError {
    return fieldError('tkn', this.kind.invalid);
  }

  /** The id of the unused, unexpired link `key` names if `tkn` is its token; else the refusal. */
  async find(input: { key: string; tkn: string }): Promise<number> {
    if (!looksLikeSecret(input.key) || !looksLikeSecret(input.tkn)) throw this.invalid();
    const rows = await this.deps.db.query<{ id: number; token_hash: string }>(
      `SELECT id, token_hash FROM ${this.kind.table} WHERE selector = $1 AND used_at IS NULL AND expires_at > now()`,
      [input.key],
    );
    const link = rows[0];
    if (!link || !sameDigest(hashSecret(input.tkn), link.token_hash)) throw this.invalid();
    return link.id;
  }

  /**
   * Marks the link used and answers its user, or the refusal: single use even when requests
   * race, since only one of them marks it.
   */
  async claim(q: Queryable, id: number): Promise<number> {
    const [used] = await q.query<{ user_id: number }>(
      `UPDATE ${this.kind.table} SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [id],
    );
    if (!used) throw this.invalid();
    return used.user_id;
  }

  /** Makes a claimed link usable again (what it was claimed for did not happen). */
  async release(id: number): Promise<void> {
    await this.deps.db.query(`UPDATE ${this.kind.table} SET used_at = NULL WHERE id = $1`, [id]);
  }

  /** Deletes the user's other links of this kind (all of them without `keep`). */
  async deleteOthers(q: Queryable, userId: number, keep?: number): Promise<void> {
    await q.query(`DELETE FROM ${this.kind.table} WHERE user_id = $1 AND id <> $2`, [userId, keep ?? 0]);
  }

  /** Resolves when the mails begun after earlier answers are written (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.background.size) await Promise.all([...this.background]);
  }
}
