import { createApiApp, type Readiness } from '../../server/api/app';
import type { Database } from '../../server/api/db/database';
import { createRegistry } from '../../server/lib/http-metrics';
import { createLogger } from '../../server/lib/logger';
import { listen } from './listen';

export async function startApi(
  db: Database,
  readiness: Readiness = { catalogLoaded: true },
  registry = createRegistry('api'),
) {
  const app = createApiApp({ db, logger: createLogger('api', 'silent'), registry, readiness });
  return { ...(await listen(app)), registry, readiness };
}

