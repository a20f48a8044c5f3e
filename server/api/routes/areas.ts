import type { ApiArea } from './area';
import { alertArea } from './alert-routes';
import { authArea } from './auth-routes';
import { directoryArea } from './directory-routes';
import { giveawayArea } from './giveaway-routes';
import { followArea } from './follow-routes';
import { homeArea } from './home-routes';
import { lookArea } from './look-routes';
import { priceHistoryArea } from './price-history-routes';
import { productArea } from './product-routes';
import { profileArea } from './profile-routes';
import { ratingArea } from './rating-routes';
import { searchArea } from './search-routes';
import { sessionArea } from './session-routes';
import { siteContentArea } from './site-content-routes';
import { wishlistArea } from './wishlist-routes';

// Every area of the api, mounted in this order by createApiApp. An area is one file in
// routes/ exporting an ApiArea (its mount path and its router over ApiServices); a new one
// (wishlists, looks, alerts, follows, ratings) is that file plus its line here, and its
// routes in shared/api/api-routes.ts with their scope (the route walk test insists). A
// service of its own is a class in services/ and one line in services/api-services.ts.
export const API_AREAS: readonly ApiArea[] = [
  authArea,
  sessionArea,
  profileArea,
  siteContentArea,
  directoryArea,
  homeArea,
  searchArea,
  productArea,
  priceHistoryArea,
  wishlistArea,
  lookArea,
  alertArea,
  ratingArea,
  giveawayArea,
  followArea,
];
