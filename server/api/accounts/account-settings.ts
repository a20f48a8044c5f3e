import { z } from 'zod';
import { parseEnv } from '../../lib/env';

// Everything the accounts module can be told: from the environment in production
// (loadAccountSettings), from the test's own object in tests (cheap hashing, small limits,
// stand-in providers on loopback).

/** scrypt cost. N is a power of two; memory is 128 · N · r bytes (128 MiB at OWASP's). */
export type ScryptParams = { N: number; r: number; p: number };

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/**
 * A rate limit: so many requests per client address and per account within a window. For
 * `login`, perAccount counts one account's failures from one address (login-throttle.ts).
 */
export type RateLimit = { perIp: number; perAccount: number; windowMs: number };
export const RATE_LIMITED_ACTIONS = ['login', 'register', 'forgotPassword', 'signInLink', 'checkUserName', 'guestKey'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];

export type SocialSettings = {
  facebook: { graphUrl: string; appId: string | undefined; appSecret: string | undefined };
  google: { tokenInfoUrl: string; userInfoUrl: string; clientId: string | undefined };
  timeoutMs: number;
};

export type AccountSettings = {
  /** Public origin of the site: links in e-mail are `${siteUrl}/confirm-password/…` and `${siteUrl}/sign-in-link/…`. */
  siteUrl: string;
  /** `retryMs`: the first retry's delay and the outbox sweep's interval (MAIL_RETRY_MS). */
  mail: { smtpUrl: string | undefined; from: string; retryMs?: number };
  passwordHashing: ScryptParams;
  rateLimits: Record<RateLimitedAction, RateLimit>;
  /**
   * Failed sign-ins to one account from every address together, within the login window,
   * after which the account takes one password attempt per LOGIN_SLOW_LANE_MS until the window
   * ends (the e-mailed sign-in link still works at once). Far above the per-address limit, so an attacker needs many addresses to
   * reach it, and reaching it never locks the owner out.
   */
  loginAccountLimit: number;
  social: SocialSettings;
  profileImageMaxBytes: number;
};

const MINUTES = 60_000;

export const DEFAULT_RATE_LIMITS: Record<RateLimitedAction, RateLimit> = {
  // Failed sign-ins only (a success gives its count back); perAccount is per account and address.
  login: { perIp: 50, perAccount: 10, windowMs: 15 * MINUTES },
  register: { perIp: 10, perAccount: 5, windowMs: 60 * MINUTES },
  forgotPassword: { perIp: 10, perAccount: 3, windowMs: 60 * MINUTES },
  // Asking for an e-mailed sign-in link: as many mails to one account as reset links.
  signInLink: { perIp: 10, perAccount: 3, windowMs: 60 * MINUTES },
  checkUserName: { perIp: 120, perAccount: 120, windowMs: 15 * MINUTES },
  guestKey: { perIp: 100, perAccount: 100, windowMs: 15 * MINUTES },
};

export const DEFAULT_SOCIAL: SocialSettings = {
  facebook: { graphUrl: 'https://graph.facebook.com/v23.0', appId: undefined, appSecret: undefined },
  google: {
    tokenInfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    clientId: undefined,
  },
  timeoutMs: 5_000,
};

/** OWASP: far above the per-address 10, so only a spread-out attack reaches it. */
export const DEFAULT_LOGIN_ACCOUNT_LIMIT = 100;

/** Past the account-wide limit, one password attempt on the account per 30 s (login-throttle.ts). */
export const LOGIN_SLOW_LANE_MS = 30_000;

export const DEFAULT_PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function defaultAccountSettings(): AccountSettings {
  return {
    siteUrl: 'http://localhost:3000',
    mail: { smtpUrl: undefined, from: 'Vitrine <no-reply@vitrine.local>' },
    passwordHashing: OWASP_SCRYPT,
    rateLimits: DEFAULT_RATE_LIMITS,
    loginAccountLimit: DEFAULT_LOGIN_ACCOUNT_LIMIT,
    social: DEFAULT_SOCIAL,
    profileImageMaxBytes: DEFAULT_PROFILE_IMAGE_MAX_BYTES,
  };
}

/** "perIp/perAccount/windowSeconds", e.g. RATE_LIMIT_LOGIN=50/10/900. */
export const envRateLimit = z
  .string()
  .regex(/^\d+\/\d+\/\d+$/, 'expected perIp/perAccount/windowSeconds, e.g. 50/10/900')
  .transform((value) => {
    const [perIp, perAccount, seconds] = value.split('/').map(Number) as [number, number, number];
    return { perIp, perAccount, windowMs: seconds * 1000 };
  })
  .refine((limit) => limit.perIp > 0 && limit.perAccount > 0 && limit.windowMs > 0, 'every part must be above 0');

const httpUrl = z.url({ protocol: /^https?$/ });

const AccountEnv = z.object({
  FACEBOOK_GRAPH_URL: httpUrl.default(DEFAULT_SOCIAL.facebook.graphUrl),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  GOOGLE_TOKENINFO_URL: httpUrl.default(DEFAULT_SOCIAL.google.tokenInfoUrl),
  GOOGLE_USERINFO_URL: httpUrl.default(DEFAULT_SOCIAL.google.userInfoUrl),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_SOCIAL.timeoutMs),
  PROFILE_IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(DEFAULT_PROFILE_IMAGE_MAX_BYTES),
  RATE_LIMIT_LOGIN: envRateLimit.optional(),
  RATE_LIMIT_REGISTER: envRateLimit.optional(),
  RATE_LIMIT_FORGOT_PASSWORD: envRateLimit.optional(),
  RATE_LIMIT_SIGN_IN_LINK: envRateLimit.optional(),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().positive().default(DEFAULT_LOGIN_ACCOUNT_LIMIT),
  RATE_LIMIT_CHECK_USERNAME: envRateLimit.optional(),
  RATE_LIMIT_GUEST_KEY: envRateLimit.optional(),
});

/**
 * The accounts part of the api configuration. Password hashing is not configurable: it is
 * OWASP's everywhere but in tests, which build their settings themselves.
 */
export function loadAccountSettings(
  env: NodeJS.ProcessEnv,
  shared: Pick<AccountSettings, 'siteUrl' | 'mail'>,
): AccountSettings {
  const e = parseEnv(AccountEnv, env, 'api');
  return {
    ...shared,
    passwordHashing: OWASP_SCRYPT,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN ?? DEFAULT_RATE_LIMITS.login,
      register: e.RATE_LIMIT_REGISTER ?? DEFAULT_RATE_LIMITS.register,
      forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD ?? DEFAULT_RATE_LIMITS.forgotPassword,
      signInLink: e.RATE_LIMIT_SIGN_IN_LINK ?? DEFAULT_RATE_LIMITS.signInLink,
      checkUserName: e.RATE_LIMIT_CHECK_USERNAME ?? DEFAULT_RATE_LIMITS.checkUserName,
      guestKey: e.RATE_LIMIT_GUEST_KEY ?? DEFAULT_RATE_LIMITS.guestKey,
    },
    loginAccountLimit: e.RATE_LIMIT_LOGIN_ACCOUNT,
    social: {
      facebook: { graphUrl: e.FACEBOOK_GRAPH_URL, appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET },
      google: { tokenInfoUrl: e.GOOGLE_TOKENINFO_URL, userInfoUrl: e.GOOGLE_USERINFO_URL, clientId: e.GOOGLE_CLIENT_ID },
      timeoutMs: e.SOCIAL_TIMEOUT_MS,
    },
    profileImageMaxBytes: e.PROFILE_IMAGE_MAX_BYTES,
  };
}
