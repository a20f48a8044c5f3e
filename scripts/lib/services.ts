import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

// Runs the two services as child processes, as production does, and prints their JSON
// logs as readable lines for a person at a terminal.

export type Service = { name: 'api' | 'web'; child: ChildProcess; exited: Promise<number | null> };

function printLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  const rl = readline.createInterface({ input: stream });
  rl.on('line', (line) => {
    let text = line;
    try {
      const entry = JSON.parse(line) as { msg?: string; level?: number; err?: { message?: string } };
      if (entry.msg) text = entry.err?.message ? `${entry.msg}: ${entry.err.message}` : entry.msg;
      if ((entry.level ?? 30) < 30) return;
    } catch {
      // Not a log line (a stack trace, a warning): print it as it is.
    }
    out.write(`[${name}] ${text}\n`);
  });
}

export function startService(root: string, name: 'api' | 'web', env: NodeJS.ProcessEnv): Service {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, `dist/server/${name}.js`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  printLines(name, child.stdout!, process.stdout);
  printLines(name, child.stderr!, process.stderr);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

export async function waitUntilReady(url: string, service: Service, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${service.name} stopped before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service.name} was not ready after ${Math.round(timeoutMs / 1000)} s`);
}

export async function stopServices(services: Service[], signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  for (const s of services) if (s.child.exitCode === null) s.child.kill(signal);
  await Promise.all(services.map((s) => s.exited));
}
