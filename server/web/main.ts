import type http from 'node:http';
import { createRegistry } from '../lib/http-metrics';
import { onShutdownSignal } from '../lib/graceful-shutdown';
import { serve } from '../lib/serve';
import { createLogger } from '../lib/logger';
import { createWebApp } from './app';
import { loadWebConfig } from './config';
import { createMetricsApp } from './http/operations';

// The web service: config (fail fast) → logger → app → listen; drains on SIGTERM.
// It holds no state of its own: run as many as you like behind a load balancer.
const config = loadWebConfig(process.env);
const logger = createLogger('web', config.logLevel);
const registry = createRegistry('web');
const app = createWebApp({ config, logger, registry });

const server = serve(app, config.port, config.host, () => logger.info({ port: config.port, api: config.apiBaseUrl }, 'web listening'));

// The metrics listener, apart from the public one (the Prometheus habit): only whoever can
// reach METRICS_HOST:METRICS_PORT reads them.
let metricsServer: http.Server | undefined;
if (config.metrics) {
  const { port, host } = config.metrics;
  metricsServer = createMetricsApp(registry).listen(port, host);
  metricsServer.on('listening', () => logger.info({ port, host }, 'web metrics listening'));
}

onShutdownSignal(server, logger, config.shutdownTimeoutMs, async () => {
  if (!metricsServer) return;
  metricsServer.closeAllConnections();
  await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
});
