import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/processes';

// A PostgreSQL server for the benchmark's SQL column, started like the test tier's
// (tests/support/postgres-global-setup.ts): BENCH_DATABASE_URL names a server to use;
// otherwise a throwaway cluster from the binaries on this machine. Undefined when neither.

export type BenchPostgres = { url: string; describe: string; stop(): Promise<void> };

function findBinary(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  if (fs.existsSync('/usr/lib/postgresql')) {
    for (const version of fs.readdirSync('/usr/lib/postgresql').sort().reverse()) dirs.push(path.join('/usr/lib/postgresql', version, 'bin'));
  }
  return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
}

export async function startBenchPostgres(): Promise<BenchPostgres | undefined> {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, describe: 'BENCH_DATABASE_URL', stop: async () => undefined };
  }
  const [initdb, postgres, pgCtl] = [findBinary('initdb'), findBinary('postgres'), findBinary('pg_ctl')];
  if (!initdb || !postgres || !pgCtl) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  const init = spawnSync(...runAs(initdb, ['-D', dataDir, '-U', 'vitrine', '--auth=trust', '--no-sync', '-E', 'UTF8']), { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  // Durability off (a throwaway server), and memory enough to hold the benchmark's tables.
  const [cmd, args] = runAs(postgres, [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'shared_buffers=1GB', '-c', 'work_mem=64MB', '-c', 'maintenance_work_mem=512MB',
  ]);
  let output = '';
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `postgres://vitrine@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited early:\n${output}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const result = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
      await client.end();
      const version = result.rows[0]?.version ?? '';
      return {
        url,
        describe: `PostgreSQL ${version.split(' ')[0]}`,
        async stop() {
          spawnSync(...runAs(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']), { encoding: 'utf8', timeout: 20_000 });
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        spawnSync(...runAs(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), { encoding: 'utf8', timeout: 20_000 });
        fs.rmSync(dir, { recursive: true, force: true });
        throw new Error(`postgres did not start in 30 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** A fresh database on the server, dropped by `drop()`. */
export async function createBenchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
