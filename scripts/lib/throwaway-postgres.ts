import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes';

// A throwaway PostgreSQL cluster from the binaries on this machine, for the test tier
// (tests/support/postgres-global-setup.ts) and the benchmark's SQL column: durability off,
// trust authentication on loopback, run as the postgres user when we are root (PostgreSQL
// refuses to run as root).

export type ThrowawayPostgres = {
  url: string;
  version: string;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
  /** Stops the server as `pg_ctl stop -m fast` does (every connection cut), keeping the cluster. */
  stopServer(): Promise<void>;
  /** Starts the stopped server again on the same port and resolves once it accepts connections. */
  startServer(): Promise<void>;
};

function findBinary(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  if (fs.existsSync('/usr/lib/postgresql')) {
    for (const version of fs.readdirSync('/usr/lib/postgresql').sort().reverse()) dirs.push(path.join('/usr/lib/postgresql', version, 'bin'));
  }
  return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
}

/**
 * Starts a cluster with these extra server settings (`name=value`); undefined when the
 * PostgreSQL binaries (initdb, postgres, pg_ctl) are not on this machine.
 */
export async function startThrowawayPostgres(settings: readonly string[] = []): Promise<ThrowawayPostgres | undefined> {
  const [initdb, postgres, pgCtl] = [findBinary('initdb'), findBinary('postgres'), findBinary('pg_ctl')];
  if (!initdb || !postgres || !pgCtl) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  const init = spawnSync(...runAs(initdb, ['-D', dataDir, '-U', 'vitrine', '--auth=trust', '--no-sync', '-E', 'UTF8']), { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const [cmd, args] = runAs(postgres, [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    ...settings.flatMap((setting) => ['-c', setting]),
  ]);
  let output = '';
  let child: ChildProcess;
  const url = `postgres://vitrine@127.0.0.1:${port}/postgres`;

  const shutdown = async (mode: 'fast' | 'immediate') => {
    // Signals to runuser do not reach postgres: ask the server itself to stop.
    spawnSync(...runAs(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']), { encoding: 'utf8', timeout: 20_000 });
    if (child.exitCode === null) {
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await shutdown(mode);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  /** Runs the server and resolves with its version once it accepts connections. */
  const run = async (): Promise<string> => {
    output = '';
    child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw new Error(`postgres exited early:\n${output}`);
      }
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        const result = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
        await client.end();
        return (result.rows[0]?.version ?? '').split(' ')[0]!;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) {
          await stop('immediate');
          throw new Error(`postgres did not start in 30 s:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };

  const version = await run();
  return {
    url,
    version,
    stop: () => stop('fast'),
    stopServer: () => shutdown('fast'),
    startServer: async () => void (await run()),
  };
}

/** A fresh database `name` on the server (dropped first if a run left it behind), dropped by `drop()`. */
export async function createDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
