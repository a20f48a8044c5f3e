import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveBareForwarder } from '../../../scripts/bench/bare-forwarder';
import { freePort } from '../../../scripts/lib/processes';
import { HOME_API } from '../../../shared/api/home-paths';

// The bench's gateway section measures this forwarder beside the web's gateway as the ratio's
// ceiling: its figures mean something only if it forwards each request and answer as they are.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function listening(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });
}

describe('the bench’s bare forwarder', () => {
  it('forwards the method, path, headers and body, and the answer’s status, headers and body', async () => {
    const upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-seen': `${req.method} ${req.url} ${req.headers['x-asked']}` });
        res.end(JSON.stringify({ body }));
      });
    });
    const upstreamPort = await listening(upstream.listen(0, '127.0.0.1'));
    const port = await freePort();
    await listening(serveBareForwarder(`http://127.0.0.1:${upstreamPort}`, port));
    const answer = await fetch(`http://127.0.0.1:${port}${HOME_API.slides}?x=1`, { method: 'POST', headers: { 'x-asked': 'yes' }, body: 'hello' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-seen')).toBe(`POST ${HOME_API.slides}?x=1 yes`);
    expect(await answer.json()).toEqual({ body: 'hello' });
  });

  it('answers 502 when nothing listens upstream', async () => {
    const gone = await freePort();
    const port = await freePort();
    await listening(serveBareForwarder(`http://127.0.0.1:${gone}`, port));
    const answer = await fetch(`http://127.0.0.1:${port}${HOME_API.slides}`);
    expect(answer.status).toBe(502);
  });
});
