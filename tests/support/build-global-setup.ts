import { build } from '../../scripts/build';

// Integration tests render pages that link the built client (its manifest names the
// hashed files) and e2e tests run the built servers: build once per `vitest run`.
export default async function setup() {
  if (process.env.VITRINE_TEST_BUILD_DONE) return;
  await build();
  process.env.VITRINE_TEST_BUILD_DONE = '1';
}
