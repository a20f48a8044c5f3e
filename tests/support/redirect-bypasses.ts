// Known ways of dressing an off-site address up as a path of ours, for every test of a
// redirect: protocol-relative, backslashes, dot segments (plain and encoded), slashes encoded
// once, twice or three times, characters browsers drop (tab, newline), schemes, credentials,
// and characters that look like or normalise to a slash. Each names evil.example; none may
// lead there.

export const EVIL_HOST = 'evil.example';

export const REDIRECT_BYPASSES: readonly string[] = [
  // Protocol-relative and slash runs.
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '//evil.example/%2e%2e',
  '//evil.example@localhost',
  '//localhost:3000@evil.example',
  '//%65vil.example',
  // Backslashes (browsers read "\" as "/" in http URLs).
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '//\\evil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%255Cevil.example',
  '/%2F%5Cevil.example',
  '/..%5C..%5Cevil.example',
  // Encoded slashes, once, twice, three times, and in pieces.
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%2F%2F%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%25%32%46%25%32%46evil.example',
  '/%%32%46%%32%46evil.example',
  // Dot segments, plain and encoded.
  '/.//evil.example',
  '/..//evil.example',
  '/./..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/a/..//evil.example',
  '/a/b/../..//evil.example',
  '/a/%2e%2e//evil.example',
  '/a/..%2F%2Fevil.example',
  '/a/%2e%2e%2F%2Fevil.example',
  '/%2e%2e/%2F/evil.example',
  '/%252e%252e//evil.example',
  // A country prefix in front.
  '/us//evil.example',
  '/us/..//evil.example',
  '/gb//evil.example',
  '/in/.//evil.example',
  // Characters browsers drop or stop at.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\t\t/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%00//evil.example',
  // Schemes and other origins.
  'https:evil.example',
  'https:/evil.example',
  'https://evil.example',
  'http://evil.example/',
  'HTTPS://evil.example',
  'https://localhost:3000@evil.example',
  'javascript:alert(1)',
  'data:text/html,hi',
  'evil.example',
  // Characters that look like a slash or a backslash, or become one under NFKC.
  '/\uff0fevil.example',
  '\uff0f\uff0fevil.example',
  '/%EF%BC%8Fevil.example',
  '/\uff3cevil.example',
  '/%EF%BC%BCevil.example',
  '/\u2215evil.example',
  '/\ufe68evil.example',
  '/\uff0e\uff0e/%2F/evil.example',
  // Overlong UTF-8 for "/" and ".".
  '/%C0%AF/evil.example',
  '/%c0%ae%c0%ae//evil.example',
];

/** The Location's origin is the site's own (read as a browser reads it). */
export function leavesSite(location: string | undefined, siteUrl: string): boolean {
  if (location === undefined) return false;
  return new URL(location, siteUrl).origin !== new URL(siteUrl).origin;
}
