import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres';
import { oncePerRun } from './once-per-run';

// The PostgreSQL tier. TEST_DATABASE_URL names a server to use, if you already run one;
// without it we start a throwaway cluster from the PostgreSQL binaries on this machine
// (.ci/run installs Debian's postgresql package when initdb is missing, then runs npm test,
// so on CI it is this cluster). Each test file then creates a database of its own on that
// server (see postgres.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  return oncePerRun('postgres server', project, async () => {
    // No autovacuum: each test's database is new and short-lived, and the product gathers its own
    // statistics after imports (planner-statistics.ts).
    const server = await startThrowawayPostgres(['max_connections=200', 'autovacuum=off']);
    if (!server) {
      throw new Error(
        'The PostgreSQL test tier needs a server: set TEST_DATABASE_URL, or install PostgreSQL ' +
          '(Debian: apt-get install -y postgresql) so initdb and postgres can be found. .ci/run does this.',
      );
    }
    return { provided: { postgresUrl: server.url }, teardown: () => server.stop() };
  });
}
