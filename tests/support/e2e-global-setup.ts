import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import { prepareDataTemplate, startProduct } from '../../scripts/lib/processes';
import { TEST_BUILD_DIR } from './test-build';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** A data directory with the small demo (200 products) imported, for the files that start a product of their own. */
    smallDemo: string;
  }
}

// One running product (built api and web, from the tests' build, small demo catalogue) for
// every e2e file; and, made beside it, the small demo imported once, which the files that
// need a product of their own (their own mail server, providers or catalogue days) start
// from a copy of instead of importing it each (issue 26: CI under 15 minutes).
export default async function setup(project: TestProject) {
  // The giveaway's entry test needs it open whatever the date: it closes a year from now here.
  const giveawayClosesAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const [product, smallDemo] = await Promise.all([
    startProduct({ products: 1500, buildDir: TEST_BUILD_DIR, env: { GIVEAWAY_CLOSES_AT: giveawayClosesAt } }),
    prepareDataTemplate(200, TEST_BUILD_DIR),
  ]);
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  project.provide('smallDemo', smallDemo);
  return async () => {
    await product.stop();
    fs.rmSync(smallDemo, { recursive: true, force: true });
  };
}
