import type { NextFunction, Request, Response } from 'express';
import { CacheNone } from '../../../shared/http/cache-policy';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';

// When a page cannot be rendered at all (the shell failed, or an error reached Express): a
// plain page that still has a header and a way home, never a stack trace.
export const SERVER_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong | Vitrine</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
  '<body><header><a href="/">VITRINE</a></header><main><h1>Something went wrong</h1>' +
  `<p>${SERVER_ERROR_MESSAGE}</p><p><a href="/">Go to Home</a></p></main>` +
  '<footer><p>Vitrine helps you discover, compare and shop fashion.</p></footer></body></html>';

/** The web app's last handler: a client's mistake (a missing asset, a malformed URL) is a 4xx, never a 500. */
export function webErrorHandler() {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    res.setHeader('Cache-Control', CacheNone.header);
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).type('text').send(status === 404 ? 'Not found' : 'Bad request');
      return;
    }
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).type('html').send(SERVER_ERROR_PAGE);
  };
}
