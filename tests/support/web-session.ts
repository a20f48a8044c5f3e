import request from 'supertest';

// A browser's cookie jar for tests that talk to the web server over HTTP: what Set-Cookie
// said, and a Cookie header to send back.

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
