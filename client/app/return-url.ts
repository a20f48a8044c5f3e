import { safeReturnPath } from '../../shared/same-site-path';

// Where the browser goes after signing in, and form actions under the country prefix. Which
// paths count as ours is shared/same-site-path.ts.

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
