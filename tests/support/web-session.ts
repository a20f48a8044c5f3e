import request, { type Test } from 'supertest';
import { COOKIE } from '../../shared/constants';

// A browser's session for tests that talk to the web server over HTTP: a shopper's sign-in
// cookies, pages and forms asked for as a browser does, and a cookie jar (what Set-Cookie
// said, and a Cookie header to send back).

/** Who is signed in: what the web's sign-in puts in the session cookies (COOKIE.token and COOKIE.profileType). */
export type SignedIn = { token: string; profileType: number };

/** The Cookie header of a browser signed in as `shopper`. */
export const sessionCookies = (shopper: SignedIn) => `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;

/** A browser's User-Agent: the web streams a page to a browser and waits for the whole of it for a crawler. */
export const BROWSER_AGENT = 'Mozilla/5.0 Chrome/130';

/**
 * What a browser asks of the web at `webUrl()` (read at each request, so a stack started in
 * beforeAll will do): a page, and a form posted without JavaScript from one of our own pages;
 * a guest's, or with `shopper`'s session cookies.
 */
export function asBrowser(webUrl: () => string) {
  const as = (req: Test, shopper?: SignedIn) => (shopper ? req.set('Cookie', sessionCookies(shopper)) : req);
  return {
    page: (path: string, shopper?: SignedIn) => as(request(webUrl()).get(path).set('User-Agent', BROWSER_AGENT), shopper),
    formPost: (path: string, fields: Record<string, string>, shopper?: SignedIn) =>
      as(request(webUrl()).post(path).type('form').send(fields).set('Origin', webUrl()).set('User-Agent', BROWSER_AGENT), shopper),
  };
}

export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const index = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.length ? value.join('=') : true;
  }
  return { name: pair.slice(0, index).trim(), value: decodeURIComponent(pair.slice(index + 1).trim()), attributes };
}

export function setCookies(res: { headers: Record<string, unknown> }): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return list.map(parseSetCookie);
}

/** True when the answer tells the browser to drop the cookie now. */
export function clears(cookie: SetCookie | undefined): boolean {
  if (!cookie) return false;
  const expires = cookie.attributes.expires;
  return cookie.value === '' && (cookie.attributes['max-age'] === '0' || (typeof expires === 'string' && Date.parse(expires) < Date.now()));
}

export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: { headers: Record<string, unknown> }): this {
    for (const cookie of setCookies(res)) {
      if (clears(cookie)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return this;
  }
  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}

/** Asks the web server for an XSRF token, as a page does before its first state-changing call. */
export async function fetchXsrf(webUrl: string, jar: CookieJar): Promise<string> {
  const res = await request(webUrl).get('/xsrf-token').set('Cookie', jar.header());
  jar.take(res);
  const token = jar.get('XSRF-TOKEN');
  if (!token) throw new Error(`no XSRF-TOKEN cookie (status ${res.status})`);
  return token;
}
