import type { Request as ExpressRequest } from 'express';

/** The Fetch Request React Router's query() wants, tied to an abort signal. */
export function toFetchRequest(req: ExpressRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.originalUrl, origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: req as unknown as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}
