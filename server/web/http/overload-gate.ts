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

type Gate = { name: string; limits: OverloadLimits; inFlight: number; queue: Waiter[] };

/**
 * Two gates with one queue deadline: page renders, which hold the CPU (few at once, so they do
 * not stretch each other's tails), and calls through to the api, which mostly wait on it (many
 * at once; the api bounds its own work).
 */
export function createOverloadGates(
  limits: { renders: OverloadLimits; apiCalls: OverloadLimits },
  registry: client.Registry,
  isApiPath: (path: string) => boolean,
): { renders: OverloadGate; apiCalls: OverloadGate } {
  const registers = [registry];
  const gates: Gate[] = [];
  const refusals = new Counter({
    name: 'overload_refusals_total',
    help: 'Requests refused with 503 and Retry-After because too much work was in flight (gate: render or api): queue full, an expected wait past the queue deadline, or waited past it',
    labelNames: ['gate', 'reason'] as const,
    registers,
  });
  new Gauge({
    name: 'overload_in_flight',
    help: 'Page renders (gate="render") and calls through to the api (gate="api") in flight',
    labelNames: ['gate'] as const,
    registers,
    collect() {
      for (const gate of gates) this.set({ gate: gate.name }, gate.inFlight);
    },
  });
  new Gauge({
    name: 'overload_queued',
    help: 'Requests waiting for a place, by gate',
    labelNames: ['gate'] as const,
    registers,
    collect() {
      for (const gate of gates) this.set({ gate: gate.name }, gate.queue.length);
    },
  });
  const make = (name: string, gateLimits: OverloadLimits) => {
    const gate: Gate = { name, limits: gateLimits, inFlight: 0, queue: [] };
    gates.push(gate);
    return createGate(gate, (reason) => refusals.inc({ gate: name, reason }), isApiPath);
  };
  return { renders: make('render', limits.renders), apiCalls: make('api', limits.apiCalls) };
}

// A waiting request starts on a later turn of the event loop than the one that freed its
// place, one per turn. Node accepts one new connection per turn of its loop (libuv), and a
// render that ends starts the next within the same turn (the response's close and the page's
// loaders are callbacks of the same turn): before, a full queue was worked off in one turn of
// a hundred milliseconds or more, and under load a new connection waited seconds in the
// kernel's accept queue while the connections already open were served in a few hundred ms.
// One start per turn keeps each turn to about one render, so a new connection is taken within
// milliseconds. The queue stays first come, first served: while anyone waits, a new request
// waits behind them even if a place is free for the moment.

// A request that would wait longer than the queue's deadline is refused on arrival, not when
// the deadline passes: the gate keeps how long a place is held (a moving average of the last
// ones), and a newcomer at position n of the queue waits about n × that ÷ the places. Under a
// load twice what the web serves, the queue fills at once and stays full; every late arrival
// then waited the whole deadline only to be refused (issue 25: refusals took a second and
// more, and with the time taken to accept its connection a client saw several).

/** Weight of the latest hold in the moving average: about the last ten. */
const HOLD_WEIGHT = 0.1;

type Refusal = 'queue_full' | 'queue_timeout' | 'wait_too_long';

function createGate(gate: Gate, refused: (reason: Refusal) => void, isApiPath: (path: string) => boolean): OverloadGate {
  const { limits, queue } = gate;
  let scheduled = false;
  /** How long a place is held, on average lately (ms); none measured yet: 0. */
  let holdMs = 0;

  function start(res: Response, next: NextFunction): void {
    gate.inFlight++;
    const started = performance.now();
    res.once('close', () => release(performance.now() - started));
    next();
  }

  function release(heldMs: number): void {
    gate.inFlight--;
    holdMs = holdMs === 0 ? heldMs : holdMs + HOLD_WEIGHT * (heldMs - holdMs);
    schedule();
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || gate.inFlight >= limits.maxInFlight) return;
    scheduled = true;
    setImmediate(startNext);
  }

  function startNext(): void {
    scheduled = false;
    while (gate.inFlight < limits.maxInFlight && queue.length > 0) {
      const waiter = queue.shift()!;
      clearTimeout(waiter.timer);
      // A client that went away while waiting needs no render.
      if (waiter.res.destroyed) continue;
      start(waiter.res, waiter.next);
      break;
    }
    schedule();
  }

  return function overloadGate(req, res, next) {
    if (gate.inFlight < limits.maxInFlight && queue.length === 0) return start(res, next);
    const wantsJson = isApiPath(req.path.toLowerCase());
    if (queue.length >= limits.queueMax) {
      refused('queue_full');
      return refuse(res, wantsJson);
    }
    // Its expected wait: the queue ahead of it and itself, at the places' pace.
    if (((queue.length + 1) * holdMs) / limits.maxInFlight > limits.queueTimeoutMs) {
      refused('wait_too_long');
      return refuse(res, wantsJson);
    }
    const waiter: Waiter = {
      res,
      next,
      timer: setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        refused('queue_timeout');
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
