// Redirects go to paths of this site only (returnurl after signing in, the country chooser's
// `to`, a loader's redirect): "/user/x/wishlists" yes; "//evil.example", "/\\evil.example",
// "https://evil.example", "javascript:…" no. The browser and the web server apply this one rule.

const PROBE_ORIGIN = 'http://site.invalid';

/** The same-site path `value` names (without the country prefix `basename`), or undefined. */
export function safeReturnPath(value: unknown, basename = ''): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/\p{Cc}/u.test(value)) return undefined;
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
