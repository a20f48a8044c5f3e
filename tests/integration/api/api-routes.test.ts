import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, findApiRoute } from '../../../shared/api/api-routes';
import { createApiApp, type ApiApp } from '../../../server/api/app';
import type { Database } from '../../../server/api/db/database';
import { MemorySearchEngine } from '../../../server/api/search-engine/memory-engine';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createLogger } from '../../../server/lib/logger';
import { openTestDatabase } from '../../support/test-database';

// The route walk: every route the api app registers is in shared/api/api-routes.ts with its
// scope (shared or personal), and every route there is registered. Each area declares its
// mount path, so a route's full path is its area's mount path and its own path.

/**
 * The app's own endpoints for operations, outside the api contract: probes, metrics, and the
 * operator's hand-off of `npm run import` (routes/operator-routes.ts; the web's gateway never
 * forwards it, tests/integration/catalog/operator-import.test.ts).
 */
const OPERATIONS = ['GET /healthz', 'GET /readyz', 'GET /metrics', 'POST /operator/import', 'POST /operator/analyse', 'GET /internal/cache-purges'];

let db: Database;
let api: ApiApp;

beforeAll(async () => {
  db = await openTestDatabase();
  api = createApiApp({
    db,
    logger: createLogger('api', 'silent'),
    registry: createRegistry('api'),
    readiness: { catalogLoaded: true },
    searchEngine: new MemorySearchEngine(db, { follow: false }),
  });
});
afterAll(async () => {
  await db.close();
});

/** "METHOD /path" for each method of each route a router holds directly. */
function routesOf(router: Router, mountPath = ''): string[] {
  const found: string[] = [];
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const path = mountPath + (layer.route.path === '/' && mountPath ? '' : layer.route.path);
    const methods = new Set(layer.route.stack.map((handler) => handler.method.toUpperCase()));
    for (const method of methods) found.push(`${method} ${path}`);
  }
  return found;
}

const registered = () => api.areas.flatMap((area) => routesOf(area.router, area.mountPath));
const listed = () => API_ROUTES.map((route) => `${route.method} ${route.path}`);

describe('the api route table', () => {
  it('lists every route the api registers, each under its own entry', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !listed().includes(route))).toEqual([]);
    // A request for the route finds that entry, not an earlier one that also matches.
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const sample = path.replace(/:\w+/g, 'sample');
      const entry = findApiRoute(method, sample);
      expect(entry && `${entry.method} ${entry.path}`, route).toBe(route);
    }
  });

  it('lists no route the api does not register', () => {
    expect(listed().filter((route) => !registered().includes(route))).toEqual([]);
  });

  it('leaves nothing outside the walk: every router the app mounts is an area, every other route is for operations', () => {
    const areaRouters = new Set<unknown>(api.areas.map((area) => area.router));
    const mounted = api.app.router.stack.filter((layer) => Array.isArray((layer.handle as { stack?: unknown }).stack));
    expect(mounted.map((layer) => areaRouters.has(layer.handle))).toEqual(api.areas.map(() => true));
    expect(routesOf(api.app.router)).toEqual(OPERATIONS);
  });
});
