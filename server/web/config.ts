import path from 'node:path';
import { z } from 'zod';
import { envBoolean, envPort, parseEnv } from '../lib/env';
import { envTrustProxy, type TrustProxy } from '../lib/trust-proxy';
import type { OverloadLimits } from './http/overload-gate';
import type { RenderMode } from './render/render-document';

const WebEnv = z.object({
  PORT: envPort.default(3000),
  HOST: z.string().min(1).optional(),
  /**
   * The Prometheus text (/metrics) is served on this port only, never on PORT; unset, nowhere.
   * Off by default so that several web processes on one machine (tests, the benchmark, N
   * instances) never fight over one port.
   */
  METRICS_PORT: envPort.optional(),
  /** Where the metrics listener binds: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** The api (our implementation of the upstream contract, or any other). */
  API_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000'),
  /** The payments base; unset answers /api/payments/* with 503. */
  PAYMENTS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The public origin, for canonical and alternate links. */
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /**
   * The proxies in front of the web (a CDN, a load balancer) whose X-Forwarded-For names the
   * shopper's address (server/lib/trust-proxy.ts). The web sends that one address on to the api.
   */
  TRUST_PROXY: envTrustProxy,
  /** Headers the CDN sets: the visitor's country and the bot flag. */
  GEO_HEADER: z.string().min(1).default('x-geoip-country'),
  BOT_HEADER: z.string().min(1).default('x-bot'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  STREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TRANSFER_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(40),
  TRANSFER_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(256 * 1024),
  SHARED_CACHE_MAX_BYTES: z.coerce.number().int().nonnegative().default(32 * 1024 * 1024),
  /** Ask the api for every country site's shell answers ahead of pages (upstream/shell-warmer.ts). */
  WARM_SHELL: envBoolean.default(true),
  /**
   * Answer pages from kept answers as they were parsed when fetched (issue 26). Off, every use
   * of a kept answer parses it again, as before: only `npm run bench` turns it off, to measure
   * the two side by side.
   */
  KEEP_PARSED_ANSWERS: envBoolean.default(true),
  /** How long a session's own personal answers are reused by its next pages (0 turns it off). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(10),
  SESSION_CACHE_MAX_BYTES: z.coerce.number().int().nonnegative().default(8 * 1024 * 1024),
  /** Rendered anonymous pages kept in memory (render/page-cache.ts); 0 turns the cache off. */
  PAGE_CACHE_MAX_BYTES: z.coerce.number().int().nonnegative().default(64 * 1024 * 1024),
  /** How often, at most, pages served from the cache ask the api whether the catalogue changed. */
  PAGE_CACHE_VERSION_CHECK_MS: z.coerce.number().int().positive().default(1_000),
  /** Page renders at once (http/overload-gate.ts): they hold the CPU. */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(16),
  /** Calls through to the api at once (the gateway, the session routes): they mostly wait on it. */
  MAX_API_CALLS_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  /** Requests that may wait for a place; one more is refused at once with 503 and Retry-After. */
  QUEUE_MAX: z.coerce.number().int().nonnegative().default(64),
  /**
   * The longest a request waits for a place before it is refused; one expected to wait longer
   * is refused on arrival (http/overload-gate.ts). Short enough that a refusal comes within
   * half a second and a page that waited is still served within two (issue 25).
   */
  QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(400),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Signs the XSRF-TOKEN cookie and the social sign-in state. Give every web instance the same value; unset, each
   * process makes its own at start, which is fine for one instance only.
   */
  XSRF_SECRET: z.string().min(32, 'XSRF_SECRET must be at least 32 characters').optional(),
  /**
   * Social sign-in in the browser (OAuth 2 redirect, response_type=token): the providers'
   * authorisation pages and our public app ids there. Unset ids: the button says the provider
   * is not available.
   */
  FACEBOOK_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/v19.0/dialog/oauth'),
  GOOGLE_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  FACEBOOK_APP_ID: z.string().min(1).max(200).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).max(200).optional(),
  /**
   * 'auto': a page whose loaders deferred nothing is rendered in one go (renderToString), one
   * with deferred data is streamed (render/render-document.tsx). 'stream' and 'string' are for
   * the benchmark and the tests that compare the two.
   */
  RENDER_MODE: z.enum(['auto', 'stream', 'string']).default('auto'),
});

