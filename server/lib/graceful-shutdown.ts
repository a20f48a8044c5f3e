import type http from 'node:http';
import type { Logger } from 'pino';

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (up to
 * `timeoutMs`), then run `cleanup` (close the database) and exit.
 *
 * A keep-alive connection is closed as soon as it is idle: those idle when the signal comes
 * at once, the others as their answer ends (issue 25: `server.close()` closes only the
 * connections idle at that moment, so after a busy moment the process waited the whole
 * timeout for keep-alive connections nobody used). Answers sent meanwhile say
 * `Connection: close`, so a balancer sends its next request elsewhere.
 */
export function onShutdownSignal(
  server: http.Server,
  logger: Logger,
  timeoutMs: number,
  cleanup: () => Promise<void>,
): void {
  let stopping = false;
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    res.once('finish', () => {
      // The connection is idle once its answer is handed over: on the next turn.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    try {
      await cleanup();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
