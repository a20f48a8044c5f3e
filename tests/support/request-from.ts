import http from 'node:http';

// An HTTP request that leaves from a chosen loopback address (127.0.0.2, 127.0.0.3 …: all
// of 127/8 is this machine), so a server sees clients, or a proxy in front of it, at
// different addresses. supertest cannot choose the address it connects from.

export type FromResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<FromResponse> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
