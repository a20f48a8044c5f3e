import type { CookieOptions, Request, Response } from 'express';
import { COOKIE, DAY_MS, SESSION_DAYS } from '../../../shared/constants';
import type { Session } from '../../../shared/api/account-schemas';

// The session cookies (spec sections 3 "Cookies", 4 "Authentication", 9): `token` is
// HttpOnly, so page scripts never see it, and only the web server turns it into the `token`
// header; `profile-type` is readable, so the browser knows someone is signed in and whether
// they are an admin. Both SameSite=Lax, Secure over HTTPS, 30 days.

export const SESSION_MAX_AGE_MS = SESSION_DAYS * DAY_MS;

/** Secure when this request came over HTTPS (or through our HTTPS front) or the site is HTTPS. */
export function isSecureRequest(req: Request, siteUrl: string): boolean {
  return req.secure || siteUrl.startsWith('https:');
}

function options(secure: boolean, httpOnly: boolean): CookieOptions {
  return { path: '/', sameSite: 'lax', secure, httpOnly, maxAge: SESSION_MAX_AGE_MS };
}

/** Any earlier token is replaced (spec section 4: "any earlier token cookie is removed"). */
export function writeSessionCookies(res: Response, session: Pick<Session, 'token' | 'profileType'>, secure: boolean): void {
  res.cookie(COOKIE.token, session.token, options(secure, true));
  res.cookie(COOKIE.profileType, String(session.profileType), options(secure, false));
  res.clearCookie(COOKIE.socialToken, { path: '/' });
}

/** Logout and 'UnAuthorized Access!': the token, profile-type and social-token cookies go. */
export function clearSessionCookies(res: Response, secure: boolean): void {
  for (const name of [COOKIE.token, COOKIE.profileType, COOKIE.socialToken]) {
    res.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: name === COOKIE.token });
  }
}
