import type { Request, Response } from 'express';
import type { Session } from '../../../shared/api/account-schemas';
import { API_ANSWER_HEADER, UPSTREAM_HEADER } from '../../../shared/constants';
import { CachePrivate } from '../../../shared/http/cache-policy';
import type { Queryable } from '../db/database';
import { sendData } from '../http/respond';
import { hashSecret, looksLikeSecret } from './secrets';

// Browsers that signed in to an account before (issue 25): spread-out password guessing
// slowed the account to one attempt per 30 s from everywhere, and the attacker took each one,
// so the owner could not sign in. A browser that has signed in keeps its own allowance
// (login-throttle.ts), as GitHub's device cookie does. The proof is an opaque random token of
// 256 bits, answered to every sign-in (password, e-mailed link, provider, registration) in a
// header of its own and kept by the web in the HttpOnly known-device cookie, which it sends
// back on the sign-in calls only. Stored as its SHA-256 per account, so it proves nothing for
// another account, and it lapses KNOWN_DEVICE_DAYS after the last sign-in (sessions.ts
// createSession remembers it with the session).


/** The `x-known-device` header (the web sets it from its cookie on sign-in calls), if well formed. */
export function knownDeviceFrom(req: Pick<Request, 'headers'>): string | undefined {
  const value = req.headers[UPSTREAM_HEADER.knownDevice];
  return looksLikeSecret(value) ? value : undefined;
}

/**
 * The device's key for the throttle when `device` has signed in to the account before, else
 * undefined. One statement whether or not the account exists, so the time does not tell.
 */
export async function provenDevice(db: Queryable, userId: number | undefined, device: string | undefined): Promise<string | undefined> {
  if (!device) return undefined;
  const tokenHash = hashSecret(device);
  const rows = await db.query('SELECT 1 FROM known_devices WHERE token_hash = $1 AND user_id = $2 AND expires_at > now()', [tokenHash, userId ?? 0]);
  return rows.length ? tokenHash : undefined;
}

/** A new session and the browser's proof for the account. */
export type SignIn = { session: Session; knownDevice: string };

/** Answers a sign-in: the session in the body (spec section 7), the device's proof in its header. */
export function sendSignIn(res: Response, signIn: SignIn, extra: { message?: string } = {}): void {
  res.setHeader(API_ANSWER_HEADER.knownDevice, signIn.knownDevice);
  sendData(res, { ...signIn.session, ...extra }, CachePrivate);
}
