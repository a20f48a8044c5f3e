import type http from 'node:http';
import type { Logger } from 'pino';

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (up to
 * `timeoutMs`), then run `cleanup` (close the database) and exit.
 */
export function onShutdownSignal(
  server: http.Server,
  logger: Logger,
  timeoutMs: number,
  cleanup: () => Promise<void>,
): void {
  let stopping = false;
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
