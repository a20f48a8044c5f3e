import type { ZodType } from 'zod';

// One API client shape for loaders on both sides: on the server it calls API_BASE_URL
// directly (and records the transfer cache); in the browser it calls /api through the
// gateway (and reads the transfer cache once). Both parse `response.data` with zod.

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiRequest = {
  method: Method;
  /** Path and query string, e.g. "/api/home/slides?country=GB". */
  url: string;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
};

export type ApiResponse = {
  status: number;
  body: unknown;
  /** Bytes of the body as received, and whether it may travel to the browser (server side: shared answers only). */
  bytes?: number;
  transferable?: boolean;
};

/** Moves a request to the API and back; the two sides differ only here. */
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** Sees every parsed GET answer: the server records them for transfer, the browser reads them. */
export type TransferHooks = {
  take?(key: string, request: ApiRequest): unknown;
  record?(key: string, value: unknown, response: ApiResponse): void;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiClient = {
  get<T>(path: string, schema: ZodType<T>, query?: Query, headers?: Record<string, string>): Promise<T>;
  send<T>(method: Exclude<Method, 'GET'>, path: string, body: unknown, schema: ZodType<T>): Promise<T>;
};

/** "/api/x" plus a query string with keys in order and empty values left out. */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Spec section 7: GET responses are cached for transfer "by URL plus options". */
export function transferKey(request: Pick<ApiRequest, 'url' | 'headers'>): string {
  const headers = request.headers ? Object.entries(request.headers).sort(([a], [b]) => a.localeCompare(b)) : [];
  return headers.length ? `${request.url} ${JSON.stringify(headers)}` : request.url;
}

function errorMessage(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : `request failed with status ${status}`;
}

export function createApiClient(transport: ApiTransport, transfer: TransferHooks = {}): ApiClient {
  async function call<T>(request: ApiRequest, schema: ZodType<T>): Promise<{ value: T; response: ApiResponse }> {
    const response = await transport(request);
    if (response.status < 200 || response.status >= 300) {
      throw new ApiError(response.status, errorMessage(response.body, response.status));
    }
    const parsed = schema.safeParse((response.body as { data?: unknown } | null)?.data);
    if (!parsed.success) {
      throw new ApiError(502, `unexpected response from ${request.method} ${request.url.split('?')[0]}`);
    }
    return { value: parsed.data, response };
  }

  return {
    async get(path, schema, query, headers) {
      const request: ApiRequest = { method: 'GET', url: buildUrl(path, query), ...(headers ? { headers } : {}) };
      const key = transferKey(request);
      const cached = transfer.take?.(key, request);
      if (cached !== undefined) {
        const parsed = schema.safeParse(cached);
        if (parsed.success) return parsed.data;
      }
      const { value, response } = await call(request, schema);
      transfer.record?.(key, value, response);
      return value;
    },
    async send(method, path, body, schema) {
      return (await call({ method, url: path, body }, schema)).value;
    },
  };
}
