import type { RouteObject } from 'react-router';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { createWebApp } from '../../server/web/app';
import { loadWebConfig } from '../../server/web/config';
import { createMetricsApp } from '../../server/web/http/operations';
import { listen } from './listen';
import { testBuild } from './test-build';

/** The web app on loopback, and its metrics listener beside it (METRICS_PORT in main.ts). */
export async function startWeb(apiBaseUrl: string, env: Record<string, string> = {}, routes?: RouteObject[]) {
  const config = loadWebConfig({
    API_BASE_URL: apiBaseUrl,
    CLIENT_DIR: testBuild('client'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    ...env,
  });
  const registry = createRegistry('web');
  const app = createWebApp({ config, logger: createLogger('web', 'silent'), registry, ...(routes ? { routes } : {}) });
  const [web, metrics] = await Promise.all([listen(app), listen(createMetricsApp(registry))]);
  return {
    ...web,
    metricsUrl: metrics.url,
    registry,
    config,
    async close() {
      await Promise.all([web.close(), metrics.close()]);
    },
  };
}
