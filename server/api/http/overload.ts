import type { NextFunction, Request, Response } from 'express';
import client from 'prom-client';
import { CacheNone } from '../../../shared/http/cache-policy';
import { message, say } from '../../../shared/validation/message';
import { requestTranslator } from './request-language';

// Bounded work in flight (ARCHITECTURE.md "The api"): at most `maxInFlight` requests are being
// answered at once; past that a request waits in a short queue (at most `queueLength` of them,
// each at most `queueWaitMs`), and past that it is refused at once with 503 and Retry-After.
// A burst then costs its late arrivals a quick refusal they can retry, instead of every
// request queueing behind it for tens of seconds (a client, the web, gives up long before).
// Health probes and metrics are mounted before this and never refused; answers kept in
// memory (shared-answers.ts) are sent before it too, since they cost less than a refusal.

export type OverloadOptions = {
  /** Requests answered at once (API_MAX_IN_FLIGHT). */
  maxInFlight: number;
  /** Requests that may wait for a turn (API_QUEUE_LENGTH); 0 refuses at once past the limit. */
  queueLength: number;
  /** Longest a request waits for its turn before it is refused (API_QUEUE_WAIT_MS). */
  queueWaitMs: number;
};

export const DEFAULT_OVERLOAD: OverloadOptions = { maxInFlight: 64, queueLength: 1024, queueWaitMs: 1000 };

/** Worded in the caller's language (issue 29). */
export const OVERLOADED_MESSAGE = message('forms.api.overloaded');

/** What a refused client is told to wait before trying again. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

export function overloadLimit(options: OverloadOptions, registry: client.Registry) {
  const { maxInFlight, queueLength, queueWaitMs } = options;
  const waiting = new Set<Waiter>();
  let inFlight = 0;

  const refused = new client.Counter({
    name: 'api_overload_refusals_total',
    help: 'Requests refused with 503 because the api was busy: queue full, or waited too long',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'api_requests_in_flight',
    help: 'Requests being answered now (bounded by API_MAX_IN_FLIGHT)',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  new client.Gauge({
    name: 'api_requests_queued',
    help: 'Requests waiting for a turn (bounded by API_QUEUE_LENGTH)',
    registers: [registry],
    collect() {
      this.set(waiting.size);
    },
  });

  const refuse = (req: Request, res: Response, reason: 'queue_full' | 'queue_timeout') => {
    refused.inc({ reason });
    res.locals.routeLabel = 'overloaded';
    res.setHeader('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', CacheNone.header);
    res.status(503).json({ status: 503, message: say(requestTranslator(req).t, OVERLOADED_MESSAGE) });
  };

  const drain = () => {
    for (const waiter of waiting) {
      if (inFlight >= maxInFlight) return;
      waiting.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.admit();
    }
  };

  const admit = (res: Response, next: NextFunction) => {
    inFlight++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight--;
      drain();
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };

  return (req: Request, res: Response, next: NextFunction): void => {
    if (inFlight < maxInFlight && waiting.size === 0) return admit(res, next);
    if (waiting.size >= queueLength) return refuse(req, res, 'queue_full');
    const waiter: Waiter = {
      admit: () => admit(res, next),
      timer: setTimeout(() => {
        waiting.delete(waiter);
        refuse(req, res, 'queue_timeout');
      }, queueWaitMs),
    };
    waiting.add(waiter);
    // A client that hangs up while waiting gives its place back.
    res.once('close', () => {
      if (waiting.delete(waiter)) clearTimeout(waiter.timer);
    });
  };
}
