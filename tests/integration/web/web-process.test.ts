import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNodeProcess, waitForUrl, type NodeProcess } from '../../../scripts/lib/processes';
import { startRecordingUpstream } from '../../support/recording-upstream';

// The built web server as a real process: SIGTERM lets requests in flight finish.

const running: NodeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
});

describe('the web process', () => {
  it('finishes requests in flight on SIGTERM, refuses new ones, and exits 0', async () => {
    const upstream = await startRecordingUpstream((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":{"sliders":[]}}');
      }, 800);
    });
    const port = await freePort();
    const web = startNodeProcess('dist/server/web.js', { PORT: String(port), HOST: '127.0.0.1', API_BASE_URL: upstream.url, LOG_LEVEL: 'info' });
    running.push(web);
    const url = `http://127.0.0.1:${port}`;
    await waitForUrl(`${url}/healthz`, web);

    const inFlight = fetch(`${url}/api/home/slides`);
    while (upstream.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    web.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { sliders: [] } });
    expect(await web.exited).toBe(0);
    expect(web.output()).toContain('stopped cleanly');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await upstream.close();
  });
});
