import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from '../../../server/lib/serve';

// Decision 0102: a served app's requests and responses are born with the app's prototypes,
// so Express's Object.setPrototypeOf as each request enters the app changes nothing (on
// Node's own objects it cost about 150 µs a request). What the app sees is what it saw before.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function served(app: express.Express): Promise<{ server: http.Server; url: string }> {
  const listening = new Promise<http.Server>((resolve) => {
    const server = serve(app, 0, '127.0.0.1', () => resolve(server));
    servers.push(server);
  });
  const server = await listening;
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function appWithEcho() {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.get('/echo/:word', (req, res) => {
    res.status(201).set('X-Word', req.params.word).json({ path: req.path, ip: req.ip, query: req.query, hasApp: req.app === app });
  });
  return app;
}

describe('serve', () => {
  it("gives each request and response the app's prototypes from birth", async () => {
    const app = appWithEcho();
    const { server, url } = await served(app);
    const born: unknown[] = [];
    server.prependListener('request', (req, res) => born.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)));
    expect((await fetch(`${url}/echo/one`)).status).toBe(201);
    expect((await fetch(`${url}/echo/two`)).status).toBe(201);
    expect(born).toEqual([app.request, app.response, app.request, app.response]);
    // Node's and Express's own prototypes are still on the chain.
    expect(app.request).toBeInstanceOf(http.IncomingMessage);
    expect(app.response).toBeInstanceOf(http.ServerResponse);
  });

  it("answers with Express's helpers as before", async () => {
    const { url } = await served(appWithEcho());
    const response = await fetch(`${url}/echo/linen?size=m`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-word')).toBe('linen');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ path: '/echo/linen', ip: '203.0.113.9', query: { size: 'm' }, hasApp: true });
  });

  it('keeps two apps in one process apart', async () => {
    const first = appWithEcho();
    const second = express();
    second.get('/', (req, res) => res.json({ hasApp: req.app === second }));
    const [a, b] = [await served(first), await served(second)];
    expect(first.request).not.toBe(second.request);
    expect(await (await fetch(`${a.url}/echo/a`)).json()).toMatchObject({ hasApp: true });
    expect(await (await fetch(`${b.url}/`)).json()).toEqual({ hasApp: true });
  });
});
