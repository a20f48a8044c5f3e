import path from 'node:path';
import { root } from '../../scripts/lib/processes';

// The integration and e2e tiers build the product once per run into a folder of their own
// and run the built servers from there: building into dist/ would delete the files of an
// `npm start` running from the same checkout. The folder is under the repository root, so
// the server bundles find node_modules as they do from dist/.

/** The tests' build folder, relative to the repository root (git-ignored). */
export const TEST_BUILD_DIR = 'dist-test';

/** The same folder, absolute. */
export const TEST_BUILD_ROOT = path.join(root, TEST_BUILD_DIR);

/** A built file, relative to the repository root (as startNodeProcess takes it): `testBuild('server/web.js')`. */
export function testBuild(file: string): string {
  return `${TEST_BUILD_DIR}/${file}`;
}
