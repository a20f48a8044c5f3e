import http from 'node:http';

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

/** Serves `app` on `port` (and `host`, when given); `onListening` once it listens. */
export function serve(app: http.RequestListener, port: number, host: string | undefined, onListening: () => void): http.Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.listen({ port, ...(host ? { host } : {}), backlog: LISTEN_BACKLOG }, onListening);
  return server;
}
