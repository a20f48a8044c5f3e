import type { Request } from 'express';
import { isAdminProfileType } from '../../../shared/api/account-schemas';
import type { Queryable } from '../db/database';
import { hashSecret } from './secrets';
import { findSession, guestKeyFrom, tokenFrom } from './sessions';

// Who is asking, for any route: the signed-in user behind the `token` header, or the guest
// behind the `key` header. Nothing is cached, so a revoked session stops working at once.

export type Viewer = { userId: number; userName: string; profileType: number };
export type ViewerResolver = (req: Pick<Request, 'headers'>) => Promise<Viewer | null>;

export function isAdmin(viewer: Pick<Viewer, 'profileType'> | null | undefined): boolean {
  return isAdminProfileType(viewer?.profileType);
}

/** Who asks for their own collections: the shopper, and whether admin-only stores' products are theirs to see. */
export function askerOf(viewer: Pick<Viewer, 'userId' | 'profileType'>): { userId: number; admin: boolean } {
  return { userId: viewer.userId, admin: isAdmin(viewer) };
}

/** The signed-in user, or null for a missing, unknown, revoked or expired token. */
export async function findViewer(db: Queryable, req: Pick<Request, 'headers'>): Promise<Viewer | null> {
  const token = tokenFrom(req);
  if (!token) return null;
  const session = await findSession(db, token);
  return session ? { userId: session.userId, userName: session.userName, profileType: session.profileType } : null;
}

export type Guest = { guestId: number };
export type GuestResolver = (req: Pick<Request, 'headers'>) => Promise<Guest | null>;

/**
 * The guest behind a `key` header (issued by POST /api/account/guest-key, kept by the web in
 * the g-to cookie), or null. Anonymous alerts hang on the guest id.
 */
export async function findGuest(db: Queryable, req: Pick<Request, 'headers'>): Promise<Guest | null> {
  const key = guestKeyFrom(req);
  if (!key) return null;
  const rows = await db.query<{ id: number }>(
    // Remember the last visit at most once a day: a read, not a write, on most requests.
    `WITH found AS (SELECT id, last_seen_at FROM guest_keys WHERE key_hash = $1),
          touched AS (UPDATE guest_keys g SET last_seen_at = now() FROM found
                       WHERE g.id = found.id AND found.last_seen_at < now() - interval '1 day')
     SELECT id FROM found`,
    [hashSecret(key)],
  );
  return rows[0] ? { guestId: rows[0].id } : null;
}
