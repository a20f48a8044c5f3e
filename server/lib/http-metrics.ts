import type { NextFunction, Request, Response } from 'express';
import client from 'prom-client';

/** A registry per service (tests run both in one process), with Node's default metrics. */
export function createRegistry(service: string): client.Registry {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  return registry;
}

/** The route a request matched, as a label: the Express pattern, or what the app set. */
function routeLabel(req: Request, res: Response): string {
  if (typeof res.locals.routeLabel === 'string') return res.locals.routeLabel;
  const pattern = req.route?.path;
  // Express restores baseUrl before error handlers run; the mount records it first.
  const base = typeof res.locals.routeBase === 'string' ? res.locals.routeBase : req.baseUrl;
  if (typeof pattern === 'string') return `${base}${pattern}`;
  return 'unmatched';
}

/** Mounts a router and remembers its base path for the duration histogram's route label. */
export function recordMountPath(req: Request, res: Response, next: NextFunction): void {
  res.locals.routeBase = req.baseUrl;
  next();
}

/** Observes every request's duration by method, route and status. */
export function httpDurationMiddleware(registry: client.Registry) {
  const histogram = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const end = histogram.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: routeLabel(req, res), status: String(res.statusCode) });
    });
    next();
  };
}

export function metricsHandler(registry: client.Registry) {
  return async (_req: Request, res: Response) => {
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(await registry.metrics());
  };
}
