import path from 'node:path';
import { z } from 'zod';
import { envBoolean, envPort, parseEnv } from '../lib/env';
import { envTrustProxy, type TrustProxy } from '../lib/trust-proxy';
import { envRateLimit, loadAccountSettings, type AccountSettings } from './accounts/account-settings';
import { DEFAULT_ALERT_DIGEST_HOURS, DEFAULT_ALERT_REARM_PERCENT, DEFAULT_ALERT_SWEEP_MS, DEFAULT_SET_ALERTS_LIMIT, type AlertSettings } from './alerts/alert-settings';
import { DEFAULT_OVERLOAD, type OverloadOptions } from './http/overload';
import { DEFAULT_ANSWER_CACHE_MAX_BYTES } from './http/shared-answers';
import { OPERATOR_SECRET_MIN_LENGTH } from './catalog/operator-handoff';
import { DEFAULT_FEED_STALE_HOURS } from './catalog/feed-ages';
import { DEFAULT_FEED_SHRINK_GUARD } from './catalog/feed-states';
import { DEFAULT_MAIL_RETRY_MS } from './mail/outbox';

/**
 * How often the demo's api looks at its own feed files when FEED_REFRESH_MINUTES is unset: a
 * pass costs a stat per unchanged file, and confirms the prices (feed_states.confirmed_at), so a
 * demo left running, or started again days later, never shows its stores as stale.
 */
export const DEMO_FEED_REFRESH_MINUTES = 60;

/** The index snapshot's name in DATA_DIR. */
export const INDEX_SNAPSHOT_FILE = 'catalog-index.snapshot';

const PERCENT = 'must be a percent from 0 (off) to 100, like 50';

const ApiEnv = z.object({
  API_PORT: envPort.default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The web servers (or other proxies) whose X-Forwarded-For names the client; the rate limits
   * count per that address (server/lib/trust-proxy.ts).
   */
  TRUST_PROXY: envTrustProxy,
  /** A PostgreSQL server; without it the api runs PGlite embedded under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers); unset, PGlite's 128MB.
   * A start fills it: 16MB starts in about half the time, with 100 MB less memory.
   */
  PGLITE_SHARED_BUFFERS: z.string().regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS must be a size like 16MB or 1GB').optional(),
  /**
   * Issue 30: the catalog index's table is kept in DATA_DIR/catalog-index.snapshot after each
   * build (at most once a minute), and a start reads it and re-reads only what changed since
   * instead of the whole catalogue (server/api/search-engine/index-snapshot.ts).
   */
  INDEX_SNAPSHOT: envBoolean.default(true),
  /** On first start with an empty catalogue, generate and import the demo catalogue. */
  DEMO_CATALOG: envBoolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Outgoing mail: SMTP server URL; unset logs messages instead. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Vitrine <no-reply@vitrine.local>'),
  /** A failed e-mail's first retry after this (doubled each time), and how often the outbox sweeps. */
  MAIL_RETRY_MS: z.coerce.number().int().min(1_000).default(DEFAULT_MAIL_RETRY_MS),
  /** Public origin of the site, for links in e-mail (password reset, sign-in link). */
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Bytes of shared answers kept in memory until the catalogue or site content changes; 0 keeps none. */
  API_ANSWER_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(DEFAULT_ANSWER_CACHE_MAX_BYTES),
  /** Requests answered at once; more wait in a short queue, past it they get 503 with Retry-After. */
  API_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(DEFAULT_OVERLOAD.maxInFlight),
  API_QUEUE_LENGTH: z.coerce.number().int().min(0).default(DEFAULT_OVERLOAD.queueLength),
  API_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(DEFAULT_OVERLOAD.queueWaitMs),
  /**
   * Signs alert e-mails' unsubscribe links; every api instance must share it. Unset, a random
   * key kept in the database is used (made once by the first api that needs it).
   */
  ALERT_LINK_SECRET: z.string().min(32, 'ALERT_LINK_SECRET must be at least 32 characters').optional(),
  /** POST /api/account/set-alerts per client address and per e-mail: perIp/perAccount/windowSeconds. */
  RATE_LIMIT_SET_ALERTS: envRateLimit.optional(),
  /** How often the alert evaluator reads the change log besides after each import's notice. */
  ALERT_SWEEP_MS: z.coerce.number().int().min(1_000).default(DEFAULT_ALERT_SWEEP_MS),
  /** At most one alert e-mail per shopper or guest address in this many hours (a digest of what fired meanwhile). */
  ALERT_DIGEST_HOURS: z.coerce
    .number({ error: 'ALERT_DIGEST_HOURS must be a number of hours, such as 24' })
    .int('ALERT_DIGEST_HOURS must be a whole number of hours, such as 24')
    .min(1, 'ALERT_DIGEST_HOURS must be at least 1 (one e-mail an hour at most)')
    .max(24 * 31, 'ALERT_DIGEST_HOURS must be at most 744 (a month)')
    .default(DEFAULT_ALERT_DIGEST_HOURS),
  /** An alert that fired fires again only after a further fall of this many percent below the price it fired at. */
  ALERT_REARM_PERCENT: z.coerce
    .number({ error: 'ALERT_REARM_PERCENT must be a number of percent, such as 5' })
    .min(0, 'ALERT_REARM_PERCENT must be from 0 to 90 (0: any further fall fires again)')
    .max(90, 'ALERT_REARM_PERCENT must be from 0 to 90 (0: any further fall fires again)')
    .default(DEFAULT_ALERT_REARM_PERCENT),
  /**
   * Opens POST /operator/import (`npm run import` handing files to this api). Unset on the
   * embedded database, the api writes a random one into DATA_DIR for the CLI; unset with
   * DATABASE_URL, the route is off (the CLI imports into the server itself).
   */
  OPERATOR_SECRET: z.string().trim().min(OPERATOR_SECRET_MIN_LENGTH, `must be at least ${OPERATOR_SECRET_MIN_LENGTH} characters`).optional(),
  /**
   * Minutes between refreshes of the stores' feed sources (stores.json "feeds"); 0 never
   * refreshes. Unset: DEMO_FEED_REFRESH_MINUTES with the demo catalogue on (its feeds are files
   * beside it, and a refresh that finds them unchanged confirms their prices), else 0.
   */
  FEED_REFRESH_MINUTES: z.coerce.number().min(0).max(7 * 24 * 60).optional(),
  /**
   * Issue 27: a full feed carrying fewer than this percent of the items its store's last applied
   * feed for the country carried is held, not applied, until an operator applies it
   * (`npm run import -- --apply-held <file>`); 0 turns the guard off.
   */
  FEED_SHRINK_GUARD: z.coerce.number({ error: PERCENT }).min(0, PERCENT).max(100, PERCENT).default(DEFAULT_FEED_SHRINK_GUARD),
  // When the current giveaway closes, if not when its content says (shared/giveaway.ts).
  GIVEAWAY_CLOSES_AT: z.iso.datetime({ offset: true }).optional(),
  /** How long one feed URL may take to answer, body included. */
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Hours after a feed last confirmed a store's prices in a country before its product pages say
   * "Prices may be out of date"; after twice that its items leave that country's listings until
   * a feed arrives (server/api/catalog/feed-ages.ts).
   */
  FEED_STALE_HOURS: z.coerce
    .number({ message: 'FEED_STALE_HOURS must be a number of hours, such as 72' })
    .positive('FEED_STALE_HOURS must be more than 0 hours')
    .max(24 * 365, 'FEED_STALE_HOURS must be at most a year (8760 hours)')
    .default(DEFAULT_FEED_STALE_HOURS),
});

