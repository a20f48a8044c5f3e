import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import TierTimesReporter from './support/tier-times-reporter';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Loads .sql files as text, as esbuild's text loader does for the built servers. */
function sqlAsText(): Plugin {
  return {
    name: 'sql-as-text',
    transform(code, id) {
      if (id.endsWith('.sql')) return { code: `export default ${JSON.stringify(code)};`, map: null };
      return undefined;
    },
  };
}

// Test files that need a process of their own (isolate: true): they replace modules with
// vi.mock, which a module already loaded by an earlier file in the same process would ignore,
// or they compare orders and caches that an earlier file's servers in the process change.
// Every other unit and integration file shares its worker's loaded modules with the files
// before it (isolate: false): loading the servers' modules afresh was about a second of CPU
// per file, a tenth of CI (issue 26: CI under 15 minutes).
const OWN_PROCESS = {
  unit: ['tests/unit/web/scope-once.test.ts', 'tests/unit/web/listing-url-once.test.tsx'],
  integration: [
    'tests/integration/accounts/password-reset.test.ts',
    'tests/integration/accounts/registration-timing.test.ts',
    'tests/integration/web/gateway-uploads.test.ts',
    'tests/integration/web/private-at-once.test.ts',
    'tests/integration/web/render.test.ts',
  ],
};
// Every api process the tests start (the e2e product, the integration tier's processes, the
// global setups' templates) inherits this: the page cache the tests' in-process databases have
// (TEST_PGLITE_SETTINGS in support/test-database.ts). A PGlite start fills its shared buffers:
// 16MB starts in about half the time of PGlite's 128MB, with 100 MB less memory (issue 26).
process.env.PGLITE_SHARED_BUFFERS ??= '16MB';
// And they run PGlite's WebAssembly as V8 first compiles it, never optimised (SERVICE_NODE_FLAGS,
// scripts/lib/processes.ts): a test's api lives seconds, and the optimising compiler was half of
// its start, 2.3 of 4.9 CPU-s on the small demo (docs/decisions/0087).
process.env.SERVICE_NODE_FLAGS ??= '--liftoff-only';
// The tests' own workers too: they clone and query in-process PGlite databases file after file,
// and V8's optimising compiler was 40 % of their background threads' CPU over the integration
// tier (a third of the workers' CPU ran on those threads; docs/decisions/0090).
const WORKER_NODE_FLAGS = ['--liftoff-only'];
// The integration and e2e tiers serve pages from the web app in process, configured as in
// production (tests/support/web-server.ts): they render with React's production build too, as the
// built web does. React's development build checked every element as it was made (jsxDEV): 7 % of
// the integration tier's worker CPU (decision 0090). The unit tier keeps the development build.
const AS_BUILT = { NODE_ENV: 'production' };

const INTEGRATION_SETUP = ['tests/support/postgres-global-setup.ts', 'tests/support/pglite-global-setup.ts', 'tests/support/build-global-setup.ts'];

// Three tiers, one command (`npm test`): unit (pure code), integration (real Express apps
// over real HTTP, PGlite and a PostgreSQL server), e2e (the built product in Chromium); and
// the unit and integration files that need a process each (OWN_PROCESS), in projects named
// after their tier ('unit-own-process'), so `--project 'unit*'` runs the whole tier.
export default defineConfig({
  root,
  plugins: [sqlAsText()],
  // TSX compiles to React's jsx() calls whichever build of React a tier loads (the development
  // build's jsx-dev-runtime has no production counterpart).
  esbuild: { jsxDev: false },
  test: {
    execArgv: WORKER_NODE_FLAGS,
    // Two files at a time on this two-core machine (vitest's default is one fewer than the
    // cores): most integration files wait on servers, processes and databases more than they
    // compute, and the run was past fifteen minutes one file at a time.
    maxWorkers: 2,
    // Each tier's wall and summed file time at the end, so CI shows which tier grows.
    reporters: ['default', new TierTimesReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: OWN_PROCESS.unit,
          isolate: false,
          // A few unit tests generate a mid-sized catalogue (seconds of CPU); on a shared
          // 2-core machine running the other tiers alongside, 5 s is not enough headroom.
          testTimeout: 30_000,
        },
      },
      { extends: true, test: { name: 'unit-own-process', include: OWN_PROCESS.unit, testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          env: AS_BUILT,
          exclude: OWN_PROCESS.integration,
          isolate: false,
          globalSetup: INTEGRATION_SETUP,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // The same databases and build as the integration tier (the global setups make them once per run).
        test: { name: 'integration-own-process', include: OWN_PROCESS.integration, env: AS_BUILT, globalSetup: INTEGRATION_SETUP, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.{ts,tsx}'],
          env: AS_BUILT,
          // As the unit and integration tiers: a worker keeps the modules the files before it
          // loaded (a third of the e2e files start a web and an api inside their worker); no
          // e2e file replaces modules or changes the environment.
          isolate: false,
          // The PGlite templates too: the files with a stack of their own (demo-stack.ts) clone the
          // run's migrated and demo databases instead of each importing the demo catalogue.
          globalSetup: ['tests/support/build-global-setup.ts', 'tests/support/e2e-global-setup.ts', 'tests/support/pglite-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time, as the other tiers, and before them: vitest's sequencer orders
          // files by project name, and its pool keeps a worker only while the next file queued
          // is of the same project, so the tiers run one after the other (a tier's last files
          // beside the next one's first). Both tiers keep both cores busy (docs/performance.md,
          // "CI time"). Under that load a page can hydrate late, so every test opens pages
          // hydrated and clicks once hydrated (tests/support/browser.ts).
        },
      },
    ],
  },
});
