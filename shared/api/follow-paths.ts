import type { FollowKind } from '../validation/follow-rules';

// The follows' endpoints (follow-schemas.ts says what each takes and answers): read by page
// scripts, so this module imports no zod.

export const FOLLOW_API = {
  /** Follows a brand or store (body {id}); following twice changes nothing. */
  follow: (kind: FollowKind) => `/api/account/${kind}-follow`,
  unfollow: (kind: FollowKind, id: number) => `/api/account/${kind}-unfollow/${id}`,
  /** My Brands / My Stores: the followed ones, each with its newest products and on-sale count in `country` (gb, us, …). */
  list: (kind: FollowKind, country: string) => `/api/account/${kind}s/${country.toLowerCase()}`,
  /** The ids of every brand and store the shopper follows (the Follow buttons of a page). */
  followed: '/api/account/follows',
} as const;

/**
 * The web page a Follow button's form posts to (its route action follows or unfollows, then
 * goes back to `returnurl`): how a follow works without JavaScript. A guest signs in first.
 */
export const followPagePath = (kind: FollowKind, id: number, returnUrl?: string) =>
  `/follow/${kind}/${id}${returnUrl ? `?returnurl=${encodeURIComponent(returnUrl)}` : ''}`;
