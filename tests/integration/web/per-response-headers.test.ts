import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { newNonce, requestIdMiddleware, requestLogging } from '../../../server/web/http/request-info';
import { securityHeaders } from '../../../server/web/http/security';

// What every response of the web carries that is its own (request id, CSP nonce) or the same
// for all (the security headers), and the request log. The security headers are worked out by
// helmet once and replayed per response, and the request's own logger is made only when used:
// these tests hold what a response and the log carry to what helmet and pino-http give.

/** The web's first middleware, then a handler that answers with the nonce it was given. */
function appWith(options: { https: boolean; level?: string; lines?: string[] }) {
  const app = express();
  const lines = options.lines ?? [];
  const logger = pino({ level: options.level ?? 'error' }, { write: (line: string) => void lines.push(line) });
  app.use(requestIdMiddleware());
  app.use(requestLogging(logger));
  app.use(securityHeaders({ https: options.https }));
  app.get('/page', (_req, res) => {
    res.type('text').send(res.locals.nonce);
  });
  app.get('/fails', (req, res) => {
    req.log.error({ reason: 'test' }, 'something went wrong');
    res.status(500).type('text').send('failed');
  });
  return app;
}

const SAME_FOR_EVERY_RESPONSE = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const csp = (nonce: string, https: boolean) =>
  `default-src 'self';script-src 'self' 'nonce-${nonce}';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'${https ? ';upgrade-insecure-requests' : ''}`;

describe('headers of every response', () => {
  it("gives every response helmet's security headers, with a CSP naming that response's own nonce", async () => {
    const app = appWith({ https: false });
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/page').expect(200);
      const nonce = res.text;
      nonces.add(nonce);
      expect(Buffer.from(nonce, 'base64').length).toBe(16);
      expect(res.headers['content-security-policy']).toBe(csp(nonce, false));
      expect(Object.fromEntries(Object.keys(SAME_FOR_EVERY_RESPONSE).map((name) => [name, res.headers[name]]))).toEqual(SAME_FOR_EVERY_RESPONSE);
      expect(res.headers['strict-transport-security']).toBe(undefined);
      // Express names itself unless told not to; helmet removes it.
      expect(res.headers['x-powered-by']).toBe(undefined);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(nonces.size).toBe(3);
  });

  it('asks browsers for HTTPS only when the site is served over HTTPS', async () => {
    const res = await request(appWith({ https: true })).get('/page').expect(200);
    expect(res.headers['content-security-policy']).toBe(csp(res.text, true));
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('cuts every nonce from fresh random bytes: 16 of them, never the same twice', () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(2000);
    expect(nonces.every((nonce) => Buffer.from(nonce, 'base64').length === 16 && Buffer.from(nonce, 'base64').toString('base64') === nonce)).toBe(true);
  });
});

describe('the request log', () => {
  type Line = { level: number; msg: string; req?: { id: string; method: string; url: string }; res?: { statusCode: number }; responseTime?: number; reason?: string };
  const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);

  it('writes one line per request at info, under its request id', async () => {
    const lines: string[] = [];
    const app = appWith({ https: false, level: 'info', lines });
    const res = await request(app).get('/page').set('x-request-id', 'front-proxy-id-1').expect(200);
    expect(res.headers['x-request-id']).toBe('front-proxy-id-1');
    const [line, ...others] = parsed(lines);
    expect(others).toEqual([]);
    expect({ msg: line!.msg, req: { id: line!.req!.id, method: line!.req!.method, url: line!.req!.url }, status: line!.res!.statusCode }).toEqual({
      msg: 'request completed',
      req: { id: 'front-proxy-id-1', method: 'GET', url: '/page' },
      status: 200,
    });
  });

  it('writes no request line above info, and a handler that logs still names its request', async () => {
    const lines: string[] = [];
    const app = appWith({ https: false, level: 'error', lines });
    await request(app).get('/page').expect(200);
    expect(lines).toEqual([]);
    await request(app).get('/fails').set('x-request-id', 'front-proxy-id-2').expect(500);
    const [line, ...others] = parsed(lines);
    expect(others).toEqual([]);
    expect({ msg: line!.msg, reason: line!.reason, req: { id: line!.req!.id, method: line!.req!.method, url: line!.req!.url } }).toEqual({
      msg: 'something went wrong',
      reason: 'test',
      req: { id: 'front-proxy-id-2', method: 'GET', url: '/fails' },
    });
  });
});
