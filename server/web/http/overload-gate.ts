import type { NextFunction, Request, Response } from 'express';
import type client from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import { CacheNone } from '../../../shared/http/cache-policy';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import { SERVER_ERROR_PAGE } from '../render/document-errors';

// A bound on the work in flight: page renders and calls through to the api. Past the bound a
// request waits in a short queue; when the queue is full, or its wait would pass the deadline,
// it is refused at once with 503 and Retry-After, rather than every shopper's page slowing
// to tens of seconds and then timing out. What needs no render stays outside: health and
// readiness probes, assets and pictures, and pages from the page cache.

export type OverloadLimits = {
  /** Requests rendered or proxied at once. */
  maxInFlight: number;
  /** Requests waiting for a place; one more is refused at once. */
  queueMax: number;
  /** The longest a request waits for a place before it is refused. */
  queueTimeoutMs: number;
};

export type OverloadGate = (req: Request, res: Response, next: NextFunction) => void;

type Waiter = { res: Response; next: NextFunction; timer: NodeJS.Timeout };

/** Retry-After, in seconds: a burst is over in about this long. */
const RETRY_AFTER_SECONDS = 1;

/** JSON for the api's paths (the browser's api client reads it), the server-error page for pages. */
function refuse(res: Response, wantsJson: boolean): void {
  res.status(503);
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', CacheNone.header);
  if (wantsJson) res.json({ status: 503, message: SERVER_ERROR_MESSAGE });
  else res.type('html').send(SERVER_ERROR_PAGE);
}

export function createOverloadGate(limits: OverloadLimits, registry: client.Registry, isApiPath: (path: string) => boolean): OverloadGate {
  const registers = [registry];
  const refusals = new Counter({
    name: 'overload_refusals_total',
    help: 'Requests refused with 503 and Retry-After because too much work was in flight: queue full, or waited past the queue deadline',
    labelNames: ['reason'] as const,
    registers,
  });
  let inFlight = 0;
  const queue: Waiter[] = [];
  new Gauge({
    name: 'overload_in_flight',
    help: 'Page renders and proxied api calls in flight',
    registers,
    collect() {
      this.set(inFlight);
    },
  });
  new Gauge({
    name: 'overload_queued',
    help: 'Requests waiting for a place',
    registers,
    collect() {
      this.set(queue.length);
    },
  });

  function start(res: Response, next: NextFunction): void {
    inFlight++;
    res.once('close', release);
    next();
  }

  function release(): void {
    inFlight--;
    while (inFlight < limits.maxInFlight && queue.length > 0) {
      const waiter = queue.shift()!;
      clearTimeout(waiter.timer);
      // A client that went away while waiting needs no render.
      if (waiter.res.destroyed) continue;
      start(waiter.res, waiter.next);
    }
  }

  return function overloadGate(req, res, next) {
    if (inFlight < limits.maxInFlight) return start(res, next);
    const wantsJson = isApiPath(req.path.toLowerCase());
    if (queue.length >= limits.queueMax) {
      refusals.inc({ reason: 'queue_full' });
      return refuse(res, wantsJson);
    }
    const waiter: Waiter = {
      res,
      next,
      timer: setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        refusals.inc({ reason: 'queue_timeout' });
        refuse(res, wantsJson);
      }, limits.queueTimeoutMs),
    };
    queue.push(waiter);
    res.once('close', () => {
      const at = queue.indexOf(waiter);
      if (at < 0) return;
      clearTimeout(waiter.timer);
      queue.splice(at, 1);
    });
  };
}
