import { randomInt } from 'node:crypto';
import type { PublicUserDetail, UserDetail } from '../../../shared/api/account-schemas';
import { USER_NAME_MAX, USER_NAME_MIN } from '../../../shared/validation/account-rules';
import type { Queryable } from '../db/database';
import { profileImagePath } from './profile-images';

// The users table: lookups, the shapes the api answers with, and user names.

export type UserRow = {
  id: number;
  email: string | null;
  user_name: string;
  name: string;
  password_hash: string | null;
  profile_type: number;
  email_verified_at: Date | null;
  created_at: Date;
};

const USER_COLUMNS = 'u.id, u.email, u.user_name, u.name, u.password_hash, u.profile_type, u.email_verified_at, u.created_at';

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email.toLowerCase()]);
  return rows[0];
}

export async function findUserByUserName(db: Queryable, userName: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.user_name) = lower($1)`, [userName]);
  return rows[0];
}

/**
 * A public profile's address is the user name or the opaque public id (a random UUID), never
 * the row id: row ids are sequential, so they let anyone list every account.
 */
export type PublicProfileAddress = { userName: string } | { publicId: string };

/**
 * The public part of a user, by its public address (`publicId` must be a UUID: the route
 * checks), and the user's row id, which is never in a public answer (it names the answer's
 * purge key: http/cache-purges.ts).
 */
export async function findPublicUser(db: Queryable, by: PublicProfileAddress): Promise<{ profile: PublicUserDetail; userId: number } | undefined> {
  const where = 'publicId' in by ? 'u.public_id = $1::uuid' : 'lower(u.user_name) = lower($1)';
  const rows = await db.query<{ id: number; public_id: string; user_name: string; name: string; image_key: string | null }>(
    `SELECT u.id, u.public_id::text AS public_id, u.user_name, u.name, (SELECT key FROM profile_images WHERE user_id = u.id) AS image_key
       FROM users u WHERE ${where}`,
    ['publicId' in by ? by.publicId : by.userName],
  );
  const row = rows[0];
  return (
    row && {
      profile: { publicId: row.public_id, userName: row.user_name, name: row.name, profileImage: row.image_key ? profileImagePath(row.image_key) : null },
      userId: row.id,
    }
  );
}

/** "Email/Username" (spec section 2): an address has an '@', a user name never does. */
export function findUserByLogin(db: Queryable, identifier: string): Promise<UserRow | undefined> {
  return identifier.includes('@') ? findUserByEmail(db, identifier) : findUserByUserName(db, identifier);
}

// The detail a shopper sees of themselves: the user, the picture and the linked providers,
// read in one statement (PGlite serialises every caller, so each round trip counts).
type UserDetailRow = UserRow & { image_key: string | null; providers: ('facebook' | 'google')[] };
const DETAIL_COLUMNS = `${USER_COLUMNS},
  (SELECT key FROM profile_images WHERE user_id = u.id) AS image_key,
  ARRAY(SELECT provider FROM social_identities WHERE user_id = u.id ORDER BY provider) AS providers`;

function detailOf(row: UserDetailRow): UserDetail {
  return {
    userId: row.id,
    userName: row.user_name,
    name: row.name,
    email: row.email,
    profileImage: row.image_key ? profileImagePath(row.image_key) : null,
    type: row.profile_type,
    hasPassword: row.password_hash !== null,
    socialProviders: row.providers,
    createdAt: row.created_at.toISOString(),
  };
}

export async function userDetail(db: Queryable, userId: number): Promise<UserDetail | undefined> {
  const rows = await db.query<UserDetailRow>(`SELECT ${DETAIL_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  return rows[0] && detailOf(rows[0]);
}

/**
 * The detail of the user whose live session has this token hash, checking the session in the
 * same statement: GET user-profile is made by every signed-in page, so it is one round trip.
 */
export async function userDetailOfSession(db: Queryable, tokenHash: string): Promise<UserDetail | undefined> {
  const rows = await db.query<UserDetailRow>(
    `SELECT ${DETAIL_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0] && detailOf(rows[0]);
}

/** Names that would read as ours; refused as taken. */
const RESERVED = new Set(['admin', 'administrator', 'vitrine', 'support', 'help', 'root', 'system', 'moderator', 'staff', 'official']);

export function isReservedUserName(userName: string): boolean {
  return RESERVED.has(userName.toLowerCase());
}

export async function isUserNameTaken(db: Queryable, userName: string, exceptUserId?: number): Promise<boolean> {
  if (isReservedUserName(userName)) return true;
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [userName]);
  return rows.some((row) => row.id !== exceptUserId);
}

/**
 * A first user name and display name for a new account, from the first word of what we
 * know (the part of the address before the '@', or the name a provider gave): "jane.doe.87@…"
 * becomes name "Jane" and user name "jane4821", so the public handle does not spell out the
 * e-mail address. The person can change both on their profile.
 */
export function firstNames(seed: string): { name: string; userNameBase: string } {
  const word = /\p{L}+/u.exec(seed)?.[0] ?? '';
  const name = word ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : 'Shopper';
  const ascii = word.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase().slice(0, USER_NAME_MAX - 6);
  return { name, userNameBase: ascii.length >= USER_NAME_MIN ? ascii : 'shopper' };
}

export function userNameCandidate(base: string): string {
  return `${base}${randomInt(1000, 10000)}`;
}
