import { DAY_MS } from '../../shared/constants';

// Cookies the browser itself reads and writes (not the HttpOnly session cookie).
export function readCookie(name: string): string | undefined {
  return cookieValue(document.cookie, name);
}

/**
 * A cookie's value in a Cookie header (or document.cookie). One whose %-escapes do not decode
 * counts as absent: anyone can send any cookie, and a decoder that throws in a loader was a
 * 500 (issue 25).
 */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Spec section 9: cookie lifetimes are given in days, times 24 hours. */
export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round((days * DAY_MS) / 1000)}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
