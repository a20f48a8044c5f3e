import { ipKeyGenerator } from 'express-rate-limit';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import type { Database } from '../db/database';
import { TooManyAttempts } from './account-errors';
import { PostgresRateLimitStore } from './rate-limits';

// Password guessing against one account, counted so that guessing cannot lock the owner out
// (OWASP Authentication Cheat Sheet, "Account lockout"):
// - per account and client address: a few failures (10 in 15 minutes by default) lock that
//   address out of that account only; the owner signs in from their own address as usual;
// - per account from every address together: past far more failures (100), the account takes
//   one password attempt at a time, one every LOGIN_SLOW_LANE_MS (30 s) from everywhere
//   together, until the window ends. That slows a spread-out attack to a crawl (30 guesses in
//   15 minutes) without blocking anyone: the owner's attempt is heard when the lane is free,
//   and the e-mailed sign-in link works at once whatever the lane.
// - a browser that signed in to the account before (known-devices.ts) is counted apart: its
//   failures count per account and device (the per-address limit's size), never per account,
//   and the slow lane does not apply to it, so guessing from elsewhere cannot use up the
//   owner's attempts (issue 25: the attacker took every slot of the lane).
// The per-address limit of all sign-ins (rate-limits.ts) comes first, in the route.
// Attempts are counted before the password is checked, so parallel guesses cannot slip past
// the count; a success gives its count back. Both counters live in PostgreSQL like the others.

export type LoginThrottleLimits = {
  /** Failed attempts on one account from one address (or one known device) within the window. */
  perAccountAddress: number;
  /** Failed attempts on one account from every address within the window. */
  perAccount: number;
  windowMs: number;
  /** Past perAccount: one password attempt on the account per this interval. */
  slowLaneMs: number;
};

/** An attempt that was let through to the password check. */
export type LoginAttempt = { succeeded(): Promise<void> };

function secondsUntil(time: Date | undefined, windowMs: number): number {
  const ms = time ? time.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

export class LoginThrottle {
  private readonly fromAddress: PostgresRateLimitStore;
  private readonly fromAnywhere: PostgresRateLimitStore;
  private readonly slowLane: PostgresRateLimitStore;

  constructor(
    db: Database,
    private readonly limits: LoginThrottleLimits,
  ) {
    this.fromAddress = new PostgresRateLimitStore(db, 'login:account-address');
    this.fromAnywhere = new PostgresRateLimitStore(db, 'login:account');
    this.fromAddress.windowMs = limits.windowMs;
    this.fromAnywhere.windowMs = limits.windowMs;
    this.slowLane = new PostgresRateLimitStore(db, 'login:account-slow-lane');
    this.slowLane.windowMs = limits.slowLaneMs;
  }

  /**
   * Counts one attempt on `account` (one key for an account, whichever of its e-mail address
   * or user name was typed) from `address`, or from the known device `device` (its key from
   * provenDevice), or refuses it with 429. An attempt refused for its address or device does
   * not count against the account: one client cannot pause everyone's sign-in.
   */
  async begin(account: string, address: string, device?: string): Promise<LoginAttempt> {
    const pair = device ? `${account} device:${device}` : `${account} ${ipKeyGenerator(address)}`;
    const local = await this.fromAddress.increment(pair);
    if (local.totalHits > this.limits.perAccountAddress) {
      const seconds = secondsUntil(local.resetTime, this.limits.windowMs);
      throw new TooManyAttempts(ACCOUNT_MESSAGES.tooManyRequests(seconds), seconds);
    }
    if (device) return { succeeded: () => this.fromAddress.resetKey(pair) };
    const wide = await this.fromAnywhere.increment(account);
    if (wide.totalHits > this.limits.perAccount) {
      // The slow lane: the first attempt in each interval goes on to the password check.
      const lane = await this.slowLane.increment(account);
      if (lane.totalHits > 1) {
        throw new TooManyAttempts(ACCOUNT_MESSAGES.passwordSignInSlowed, secondsUntil(lane.resetTime, this.limits.slowLaneMs));
      }
    }
    return {
      succeeded: async () => {
        await this.fromAddress.resetKey(pair);
        await this.fromAnywhere.decrement(account);
      },
    };
  }
}
