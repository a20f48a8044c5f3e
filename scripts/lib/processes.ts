import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

// The built services as production runs them: separate Node processes talking HTTP.
// Used by `npm start`, `npm run dev`, the benchmark and the e2e tests.

/** The repository root, found from this file whether it runs from source or from dist/. */
export const root = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above scripts');
    dir = parent;
  }
  return dir;
})();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type NodeProcess = {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Prints a service's JSON log lines as "[api] message" for a person at a terminal. */
function echoLines(label: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  readline.createInterface({ input: stream }).on('line', (line) => {
    let text = line;
    try {
      const entry = JSON.parse(line) as { msg?: string; level?: number; err?: { message?: string } };
      if ((entry.level ?? 30) < 30) return;
      if (entry.msg) text = entry.err?.message ? `${entry.msg}: ${entry.err.message}` : entry.msg;
    } catch {
      // Not a log line (a stack trace, a warning): print it as it is.
    }
    out.write(`[${label}] ${text}\n`);
  });
}

/**
 * Node's own settings a service runs with, wherever it is started (`npm start`, the benchmark,
 * the e2e tests; the Dockerfile's per-service commands say the same).
 *
 * The web's young generation is twice Node's default (semi-spaces of 32 MB, not 16): every
 * page parses and renders a few hundred kilobytes that die with it, and with 50 pages in
 * flight the default young generation fills before they end, so the scavenger copies and
 * promotes what is still live and old-space collections follow. Measured side by side
 * (docs/performance.md, "Throughput"): a listing that asks the api for every page serves 7-8 % more pages, one
 * answered from the shared cache 1-3 % more; 64 and 128 MB gain nothing more.
 */
export const NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'dist/server/web.js': ['--max-semi-space-size=32'],
};

/**
 * Environment a service gets unless it is set already. The api's large arrays (the catalog
 * index's columns, the snapshot's table) are allocated by glibc's malloc with pages of 2 MB
 * where the kernel allows it (transparent huge pages in `madvise` mode, glibc 2.35 and later;
 * elsewhere it is ignored): each new array was 4 KB pages touched one fault at a time, and at
 * 10,000,000 products that was nearly half of a start from the snapshot (decision 0101).
 */
