import type { Request } from 'express';
import type { Logger } from 'pino';
import { PUBLIC_PROFILE_MESSAGES, type CheckUserNameResponse, type PublicUserDetail, type UserDetail } from '../../../shared/api/account-schemas';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordForm,
  ConfirmPasswordForm,
  LoginForm,
  ProfileForm,
  RegisterForm,
  SignInLinkForm,
  UserName,
  normalizeEmail,
} from '../../../shared/validation/account-rules';
import { HttpError } from '../../lib/http-error';
import type { Database, Queryable } from '../db/database';
import { passwordResetMail, signInLinkMail } from '../mail/messages';
import type { MailOutbox } from '../mail/outbox';
import { LOGIN_SLOW_LANE_MS, type AccountSettings } from './account-settings';
import { fieldError, isUniqueViolation, parseForm, unauthorized } from './account-errors';
import { provenDevice, type SignIn } from './known-devices';
import { LoginThrottle } from './login-throttle';
import { hashPassword, isCommonPassword, needsRehash, passwordDecoy, verifyPassword } from './passwords';
import { loadProfileImage, reencodeProfileImage, saveProfileImage } from './profile-images';
import { hashSecret, looksLikeSecret, randomSecret, sameDigest } from './secrets';
import { createSession, deleteSession, deleteSessionsOf, findSession, tokenFrom, type SessionRecord } from './sessions';
import { PROVIDER_NAMES, type SocialIdentity } from './social-providers';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findPublicUser,
  firstNames,
  isUserNameTaken,
  userDetail,
  userDetailOfSession,
  userNameCandidate,
  type PublicProfileAddress,
  type UserRow,
} from './users';

// What accounts do: register, sign in (password, provider or e-mailed link), sign out,
// change and reset passwords, profiles, user names, pictures, notification counts, guest keys.

/** Spec section 2: a reset link is valid 60 minutes. */
export const RESET_VALID_MINUTES = 60;

/** An e-mailed sign-in link signs in at once, so it lives a short while only. */
export const SIGN_IN_LINK_VALID_MINUTES = 15;

/**
 * The key failed sign-ins are counted under: the account when the identifier names one (its
 * e-mail address and its user name are one account), else the identifier as typed, in lower
 * case (e-mail addresses and user names both compare ignoring case).
 */
export function loginAccountKey(user: Pick<UserRow, 'id'> | undefined, identifier: string): string {
  return user ? `user:${user.id}` : `login:${identifier.toLowerCase()}`;
}

type SignUpMeta = { platform?: string | undefined; location?: string | null | undefined };

export type AccountServiceDeps = {
  db: Database;
  logger: Logger;
  settings: AccountSettings;
  outbox: MailOutbox;
};

