// `npm start`: the whole product on one machine with the embedded defaults. The api
// starts first (PGlite under .data/, the demo catalogue imported on first start), then
// the web server on http://localhost:3000.
import { startNodeProcess, waitForUrl, type NodeProcess } from './lib/processes';

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiBase = process.env.API_BASE_URL ?? `http://127.0.0.1:${apiPort}`;

const running: NodeProcess[] = [];
let stopping = false;
async function stop(code: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<never> {
  stopping = true;
  await Promise.all(running.map((p) => p.stop(signal)));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0, 'SIGINT'));
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));

function start(name: 'api' | 'web', env: NodeJS.ProcessEnv): NodeProcess {
  const proc = startNodeProcess(`dist/server/${name}.js`, env, { echo: name });
  running.push(proc);
  void proc.exited.then((code) => {
    if (stopping) return;
    console.error(`[start] the ${name} service stopped (exit code ${code}); stopping.`);
    void stop(1);
  });
  return proc;
}

const started = performance.now();
try {
  const api = start('api', { API_PORT: apiPort });
  // The first start imports the demo catalogue: allow it time.
  await waitForUrl(`http://127.0.0.1:${apiPort}/readyz`, api, 180_000);
  const web = start('web', { PORT: webPort, API_BASE_URL: apiBase });
  await waitForUrl(`http://127.0.0.1:${webPort}/healthz`, web, 30_000);
  console.log(`[start] Vitrine is ready at http://localhost:${webPort} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  if (!stopping) {
    console.error(`[start] ${(error as Error).message.split('\n')[0]}`);
    await stop(1);
  }
}
