import type { NextFunction, Request, Response } from 'express';
import { CacheShort } from '../../../shared/http/cache-policy';
import { countryFromPath } from './country';

/** /gb/... is the GB site, whose URLs carry no prefix: one address per page (301). */
export function defaultCountryRedirect(req: Request, res: Response, next: NextFunction): void {
  const url = countryFromPath(req.path, req.originalUrl.slice(req.path.length));
  if (!url.redirectTo) return next();
  res.setHeader('Cache-Control', CacheShort.header);
  res.redirect(301, url.redirectTo);
}
