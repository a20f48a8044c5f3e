import http from 'node:http';
import https from 'node:https';

/**
 * How long a pooled upstream connection may sit idle before we close it: less than any
 * upstream keeps one open (Node's servers 5 s by default, ours 65 s: server/lib/serve.ts), so
 * a request never goes out on a connection the upstream is closing at that moment. That race
 * ends in a reset, and a write (or a GET that meets it twice) in a 502. Node's agent closes
 * sooner still when an answer announces a shorter `Keep-Alive: timeout` (one second under it),
 * a hint it reads only when the agent has a timeout of its own.
 */
export const UPSTREAM_IDLE_MS = 4_000;

// One keep-alive agent per upstream (the api, the payments base), for the web server's own
// calls and the proxy alike: a new TCP connection per request costs more than the request
// (docs/performance.md, "What was learned").
export function keepAliveAgent(target: string): http.Agent {
  const options = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' as const, timeout: UPSTREAM_IDLE_MS };
  return target.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}
