import type { FollowKind } from '../validation/follow-rules';
import { pathTo } from './api-paths';

// The follows' endpoints (follow-schemas.ts says what each takes and answers): read by page
// scripts, so this module imports no zod.

/** Each kind's routes (brand-follow, store-follow, …): the patterns the api's router registers. */
export const FOLLOW_ROUTES = {
  follow: (kind: FollowKind) => `/api/account/${kind}-follow` as const,
  unfollow: (kind: FollowKind) => pathTo(`/api/account/${kind}-unfollow/:id`),
  list: (kind: FollowKind) => pathTo(`/api/account/${kind}s/:country`),
};

export const FOLLOW_API = {
  /** Follows a brand or store (body {id}); following twice changes nothing. */
  follow: FOLLOW_ROUTES.follow,
  unfollow: (kind: FollowKind, id: number) => FOLLOW_ROUTES.unfollow(kind)(id),
  /** My Brands / My Stores: the followed ones, each with its newest products and on-sale count in `country` (gb, us, …). */
  list: (kind: FollowKind, country: string) => FOLLOW_ROUTES.list(kind)(country.toLowerCase()),
  /** The ids of every brand and store the shopper follows (the Follow buttons of a page). */
  followed: '/api/account/follows',
} as const;

/**
 * The web page a Follow button's form posts to (its route action follows or unfollows, then
 * goes back to `returnurl`): how a follow works without JavaScript. A guest signs in first.
 */
export const followPagePath = (kind: FollowKind, id: number, returnUrl?: string) =>
  `/follow/${kind}/${id}${returnUrl ? `?returnurl=${encodeURIComponent(returnUrl)}` : ''}`;
