import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { root, serviceNodeFlags } from '../../scripts/lib/processes';
import { testBuild } from './test-build';

/**
 * One of the tests' built scripts (`scripts/import-feed.js`, `scripts/generate-catalog.js`)
 * run as another process with `env` (and the services' Node flags); resolves with what it printed, rejects when it fails.
 */
export async function runBuiltScript(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...serviceNodeFlags(), path.join(root, testBuild(`scripts/${name}`)), ...args], {
    cwd: root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * `npm run import -- <path>` as another process would run it (the tests' build of
 * dist/scripts/import-feed.js) against the database at `databaseUrl`; resolves with what it
 * printed, rejects when it fails.
 */
export function runImportCli(databaseUrl: string, ...args: string[]): Promise<string> {
  return runBuiltScript('import-feed.js', args, { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
}