export class AccountService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly settings: AccountSettings;
  private readonly outbox: MailOutbox;
  private readonly decoy: (password: string) => Promise<void>;
  private readonly throttle: LoginThrottle;
  private readonly background = new Set<Promise<void>>();

  constructor(deps: AccountServiceDeps) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.settings = deps.settings;
    this.outbox = deps.outbox;
    this.decoy = passwordDecoy(deps.settings.passwordHashing);
    const login = deps.settings.rateLimits.login;
    this.throttle = new LoginThrottle(deps.db, {
      perAccountAddress: login.perAccount,
      perAccount: deps.settings.loginAccountLimit,
      windowMs: login.windowMs,
      slowLaneMs: LOGIN_SLOW_LANE_MS,
    });
  }

  // ── sessions ────────────────────────────────────────────────────────────────────────

  /** The session behind the request's `token` header, or 401 'UnAuthorized Access!'. */
  async authenticate(req: Pick<Request, 'headers'>): Promise<SessionRecord> {
    const token = tokenFrom(req);
    const session = token ? await findSession(this.db, token) : undefined;
    if (!session) throw unauthorized();
    return session;
  }

  /** A new session for `user`, and `device` (the browser's known-device token, if any) remembered for the account. */
  private async startSession(user: UserRow, device: string | undefined): Promise<SignIn> {
    const { token, expiresAt, knownDevice } = await createSession(this.db, user.id, device);
    return {
      session: {
        token,
        profileType: user.profile_type,
        userId: user.id,
        userName: user.user_name,
        name: user.name,
        expiresAt: expiresAt.toISOString(),
      },
      knownDevice,
    };
  }

  /**
   * POST /auth/login: an e-mail address or user name and the password, from the client at
   * `address`, in a browser that may have signed in before (`device`, known-devices.ts).
   * Failures count per account and address, or per account and known device, and per account
   * (login-throttle.ts); the answers are the same whether or not the account exists.
   */
  async login(body: unknown, address: string, device: string | undefined): Promise<SignIn> {
    const input = parseForm(LoginForm, body);
    const user = await findUserByLogin(this.db, input.email);
    const known = await provenDevice(this.db, user?.id, device);
    const attempt = await this.throttle.begin(loginAccountKey(user, input.email), address, known);
    if (!user?.password_hash) {
      // Same work as a real check: the time taken does not say whether the account exists.
      await this.decoy(input.password);
      throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
    }
    if (!(await verifyPassword(input.password, user.password_hash))) {
      throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
    }
    await attempt.succeeded();
    if (needsRehash(user.password_hash, this.settings.passwordHashing)) {
      const upgraded = await hashPassword(input.password, this.settings.passwordHashing);
      await this.db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, upgraded]);
    }
    return this.startSession(user, device);
  }

  /** The key an e-mail address or user name is counted under (loginAccountKey). */
  async accountKeyOf(identifier: string): Promise<string> {
    return loginAccountKey(await findUserByLogin(this.db, identifier), identifier);
  }

  /**
   * POST /api/account/sign-in-link, after the answer (as requestPasswordReset): mails the
   * account an e-mailed sign-in link, the way in that needs no password, also while password
   * sign-in to the account is slowed to one attempt at a time.
   */
  requestSignInLink(identifier: string): void {
    this.inBackground(async () => {
      const user = await findUserByLogin(this.db, identifier);
      if (!user?.email) return;
      const selector = randomSecret(16);
      const token = randomSecret(32);
      const expiresAt = new Date(Date.now() + SIGN_IN_LINK_VALID_MINUTES * 60_000);
      const link = `${this.settings.siteUrl.replace(/\/+$/, '')}/sign-in-link/tkn/${token}/key/${selector}`;
      const mail = signInLinkMail({ name: user.name, link, validMinutes: SIGN_IN_LINK_VALID_MINUTES });
      await this.db.transaction(async (tx) => {
        await tx.query('INSERT INTO sign_in_links (user_id, selector, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          selector,
          hashSecret(token),
          expiresAt,
        ]);
        await this.outbox.enqueue(tx, { kind: 'sign-in-link', to: user.email!, ...mail, expiresAt });
      });
      this.outbox.kick();
    });
  }

  /** POST /auth/sign-in-link: the e-mailed link, once, within its minutes, starts a session. */
  async signInWithLink(body: unknown, device: string | undefined): Promise<SignIn> {
    const input = parseForm(SignInLinkForm, body);
    const invalid = () => fieldError('tkn', ACCOUNT_MESSAGES.signInLinkInvalid);
    if (!looksLikeSecret(input.key) || !looksLikeSecret(input.tkn)) throw invalid();
    const rows = await this.db.query<{ id: number; token_hash: string }>(
      'SELECT id, token_hash FROM sign_in_links WHERE selector = $1 AND used_at IS NULL AND expires_at > now()',
      [input.key],
    );
    const link = rows[0];
    if (!link || !sameDigest(hashSecret(input.tkn), link.token_hash)) throw invalid();
    const userId = await this.db.transaction(async (tx) => {
      // Single use even when two requests race: only one of them marks the link used.
      const used = await tx.query<{ user_id: number }>(
        'UPDATE sign_in_links SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
        [link.id],
      );
      if (!used[0]) throw invalid();
      // The link reached the mailbox, so the address is proven; the account's other links go.
      await tx.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [used[0].user_id]);
      await tx.query('DELETE FROM sign_in_links WHERE user_id = $1 AND id <> $2', [used[0].user_id, link.id]);
      return used[0].user_id;
    });
    const user = await findUserById(this.db, userId);
    if (!user) throw invalid();
    return this.startSession(user, device);
  }

  async logout(session: SessionRecord): Promise<void> {
    await deleteSession(this.db, session.sessionId);
  }

  // ── registration ────────────────────────────────────────────────────────────────────

  /**
   * POST /api/account/register, then signed in with the same credentials (spec section 4).
   * An address that has an account is refused with an honest 409 (the spec signs the new
   * account in, so the answer cannot pretend), but only after the same work as a new account:
   * the password is hashed first either way, and the taken address is found by the insert
   * itself, so the answer's timing does not tell which addresses have accounts (ARCHITECTURE.md,
   * decision log).
   */
  async register(body: unknown, device: string | undefined): Promise<SignIn> {
    const raw = (body ?? {}) as Record<string, unknown>;
    const input = parseForm(RegisterForm, { ...raw, email: normalizeEmail(raw.email) });
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    const passwordHash = await hashPassword(input.password, this.settings.passwordHashing);
    const { name, userNameBase } = firstNames(input.email.split('@')[0]!);
    const user = await this.insertUser(this.db, {
      email: input.email,
      name,
      userNameBase,
      passwordHash,
      emailVerified: false,
      meta: input,
    });
    return this.startSession(user, device);
  }

  /** Inserts a user under a fresh user name (another try if the name was just taken). */
  private async insertUser(
    q: Queryable,
    user: { email: string | null; name: string; userNameBase: string; passwordHash: string | null; emailVerified: boolean; meta: SignUpMeta },
  ): Promise<UserRow> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const userName = userNameCandidate(user.userNameBase);
      if (await isUserNameTaken(q, userName)) continue;
      const rows = await q.query<UserRow>(
        `INSERT INTO users (email, user_name, name, password_hash, email_verified_at, signup_platform, signup_location)
         VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END, $6, $7)
         ON CONFLICT DO NOTHING
         RETURNING id, email, user_name, name, password_hash, profile_type, email_verified_at, created_at`,
        [user.email, userName, user.name, user.passwordHash, user.emailVerified, user.meta.platform ?? null, user.meta.location ?? null],
      );
      if (rows[0]) return rows[0];
      // Either the address was registered a moment ago, or the name was taken: which?
      if (user.email && (await findUserByEmail(q, user.email))) throw fieldError('email', ACCOUNT_MESSAGES.emailTaken, 409);
    }
    throw new Error('could not find a free user name');
  }

  // ── social sign-in ──────────────────────────────────────────────────────────────────

  /**
   * Signs in the person a provider vouched for: the account already linked to that provider
   * identity; else the account with the same (provider-verified) address, now linked; else a
   * new account.
   */
  async socialSignIn(identity: SocialIdentity, meta: SignUpMeta, device: string | undefined): Promise<SignIn> {
    const user = await this.db.transaction(async (tx) => {
      const linked = await tx.query<{ user_id: number }>(
        'SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2',
        [identity.provider, identity.subject],
      );
      if (linked[0]) return (await findUserById(tx, linked[0].user_id))!;
      if (identity.email && !identity.emailVerified) {
        throw fieldError('access_token', ACCOUNT_MESSAGES.socialEmailUnverified(PROVIDER_NAMES[identity.provider]));
      }
      let account = identity.email ? await findUserByEmail(tx, identity.email) : undefined;
      if (account && !account.email_verified_at) {
        // The provider just proved who receives mail at this address; whoever registered it
        // with a password never did. Drop that password and its sessions so an account
        // pre-registered by someone else cannot be shared with its real owner.
        await tx.query('UPDATE users SET password_hash = NULL, email_verified_at = now(), updated_at = now() WHERE id = $1', [account.id]);
        if (account.password_hash) await deleteSessionsOf(tx, account.id);
        account = (await findUserById(tx, account.id))!;
      }
      if (!account) {
        const names = firstNames(identity.name ?? identity.email?.split('@')[0] ?? '');
        account = await this.insertUser(tx, {
          email: identity.email ?? null,
          name: identity.name?.trim().slice(0, 50) || names.name,
          userNameBase: names.userNameBase,
          passwordHash: null,
          emailVerified: Boolean(identity.email),
          meta,
        });
      }
      await tx.query(
        'INSERT INTO social_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [identity.provider, identity.subject, account.id, identity.email ?? null],
      );
      return account;
    });
    return this.startSession(user, device);
  }

  // ── passwords ───────────────────────────────────────────────────────────────────────

  /** PUT /api/account/change-password: every other session of the user ends. */
  async changePassword(session: SessionRecord, body: unknown): Promise<void> {
    const input = parseForm(ChangePasswordForm, body);
    const user = (await findUserById(this.db, session.userId))!;
    if (!user.password_hash) throw fieldError('old_password', ACCOUNT_MESSAGES.noPasswordYet);
    if (!(await verifyPassword(input.old_password, user.password_hash))) {
      throw fieldError('old_password', ACCOUNT_MESSAGES.oldPasswordWrong);
    }
    if (input.password === input.old_password) throw fieldError('password', ACCOUNT_MESSAGES.passwordUnchanged);
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    const passwordHash = await hashPassword(input.password, this.settings.passwordHashing);
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, passwordHash]);
      await deleteSessionsOf(tx, user.id, session.sessionId);
      // Like the other sessions, the ways in handed out before the change go.
      await tx.query('DELETE FROM password_resets WHERE user_id = $1', [user.id]);
      await tx.query('DELETE FROM sign_in_links WHERE user_id = $1', [user.id]);
    });
  }

  /**
   * POST /api/account/forgot-password, after the answer: the answer is the same and leaves
   * as fast whether or not the address has an account, because nothing that depends on it
   * happens before the answer is sent.
   */
  requestPasswordReset(email: string): void {
    this.inBackground(async () => {
      const user = await findUserByEmail(this.db, email);
      if (!user?.email) return;
      const selector = randomSecret(16);
      const token = randomSecret(32);
      const expiresAt = new Date(Date.now() + RESET_VALID_MINUTES * 60_000);
      const link = `${this.settings.siteUrl.replace(/\/+$/, '')}/confirm-password/tkn/${token}/key/${selector}`;
      const mail = passwordResetMail({ name: user.name, link, validMinutes: RESET_VALID_MINUTES });
      await this.db.transaction(async (tx) => {
        await tx.query('INSERT INTO password_resets (user_id, selector, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          selector,
          hashSecret(token),
          expiresAt,
        ]);
        await this.outbox.enqueue(tx, { kind: 'password-reset', to: user.email!, ...mail, expiresAt });
      });
      this.outbox.kick();
    });
  }

  /**
   * PUT /api/account/confirm-password: once per link, within the hour; every session ends.
   * The link is claimed before the password is hashed (issue 25): twenty uses of one link at
   * once ran twenty scrypt hashes before the single-use check (seconds, and 504s for the
   * others); now one claims it and hashes, and the rest are refused at once.
   */
  async confirmPasswordReset(body: unknown): Promise<void> {
    const input = parseForm(ConfirmPasswordForm, body);
    const invalid = () => fieldError('tkn', ACCOUNT_MESSAGES.resetLinkInvalid);
    if (!looksLikeSecret(input.key) || !looksLikeSecret(input.tkn)) throw invalid();
    const rows = await this.db.query<{ id: number; token_hash: string }>(
      'SELECT id, token_hash FROM password_resets WHERE selector = $1 AND used_at IS NULL AND expires_at > now()',
      [input.key],
    );
    const reset = rows[0];
    if (!reset || !sameDigest(hashSecret(input.tkn), reset.token_hash)) throw invalid();
    // A password the form refuses leaves the link usable.
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    // Single use even when requests race: only one of them marks the link used.
    const [claimed] = await this.db.query<{ user_id: number }>(
      'UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
      [reset.id],
    );
    if (!claimed) throw invalid();
    try {
      // Hashed outside the transaction: PGlite has one connection, and scrypt takes a while.
      const passwordHash = await hashPassword(input.password, this.settings.passwordHashing);
      await this.db.transaction(async (tx) => {
        // The link reached the mailbox, so the address is proven.
        await tx.query(
          'UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1',
          [claimed.user_id, passwordHash],
        );
        await deleteSessionsOf(tx, claimed.user_id);
        await tx.query('DELETE FROM password_resets WHERE user_id = $1 AND id <> $2', [claimed.user_id, reset.id]);
        await tx.query('DELETE FROM sign_in_links WHERE user_id = $1', [claimed.user_id]);
      });
    } catch (error) {
      // Nothing was changed: the link is the shopper's to use again.
      await this.db.query('UPDATE password_resets SET used_at = NULL WHERE id = $1', [reset.id]);
      throw error;
    }
  }

  // ── profiles ────────────────────────────────────────────────────────────────────────

  /** GET user-profile: the session and the profile in one statement, or 401 'UnAuthorized Access!'. */
  async profileOf(req: Pick<Request, 'headers'>): Promise<UserDetail> {
    const token = tokenFrom(req);
    const detail = token ? await userDetailOfSession(this.db, hashSecret(token)) : undefined;
    if (!detail) throw unauthorized();
    return detail;
  }

  async profile(userId: number): Promise<UserDetail> {
    const detail = await userDetail(this.db, userId);
    if (!detail) throw unauthorized();
    return detail;
  }

  /** What anyone may see of a user, by user name or public id (never by row id: they are sequential). */
  async publicProfile(by: PublicProfileAddress): Promise<{ profile: PublicUserDetail; userId: number }> {
    const found = await findPublicUser(this.db, by);
    if (!found) throw new HttpError(404, PUBLIC_PROFILE_MESSAGES.missing);
    return found;
  }

  /** PUT /api/account/edit-user-profile: name and/or user name. */
  async editProfile(session: SessionRecord, body: unknown): Promise<UserDetail> {
    const input = parseForm(ProfileForm, body);
    if (input.userName !== undefined && (await isUserNameTaken(this.db, input.userName, session.userId))) {
      throw fieldError('userName', ACCOUNT_MESSAGES.userNameTaken, 409);
    }
    try {
      await this.db.query(
        'UPDATE users SET name = coalesce($2, name), user_name = coalesce($3, user_name), updated_at = now() WHERE id = $1',
        [session.userId, input.name ?? null, input.userName ?? null],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('userName', ACCOUNT_MESSAGES.userNameTaken, 409);
      throw error;
    }
    return this.profile(session.userId);
  }

  /** GET /api/account/check-username/{name}: usable means valid and nobody else's. */
  async checkUserName(userName: string, viewerUserId: number | undefined): Promise<CheckUserNameResponse> {
    const parsed = UserName.safeParse(userName);
    if (!parsed.success) {
      return { userName, valid: false, available: false, message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.userNameCharacters };
    }
    const taken = await isUserNameTaken(this.db, userName, viewerUserId);
    return { userName, valid: true, available: !taken, message: taken ? ACCOUNT_MESSAGES.userNameTaken : null };
  }

  async setProfileImage(session: SessionRecord, upload: Buffer): Promise<string> {
    const encoded = await reencodeProfileImage(upload);
    return saveProfileImage(this.db, session.userId, encoded);
  }

  /** A stored picture by its key (the file name without .webp), or undefined. */
  profileImage(key: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    return loadProfileImage(this.db, key);
  }

  /** GET notification-count: the session and the unread count in one statement, or 401. */
  async notificationCountOf(req: Pick<Request, 'headers'>): Promise<number> {
    const token = tokenFrom(req);
    const rows = token
      ? await this.db.query<{ count: number }>(
          `SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL)::int AS count
             FROM sessions s WHERE s.token_hash = $1 AND s.expires_at > now()`,
          [hashSecret(token)],
        )
      : [];
    if (!rows[0]) throw unauthorized();
    return rows[0].count;
  }

  // ── guests ──────────────────────────────────────────────────────────────────────────

  /** A new guest key for the g-to cookie; only its hash is kept. */
  async issueGuestKey(): Promise<string> {
    const key = randomSecret();
    await this.db.query('INSERT INTO guest_keys (key_hash) VALUES ($1)', [hashSecret(key)]);
    return key;
  }

  // ── housekeeping ────────────────────────────────────────────────────────────────────

  private inBackground(task: () => Promise<void>): void {
    const run = task()
      .catch((error: unknown) => this.logger.error({ err: error }, 'accounts: background task failed'))
      .finally(() => this.background.delete(run));
    this.background.add(run);
  }

  /** Resolves when the work started after earlier answers has finished (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.background.size) await Promise.all([...this.background]);
  }

  /** Deletes what can no longer be used: expired sessions, old reset and sign-in links, lapsed devices. */
  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE expires_at < now()');
    await this.db.query("DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'");
    await this.db.query("DELETE FROM sign_in_links WHERE expires_at < now() - interval '1 day'");
    await this.db.query('DELETE FROM known_devices WHERE expires_at < now()');
  }
}
