import { build } from '../../scripts/build';

// Integration tests render pages that link the built client (its manifest names the
// hashed files) and e2e tests run the built servers: build once per `vitest run`.
// VITRINE_SKIP_BUILD=1 uses the dist/ already there (several people testing at once).
export default async function setup() {
  if (process.env.VITRINE_TEST_BUILD_DONE || process.env.VITRINE_SKIP_BUILD === '1') return;
  await build();
  process.env.VITRINE_TEST_BUILD_DONE = '1';
}
