import { createApiClient, type ApiClient, type ApiRequest, type ApiResponse } from '../../shared/api/api-client';

/**
 * Upstream answers the server fetched for this page, served once each to the browser's
 * first identical request (spec section 7), and only shortly after the page loaded:
 * later requests deserve fresh data.
 */
export class BrowserTransferCache {
  private readonly entries: Map<string, unknown>;
  private readonly expiresAt: number;

  constructor(entries: Record<string, unknown>, ttlMs = 30_000, now = Date.now()) {
    this.entries = new Map(Object.entries(entries));
    this.expiresAt = now + ttlMs;
  }

  take(key: string, now = Date.now()): unknown {
    if (now > this.expiresAt) {
      this.entries.clear();
      return undefined;
    }
    const value = this.entries.get(key);
    this.entries.delete(key);
    return value;
  }
}

async function browserTransport(request: ApiRequest): Promise<ApiResponse> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: 'the server answered with something that is not JSON' };
    }
    return { status: response.status, body };
  } catch {
    return { status: 503, body: { message: 'You appear to be offline. Please check your connection.' } };
  }
}

export function createBrowserApiClient(transfer: BrowserTransferCache): ApiClient {
  return createApiClient(browserTransport, { take: (key) => transfer.take(key) });
}
