import http from 'node:http';
import type net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNodeProcess, waitForUrl, type NodeProcess } from '../../../scripts/lib/processes';
import { waitForOutput } from '../../support/process-output';
import { startRecordingUpstream } from '../../support/recording-upstream';
import { testBuild } from '../../support/test-build';
import { HOME_API } from '../../../shared/api/home-paths';

// The built web server as a real process: SIGTERM lets requests in flight finish.

const running: NodeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
});

describe('the web process', () => {
  it('finishes requests in flight on SIGTERM, closes each keep-alive connection as it goes idle, refuses new ones, and exits 0 at once', async () => {
    // The stand-in api holds its answer until the test lets it go, so the request is still
    // in flight when the web process is told to stop.
    let arrived!: (answer: () => void) => void;
    const requestArrived = new Promise<() => void>((resolve) => (arrived = resolve));
    const upstream = await startRecordingUpstream((req, res) => {
      if (!req.url.startsWith(HOME_API.slides)) return void res.writeHead(404).end();
      arrived(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":{"sliders":[]}}');
      });
    });
    const port = await freePort();
    const web = startNodeProcess(testBuild('server/web.js'), {
      PORT: String(port),
      HOST: '127.0.0.1',
      API_BASE_URL: upstream.url,
      CLIENT_DIR: testBuild('client'),
      LOG_LEVEL: 'info',
      // Only the test's request reaches the stand-in api (not the shell's, asked ahead of pages).
      WARM_SHELL: 'false',
      // Far longer than the test: only closing idle connections lets it exit in time.
      SHUTDOWN_TIMEOUT_MS: '600000',
    });
    running.push(web);
    const url = `http://127.0.0.1:${port}`;
    await waitForUrl(`${url}/healthz`, web);

    // A balancer's pool: connections kept alive between requests (the web keeps them 65 s).
    const pool = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const sockets = new Set<net.Socket>();
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(`${url}${path}`, { agent: pool }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.once('socket', (socket) => sockets.add(socket));
        req.once('error', reject);
      });
    // One connection with a request in flight, and one busy a moment ago and idle now.
    const inFlight = get(HOME_API.slides);
    const answer = await requestArrived;
    expect((await get('/healthz')).status).toBe(200);
    expect(sockets.size).toBe(2);
    const closed = [...sockets].map((socket) => new Promise((done) => socket.once('close', done)));
    web.child.kill('SIGTERM');
    // It logs this in the same step as it stops listening, so the answer comes after that.
    await waitForOutput(web, /shutting down/);
    answer();
    expect(await inFlight).toEqual({ status: 200, body: '{"data":{"sliders":[]}}' });
    // Both connections are closed by the web, the idle one at once and the other once answered.
    await Promise.all(closed);
    expect(await web.exited).toBe(0);
    expect(web.output()).toContain('stopped cleanly');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    pool.destroy();
    await upstream.close();
  });

  it('serves its metrics on METRICS_PORT only', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const api = await startRecordingUpstream();
    const web = startNodeProcess(testBuild('server/web.js'), {
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      API_BASE_URL: api.url,
      CLIENT_DIR: testBuild('client'),
      LOG_LEVEL: 'info',
    });
    running.push(web);
    await waitForUrl(`http://127.0.0.1:${port}/healthz`, web);
    await waitForOutput(web, /web metrics listening/);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*route="healthz"/);
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
    await api.close();
  });
});
