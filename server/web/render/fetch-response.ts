import type { Response } from 'express';
import { CacheNone } from '../../../shared/http/cache-policy';
import { safeReturnPath } from '../../../shared/same-site-path';

/**
 * A redirect (or other Response) a loader or action returned, sent as it is, except that a
 * Location leaves only for a path of this site (shared/same-site-path.ts; anything else goes to
 * `home`, the country's home page) and nobody keeps it unless it says so.
 */
export function sendFetchResponse(res: Response, response: globalThis.Response, home: string): void {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'location') res.setHeader(name, value);
  });
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', CacheNone.header);
  const location = response.headers.get('location');
  if (location !== null) res.setHeader('Location', safeReturnPath(location) ?? home);
  else if (response.status >= 300 && response.status < 400) res.setHeader('Location', home);
  void response.text().then((body) => res.end(body));
}
