import type { Logger } from 'pino';
import type { RouteObject } from 'react-router';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { createWebApp } from '../../server/web/app';
import { loadWebConfig } from '../../server/web/config';
import { createMetricsApp } from '../../server/web/http/operations';
import type { ShellWarmer } from '../../server/web/upstream/shell-warmer';
import { listen } from './listen';
import { testBuild } from './test-build';

/**
 * The web app on loopback, and its metrics listener beside it (METRICS_PORT in main.ts). It does
 * not ask for the shell's answers ahead of pages (WARM_SHELL) unless `env` says so: most tests
 * read exactly which calls a page makes; `shellWarmed` settles once they are kept. Its log goes
 * nowhere unless a test gives a logger of its own.
 */
export async function startWeb(apiBaseUrl: string, env: Record<string, string> = {}, routes?: RouteObject[], logger?: Logger) {
  const config = loadWebConfig({
    API_BASE_URL: apiBaseUrl,
    CLIENT_DIR: testBuild('client'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WARM_SHELL: 'false',
    ...env,
  });
  const registry = createRegistry('web');
  const app = createWebApp({ config, logger: logger ?? createLogger('web', 'silent'), registry, ...(routes ? { routes } : {}) });
  const [web, metrics] = await Promise.all([listen(app), listen(createMetricsApp(registry))]);
  const shellWarmer = app.locals.shellWarmer as ShellWarmer | undefined;
  return {
    ...web,
    metricsUrl: metrics.url,
    registry,
    config,
    shellWarmed: shellWarmer?.warmed ?? Promise.resolve(),
    async close() {
      shellWarmer?.stop();
      await Promise.all([web.close(), metrics.close()]);
    },
  };
}
