import { build } from '../../scripts/build';
import { TEST_BUILD_ROOT } from './test-build';

// Integration tests render pages that link the built client (its manifest names the
// hashed files) and e2e tests run the built servers: build once per `vitest run`, into the
// tests' own folder (test-build.ts), never into the dist/ that `npm start` runs from.
// VITRINE_SKIP_BUILD=1 uses the test build already there (several people testing at once).
export default async function setup() {
  if (process.env.VITRINE_TEST_BUILD_DONE || process.env.VITRINE_SKIP_BUILD === '1') return;
  await build(TEST_BUILD_ROOT);
  process.env.VITRINE_TEST_BUILD_DONE = '1';
}
