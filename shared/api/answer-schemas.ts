import type { z } from 'zod';
import {
  CheckUserNameResponseSchema,
  EditProfileResponseSchema,
  MessageResponseSchema,
  NotificationCountSchema,
  PublicProfileResponseSchema,
  UserProfileResponseSchema,
} from './account-schemas';
import { AlertDeletedSchema, AlertLinkDoneSchema, AlertSetSchema, AlertsPageSchema, NotificationsSchema, SalesPageSchema } from './alert-schemas';
import { FollowStateSchema, FollowedIdsSchema, FollowsPageSchema } from './follow-schemas';
import { CountryResponseSchema, FashionTipsSchema, LinksSchema, MenuStructureSchema, SlidesSchema, TopRatedSchema } from './home-schemas';
import { PriceHistorySchema } from './price-history-schemas';
import { DressMeFiltersSchema, LookCategoriesSchema, LookDeletedSchema, LookSchema, LookbookSchema, PublicLookbookSchema, SetSavedSchema } from './look-schemas';
import {
  BrandListSchema,
  ClickRecordedSchema,
  EditorsPickListsSchema,
  ProductDetailSchema,
  RetailerLinkSchema,
  SimilarProductsSchema,
  SitemapUrlsSchema,
  StoreListSchema,
} from './product-schemas';
import {
  BreadcrumbSchema,
  CanonicalLinksSchema,
  DealsSchema,
  FilterSchema,
  ListingPageSchema,
  PriceFilterSchema,
  SearchDebugAnswerSchema,
  SearchResponseSchema,
  SuggestionsSchema,
} from './search-schemas';
import { GiveawayEntriesSchema, GiveawayEntrySchema, GiveawayStatusSchema } from './giveaway-schemas';
import { MyProductRatingSchema, ProductRatingSchema } from './rating-schemas';
import { SubscriptionResponseSchema } from './subscription-schemas';
import { SignedInSchema, SocialSignedInSchema } from './web-session-schemas';
import {
  EditorsPickAddedSchema,
  PublicWishlistSchema,
  ShowWishlistManySchema,
  ShowWishlistSchema,
  WishlistAddedSchema,
  WishlistDeletedSchema,
  WishlistListsSchema,
  WishlistPageSchema,
} from './wishlist-schemas';

// The answers page loaders and browser calls expect, by name. A call names its answer
// (`api.get(path, 'SearchResponse')`) instead of passing the schema, so the code that runs in
// the browser never imports zod: the server's api client parses each answer here, at the
// edge (types at the edges), and the browser trusts what our own server sends it. Only the
// server imports this module's values; client code imports its types alone, and the build's
// JavaScript budget (scripts/build.ts) fails if zod reaches the browser again.

export const ANSWER_SCHEMAS = {
  // Shell and home (spec section 7 "Home", "Account").
  MenuStructure: MenuStructureSchema,
  CountryResponse: CountryResponseSchema,
  Slides: SlidesSchema,
  Links: LinksSchema,
  TopRated: TopRatedSchema,
  FashionTips: FashionTipsSchema,
  // Listing and search.
  SearchResponse: SearchResponseSchema,
  ListingPage: ListingPageSchema,
  SearchDebugAnswer: SearchDebugAnswerSchema,
  Filter: FilterSchema,
  PriceFilter: PriceFilterSchema,
  Deals: DealsSchema,
  Breadcrumb: BreadcrumbSchema,
  CanonicalLinks: CanonicalLinksSchema,
  Suggestions: SuggestionsSchema,
  // Products, directories, sitemap.
  ProductDetail: ProductDetailSchema,
  SimilarProducts: SimilarProductsSchema,
  RetailerLink: RetailerLinkSchema,
  ClickRecorded: ClickRecordedSchema,
  BrandList: BrandListSchema,
  StoreList: StoreListSchema,
  SitemapUrls: SitemapUrlsSchema,
  PriceHistory: PriceHistorySchema,
  // Accounts and the mailing list.
  UserProfileResponse: UserProfileResponseSchema,
  PublicProfileResponse: PublicProfileResponseSchema,
  EditProfileResponse: EditProfileResponseSchema,
  CheckUserNameResponse: CheckUserNameResponseSchema,
  NotificationCount: NotificationCountSchema,
  MessageResponse: MessageResponseSchema,
  SignedIn: SignedInSchema,
  SocialSignedIn: SocialSignedInSchema,
  SubscriptionResponse: SubscriptionResponseSchema,
  // Wishlists and the editors' picks.
  WishlistLists: WishlistListsSchema,
  WishlistAdded: WishlistAddedSchema,
  WishlistPage: WishlistPageSchema,
  PublicWishlist: PublicWishlistSchema,
  WishlistDeleted: WishlistDeletedSchema,
  ShowWishlist: ShowWishlistSchema,
  ShowWishlistMany: ShowWishlistManySchema,
  EditorsPickAdded: EditorsPickAddedSchema,
  EditorsPickLists: EditorsPickListsSchema,
  // Looks: Dress Me, saved sets, My Lookbook.
  LookCategories: LookCategoriesSchema,
  DressMeFilters: DressMeFiltersSchema,
  Lookbook: LookbookSchema,
  PublicLookbook: PublicLookbookSchema,
  Look: LookSchema,
  SetSaved: SetSavedSchema,
  LookDeleted: LookDeletedSchema,
  // Sale and price alerts, notifications, My Sales.
  AlertSet: AlertSetSchema,
  AlertsPage: AlertsPageSchema,
  AlertDeleted: AlertDeletedSchema,
  Notifications: NotificationsSchema,
  SalesPage: SalesPageSchema,
  AlertLinkDone: AlertLinkDoneSchema,
  // Product ratings: the shared average, the shopper's own stars.
  ProductRating: ProductRatingSchema,
  MyProductRating: MyProductRatingSchema,
  // The giveaway.
  GiveawayStatus: GiveawayStatusSchema,
  GiveawayEntry: GiveawayEntrySchema,
  GiveawayEntries: GiveawayEntriesSchema,
  // Followed brands and stores.
  FollowState: FollowStateSchema,
  FollowsPage: FollowsPageSchema,
  FollowedIds: FollowedIdsSchema,
} as const;

export type AnswerName = keyof typeof ANSWER_SCHEMAS;
/** What a call naming `N` resolves to. */
export type Answer<N extends AnswerName> = z.output<(typeof ANSWER_SCHEMAS)[N]>;

/** The server's AnswerParser (shared/api/api-client.ts): the named zod schema decides. */
export function parseAnswer(answer: AnswerName, data: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = ANSWER_SCHEMAS[answer].safeParse(data);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}
