import type { Request as ExpressRequest } from 'express';

/** The Fetch Request React Router's query() wants, at the address read once (http/request-address.ts), tied to an abort signal. */
export function toFetchRequest(req: ExpressRequest, address: string, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(address, origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: req as unknown as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}
