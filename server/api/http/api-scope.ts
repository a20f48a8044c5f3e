import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { routeCall, type RoutedCall } from '../../../shared/api/api-routes';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { CachePrivate } from '../../../shared/http/cache-policy';

// The api route table (shared/api/api-routes.ts) made binding, before any handler runs:
// - a shared route never sees who asks: the identity headers are removed, so its answer
//   cannot depend on them and is safe for every cache the web keeps;
// - a personal route's answer is private, whatever its handler or an error handler set.
// A request the table does not list counts as personal (apiScope's safe side).

// The route and scope are found once and carried on the request (res.locals.apiCall) for what
// runs after (the kept answers), which read them from there (issue 26).

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by bindApiScope: the request's route in the api contract and its scope. */
    apiCall?: RoutedCall;
  }
}

const IDENTITY_HEADERS: readonly string[] = [UPSTREAM_HEADER.token, UPSTREAM_HEADER.guestKey];

/** The request's route and scope: as bindApiScope found them, else read from the table now. */
export function routedCall(req: Request, res: Response): RoutedCall {
  return res.locals.apiCall ?? routeCall(req.method, req.originalUrl);
}

export function bindApiScope(req: Request, res: Response, next: NextFunction): void {
  const call = routeCall(req.method, req.originalUrl);
  res.locals.apiCall = call;
  if (call.scope === 'shared') {
    forgetIdentity(req);
  } else {
    keepPrivate(res);
  }
  next();
}

function forgetIdentity(req: Request): void {
  for (const name of IDENTITY_HEADERS) delete req.headers[name];
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (!IDENTITY_HEADERS.includes(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  req.rawHeaders = raw;
}

/**
 * Sets Cache-Control as the head is written: every answer passes through writeHead (res.json
 * and res.end call it implicitly), so nothing a handler set earlier, nor headers handed to
 * writeHead itself, can make the answer shareable.
 */
function keepPrivate(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    this.setHeader('Cache-Control', CachePrivate.header);
    const last = args.length - 1;
    if (last >= 1) args[last] = withoutCacheControl(args[last]);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** writeHead's headers argument (an object or a flat [name, value, …] list) minus Cache-Control. */
function withoutCacheControl(headers: unknown): unknown {
  const isCacheControl = (name: unknown) => String(name).toLowerCase() === 'cache-control';
  if (Array.isArray(headers)) {
    const kept: unknown[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) if (!isCacheControl(headers[i])) kept.push(headers[i], headers[i + 1]);
    return kept;
  }
  if (headers && typeof headers === 'object') {
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCacheControl(name)));
  }
  return headers;
}