export type ApiConfig = {
  port: number;
  host: string;
  /** Express's `trust proxy`: who may tell the api the client's address. */
  trustProxy: TrustProxy;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGLITE_SHARED_BUFFERS: the embedded database's page cache; undefined is PGlite's own. */
  pgliteSharedBuffers: string | undefined;
  demoCatalog: boolean;
  /** The index snapshot's file (INDEX_SNAPSHOT), undefined when off. */
  indexSnapshot: string | undefined;
  logLevel: string;
  mail: { smtpUrl: string | undefined; from: string; retryMs: number };
  siteUrl: string;
  /** Sessions, passwords, social sign-in, rate limits (server/api/accounts/account-settings.ts). */
  accounts: AccountSettings;
  shutdownTimeoutMs: number;
  /** Bound of the shared answers kept in memory (server/api/http/shared-answers.ts). */
  answerCacheMaxBytes: number;
  /** Work in flight and the queue before 503 (server/api/http/overload.ts). */
  overload: OverloadOptions;
  /** Alert links, the set-alerts limit, the evaluator's sweep, the digest and re-arm rules (server/api/alerts/alert-settings.ts). */
  alerts: AlertSettings;
  /** OPERATOR_SECRET as configured (main.ts may make one for the embedded database). */
  operatorSecret: string | undefined;
  /** Feed sources' refresh (server/api/catalog/feed-refresh.ts); intervalMs 0 is off. */
  feedRefresh: { intervalMs: number; fetchTimeoutMs: number };
  /** FEED_STALE_HOURS (server/api/catalog/feed-ages.ts). */
  feedStaleHours: number;
  /** FEED_SHRINK_GUARD, percent (server/api/catalog/feed-states.ts); 0 is off. */
  feedShrinkGuard: number;
  giveawayClosesAt: string | undefined;
};

export function loadApiConfig(env: NodeJS.ProcessEnv): ApiConfig {
  const e = parseEnv(ApiEnv, env, 'api');
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    demoCatalog: e.DEMO_CATALOG,
    indexSnapshot: e.INDEX_SNAPSHOT ? path.resolve(e.DATA_DIR, INDEX_SNAPSHOT_FILE) : undefined,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, retryMs: e.MAIL_RETRY_MS },
    siteUrl: e.SITE_URL,
    accounts: loadAccountSettings(env, { siteUrl: e.SITE_URL, mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, retryMs: e.MAIL_RETRY_MS } }),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    answerCacheMaxBytes: e.API_ANSWER_CACHE_MAX_BYTES,
    overload: { maxInFlight: e.API_MAX_IN_FLIGHT, queueLength: e.API_QUEUE_LENGTH, queueWaitMs: e.API_QUEUE_WAIT_MS },
    alerts: {
      linkSecret: e.ALERT_LINK_SECRET,
      setAlertsLimit: e.RATE_LIMIT_SET_ALERTS ?? DEFAULT_SET_ALERTS_LIMIT,
      sweepMs: e.ALERT_SWEEP_MS,
      digestHours: e.ALERT_DIGEST_HOURS,
      rearmPercent: e.ALERT_REARM_PERCENT,
    },
    operatorSecret: e.OPERATOR_SECRET,
    feedRefresh: {
      intervalMs: Math.round((e.FEED_REFRESH_MINUTES ?? (e.DEMO_CATALOG ? DEMO_FEED_REFRESH_MINUTES : 0)) * 60_000),
      fetchTimeoutMs: e.FEED_FETCH_TIMEOUT_MS,
    },
    feedStaleHours: e.FEED_STALE_HOURS,
    feedShrinkGuard: e.FEED_SHRINK_GUARD,
    giveawayClosesAt: e.GIVEAWAY_CLOSES_AT,
  };
}
