// The part of a route's pattern before its first parameter ('/api/account/wishlist/' of
// '/api/account/wishlist/:a/:b/:c'): for tests that append a raw path on purpose (a bad id,
// a hostile segment, a query string), which the paths module's function would encode.
export function pathPrefix(path: { readonly pattern: string }): string {
  const at = path.pattern.indexOf(':');
  if (at < 0) throw new Error(`${path.pattern} has no parameter`);
  return path.pattern.slice(0, at);
}
