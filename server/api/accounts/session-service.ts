import type { Request } from 'express';
import { ACCOUNT_MESSAGES, LoginForm, SignInLinkForm } from '../../../shared/validation/account-rules';
import { HttpError } from '../../lib/http-error';
import type { Database } from '../db/database';
import { LOGIN_SLOW_LANE_MS, type AccountSettings } from './account-settings';
import { parseForm, unauthorized } from './account-errors';
import { provenDevice, type SignIn } from './known-devices';
import { LoginThrottle } from './login-throttle';
import type { OneTimeLinks } from './one-time-links';
import { hashPassword, needsRehash, passwordDecoy, verifyPassword } from './passwords';
import { hashSecret, randomSecret } from './secrets';
import { createSession, deleteSession, findSession, tokenFrom, type SessionRecord } from './sessions';
import { findUserById, findUserByLogin, type UserRow } from './users';

// Sessions: who the request's token is, signing in (password or e-mailed link) and out, and
// the guest key a visitor without an account is known by.

/**
 * The key failed sign-ins are counted under: the account when the identifier names one (its
 * e-mail address and its user name are one account), else the identifier as typed, in lower
 * case (e-mail addresses and user names both compare ignoring case).
 */
export function loginAccountKey(user: Pick<UserRow, 'id'> | undefined, identifier: string): string {
  return user ? `user:${user.id}` : `login:${identifier.toLowerCase()}`;
}

export type SessionServiceDeps = {
  db: Database;
  settings: AccountSettings;
  /** The e-mailed sign-in links (one-time-links.ts, SIGN_IN_LINK). */
  signInLinks: OneTimeLinks;
};

export class SessionService {
  private readonly db: Database;
  private readonly settings: AccountSettings;
  private readonly signInLinks: OneTimeLinks;
  private readonly decoy: (password: string) => Promise<void>;
  private readonly throttle: LoginThrottle;

  constructor(deps: SessionServiceDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.signInLinks = deps.signInLinks;
    this.decoy = passwordDecoy(deps.settings.passwordHashing);
    const login = deps.settings.rateLimits.login;
    this.throttle = new LoginThrottle(deps.db, {
      perAccountAddress: login.perAccount,
      perAccount: deps.settings.loginAccountLimit,
      windowMs: login.windowMs,
      slowLaneMs: LOGIN_SLOW_LANE_MS,
    });
  }

  /** The session behind the request's `token` header, or 401 'UnAuthorized Access!'. */
  async authenticate(req: Pick<Request, 'headers'>): Promise<SessionRecord> {
    const token = tokenFrom(req);
    const session = token ? await findSession(this.db, token) : undefined;
    if (!session) throw unauthorized();
    return session;
  }

  /** A new session for `user`, and `device` (the browser's known-device token, if any) remembered for the account. */
  async start(user: UserRow, device: string | undefined): Promise<SignIn> {
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
    return this.start(user, device);
  }

  /** The key an e-mail address or user name is counted under (loginAccountKey). */
  async accountKeyOf(identifier: string): Promise<string> {
    return loginAccountKey(await findUserByLogin(this.db, identifier), identifier);
  }

  /**
   * POST /api/account/sign-in-link, after the answer: mails the account an e-mailed sign-in
   * link, the way in that needs no password, also while password sign-in to the account is
   * slowed to one attempt at a time. In the language of `locale`, the caller's.
   */
  requestSignInLink(identifier: string, locale: string): void {
    this.signInLinks.send(() => findUserByLogin(this.db, identifier), locale);
  }

  /** POST /auth/sign-in-link: the e-mailed link, once, within its minutes, starts a session. */
  async signInWithLink(body: unknown, device: string | undefined): Promise<SignIn> {
    const input = parseForm(SignInLinkForm, body);
    const links = this.signInLinks;
    const id = await links.find(input);
    const userId = await this.db.transaction(async (tx) => {
      const claimed = await links.claim(tx, id);
      // The link reached the mailbox, so the address is proven; the account's other links go.
      await tx.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [claimed]);
      await links.deleteOthers(tx, claimed, id);
      return claimed;
    });
    const user = await findUserById(this.db, userId);
    if (!user) throw links.invalid();
    return this.start(user, device);
  }

  async logout(session: SessionRecord): Promise<void> {
    await deleteSession(this.db, session.sessionId);
  }

  /** A new guest key for the g-to cookie; only its hash is kept. */
  async issueGuestKey(): Promise<string> {
    const key = randomSecret();
    await this.db.query('INSERT INTO guest_keys (key_hash) VALUES ($1)', [hashSecret(key)]);
    return key;
  }
}
