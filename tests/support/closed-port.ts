import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The ports the kernel hands out for `listen(0)` and outgoing connections. A port it gave us and
 * we closed can be handed straight to another test's server (seen in CI: the "down" api answered
 * as somebody else's server), so a closed port is looked for below this range, where nothing in
 * the suite listens.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux: the IANA dynamic range
  }
  return [49152, 65535];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on and the kernel will not give to another listener: an upstream that is down. */
export async function closedPort(): Promise<number> {
  const [low] = ephemeralRange();
  const top = Math.min(low, 65536) - 1;
  const bottom = Math.max(1024, top - 8_000);
  for (let tries = 0; tries < 100; tries += 1) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free loopback port between ${bottom} and ${top}`);
}
