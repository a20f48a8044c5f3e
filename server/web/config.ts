import path from 'node:path';
import { z } from 'zod';
import { envPort, parseEnv } from '../lib/env';

const WebEnv = z.object({
  PORT: envPort.default(3000),
  HOST: z.string().min(1).optional(),
  /** The api (our implementation of the upstream contract, or any other). */
  API_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000'),
  /** The payments base; unset answers /api/payments/* with 503. */
  PAYMENTS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The public origin, for canonical and alternate links. */
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /** Headers the CDN sets: the visitor's country and the bot flag. */
  GEO_HEADER: z.string().min(1).default('x-geoip-country'),
  BOT_HEADER: z.string().min(1).default('x-bot'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  STREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TRANSFER_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(40),
  TRANSFER_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(256 * 1024),
  SHARED_CACHE_MAX_BYTES: z.coerce.number().int().nonnegative().default(32 * 1024 * 1024),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Signs the XSRF-TOKEN cookie (issue 5). Give every web instance the same value; unset, each
   * process makes its own at start, which is fine for one instance only.
   */
  XSRF_SECRET: z.string().min(32, 'XSRF_SECRET must be at least 32 characters').optional(),
  /** Benchmark only: 'string' renders pages with renderToString, to measure what streaming costs. */
  RENDER_MODE: z.enum(['stream', 'string']).default('stream'),
});

export type WebConfig = {
  port: number;
  host: string | undefined;
  apiBaseUrl: string;
  paymentsBaseUrl: string | undefined;
  siteUrl: string;
  geoHeader: string;
  botHeader: string;
  upstreamTimeoutMs: number;
  streamTimeoutMs: number;
  transferLimits: { maxEntries: number; maxBytes: number };
  sharedCacheMaxBytes: number;
  clientDir: string;
  logLevel: string;
  production: boolean;
  shutdownTimeoutMs: number;
  renderMode: 'stream' | 'string';
  /** Never logged, never sent to the browser. */
  xsrfSecret: string | undefined;
};

export function loadWebConfig(env: NodeJS.ProcessEnv): WebConfig {
  const e = parseEnv(WebEnv, env, 'web');
  return {
    port: e.PORT,
    host: e.HOST,
    apiBaseUrl: e.API_BASE_URL,
    paymentsBaseUrl: e.PAYMENTS_BASE_URL,
    siteUrl: e.SITE_URL.replace(/\/$/, ''),
    geoHeader: e.GEO_HEADER.toLowerCase(),
    botHeader: e.BOT_HEADER.toLowerCase(),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    streamTimeoutMs: e.STREAM_TIMEOUT_MS,
    transferLimits: { maxEntries: e.TRANSFER_CACHE_MAX_ENTRIES, maxBytes: e.TRANSFER_CACHE_MAX_BYTES },
    sharedCacheMaxBytes: e.SHARED_CACHE_MAX_BYTES,
    clientDir: path.resolve(e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    renderMode: e.RENDER_MODE,
    xsrfSecret: e.XSRF_SECRET,
  };
}
