import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/processes';

// A real load balancer on loopback for the tests that run several instances: Debian's
// HAProxy (.ci/run installs it). Each backend is balanced round-robin, health-checked every
// 100 ms (a server is taken out after three failed checks, so one slow answer on a busy
// machine does not, and back after one good one), and a request whose connection fails is
// sent to another server, as a production balancer would be set up in front of instances that
// restart one at a time.

export type Backend = { name: string; servers: readonly { name: string; port: number }[]; healthPath: string };

export type Balancer = {
  /** Each backend's front: its URL on loopback. */
  url(backend: string): string;
  stop(): Promise<void>;
};

/** The HAProxy binary, or undefined when it is not installed. */
export function haproxyBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync('which', ['haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

function config(fronts: Map<string, number>, backends: readonly Backend[]): string {
  const lines = [
    'global',
    '  maxconn 1024',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    '  timeout check 2s',
    // A connection that fails (refused: the instance has stopped listening), or a kept one the
    // server closed as it was reused, is tried again, on another server.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
  ];
  for (const backend of backends) {
    lines.push(`frontend ${backend.name}_front`, `  bind 127.0.0.1:${fronts.get(backend.name)}`, `  default_backend ${backend.name}`);
    lines.push(`backend ${backend.name}`, '  balance roundrobin', `  option httpchk GET ${backend.healthPath}`, '  default-server check inter 100ms fall 3 rise 1');
    for (const server of backend.servers) lines.push(`  server ${server.name} 127.0.0.1:${server.port}`);
  }
  return `${lines.join('\n')}\n`;
}

async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`haproxy did not listen on ${port}: ${output()}`);
}

export async function startBalancer(backends: readonly Backend[]): Promise<Balancer> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('The load balancer tests need HAProxy (Debian: apt-get install -y haproxy). .ci/run does this.');
  const fronts = new Map<string, number>();
  for (const backend of backends) fronts.set(backend.name, await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config(fronts, backends));
  // -db: in the foreground, no daemon; the test stops it.
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const port of fronts.values()) await listening(port, child, () => output);
  return {
    url: (backend) => `http://127.0.0.1:${fronts.get(backend)}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
