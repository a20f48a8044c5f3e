import type { NextFunction, Request, Response } from 'express';
import { CacheNone, CacheShort } from '../../../shared/http/cache-policy';
import { safeReturnPath } from '../../../shared/same-site-path';
import { countryFromPath } from './country';

/**
 * /gb/... is the GB site, whose URLs carry no prefix: one address per page (301). The address
 * is normalised first (shared/same-site-path.ts), so "/gb//evil.example" goes to
 * "/evil.example", never to "//evil.example"; one that is no path of ours goes home, uncached.
 */
export function defaultCountryRedirect(req: Request, res: Response, next: NextFunction): void {
  if (countryFromPath(req.path).redirectTo === undefined) return next();
  const normalised = safeReturnPath(req.originalUrl);
  // Normalising may have taken the prefix away ("/gb/../us/x" is "/us/x"): then that is the address.
  const target = normalised === undefined ? undefined : safeReturnPath(countryFromPath(...splitQuery(normalised)).redirectTo ?? normalised);
  if (target === undefined) {
    res.setHeader('Cache-Control', CacheNone.header);
    res.redirect(302, '/');
    return;
  }
  res.setHeader('Cache-Control', CacheShort.header);
  res.redirect(301, target);
}

function splitQuery(path: string): [pathname: string, rest: string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}
