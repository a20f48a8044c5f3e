import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from '../../scripts/lib/processes';
import { testBuild } from './test-build';

/**
 * `npm run import -- <path>` as another process would run it (the tests' build of
 * dist/scripts/import-feed.js) against the database at `databaseUrl`; resolves with what it
 * printed, rejects when it fails.
 */
export async function runImportCli(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, testBuild('scripts/import-feed.js')), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
  return stdout;
}
