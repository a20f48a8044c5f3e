import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export type RequestLogOptions = {
  /** The request's id (it may set the x-request-id header too). */
  genReqId: (req: IncomingMessage, res: ServerResponse) => string;
  /** Requests that get no line of their own (health checks, assets). */
  ignore: (req: IncomingMessage) => boolean;
};

/**
 * pino-http's request log: one line per request at info, and `req.log`, a child logger
 * carrying the serialised request, for handlers. With the level above info (LOG_LEVEL warn or
 * error, read once at start) no request line is written, so the child is made only when a
 * handler logs something: a request that logs nothing (a hot page, a kept api answer) does not
 * pay for serialising itself. The child is the one pino-http would make, with its serialisers.
 */
export function requestLog(logger: Logger, options: RequestLogOptions) {
  const logRequests = pinoHttp({ logger, genReqId: options.genReqId, autoLogging: { ignore: options.ignore } });
  if (logger.isLevelEnabled('info')) return logRequests;
  const requestLogger = logRequests.logger;
  const made = Symbol('request logger');
  type LoggedRequest = Request & { [made]?: Logger };
  // The getter is defined once on the app's request prototype (Express's `app.request`, the
  // documented place for what every request of an app has), not on each request.
  const prototypes = new WeakSet<object>();
  return (req: Request, res: Response, next: NextFunction) => {
    req.id = options.genReqId(req, res);
    const prototype = Object.getPrototypeOf(req) as object;
    if (!prototypes.has(prototype)) {
      prototypes.add(prototype);
      Object.defineProperty(prototype, 'log', {
        configurable: true,
        get(this: LoggedRequest) {
          return (this[made] ??= requestLogger.child({ req: this }));
        },
        set(this: LoggedRequest, value: Logger) {
          this[made] = value;
        },
      });
    }
    next();
  };
}
