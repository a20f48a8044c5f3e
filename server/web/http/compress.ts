import type http from 'node:http';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

// What the web compresses: gzip or deflate for clients that ask (pages, JSON through the
// gateway, CSS, JS, SVG): a 200 KB listing page is about 25 KB on the wire. Small answers
// and answers the api already encoded are passed on as they are.

/** Answers under this many bytes go as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;

const middleware = compression({ threshold: THRESHOLD });

/** Every response of the page chain (compression decides once its headers are known). */
export function compressResponses(req: Request, res: Response, next: NextFunction): void {
  middleware(req, res, next);
}

/**
 * An answer the gateway passes on, once its headers are in (issue 30): the compressor wraps
 * the response only when it could compress it, since a small JSON answer, most of the
 * gateway's, paid for wrapping, filtering and `Vary` for nothing. An answer without a length
 * (streamed) may be large: the middleware decides.
 */
export function compressAnswer(req: http.IncomingMessage, res: http.ServerResponse, upstream: http.IncomingHttpHeaders): void {
  if (!req.headers['accept-encoding'] || upstream['content-encoding'] || Number(upstream['content-length']) < THRESHOLD) return;
  middleware(req as Request, res as Response, () => undefined);
}
