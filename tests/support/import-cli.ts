import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { root, serviceNodeFlags } from '../../scripts/lib/processes';
import { testBuild } from './test-build';

/** What a built script did: its exit code (0 when it succeeded) and what it printed. */
export type ScriptOutcome = { code: number; stdout: string; stderr: string };

/**
 * One of the tests' built scripts (`scripts/import-feed.js`, `scripts/generate-catalog.js`)
 * run as another process with `env` and the services' Node flags (SERVICE_NODE_FLAGS); resolves
 * with its exit code and output whether it succeeded or not.
 */
export async function runBuiltScriptOutcome(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<ScriptOutcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serviceNodeFlags(), path.join(root, testBuild(`scripts/${name}`)), ...args], {
      cwd: root,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as Partial<ScriptOutcome>;
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The same, resolving with what the script printed; rejects, with its output, when it fails. */
export async function runBuiltScript(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const outcome = await runBuiltScriptOutcome(name, args, env);
  if (outcome.code !== 0) throw new Error(`scripts/${name} ${args.join(' ')} exited with ${outcome.code}:\n${outcome.stderr || outcome.stdout}`);
  return outcome.stdout;
}

/**
 * `npm run import -- <path>` as another process would run it (the tests' build of
 * dist/scripts/import-feed.js) against the database at `databaseUrl`; resolves with what it
 * printed, rejects when it fails.
 */
export function runImportCli(databaseUrl: string, ...args: string[]): Promise<string> {
  return runBuiltScript('import-feed.js', args, { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
}