export type WebConfig = {
  port: number;
  host: string | undefined;
  /** Undefined: no metrics listener. */
  metrics: { port: number; host: string } | undefined;
  apiBaseUrl: string;
  paymentsBaseUrl: string | undefined;
  siteUrl: string;
  /** Express's `trust proxy`: who may tell us the shopper's address. */
  trustProxy: TrustProxy;
  geoHeader: string;
  botHeader: string;
  upstreamTimeoutMs: number;
  streamTimeoutMs: number;
  transferLimits: { maxEntries: number; maxBytes: number };
  sharedCacheMaxBytes: number;
  warmShell: boolean;
  keepParsedAnswers: boolean;
  sessionCache: { ttlSeconds: number; maxBytes: number };
  pageCache: { maxBytes: number; versionCheckMs: number };
  overload: { renders: OverloadLimits; apiCalls: OverloadLimits };
  clientDir: string;
  logLevel: string;
  production: boolean;
  shutdownTimeoutMs: number;
  renderMode: RenderMode;
  /** Never logged, never sent to the browser. */
  xsrfSecret: string | undefined;
  /** Providers the browser may sign in with: authorisation URL and public app id. */
  socialSignIn: SocialSignInConfig;
};

export type SocialSignInConfig = {
  facebook?: { authUrl: string; clientId: string } | undefined;
  google?: { authUrl: string; clientId: string } | undefined;
};

export function loadWebConfig(env: NodeJS.ProcessEnv): WebConfig {
  const e = parseEnv(WebEnv, env, 'web');
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    apiBaseUrl: e.API_BASE_URL,
    paymentsBaseUrl: e.PAYMENTS_BASE_URL,
    siteUrl: e.SITE_URL.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    geoHeader: e.GEO_HEADER.toLowerCase(),
    botHeader: e.BOT_HEADER.toLowerCase(),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    streamTimeoutMs: e.STREAM_TIMEOUT_MS,
    transferLimits: { maxEntries: e.TRANSFER_CACHE_MAX_ENTRIES, maxBytes: e.TRANSFER_CACHE_MAX_BYTES },
    sharedCacheMaxBytes: e.SHARED_CACHE_MAX_BYTES,
    warmShell: e.WARM_SHELL,
    keepParsedAnswers: e.KEEP_PARSED_ANSWERS,
    sessionCache: { ttlSeconds: e.SESSION_CACHE_SECONDS, maxBytes: e.SESSION_CACHE_MAX_BYTES },
    pageCache: { maxBytes: e.PAGE_CACHE_MAX_BYTES, versionCheckMs: e.PAGE_CACHE_VERSION_CHECK_MS },
    overload: {
      renders: { maxInFlight: e.MAX_IN_FLIGHT, queueMax: e.QUEUE_MAX, queueTimeoutMs: e.QUEUE_TIMEOUT_MS },
      apiCalls: { maxInFlight: e.MAX_API_CALLS_IN_FLIGHT, queueMax: e.QUEUE_MAX, queueTimeoutMs: e.QUEUE_TIMEOUT_MS },
    },
    clientDir: path.resolve(e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    renderMode: e.RENDER_MODE,
    xsrfSecret: e.XSRF_SECRET,
    socialSignIn: {
      facebook: e.FACEBOOK_APP_ID ? { authUrl: e.FACEBOOK_AUTH_URL, clientId: e.FACEBOOK_APP_ID } : undefined,
      google: e.GOOGLE_CLIENT_ID ? { authUrl: e.GOOGLE_AUTH_URL, clientId: e.GOOGLE_CLIENT_ID } : undefined,
    },
  };
}
