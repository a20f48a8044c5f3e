import { z } from 'zod';
import { FOLLOWS_MAX_PER_PAGE, FOLLOWS_PER_PAGE, FOLLOW_KINDS } from '../validation/follow-rules';
import { entityId, pageNumber } from '../validation/safe-input';
import { AlertCountryParams } from './alert-schemas';
import { ProductCardSchema } from './product-schemas';

export { FOLLOW_API } from './follow-paths';

// Follows of brands and stores on the api (spec sections 3 "Follow", 7), all under
// /api/account and all personal (the `token` header; without one 401 'UnAuthorized Access!').
// Every answer is { data: … }; a bad id is a 400 naming the field, an unknown one a 404 with
// FOLLOW_MESSAGES.notFound.
//
//   POST   /brand-follow {id}             FollowStateSchema (following true; added false when it was already)
//   DELETE /brand-unfollow/{id}           FollowStateSchema (following false; removed false when it was not)
//   GET    /brands/{country}?page=&perPage=   FollowsPageSchema
//   POST   /store-follow {id}, DELETE /store-unfollow/{id}, GET /stores/{country}: the same for stores
//   GET    /follows                       FollowedIdsSchema
//
// {x} of /brands/{x} and /stores/{x} is a country code (gb, us, …), as /alerts/{country} and
// /my-sales/{country} take: the followed brands are the shopper's wherever they shop, but each
// one's newest products and its count on sale now are that country's site's. Newest first by
// when it was followed.

export const FollowStateSchema = z.object({
  kind: z.enum(FOLLOW_KINDS),
  id: z.number().int(),
  following: z.boolean(),
  /** True when this call changed something (a new follow, or one taken away). */
  changed: z.boolean(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

/** One followed brand or store as My Brands / My Stores shows it. */
export const FollowedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** A store's logo; null for a brand or a store without one. */
  logo: z.string().nullable(),
  /** ISO 8601. */
  followedAt: z.string(),
  /** Products of it on sale now in the country asked for (a size variant in stock there with offers above 0). */
  onSale: z.number().int(),
  /** Its newest products sold in that country (at most FOLLOW_NEWEST_PRODUCTS), priced there. */
  products: z.array(ProductCardSchema),
});
export type Followed = z.infer<typeof FollowedSchema>;

export const FollowsPageSchema = z.object({
  kind: z.enum(FOLLOW_KINDS),
  follows: z.array(FollowedSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  currencySymbol: z.string(),
});
export type FollowsPage = z.infer<typeof FollowsPageSchema>;

/** Every brand and store id the shopper follows (bounded by FOLLOWS_MAX_PER_KIND each). */
export const FollowedIdsSchema = z.object({ brands: z.array(z.number().int()), stores: z.array(z.number().int()) });
export type FollowedIds = z.infer<typeof FollowedIdsSchema>;

// ── requests ────────────────────────────────────────────────────────────────────────

/** POST /brand-follow, /store-follow. */
export const FollowBody = z.object({ id: entityId('id') });
export const FollowIdParams = z.object({ id: entityId('id') });
export const FollowCountryParams = AlertCountryParams;

/** ?page=&perPage= of My Brands and My Stores: page from 1, FOLLOWS_PER_PAGE unless asked, at most FOLLOWS_MAX_PER_PAGE. */
export const FollowsPageQuery = z.object({
  page: pageNumber('page', 100_000, 1),
  perPage: pageNumber('perPage', FOLLOWS_MAX_PER_PAGE, FOLLOWS_PER_PAGE),
});
