import type http from 'node:http';
import type client from 'prom-client';
import { Histogram } from 'prom-client';
import { createApiClient, transferKey, type ApiClient, type ApiRequest, type ApiResponse } from '../../../shared/api/api-client';
import { sharedMaxAge } from '../../../shared/http/cache-policy';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import type { SharedCache } from './shared-cache';
import type { TransferCache, TransferMetrics } from './transfer-cache';
import { UpstreamError, upstreamFetch } from './upstream-fetch';

/** What the web server knows about the shopper that the api must hear (spec section 7). */
export type Forwarded = {
  token?: string | undefined;
  guestKey?: string | undefined;
  geoCountry?: string | undefined;
  bot: boolean;
  requestId: string;
  /** Called when the api answers 401 outside sign-in: the session is over (spec section 8). */
  onUnauthorized?: () => void;
};

export type UpstreamMetrics = { observe(path: string, status: number, seconds: number): void };

export function createUpstreamMetrics(registry: client.Registry): UpstreamMetrics {
  const histogram = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Duration of api calls made by SSR loaders, by path and status',
    labelNames: ['path', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    observe(path, status, seconds) {
      histogram.observe({ path, status: String(status) }, seconds);
    },
  };
}

/** Bounded label: "/api/home/slides", "/api/products/detail" (ids and slugs dropped). */
export function upstreamPathLabel(url: string): string {
  return url.split('?')[0]!.split('/').slice(0, 4).join('/');
}

export type ServerApiDeps = {
  base: URL;
  agent: http.Agent;
  timeoutMs: number;
  sharedCache: SharedCache;
  metrics: UpstreamMetrics;
  transferMetrics?: TransferMetrics;
};

/** Spec section 7: a token header, else the guest key; neither for /clients/api/. */
export function identityHeaders(url: string, forwarded: Pick<Forwarded, 'token' | 'guestKey'>): Record<string, string> {
  if (url.startsWith('/clients/api/')) return {};
  if (forwarded.token) return { [UPSTREAM_HEADER.token]: forwarded.token };
  if (forwarded.guestKey) return { [UPSTREAM_HEADER.guestKey]: forwarded.guestKey };
  return {};
}

/**
 * The API client SSR loaders use: straight to API_BASE_URL. Anonymous cacheable GETs go
 * through the shared cache; answers that may travel are offered to the transfer cache.
 */
export function createServerApiClient(
  deps: ServerApiDeps,
  forwarded: Forwarded,
  transfer: TransferCache | undefined,
  signal?: AbortSignal,
): ApiClient {
  const personal = Boolean(forwarded.token || forwarded.guestKey);

  async function transport(request: ApiRequest): Promise<ApiResponse> {
    const anonymousGet = request.method === 'GET' && !personal;
    const cacheKey = transferKey(request);
    if (anonymousGet) {
      const hit = deps.sharedCache.get(cacheKey);
      if (hit) return { status: hit.status, body: hit.body, bytes: hit.bytes, transferable: true };
    }
    const headers: Record<string, string> = {
      [UPSTREAM_HEADER.requestId]: forwarded.requestId,
      [UPSTREAM_HEADER.bot]: forwarded.bot ? '1' : '0',
      ...(forwarded.geoCountry ? { [UPSTREAM_HEADER.geoCountry]: forwarded.geoCountry } : {}),
      ...identityHeaders(request.url, forwarded),
    };
    const started = performance.now();
    let status = 0;
    try {
      const res = await upstreamFetch(deps.base, deps.agent, request, headers, deps.timeoutMs, signal);
      status = res.status;
      if (status === 401 && !request.url.startsWith('/auth/')) forwarded.onUnauthorized?.();
      let body: unknown;
      try {
        body = res.text ? JSON.parse(res.text) : null;
      } catch {
        return { status: 502, body: { message: 'the api answered with something that is not JSON' } };
      }
      const bytes = Buffer.byteLength(res.text);
      const setsCookie = Boolean(res.headers['set-cookie']);
      if (anonymousGet && status === 200 && !setsCookie) {
        const ttl = sharedMaxAge(res.headers['cache-control']);
        if (ttl > 0) deps.sharedCache.set(cacheKey, { status, body, bytes }, ttl);
      }
      return { status, body, bytes, transferable: anonymousGet && !setsCookie };
    } catch (error) {
      if (error instanceof UpstreamError) {
        status = error.kind === 'timeout' ? 504 : 502;
        return { status, body: { message: error.kind === 'timeout' ? 'the api took too long to answer' : 'the api is unreachable' } };
      }
      throw error;
    } finally {
      deps.metrics.observe(upstreamPathLabel(request.url), status, (performance.now() - started) / 1000);
    }
  }

  return createApiClient(transport, {
    // Within one page, a GET two loaders make is fetched once.
    take(key) {
      if (!transfer || personal) return undefined;
      const value = transfer.get(key);
      deps.transferMetrics?.lookup(value !== undefined);
      return value;
    },
    record(key, value, response) {
      if (transfer && response.transferable && response.bytes !== undefined) transfer.offer(key, value, response.bytes);
    },
  });
}
