import { createApiClient, type ApiClient, type ApiRequest, type ApiResponse } from '../../shared/api/api-client';
import { XSRF_HEADER, XSRF_REFUSED_MESSAGE, XSRF_TOKEN_PATH } from '../../shared/api/web-session';
import { COOKIE, LOCALE_HEADER } from '../../shared/constants';
import { readCookie } from '../app/cookies';
import { AUTH_PREFIX } from '../../shared/api/api-paths';

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

/** The XSRF-TOKEN cookie, asked for once before the first state-changing call (server/web/http/xsrf.ts). */
export async function xsrfToken(renew = false): Promise<string | undefined> {
  if (!renew) {
    const token = readCookie(COOKIE.xsrf);
    if (token) return token;
  }
  await fetch(XSRF_TOKEN_PATH, { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
  return readCookie(COOKIE.xsrf);
}

/** Spec section 8: 'UnAuthorized Access!' anywhere but sign-in ends the session in this tab too. */
export const UNAUTHORIZED_EVENT = 'vitrine:unauthorized';

/** The page's locale, sent with every call: the api answers its messages in it (decision 0080). */
let pageLocale: string | undefined;

/** An answer, with how long a busy server asked to wait before a retry (seconds; undefined when it did not). */
type Sent = ApiResponse & { retryAfter?: number };

async function send(request: ApiRequest, renewXsrf: boolean): Promise<Sent> {
  const unsafe = request.method !== 'GET';
  const xsrf = unsafe ? await xsrfToken(renewXsrf) : undefined;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}),
        ...(pageLocale ? { [LOCALE_HEADER]: pageLocale } : {}),
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
    if (response.status === 401 && !request.url.startsWith(AUTH_PREFIX)) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    const retryAfter = response.status === 503 ? Number(response.headers.get('retry-after') ?? NaN) : NaN;
    return { status: response.status, body, ...(Number.isFinite(retryAfter) ? { retryAfter } : {}) };
  } catch {
    return { status: 503, body: { message: 'You appear to be offline. Please check your connection.' } };
  }
}

// An admin's catalogue calls get the admin view (spec section 6) from the gateway, which marks
// them (server/web/proxy/gateway.ts): no page script carries the rule.
async function browserTransport(request: ApiRequest): Promise<ApiResponse> {
  const response = await send(request, false);
  // A busy web or api refuses with 503 and Retry-After (server/web/http/overload-gate.ts,
  // server/api/http/overload.ts): a read is asked once more after the wait it names, so a
  // burst costs a shopper a moment rather than a dialog that could not load.
  if (request.method === 'GET' && response.retryAfter !== undefined && response.retryAfter <= MAX_RETRY_AFTER_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, response.retryAfter! * 1000));
    return strip(await send(request, false));
  }
  // A token signed by another web instance's key (or a cookie that expired meanwhile): get a
  // fresh one and try once more.
  if (response.status === 403 && (response.body as { message?: unknown } | null)?.message === XSRF_REFUSED_MESSAGE) {
    return strip(await send(request, true));
  }
  return strip(response);
}

/** The longest Retry-After a read waits for before asking again; a longer one is answered as it came. */
const MAX_RETRY_AFTER_SECONDS = 2;

const strip = ({ status, body }: Sent): ApiResponse => ({ status, body });

export function createBrowserApiClient(transfer: BrowserTransferCache, locale?: string): ApiClient {
  if (locale) pageLocale = locale;
  return createApiClient(browserTransport, { take: (key) => transfer.take(key) });
}
