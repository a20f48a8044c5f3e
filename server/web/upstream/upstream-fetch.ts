import http from 'node:http';
import https from 'node:https';
import type { ApiRequest } from '../../../shared/api/api-client';

export type UpstreamResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body's length in bytes, as it came (no second pass over the text to count it). */
  bytes: number;
};

export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/**
 * One HTTP request to an upstream base over a keep-alive agent, with a timeout and the
 * caller's abort signal (a client that disconnects stops its upstream calls).
 */
export function upstreamFetch(
  base: URL,
  agent: http.Agent,
  request: ApiRequest,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url, base);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: request.method,
      agent,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        ...request.headers,
        ...headers,
      },
      signal,
    });
    const timer = setTimeout(() => {
      req.destroy(new UpstreamError('timeout', `upstream did not answer in ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearTimeout(timer);
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
        resolve({ status: res.statusCode ?? 502, headers: res.headers, text: body.toString('utf8'), bytes });
      });
      res.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof UpstreamError || signal?.aborted) reject(error);
      else reject(new UpstreamError('unreachable', 'upstream unreachable'));
    });
    req.end(body);
  });
}
