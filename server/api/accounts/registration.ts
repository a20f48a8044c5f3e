import { ACCOUNT_MESSAGES, RegisterForm, normalizeEmail } from '../../../shared/validation/account-rules';
import type { Database, Queryable } from '../db/database';
import type { AccountSettings } from './account-settings';
import { fieldError, parseForm } from './account-errors';
import type { SignIn } from './known-devices';
import { hashPassword, isCommonPassword } from './passwords';
import type { SessionService } from './session-service';
import { deleteSessionsOf } from './sessions';
import { PROVIDER_NAMES, type SocialIdentity } from './social-providers';
import { findUserByEmail, findUserById, firstNames, isUserNameTaken, userNameCandidate, type UserRow } from './users';

// New accounts: registration with an address and a password, and the account a social
// provider vouches for (found, linked, or new). Both end signed in.

type SignUpMeta = { platform?: string | undefined; location?: string | null | undefined };

export type RegistrationDeps = { db: Database; settings: AccountSettings; sessions: SessionService };

export class Registration {
  constructor(private readonly deps: RegistrationDeps) {}

  /**
   * POST /api/account/register, then signed in with the same credentials (spec section 4).
   * An address that has an account is refused with an honest 409 (the spec signs the new
   * account in, so the answer cannot pretend), but only after the same work as a new account:
   * the password is hashed first either way, and the taken address is found by the insert
   * itself, so the answer's timing does not tell which addresses have accounts (docs/decisions/
   * 0043-registering-a-taken-address-answers-409.md).
   */
  async register(body: unknown, device: string | undefined): Promise<SignIn> {
    const raw = (body ?? {}) as Record<string, unknown>;
    const input = parseForm(RegisterForm, { ...raw, email: normalizeEmail(raw.email) });
    if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordTooCommon);
    const passwordHash = await hashPassword(input.password, this.deps.settings.passwordHashing);
    const { name, userNameBase } = firstNames(input.email.split('@')[0]!);
    const user = await insertUser(this.deps.db, {
      email: input.email,
      name,
      userNameBase,
      passwordHash,
      emailVerified: false,
      meta: input,
    });
    return this.deps.sessions.start(user, device);
  }

  /**
   * Signs in the person a provider vouched for: the account already linked to that provider
   * identity; else the account with the same (provider-verified) address, now linked; else a
   * new account.
   */
  async socialSignIn(identity: SocialIdentity, meta: SignUpMeta, device: string | undefined): Promise<SignIn> {
    const user = await this.deps.db.transaction(async (tx) => {
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
        account = await insertUser(tx, {
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
    return this.deps.sessions.start(user, device);
  }
}

/** Inserts a user under a fresh user name (another try if the name was just taken). */
async function insertUser(
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
