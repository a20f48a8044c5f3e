import type { Router } from 'express';
import { patternOf } from '../../../shared/api/api-paths';
import type { ApiServices } from '../services/api-services';

/**
 * One area of the api: a router over the services and the path it is mounted under. The
 * mount path is part of the area, so the app mounts areas from one list (areas.ts) and the
 * route walk reads every full path from the same place.
 */
export type ApiArea = {
  readonly mountPath: `/${string}`;
  readonly routes: (services: ApiServices) => Router;
};

/**
 * The path a router registers for a route of its area: the route is written as its paths
 * module spells it (shared/api/*-paths.ts, the full path from /api or /auth), and the router,
 * mounted at `mountPath`, registers the rest. A route outside the mount path is a bug the
 * app's start reports.
 */
export function routesUnder<M extends ApiArea['mountPath']>(mountPath: M) {
  return <P extends string>(path: P | { readonly pattern: P }): Under<M, P> => {
    const full = patternOf(path);
    if (full === mountPath) return '/' as Under<M, P>;
    if (!full.startsWith(`${mountPath}/`)) throw new Error(`${full} is not under its area's mount path ${mountPath}`);
    return full.slice(mountPath.length) as Under<M, P>;
  };
}

/** A full path's part under a mount path, as a type: Express reads a route's parameters from it. */
type Under<M extends string, P extends string> = P extends M ? '/' : P extends `${M}${infer Rest}` ? Rest : string;
