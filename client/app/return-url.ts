// returnurl and every redirect after signing in go to paths of this site only (issue 5):
// "/user/x/wishlists" yes; "//evil.example", "/\\evil.example", "https://evil.example",
// "javascript:…" no.

const PROBE_ORIGIN = 'http://site.invalid';

/** The same-site path `value` names (without the country prefix), or undefined. */
export function safeReturnPath(value: unknown, basename = ''): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  let path = `${url.pathname}${url.search}${url.hash}`;
  if (basename && (url.pathname === basename || url.pathname.startsWith(`${basename}/`))) path = path.slice(basename.length) || '/';
  return path;
}

/**
 * Where a sign-in leads (spec section 4): the returnurl when it is ours, else home. An account
 * page is the signed-in user's own: /user/{userName}/{last segment of returnurl}.
 */
export function afterSignInPath(returnUrl: unknown, userName: string, basename = ''): string {
  const path = safeReturnPath(returnUrl, basename);
  if (!path) return '/';
  const account = /^\/user\/[^/?#]+(?:\/([^?#]*))?/.exec(path);
  if (!account) return path;
  const last = account[1]?.split('/').filter(Boolean).at(-1);
  return `/user/${encodeURIComponent(userName)}${last ? `/${last}` : ''}`;
}

/** A site path under the country prefix ('' for GB, '/us' …), for redirects and form actions. */
export function withPrefix(basename: string, path: string): string {
  return `${basename}${path === '/' && basename ? '' : path}` || '/';
}
