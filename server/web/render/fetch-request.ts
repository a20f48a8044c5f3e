import type { Request as ExpressRequest } from 'express';

/**
 * The Fetch Request React Router's query() wants, at the address read once
 * (http/request-address.ts), with the form body read before the render (http/page-forms.ts),
 * tied to an abort signal.
 */
export function toFetchRequest(req: ExpressRequest, address: string, origin: string, signal: AbortSignal, formBody: Uint8Array<ArrayBuffer> | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(new URL(address, origin), {
    method: req.method,
    headers,
    signal,
    ...(formBody ? { body: formBody } : {}),
  });
}
