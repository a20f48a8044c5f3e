import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The built product as `npm start` runs it: dist/server/api.js and dist/server/web.js as
// separate processes talking HTTP, on free loopback ports, with a data directory of
// their own.

const root = path.resolve(import.meta.dirname, '../..');

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

export type ProductProcess = {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function startProcess(file: string, env: Record<string, string>): ProductProcess {
  const child = spawn(process.execPath, [path.join(root, file)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
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

export async function waitForUrl(url: string, proc: ProductProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms:\n${proc.output()}`);
}

/** Writes a small generated demo catalogue where the api's first start will find it. */
export function generateDemoCatalog(dataDir: string, products: number): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'dist/scripts/generate-catalog.js'), '--out', path.join(dataDir, 'demo-catalog'), '--products', String(products)],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`generate-catalog failed: ${result.stderr || result.stdout}`);
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
}

export type RunningProduct = { webUrl: string; apiUrl: string; dataDir: string; stop(): Promise<void> };

export async function startProduct(options: { products?: number; env?: Record<string, string> } = {}): Promise<RunningProduct> {
  const dataDir = tempDataDir();
  generateDemoCatalog(dataDir, options.products ?? 1500);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const api = startProcess('dist/server/api.js', { API_PORT: String(apiPort), DATA_DIR: dataDir, ...options.env });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitForUrl(`${apiUrl}/readyz`, api);
  const web = startProcess('dist/server/web.js', {
    PORT: String(webPort),
    HOST: '127.0.0.1',
    API_BASE_URL: apiUrl,
    SITE_URL: `http://localhost:${webPort}`,
    ...options.env,
  });
  const webUrl = `http://localhost:${webPort}`;
  await waitForUrl(`http://127.0.0.1:${webPort}/healthz`, web);
  return {
    webUrl,
    apiUrl,
    dataDir,
    async stop() {
      await Promise.all([web.stop(), api.stop()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