export const SERVICE_ENV: Readonly<Record<string, NodeJS.ProcessEnv>> = {
  'server/api.js': { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' },
};

/** A per-script table's entry for a built script: under its key, or a path ending in `/` and the key (`dist-test/server/api.js` for `server/api.js`). */
function entryFor<T>(table: Readonly<Record<string, T>>, file: string): T | undefined {
  const key = Object.keys(table).find((name) => file === name || file.endsWith(`/${name}`));
  return key === undefined ? undefined : table[key];
}

/**
 * Node flags for every process started here besides NODE_FLAGS, from SERVICE_NODE_FLAGS
 * (space-separated). The tests set `--liftoff-only` (tests/vitest.config.ts): their processes
 * live seconds, and V8 optimising PGlite's WebAssembly was half of an api's start.
 */
export function serviceNodeFlags(): string[] {
  return (process.env.SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/** Runs a built script (`dist/server/api.js` …, relative to the repository root) with `env`; `echo` prints its output with a label. */
export function startNodeProcess(file: string, env: NodeJS.ProcessEnv, options: { echo?: string; args?: string[] } = {}): NodeProcess {
  const flags = [...(entryFor(NODE_FLAGS, file) ?? []), ...serviceNodeFlags()];
  const child = spawn(process.execPath, ['--enable-source-maps', ...flags, path.resolve(root, file), ...(options.args ?? [])], {
    cwd: root,
    env: { ...entryFor(SERVICE_ENV, file), ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  if (options.echo) {
    echoLines(options.echo, child.stdout!, process.stdout);
    echoLines(options.echo, child.stderr!, process.stderr);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function waitForUrl(url: string, proc: NodeProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`the process stopped before ${url} answered:\n${proc.output().slice(-4000)}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s:\n${proc.output().slice(-4000)}`);
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
}

/**
 * The folder, under the repository root, that the built services run from: dist/ for
 * `npm start`, the benchmark and `npm run dev`; the tests pass their own build folder, so
 * a test run never rebuilds the files a running `npm start` serves.
 */
export const BUILD_DIR = 'dist';

/** Writes a generated demo catalogue of `products` where the api's first start finds it. */
export function generateDemoCatalog(dataDir: string, products: number, buildDir = BUILD_DIR): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, buildDir, 'scripts/generate-catalog.js'), '--out', path.join(dataDir, 'demo-catalog'), '--products', String(products)],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`generate-catalog failed: ${result.stderr || result.stdout}`);
}

export type RunningService = { proc: NodeProcess; url: string; port: number };

/**
 * One api process on a free port (or `port`: started again where it was), run from
 * `buildDir`; resolves once /readyz answers 200. Several of them on one PostgreSQL server
 * (`DATABASE_URL`) are the scaled-out api.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv, buildDir = BUILD_DIR, timeoutMs?: number, port?: number): Promise<RunningService> {
  port ??= await freePort();
  const proc = startNodeProcess(`${buildDir}/server/api.js`, { LOG_LEVEL: 'warn', ...env, API_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/readyz`, proc, timeoutMs);
  return { proc, url, port };
}

/**
 * One web process on a free port (or `port`) in front of `apiUrl`, run from `buildDir`;
 * resolves once /healthz answers. Several of them behind a load balancer need the same
 * XSRF_SECRET.
 */
export async function startWebProcess(apiUrl: string, env: NodeJS.ProcessEnv, buildDir = BUILD_DIR, port?: number): Promise<RunningService> {
  port ??= await freePort();
  const proc = startNodeProcess(`${buildDir}/server/web.js`, {
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    API_BASE_URL: apiUrl,
    SITE_URL: `http://localhost:${port}`,
    CLIENT_DIR: `${buildDir}/client`,
    ...env,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/healthz`, proc);
  return { proc, url, port };
}

export type RunningProduct = { webUrl: string; apiUrl: string; dataDir: string; processes: NodeProcess[]; stop(): Promise<void> };

/**
 * api then web, on free ports, with a data directory of their own and a small demo catalogue,
 * run from `buildDir` (dist/ unless told). From a `template` (prepareDataTemplate), the data
 * directory is a copy of it and the api skips the import.
 */
export async function startProduct(
  options: { products?: number; template?: string; env?: NodeJS.ProcessEnv; webEnv?: NodeJS.ProcessEnv; buildDir?: string } = {},
): Promise<RunningProduct> {
  const buildDir = options.buildDir ?? BUILD_DIR;
  const dataDir = tempDataDir();
  if (options.template) fs.cpSync(options.template, dataDir, { recursive: true });
  else generateDemoCatalog(dataDir, options.products ?? 1500, buildDir);
  // Later demo days come in by hand in tests and benches, not by a refresh pass racing them.
  const api = await startApiProcess({ DATA_DIR: dataDir, FEED_REFRESH_MINUTES: '0', ...options.env }, buildDir);
  const web = await startWebProcess(api.url, { ...options.env, ...options.webEnv }, buildDir);
  return {
    webUrl: `http://localhost:${web.port}`,
    apiUrl: api.url,
    dataDir,
    processes: [api.proc, web.proc],
    async stop() {
      await Promise.all([web.proc.stop(), api.proc.stop()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data directory holding an imported demo catalogue of `products`, for products started from
 * copies of it (startProduct's `template`): the api starts on it once, imports, and stops cleanly
 * (checkpoint, lock released). A copy starts in a few seconds where the import takes tens under
 * CI's load (issue 26: CI under 15 minutes).
 */
export async function prepareDataTemplate(products: number, buildDir = BUILD_DIR): Promise<string> {
  const dataDir = tempDataDir();
  generateDemoCatalog(dataDir, products, buildDir);
  const api = await startApiProcess({ DATA_DIR: dataDir, FEED_REFRESH_MINUTES: '0' }, buildDir);
  const code = await api.proc.stop();
  if (code !== 0) throw new Error(`the api did not stop cleanly on the template (exit ${code}):\n${api.proc.output().slice(-4000)}`);
  return dataDir;
}
