import http from 'node:http';
import https from 'node:https';

// One keep-alive agent per upstream (the api, the payments base), for the web server's own
// calls and the proxy alike: a new TCP connection per request costs more than the request
// (ARCHITECTURE.md "Performance notes").
export function keepAliveAgent(target: string): http.Agent {
  const options = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' as const };
  return target.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}
