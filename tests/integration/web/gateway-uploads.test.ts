import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startAccountsApi, type AccountsApi } from '../accounts/accounts-api';
import { parseAnswer } from '../../support/raw-http';
import { webOverUpstreamForFile } from '../../support/web-over-upstream';
import { CookieJar, clears, fetchXsrf, setCookies } from '../../support/web-session';
import { startWeb } from '../../support/web-server';
import { LINGER_MS } from '../../../server/web/proxy/gateway';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// Uploads through the gateway as curl and browsers send them: with `Expect: 100-continue`
// (curl adds it by itself to a large body), and large bodies the api refuses before reading
// them (401 without a session, 413 over the size cap).

let api: AccountsApi;
let web: Awaited<ReturnType<typeof startWeb>>;
const { upstream: recording, web: recordingWeb } = webOverUpstreamForFile({ env: { XSRF_SECRET: 'x'.repeat(40) } });

beforeAll(async () => {
  api = await startAccountsApi();
  web = await startWeb(api.url, { XSRF_SECRET: 'x'.repeat(40) });
  // As main.ts sets it: a connection the web keeps idle lives this long.
  web.server.keepAliveTimeout = 65_000;
});
afterAll(async () => {
  await web?.close();
  await api?.close();
});

const BOUNDARY = 'vitrine-test-boundary';
function multipart(bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A signed-in shopper's cookies and XSRF token, as their browser holds them. */
async function shopper(webUrl: string, token?: string) {
  const jar = new CookieJar();
  if (token) jar.set('token', token);
  const xsrf = await fetchXsrf(webUrl, jar);
  return { jar, xsrf };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; continued: boolean };

/** A request the way curl sends a large body: headers with `Expect: 100-continue`, the body only after `100 Continue`. */
function expectContinue(url: string, method: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(url, { method, headers: { ...headers, expect: '100-continue', 'content-length': String(body.length) } });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), continued }));
    });
    req.on('error', reject);
  });
}

describe('Expect: 100-continue through the gateway', () => {
  it('gets the same rewrite as any request: the token from the cookie, nothing the page sent itself', async () => {
    const { jar, xsrf } = await shopper(recordingWeb.url, 'shoppers-token');
    const answer = await expectContinue(
      `${recordingWeb.url}${ACCOUNT_API.editProfile}`,
      'PUT',
      { cookie: jar.header(), 'x-xsrf-token': xsrf, 'content-type': 'application/json', token: 'forged-token', key: 'forged-key' },
      Buffer.from('{"name":"Ada"}'),
    );
    expect([answer.status, answer.continued]).toEqual([200, true]);
    const seen = recording.requests.at(-1)!;
    expect(seen.body).toBe('{"name":"Ada"}');
    expect({ token: seen.headers.token, key: seen.headers.key, cookie: seen.headers.cookie, expect: seen.headers.expect }).toEqual({
      token: 'shoppers-token',
      key: undefined,
      cookie: undefined,
      expect: undefined,
    });
  });

  it('uploads a signed-in shopper’s picture the way curl does, and keeps them signed in', async () => {
    const session = await registerUser(api);
    const { jar, xsrf } = await shopper(web.url, session.token);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4060c0' } }).png().toBuffer();
    const answer = await expectContinue(
      `${web.url}${ACCOUNT_API.uploadProfileImage}`,
      'PUT',
      { cookie: jar.header(), 'x-xsrf-token': xsrf, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      multipart(png),
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).data.profileImage).toMatch(/^\/api\/account\/profile-image\/[A-Za-z0-9_-]+\.webp$/);
    expect(setCookies({ headers: answer.headers }).filter((cookie) => clears(cookie))).toEqual([]);
  });
});

type EarlyAnswer = {
  status: number;
  connection: string | undefined;
  bodyText: string;
  closed: 'closed' | 'still open';
  /** Whether the connection was reset (an error) rather than closed by both ends. */
  reset: boolean;
};

/**
 * A large upload on a raw keep-alive connection: the headers, then the whole body as fast as the
 * connection takes it, then our end of it (as curl keeps sending), until the server closes. What
 * came back, whether the connection was closed within `withinMs` of the answer, and how.
 */
function largeUpload(webUrl: string, headers: Record<string, string>, declaredBytes: number, withinMs: number): Promise<EarlyAnswer> {
  const { hostname, port } = new URL(webUrl);
  return new Promise((resolve, reject) => {
    // Half open, as curl: the server's end of the connection (a FIN) does not stop the upload.
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let received = '';
    let answered = false;
    let closed = false;
    let sent = 0;
    let reset = false;
    const chunk = Buffer.alloc(256 * 1024);
    const finish = (state: EarlyAnswer['closed']) => {
      const answer = parseAnswer(received);
      socket.destroy();
      resolve({ status: answer.status, connection: answer.headers.connection, bodyText: answer.body, closed: state, reset });
    };
    const pump = () => {
      while (!closed && sent < declaredBytes) {
        const size = Math.min(chunk.length, declaredBytes - sent);
        sent += size;
        if (!socket.write(chunk.subarray(0, size))) return void socket.once('drain', pump);
      }
      if (!closed) socket.end();
    };
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      if (answered || !received.includes('\r\n\r\n')) return;
      answered = true;
      // The answer is here: from now on the connection has `withinMs` to close.
      const timer = setTimeout(() => finish('still open'), withinMs);
      socket.once('close', () => {
        clearTimeout(timer);
        finish('closed');
      });
    });
    socket.on('close', () => {
      closed = true;
      if (!answered) reject(new Error(`closed without an answer: ${JSON.stringify(received)}`));
    });
    // A server that closes while the client is still writing resets the connection: a close too.
    socket.on('error', () => {
      reset = true;
    });
    const head = Object.entries({ host: `${hostname}:${port}`, 'content-length': String(declaredBytes), ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`PUT /api/account/upload-profile-image HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`);
    pump();
  });
}

describe('an early answer to a large upload', () => {
  const TWENTY_MB = 20 * 1024 * 1024;
  // The client sends its whole body, then ends: the web reads on until then, LINGER_MS at most.
  const WITHIN_MS = LINGER_MS + 2_000;

  // The web reads and drops the rest of the body after the answer (a lingering close), so the
  // connection closes without a reset, which could drop the answer before the client read it.
  it('without a session: 401, and the connection closes after the answer, without a reset', async () => {
    const { jar, xsrf } = await shopper(web.url);
    const answer = await largeUpload(web.url, { cookie: jar.header(), 'x-xsrf-token': xsrf, 'content-type': 'image/png' }, TWENTY_MB, WITHIN_MS);
    expect(answer).toMatchObject({ status: 401, connection: 'close', closed: 'closed', reset: false });
    expect(JSON.parse(answer.bodyText)).toEqual({ status: 401, message: 'UnAuthorized Access!' });
  });

  it('over the size cap: 413, and the connection closes after the answer, without a reset', async () => {
    const session = await registerUser(api);
    const { jar, xsrf } = await shopper(web.url, session.token);
    const answer = await largeUpload(web.url, { cookie: jar.header(), 'x-xsrf-token': xsrf, 'content-type': 'image/png' }, TWENTY_MB, WITHIN_MS);
    expect(answer).toMatchObject({ status: 413, connection: 'close', closed: 'closed', reset: false });
    // The shopper is still signed in, and the web's connections to the api still serve.
    const profile = await fetch(`${web.url}${ACCOUNT_API.userProfile}`, { headers: { cookie: jar.header() } });
    expect(profile.status).toBe(200);
  });
});
