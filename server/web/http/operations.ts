import express, { type Request, type Response } from 'express';
import type client from 'prom-client';
import { CacheNone } from '../../../shared/http/cache-policy';
import { metricsHandler } from '../../lib/http-metrics';
import { UPSTREAM_FAILURE, type ApiUpstream } from '../upstream/api-upstream';

// What operators and probes ask the web server, apart from the pages.

/** GET /healthz: the process answers (a liveness probe). */
export function health(_req: Request, res: Response): void {
  res.locals.routeLabel = 'healthz';
  res.setHeader('Cache-Control', CacheNone.header);
  res.json({ status: 'ok' });
}

/**
 * A readiness probe gives up after a second or so: the api's answer is awaited no longer than
 * this (or the page timeout, if that is shorter), so the probe hears "not ready", not nothing.
 */
const READINESS_TIMEOUT_MS = 2_000;

export const NOT_READY = {
  apiNotReady: 'the api is not ready',
  apiUnreachable: 'the api does not answer',
} as const;

/**
 * GET /readyz: ready when the api is (its own /readyz answers 200), since every page needs it.
 * A web instance whose api is away answers 503, so a load balancer sends shoppers elsewhere.
 */
export function readiness(api: ApiUpstream) {
  const timeoutMs = Math.min(READINESS_TIMEOUT_MS, api.timeoutMs);
  return async (_req: Request, res: Response) => {
    res.locals.routeLabel = 'readyz';
    const answer = await api.call({ method: 'GET', url: '/readyz' }, { isBot: false, requestId: res.locals.requestId }, { timeoutMs });
    res.setHeader('Cache-Control', CacheNone.header);
    if (answer.status === 200) {
      res.json({ status: 'ready' });
      return;
    }
    const noAnswer = answer.status === UPSTREAM_FAILURE.unreachable.status || answer.status === UPSTREAM_FAILURE.timeout.status;
    const reason = noAnswer ? NOT_READY.apiUnreachable : NOT_READY.apiNotReady;
    res.status(503).json({ status: 'not ready', reason });
  };
}

/**
 * The Prometheus text, on a listener of its own (METRICS_PORT): request counts, routes and
 * cache figures are for the operator's scraper, not for anyone who can reach the site.
 */
export function createMetricsApp(registry: client.Registry): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/metrics', metricsHandler(registry));
  return app;
}
