// Listing paths (spec section 2 "Listing and search page"): any path is a listing, its words
// the search key.

/** A shop path is re-navigated only when it is letters, digits, hyphens and slashes (the api's rule: server/api/listing/listing-link.ts). */
export function isNavigableShopPath(path: string): boolean {
  return /^[A-Za-z0-9/-]+$/.test(path);
}

/**
 * The search key of a listing path: slashes and hyphens become spaces. For brand paths the
 * leading word is dropped ("/brand/maison-harlow" → "maison harlow"); so is the "shop" of a
 * shop path, the parent route of its catch-all child ("/shop/red-dresses" → "red dresses").
 */
export function searchKeyFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'brand' || segments[0] === 'shop') segments.shift();
  return segments
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join(' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
