import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ASSET_HEADER_BYTES } from '../../../scripts/lib/js-budget';
import { demoStackForFile } from '../../support/demo-stack';
import { readPayload } from '../../support/page';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// Pages, gateway answers and assets are compressed for clients that ask; others get the
// page as one buffer with a Content-Length, as before.

const stack = demoStackForFile('site');

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${stack.web.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compression', () => {
  it('sends the page gzipped to a client that accepts it, the same page as uncompressed', async () => {
    const plain = await get('/');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);
    const zipped = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    const page = zlib.gunzipSync(zipped.body).toString('utf8');
    expect(zipped.body.byteLength).toBeLessThan(page.length / 3);
    // Same document; only the per-request nonce differs.
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(page)).toBe(withoutNonces(plain.body.toString('utf8')));
  });

  it('compresses api answers passed through the gateway, and leaves small answers alone', async () => {
    const menu = await get(SITE_CONTENT_API.menu(1), { 'Accept-Encoding': 'gzip, deflate' });
    expect(menu.status).toBe(200);
    expect(menu.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(menu.body).toString('utf8')) as { data: { menuList: unknown[] } };
    expect(body.data.menuList.length).toBeGreaterThan(5);
    const health = await get('/healthz', { 'Accept-Encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it("sends a script as the build's brotli copy to a browser that accepts br, the same bytes as the file", async () => {
    const page = (await get('/')).body.toString('utf8');
    const script = readPayload(page).payload.config.assets.entry;
    expect(script).toMatch(/^\/assets\/entry\.client-[A-Z0-9]+\.js$/);
    const file = await get(script!);
    expect(file.headers['content-encoding']).toBeUndefined();

    // As Chromium asks: gzip listed first, every encoding the same weight.
    const br = await get(script!, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).equals(file.body)).toBe(true);
    // Quality 11, not the middleware's on-the-fly quality 4.
    const quality = (q: number) => zlib.brotliCompressSync(file.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }).byteLength;
    expect(br.body.byteLength).toBe(quality(11));
    expect(br.body.byteLength).toBeLessThan(quality(4));
    // Headers that only a document reads are not sent with a script; nosniff is.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Nor the referrer policy (a module's imports follow the document's) or the request id.
    expect(br.headers['referrer-policy']).toBeUndefined();
    expect(br.headers['x-request-id']).toBeUndefined();

    const gzip = await get(script!, { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(gzip.body).equals(file.body)).toBe(true);
  });

  it("sends each script of a listing's first load with the response headers the build's budget counts for it", async () => {
    const page = (await get('/dresses')).body.toString('utf8');
    const { entry, modulepreload } = readPayload(page).payload.config.assets;
    const scripts = [entry, ...modulepreload];
    expect(scripts.length).toBe(3);
    const { port } = new URL(stack.web.url);
    for (const script of scripts) {
      // The header block as it travels (status line to the blank line), which Lighthouse's
      // transfer size counts with the body.
      const head = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET ${script} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n\r\n`);
        });
        let received = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          received += chunk;
          const end = received.indexOf('\r\n\r\n');
          if (end >= 0) {
            socket.destroy();
            resolve(received.slice(0, end + 4));
          }
        });
        socket.on('error', reject);
      });
      expect(head.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
      expect(head).toMatch(/\r\nContent-Encoding: br\r\n/);
      // ASSET_HEADER_BYTES is for a six-digit Content-Length; every other header line has a fixed length.
      const length = /\r\nContent-Length: (\d+)\r\n/.exec(head)![1]!;
      // The web's process sets a 65 s keep-alive (server/web/main.ts); this stack's app keeps Node's 5 s.
      expect(head).toMatch(/\r\nKeep-Alive: timeout=5\r\n/);
      const asServed = head.replace('Keep-Alive: timeout=5', 'Keep-Alive: timeout=65');
      expect(Buffer.byteLength(asServed, 'latin1') + (6 - length.length)).toBe(ASSET_HEADER_BYTES);
    }
  });
});
