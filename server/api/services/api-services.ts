import type { Logger } from 'pino';
import type { Accounts } from '../accounts/accounts';
import { AlertLinks } from '../alerts/alert-links';
import { defaultAlertSettings, type AlertSettings } from '../alerts/alert-settings';
import type { FeedAges } from '../catalog/feed-ages';
import type { Database } from '../db/database';
import type { CachePurges } from '../http/cache-purges';
import type { SearchEngine } from '../search-engine/search-engine';
import { AlertService } from './alert-service';
import { ClickService } from './click-service';
import { DirectoryService } from './directory-service';
import { FollowService } from './follow-service';
import { GIVEAWAY } from '../../../shared/giveaway';
import { GiveawayService, type Clock } from './giveaway-service';
import { HomeService } from './home-service';
import { LookService } from './look-service';
import { MenuService } from './menu-service';
import { NotificationService } from './notification-service';
import { OfferService } from './offer-service';
import { PriceHistoryService } from './price-history-service';
import { ProductService } from './product-service';
import { RatingService } from './rating-service';
import { SalesService } from './sales-service';
import { SearchService } from '../listing/search-service';
import { SitemapService } from './sitemap-service';
import { SubscriptionService } from './subscription-service';
import { WishlistService } from './wishlist-service';

export type ApiServiceDeps = {
  db: Database;
  logger: Logger;
  searchEngine: SearchEngine;
  accounts: Accounts;
  /** The webs' cache purges: writes that may withdraw a public list or look catch up on them before answering. */
  purges: CachePurges;
  /** ALERT_LINK_SECRET and the set-alerts limit (config.ts); absent, the defaults. */
  alertSettings?: AlertSettings | undefined;
  /** What "now" is for the giveaway's closing time; absent, the system clock. Tests set it. */
  clock?: Clock | undefined;
  giveawayClosesAt?: string | undefined;
  /** FEED_STALE_HOURS and the clock for prices' age (catalog/feed-ages.ts); absent, the default and the system clock. */
  feedAges?: FeedAges | undefined;
};

/**
 * The api's services, one instance of each, made once by createApiApp and handed to every
 * area's routes. A new service is one line here (its type below follows).
 */
export function createApiServices({ db, logger, searchEngine, accounts, purges, alertSettings = defaultAlertSettings(), clock, giveawayClosesAt, feedAges }: ApiServiceDeps) {
  const search = new SearchService(db, searchEngine, logger);
  const ratings = new RatingService(db);
  return {
    accounts,
    purges,
    alertSettings,
    alerts: new AlertService({ db, outbox: accounts.outbox, links: new AlertLinks(db, alertSettings.linkSecret), siteUrl: accounts.settings.siteUrl }),
    notifications: new NotificationService(db),
    sales: new SalesService(db),
    follows: new FollowService(db),
    home: new HomeService(db, ratings),
    menu: new MenuService(db),
    subscriptions: new SubscriptionService({ db, outbox: accounts.outbox, siteUrl: accounts.settings.siteUrl }),
    products: new ProductService(db, searchEngine, new OfferService(db, feedAges), feedAges),
    clicks: new ClickService(db),
    directories: new DirectoryService(db, searchEngine),
    sitemaps: new SitemapService(db, searchEngine),
    priceHistory: new PriceHistoryService(db),
    search,
    wishlists: new WishlistService(db),
    looks: new LookService(db, search.facets),
    ratings,
    giveaway: new GiveawayService(db, clock, { ...GIVEAWAY, closesAt: giveawayClosesAt ?? GIVEAWAY.closesAt }),
  };
}

export type ApiServices = ReturnType<typeof createApiServices>;
