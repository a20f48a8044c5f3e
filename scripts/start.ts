// `npm start`: the whole product on one machine with the embedded defaults. The api
// starts first (PGlite under .data/, the demo catalogue imported on first start), then
// the web server on http://localhost:3000.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService, stopServices, waitUntilReady, type Service } from './lib/services';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiBase = process.env.API_BASE_URL ?? `http://127.0.0.1:${apiPort}`;

const services: Service[] = [];
let stopping = false;
async function stop(code: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  await stopServices(services, signal);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0, 'SIGINT'));
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));

const started = performance.now();
const api = startService(root, 'api', { API_PORT: apiPort });
services.push(api);
void api.exited.then((code) => {
  if (!stopping) {
    console.error(`[start] the api stopped (exit code ${code}); stopping.`);
    void stop(1);
  }
});
try {
  // First start imports the demo catalogue: allow it time.
  await waitUntilReady(`http://127.0.0.1:${apiPort}/readyz`, api, 180_000);
} catch (error) {
  console.error(`[start] ${(error as Error).message}`);
  await stop(1);
}

const web = startService(root, 'web', { PORT: webPort, API_BASE_URL: apiBase });
services.push(web);
void web.exited.then((code) => {
  if (!stopping) {
    console.error(`[start] the web server stopped (exit code ${code}); stopping.`);
    void stop(1);
  }
});
await waitUntilReady(`http://127.0.0.1:${webPort}/healthz`, web, 30_000).catch(async (error: Error) => {
  console.error(`[start] ${error.message}`);
  await stop(1);
});
console.log(`[start] Vitrine is ready at http://localhost:${webPort} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
