// The giveaway's endpoints (shared/giveaway.ts has its facts and messages): read by page
// scripts, so this module imports no zod.

export const GIVEAWAY_API = {
  /** Shared: the giveaway's key, closing time and whether it is open now (the api's clock). */
  status: '/api/account/giveaway',
  /** Personal: GET whether the shopper entered; POST enters them. */
  entry: '/api/account/giveaway-entry',
  /** Personal, admins only (profile type 1 or 2): every entry. */
  entries: '/api/account/giveaway-entries',
} as const;
