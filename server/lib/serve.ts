import http from 'node:http';
import type { Express } from 'express';

/**
 * Connections the kernel holds for a process whose event loop is busy (it caps this at
 * net.core.somaxconn). Node's default of 511 overflowed while a flood of background renders
 * held the web's loop for seconds (issue 25; the kernel counted 238 overflows): a connection
 * the kernel drops is tried again by its client only after 1 s, then 3 s and 7 s (TCP's
 * back-off), so the slowest answers of a burst took seconds more than the server spent.
 */
const LISTEN_BACKLOG = 4096;

/**
 * Longer than a balancer's idle timeout (60 s for most): the balancer, not we, closes an idle
 * connection, so we never close one just as it sends a request on it.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * The request and response classes of a server for `app`, whose objects are born with the
 * app's prototypes (`app.request`, `app.response`, where Express keeps `req.ip`, `res.json`
 * and the rest). Express gives each request its prototypes by `Object.setPrototypeOf` as it
 * enters the app (decision 0102): on Node's own objects that cost the web about 150 µs a
 * request, as much as Node's whole proxying of an api call, where setting the same prototype
 * again costs nothing. Express's own objects stay the classes' prototypes' prototypes, so
 * every helper is found as before.
 */
function expressClasses(app: Express): Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse as unknown as typeof http.ServerResponse };
}

/** Serves `app` on `port` (and `host`, when given); `onListening` once it listens. */
export function serve(app: Express, port: number, host: string | undefined, onListening: () => void): http.Server {
  const server = http.createServer(expressClasses(app), app);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.listen({ port, ...(host ? { host } : {}), backlog: LISTEN_BACKLOG }, onListening);
  return server;
}
