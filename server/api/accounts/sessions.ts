import type { Request } from 'express';
import { DAY_MS, KNOWN_DEVICE_DAYS, SESSION_DAYS, UPSTREAM_HEADER } from '../../../shared/constants';
import type { Queryable } from '../db/database';
import { hashSecret, looksLikeSecret, randomSecret } from './secrets';

// Sessions: an opaque random token of 256 bits, handed out once and stored only
// as its SHA-256; 30 days from sign-in (spec section 9: the token cookie lives 30 days).
// Revoked by logout (this one), a password change (all others) and a reset (all).

export const SESSION_LIFETIME_MS = SESSION_DAYS * DAY_MS;

export type SessionRecord = {
  sessionId: number;
  userId: number;
  userName: string;
  name: string;
  profileType: number;
  expiresAt: Date;
};

/**
 * A new session for the user and, in the same statement, the browser remembered for the
 * account (known-devices.ts): the token it already holds, so one browser can be known to
 * several accounts, else a new one. One statement, so a sign-in does no more work than the
 * answers that must take as long (registration-timing.test.ts).
 */
export async function createSession(db: Queryable, userId: number, device: string | undefined): Promise<{ token: string; expiresAt: Date; knownDevice: string }> {
  const token = randomSecret();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const knownDevice = device ?? randomSecret();
  await db.query(
    `WITH session AS (INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, $3))
     INSERT INTO known_devices (token_hash, user_id, expires_at) VALUES ($4, $1, $5)
     ON CONFLICT (token_hash, user_id) DO UPDATE SET expires_at = excluded.expires_at`,
    [userId, hashSecret(token), expiresAt, hashSecret(knownDevice), new Date(Date.now() + KNOWN_DEVICE_DAYS * DAY_MS)],
  );
  return { token, expiresAt, knownDevice };
}

export async function findSession(db: Queryable, token: string): Promise<SessionRecord | undefined> {
  const rows = await db.query<{ id: number; user_id: number; user_name: string; name: string; profile_type: number; expires_at: Date }>(
    `SELECT s.id, s.user_id, u.user_name, u.name, u.profile_type, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    name: row.name,
    profileType: row.profile_type,
    expiresAt: row.expires_at,
  };
}

export async function deleteSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** Every session of the user but `keep` (a password change keeps the one that made it). */
export async function deleteSessionsOf(db: Queryable, userId: number, keep?: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keep ?? 0]);
}

/** The `token` header (the web gateway sets it from the HttpOnly token cookie), if well formed. */
export function tokenFrom(req: Pick<Request, 'headers'>): string | undefined {
  const value = req.headers[UPSTREAM_HEADER.token];
  return looksLikeSecret(value) ? value : undefined;
}

/** The `key` header (the gateway sets it from the g-to cookie when there is no token). */
export function guestKeyFrom(req: Pick<Request, 'headers'>): string | undefined {
  const value = req.headers[UPSTREAM_HEADER.guestKey];
  return looksLikeSecret(value) ? value : undefined;
}
