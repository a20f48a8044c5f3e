// The one reading of a request's address that every later step shares (the page cache's key,
// the Fetch Request React Router runs, the routes' own parameters), done once per request.
// An address no URL parser or decoder can read is the client's mistake: it is refused here,
// before anything would throw on it (issue 25: `GET //%09x` made `new URL` throw in the page
// cache, a 500; a broken %-escape made the router's decoder throw).

/** Shown to whoever sent it: what is wrong and what to do. */
export const MALFORMED_ADDRESS_MESSAGE =
  'This address cannot be read: it has a broken %-escape or an impossible host. Check the link, or type the address again.';

/** Addresses as requested and as they settle, for the hot ones: parsing a URL on every hit costs more than a lookup. */
const settled = new Map<string, string | null>();
const SETTLED_MAX = 10_000;

/**
 * The address as React Router reads it (parsed as a URL: dot segments and needless escapes
 * settle; a `//host` form keeps only its path), or undefined when it cannot be read: `new URL`
 * refuses it, or its path's %-escapes do not decode to UTF-8.
 */
export function readAddress(originalUrl: string): string | undefined {
  let known = settled.get(originalUrl);
  if (known === undefined) {
    known = settle(originalUrl);
    // Many addresses are asked once (crawlers, bursts): rather than keep count, start again.
    if (settled.size >= SETTLED_MAX) settled.clear();
    settled.set(originalUrl, known);
  }
  return known ?? undefined;
}

function settle(originalUrl: string): string | null {
  try {
    const url = new URL(originalUrl, 'http://page');
    decodeURIComponent(url.pathname);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
