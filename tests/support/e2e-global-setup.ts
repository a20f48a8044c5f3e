import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import { launchChromiumServer } from '../../scripts/lib/chromium';
import { prepareDataTemplate, startProduct } from '../../scripts/lib/processes';
import { TEST_BROWSER_ARGS } from './browser';
import { TEST_BUILD_DIR } from './test-build';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** A data directory with the small demo (200 products) imported, for the files that start a product of their own. */
    smallDemo: string;
    /** The tier's one Chromium (support/browser.ts launchBrowser connects to it); absent outside the e2e tier. */
    browserEndpoint?: string;
  }
}

// One running product (built api and web, from the tests' build, small demo catalogue) for
// every e2e file; made beside it, the small demo imported once, which the files that need a
// product of their own (their own mail server, providers or catalogue days) start from a copy
// of instead of importing it each; and one Chromium every file connects to (support/browser.ts)
// instead of launching its own (issue 26: CI under 15 minutes).
export default async function setup(project: TestProject) {
  // The giveaway's entry test needs it open whatever the date: it closes a year from now here.
  const giveawayClosesAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  // The files register their shoppers on it from the one address: nine of the ten an hour the
  // product allows by default (wishlists, ratings-giveaway, shell). Its limits are tested in the
  // integration tier (sign-in-limits.test.ts).
  const env = { GIVEAWAY_CLOSES_AT: giveawayClosesAt, RATE_LIMIT_REGISTER: '1000/1000/3600' };
  const [product, smallDemo, browser] = await Promise.all([
    startProduct({ products: 1500, buildDir: TEST_BUILD_DIR, env }),
    prepareDataTemplate(200, TEST_BUILD_DIR),
    launchChromiumServer(TEST_BROWSER_ARGS),
  ]);
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  project.provide('smallDemo', smallDemo);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await product.stop();
    fs.rmSync(smallDemo, { recursive: true, force: true });
  };
}
