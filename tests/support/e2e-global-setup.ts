import type { TestProject } from 'vitest/node';
import { startProduct } from '../../scripts/lib/processes';
import { TEST_BUILD_DIR } from './test-build';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}

// One running product (built api and web, from the tests' build, small demo catalogue) for
// every e2e file.
export default async function setup(project: TestProject) {
  // The giveaway's entry test needs it open whatever the date: it closes a year from now here.
  const giveawayClosesAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const product = await startProduct({ products: 1500, buildDir: TEST_BUILD_DIR, env: { GIVEAWAY_CLOSES_AT: giveawayClosesAt } });
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  return () => product.stop();
}
