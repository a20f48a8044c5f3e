// The one place Cache-Control values come from (Hydrogen's named strategies are the model).
// Pick a policy by what the response is, never write a header string elsewhere.

export type CachePolicy = {
  readonly name: string;
  readonly header: string;
};

/** Hashed, content-addressed files: the name changes when the bytes do. */
export const CacheImmutable: CachePolicy = {
  name: 'immutable',
  header: 'public, max-age=31536000, immutable',
};

/** Anonymous pages: short shared caching, then served stale while a fresh copy is fetched. */
export const CacheShort: CachePolicy = {
  name: 'short',
  header: 'public, max-age=60, stale-while-revalidate=300',
};

/** Anonymous reference data that changes rarely (menus, countries, home content). */
export const CacheLong: CachePolicy = {
  name: 'long',
  header: 'public, max-age=300, stale-while-revalidate=3600',
};

/** Anything personal, anything that sets a cookie: no shared cache may keep it. */
export const CachePrivate: CachePolicy = {
  name: 'private',
  header: 'private, no-store',
};

/** Errors and not-found answers: nobody keeps them (spec section 2 "Not-found page"). */
export const CacheNone: CachePolicy = {
  name: 'none',
  header: 'no-store',
};

/** Reads the max-age a response allows a shared cache, or 0 when it may not be kept. */
export function sharedMaxAge(cacheControl: string | null | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
  if (!directives.includes('public')) return 0;
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return 0;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const value = Number((sMaxAge ?? maxAge)?.split('=')[1]);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * A rendered page's Cache-Control, decided before the first byte. `personal`: anything of the
 * shopper's went into it (a token or guest-key cookie, or a personal api call); then no shared
 * cache may keep it. A missing (404), withdrawn (410) or failed page is kept by nobody. Otherwise the strictest policy a loader asked for, else CacheShort.
 */
export function documentCachePolicy(status: number, personal: boolean, loaderCacheControl: readonly string[]): CachePolicy {
  // 410: a product withdrawn from the site may come back with the store's next feed (issue 27).
  if (status === 404 || status === 410 || status >= 500) return CacheNone;
  if (personal) return CachePrivate;
  if (loaderCacheControl.some((v) => /no-store/.test(v))) return CacheNone;
  if (loaderCacheControl.some((v) => /private/.test(v))) return CachePrivate;
  return CacheShort;
}

/** How long past its max-age a shared cache may serve a response while it fetches a fresh one (stale-while-revalidate), else 0. */
export function sharedStaleSeconds(cacheControl: string | null | undefined): number {
  if (sharedMaxAge(cacheControl) === 0) return 0;
  const directive = cacheControl!.toLowerCase().split(',').map((d) => d.trim()).find((d) => d.startsWith('stale-while-revalidate='));
  const value = Number(directive?.split('=')[1]);
  return Number.isFinite(value) && value > 0 ? value : 0;
}
