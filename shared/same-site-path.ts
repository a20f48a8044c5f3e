// Redirects go to paths of this site only: the returnurl after signing in, the country
// chooser's `to`, a loader's redirect, the /gb/… prefix redirect. "/user/x/wishlists" yes;
// "//evil.example", "/\evil.example", "https://evil.example", "javascript:…" no, and neither
// their disguises: "/.//evil", "/a/..//evil", "/%2F%2Fevil", "/%252F%252Fevil", "/\t/evil",
// "/／evil". The browser and the web server apply this one rule, and every redirect the web
// server makes goes through it.
//
// The value is normalised before it is judged, the way a browser or another server on the way
// would read it: dot segments resolved (also the %2e forms), runs of slashes collapsed. Then
// each layer of percent-decoding (up to four; more is refused) is looked through: if a layer
// names another host once its dot segments are resolved, or holds a backslash, a control
// character or a character that is (or becomes, under NFKC) a slash or backslash, the value is
// refused. What comes back is the normalised path itself, in plain ASCII.

const PROBE_ORIGIN = 'http://site.invalid';
const MAX_LENGTH = 2000;
/** Layers of percent-encoding looked through; a path still encoded after that is not one of ours. */
const DECODE_ROUNDS = 4;
/** Control characters and line separators (browsers drop tab and newline from URLs, so "/\t/x" is "//x"). */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Characters that look like a slash or a backslash, and that some software reads as one. */
const SLASH_LOOKALIKES = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/u;
const UTF8 = new TextDecoder('utf-8');

/** The same-site path `value` names (without the country prefix `basename`), or undefined. */
export function safeReturnPath(value: unknown, basename = ''): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // A path of ours starts with exactly one slash: not "//host", not "https:", not "evil.example".
  if (!value.startsWith('/') || value.startsWith('//') || !plain(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  // The parser has resolved dot segments ("/a/..//evil" is "//evil" now); one slash at a time.
  const pathname = url.pathname.replace(/\/{2,}/g, '/');
  if (!staysOnSiteWhenDecoded(pathname)) return undefined;
  const underBasename = basename !== '' && (pathname === basename || pathname.startsWith(`${basename}/`));
  return `${underBasename ? pathname.slice(basename.length) || '/' : pathname}${url.search}${url.hash}`;
}

/** Whether every percent-decoded layer of `pathname` is still a path of this site. */
function staysOnSiteWhenDecoded(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const decoded = percentDecode(current);
    if (decoded === current) return true;
    for (const form of [decoded, decoded.normalize('NFKC')]) {
      if (!plain(form) || resolveDotSegments(form).startsWith('//')) return false;
    }
    current = decoded;
  }
  return false;
}

function plain(text: string): boolean {
  return !text.includes('\\') && !CONTROL.test(text) && !SLASH_LOOKALIKES.test(text);
}

/** One layer of percent-decoding that never throws: a byte sequence that is not UTF-8 becomes U+FFFD. */
function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return UTF8.decode(bytes);
  });
}

/** RFC 3986 remove_dot_segments for a path that starts with a slash; ".." never climbs above the root. */
function resolveDotSegments(path: string): string {
  const out: string[] = [''];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.join('/');
}
