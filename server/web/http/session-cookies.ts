import type { CookieOptions, Request, Response } from 'express';
import { z } from 'zod';
import { COOKIE, DAY_MS, KNOWN_DEVICE_DAYS, SESSION_DAYS } from '../../../shared/constants';
import type { Session } from '../../../shared/api/account-schemas';
import { isAdminProfileType } from '../../../shared/api/profile-types';

// The session cookies (spec sections 3 "Cookies", 4 "Authentication", 9): `token` is
// HttpOnly, so page scripts never see it, and only the web server turns it into the `token`
// header; `profile-type` is readable, so the browser knows someone is signed in and whether
// they are an admin. Both SameSite=Lax, Secure over HTTPS, 30 days. Beside them, the api's
// known-device proof (issue 25, server/api/accounts/known-devices.ts): HttpOnly, a year, kept
// through logout (the browser has signed in before all the same), sent on sign-in calls only.

export const SESSION_MAX_AGE_MS = SESSION_DAYS * DAY_MS;
const KNOWN_DEVICE_MAX_AGE_MS = KNOWN_DEVICE_DAYS * DAY_MS;

/** An opaque token as the api issues them (base64url): nothing else is kept or sent on. */
const OpaqueToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

/** The known-device proof in a cookie or an api answer's header, when well formed. */
export function knownDeviceToken(value: unknown): string | undefined {
  const parsed = OpaqueToken.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** This browser's known-device cookie, if any. */
export function knownDeviceOf(req: Request): string | undefined {
  return knownDeviceToken(req.cookies?.[COOKIE.knownDevice]);
}

/** Secure when this request came over HTTPS (or through our HTTPS front) or the site is HTTPS. */
export function isSecureRequest(req: Request, siteUrl: string): boolean {
  return req.secure || siteUrl.startsWith('https:');
}

function options(secure: boolean, httpOnly: boolean, maxAge = SESSION_MAX_AGE_MS): CookieOptions {
  return { path: '/', sameSite: 'lax', secure, httpOnly, maxAge };
}

/**
 * Any earlier token is replaced (spec section 4: "any earlier token cookie is removed"); the
 * known-device proof the api answered is kept, or kept a year longer.
 */
export function writeSessionCookies(
  res: Response,
  signedIn: { session: Pick<Session, 'token' | 'profileType'>; knownDevice: string | undefined },
  secure: boolean,
): void {
  const { session, knownDevice } = signedIn;
  res.cookie(COOKIE.token, session.token, options(secure, true));
  res.cookie(COOKIE.profileType, String(session.profileType), options(secure, false));
  res.clearCookie(COOKIE.socialToken, { path: '/' });
  if (knownDevice) res.cookie(COOKIE.knownDevice, knownDevice, options(secure, true, KNOWN_DEVICE_MAX_AGE_MS));
}

/** Logout and 'UnAuthorized Access!': the token, profile-type and social-token cookies go. */
export function clearSessionCookies(res: Response, secure: boolean): void {
  for (const name of [COOKIE.token, COOKIE.profileType, COOKIE.socialToken]) {
    res.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: name === COOKIE.token });
  }
}

/**
 * Whether the profile-type cookie says admin. It only decides what the web asks for (the
 * admin view): the api decides who is an admin, from the session.
 */
export function cookieSaysAdmin(req: Request): boolean {
  return isAdminProfileType(Number(req.cookies?.[COOKIE.profileType]));
}
