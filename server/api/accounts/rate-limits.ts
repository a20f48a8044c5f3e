import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { CacheNone } from '../../../shared/http/cache-policy';
import { say } from '../../../shared/validation/message';
import { requestTranslator } from '../http/request-language';
import type { Database } from '../db/database';
import type { RateLimit, RateLimitedAction } from './account-settings';
import { hashSecret } from './secrets';

// Rate limits on sign-in, registration, reset requests, user-name checks and guest keys,
// each keyed twice: by client IP and by the account it is about. Counters live in
// PostgreSQL, so every api instance counts against the same window (a memory store per
// instance would multiply the limit by the number of instances). A limited client gets 429,
// Retry-After in seconds, and a message that says when to come back.

/** Fixed-window counters in rate_limit_counters; keys are hashed (they hold e-mail addresses). */
export class PostgresRateLimitStore implements Store {
  windowMs = 60_000;
  readonly localKeys = false;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${hashSecret(key)}`;
  }

  async increment(key: string) {
    const rows = await this.db.query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
       VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
         reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
       RETURNING hits, reset_at`,
      [this.key(key), this.windowMs / 1000],
    );
    const row = rows[0]!;
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limit_counters SET hits = greatest(hits - 1, 0) WHERE key = $1', [this.key(key)]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE key = $1', [this.key(key)]);
  }
}

export async function purgeExpiredCounters(db: Database): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE reset_at < now()');
}

/** The account a request is about; undefined to count it by IP only. */
export type AccountKey = (req: Request, res: Response) => string | undefined | Promise<string | undefined>;

export type LimiterOptions = {
  action: RateLimitedAction;
  /** Names the counters when another action borrows these limits (default: the action). */
  prefix?: string;
  limit: RateLimit;
  account?: AccountKey;
  /** Count only failed requests (sign-in: a success gives its count back). */
  failuresOnly?: boolean;
};

/** The IP limiter and, when the action names an account, the account limiter, in that order. */
export function createRateLimiter(db: Database, logger: Logger, options: LimiterOptions): RequestHandler[] {
  const { limit } = options;
  const name = options.prefix ?? options.action;
  const common = {
    windowMs: limit.windowMs,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    // Our JSON error body, in the caller's language (issue 29); express-rate-limit has already set Retry-After.
    handler: (req: Request, res: Response) => {
      const retryAfter = Number(res.getHeader('Retry-After')) || Math.ceil(limit.windowMs / 1000);
      res.setHeader('Cache-Control', CacheNone.header);
      res.status(429).json({ status: 429, message: say(requestTranslator(req).t, ACCOUNT_MESSAGES.tooManyRequests(retryAfter)) });
    },
    logger: {
      error: (error: unknown, message?: string) => logger.error({ err: error }, message),
      warn: (error: unknown, message?: string) => logger.warn({ err: error }, message),
    },
  };
  const handlers: RequestHandler[] = [
    rateLimit({
      ...common,
      limit: limit.perIp,
      store: new PostgresRateLimitStore(db, `${name}:ip`),
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    }),
  ];
  if (options.account) {
    // Asked once per request, whichever limiter asks first.
    const named = new WeakMap<Request, Promise<string | undefined>>();
    const resolve = options.account;
    const account = (req: Request, res: Response) => {
      let value = named.get(req);
      if (!value) named.set(req, (value = Promise.resolve(resolve(req, res))));
      return value;
    };
    const byAccount = rateLimit({
      ...common,
      limit: limit.perAccount,
      store: new PostgresRateLimitStore(db, `${name}:account`),
      keyGenerator: async (req, res) => (await account(req, res)) ?? '',
    });
    handlers.push(async (req: Request, res: Response, next: NextFunction) => {
      // No account named (bad input): the IP limiter alone counts it; validation answers it.
      if (!(await account(req, res))) return next();
      return byAccount(req, res, next);
    });
  }
  return handlers;
}
