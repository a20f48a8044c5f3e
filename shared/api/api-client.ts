import type { Answer, AnswerName } from './answer-schemas';

// One API client shape for loaders on both sides: on the server it calls API_BASE_URL
// directly (and records the transfer cache); in the browser it calls /api through the
// gateway (and reads the transfer cache once). A call names the answer it expects
// (shared/api/answer-schemas.ts): the server parses `response.data` with that zod schema at
// the edge, once per fetch (its caches keep the parsed answer: ApiResponse.answer); the
// browser trusts what our own server sends, so zod never ships to it.

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
  /**
   * The answer `body.data` already is, checked by the transport (the server parses each answer
   * once per fetch and keeps it parsed, issue 26): the client does not parse it again.
   */
  answer?: AnswerName;
};

/** Moves a request to the API and back; the two sides differ only here. `answer` names what the call expects. */
export type ApiTransport = (request: ApiRequest, answer: AnswerName) => Promise<ApiResponse>;

/**
 * Sees every parsed GET answer: the server records them for transfer, the browser reads them.
 * What `take` returns is an answer already parsed (the server's) or trusted (the browser's).
 */
export type TransferHooks = {
  take?(key: string, request: ApiRequest): unknown;
  record?(key: string, value: unknown, response: ApiResponse): void;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What an error answer still carries besides its message (a 410's withdrawn product), unchecked. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiClient = {
  get<N extends AnswerName>(path: string, answer: N, query?: Query, headers?: Record<string, string>): Promise<Answer<N>>;
  send<N extends AnswerName>(method: Exclude<Method, 'GET'>, path: string, body: unknown, answer: N): Promise<Answer<N>>;
};

/** Checks `data` against the named answer: the parsed value, or undefined when it does not fit. */
export type AnswerParser = (answer: AnswerName, data: unknown) => { ok: true; value: unknown } | { ok: false };

/** The browser's parser: our own server's answers are taken as they are. */
const trustAnswer: AnswerParser = (_answer, data) => ({ ok: true, value: data });

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

/**
 * `parse` checks each answer: the server passes parseAnswer (shared/api/answer-schemas.ts),
 * the browser nothing (it trusts our own server).
 */
export function createApiClient(transport: ApiTransport, transfer: TransferHooks = {}, parse: AnswerParser = trustAnswer): ApiClient {
  async function call(request: ApiRequest, answer: AnswerName): Promise<{ value: unknown; response: ApiResponse }> {
    const response = await transport(request, answer);
    if (response.status < 200 || response.status >= 300) {
      throw new ApiError(response.status, errorMessage(response.body, response.status), (response.body as { data?: unknown } | null)?.data);
    }
    const data = (response.body as { data?: unknown } | null)?.data;
    const parsed = response.answer === answer ? ({ ok: true, value: data } as const) : parse(answer, data);
    if (!parsed.ok) {
      throw new ApiError(502, `unexpected response from ${request.method} ${request.url.split('?')[0]}`);
    }
    return { value: parsed.value, response };
  }

  return {
    async get<N extends AnswerName>(path: string, answer: N, query?: Query, headers?: Record<string, string>) {
      const request: ApiRequest = { method: 'GET', url: buildUrl(path, query), ...(headers ? { headers } : {}) };
      const key = transferKey(request);
      // Parsed once, when it was fetched: not again.
      const cached = transfer.take?.(key, request);
      if (cached !== undefined) return cached as Answer<N>;
      const { value, response } = await call(request, answer);
      transfer.record?.(key, value, response);
      return value as Answer<N>;
    },
    async send<N extends AnswerName>(method: Exclude<Method, 'GET'>, path: string, body: unknown, answer: N) {
      return (await call({ method, url: path, body }, answer)).value as Answer<N>;
    },
  };
}
