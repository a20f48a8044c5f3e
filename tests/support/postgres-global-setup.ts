import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/lib/processes';

// The PostgreSQL tier. TEST_DATABASE_URL names a server to use (.ci/run starts one);
// without it we start a throwaway cluster from the PostgreSQL binaries on this machine.
// Each test file then creates a database of its own on that server (see postgres.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

function findBinary(name: string): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin', name))
      : []),
  ];
  return candidates.find((file) => fs.existsSync(file));
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited early:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`postgres did not start in 30 s:\n${log()}`);
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const initdb = findBinary('initdb');
  const postgres = findBinary('postgres');
  const pgCtl = findBinary('pg_ctl');
  if (!initdb || !postgres || !pgCtl) {
    throw new Error(
      'The PostgreSQL test tier needs a server: set TEST_DATABASE_URL, or install PostgreSQL ' +
        '(Debian: apt-get install -y postgresql) so initdb and postgres can be found. .ci/run does this.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pg-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root; as root, run it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd: string, args: string[]) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  const [initCmd, initArgs] = runAs(initdb, ['-D', dataDir, '-U', 'vitrine', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const [pgCmd, pgArgs] = runAs(postgres, [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  let output = '';
  const child = spawn(pgCmd, pgArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `postgres://vitrine@127.0.0.1:${port}/postgres`;
  await waitForServer(url, child, () => output);
  project.provide('postgresUrl', url);

  return async () => {
    // Signals to runuser do not reach postgres: ask the server itself to stop.
    const [stopCmd, stopArgs] = runAs(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    spawnSync(stopCmd, stopArgs, { encoding: 'utf8', timeout: 20_000 });
    if (child.exitCode === null) {
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((r) => setTimeout(r, 5_000))]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
