import type { Logger } from 'pino';
import request from 'supertest';
import { expect } from 'vitest';
import { SessionSchema, type Session } from '../../../shared/api/account-schemas';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_SOCIAL,
  type AccountSettings,
  type RateLimit,
  type RateLimitedAction,
  type ScryptParams,
} from '../../../server/api/accounts/account-settings';
import { Accounts } from '../../../server/api/accounts/accounts';
import { createApiApp } from '../../../server/api/app';
import type { Database } from '../../../server/api/db/database';
import { MemorySearchEngine } from '../../../server/api/search-engine/memory-engine';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createLogger } from '../../../server/lib/logger';
import { listen } from '../../support/listen';
import { openTestDatabase } from '../../support/test-database';
import * as ACCOUNT_API from '../../../shared/api/account-paths';

// The api with accounts configured for tests: the real app on loopback over a real database,
// with the one cheap setting tests are allowed (scrypt cost) and whatever else a file needs
// (small rate limits, a loopback SMTP server, stand-in providers).

/** The only place hashing is made cheaper than OWASP's N=2^17: tests. */
export const TEST_PASSWORD_HASHING: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

/** Limits high enough that only the rate-limit tests meet them. */
const ROOMY: RateLimit = { perIp: 10_000, perAccount: 10_000, windowMs: 60_000 };

export type TestSettings = Partial<Omit<AccountSettings, 'rateLimits'>> & {
  rateLimits?: Partial<Record<RateLimitedAction, RateLimit>>;
};

export function testAccountSettings(overrides: TestSettings = {}): AccountSettings {
  const roomy = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((action) => [action, ROOMY])) as Record<RateLimitedAction, RateLimit>;
  return {
    siteUrl: 'http://localhost:3000',
    mail: { smtpUrl: undefined, from: 'Vitrine <no-reply@vitrine.test>' },
    passwordHashing: TEST_PASSWORD_HASHING,
    social: DEFAULT_SOCIAL,
    profileImageMaxBytes: 5 * 1024 * 1024,
    loginAccountLimit: ROOMY.perAccount,
    ...overrides,
    rateLimits: { ...roomy, ...overrides.rateLimits },
  };
}

export type AccountsApi = Awaited<ReturnType<typeof startAccountsApi>>;

export async function startAccountsApi(options: { settings?: TestSettings; logger?: Logger; db?: Database } = {}) {
  const db = options.db ?? (await openTestDatabase());
  const logger = options.logger ?? createLogger('api', 'silent');
  const settings = testAccountSettings(options.settings);
  const accounts = new Accounts({ db, logger, settings });
  // Accounts tests list nothing: the index is built only if one asks for a listing.
  const searchEngine = new MemorySearchEngine(db, { follow: false });
  const { app } = createApiApp({ db, logger, registry: createRegistry('api'), readiness: { catalogLoaded: true }, accounts, searchEngine });
  const running = await listen(app);
  return {
    url: running.url,
    db,
    accounts,
    settings,
    async close() {
      await accounts.stop();
      await running.close();
      await db.close();
    },
  };
}

let counter = 0;
/** A fresh address for each use, so tests in one file never collide. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
}

/** Registers an account and returns its session (parsed with the schema the web uses). */
export async function registerUser(api: Pick<AccountsApi, 'url'>, email = uniqueEmail(), password = 'velvet-sky-42'): Promise<Session & { email: string; password: string }> {
  const res = await request(api.url)
    .post(ACCOUNT_API.register)
    .send({ email, password, confirm_password: password, platform: 'Vitrine Web', location: 'London, UK' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...SessionSchema.parse(res.body.data), email, password };
}

export function login(api: Pick<AccountsApi, 'url'>, email: string, password: string) {
  return request(api.url).post(ACCOUNT_API.login).send({ email, password });
}
