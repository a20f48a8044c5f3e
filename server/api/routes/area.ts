import type { Router } from 'express';
import type { Accounts } from '../accounts/accounts';
import type { HomeService } from '../services/home-service';
import type { MenuService } from '../services/menu-service';
import type { ProductService } from '../services/product-service';
import type { SearchService } from '../services/search-service';
import type { SubscriptionService } from '../services/subscription-service';

/** The api's services, one instance of each, made by createApiApp; every area is written against these. */
export type ApiServices = {
  accounts: Accounts;
  home: HomeService;
  menu: MenuService;
  subscriptions: SubscriptionService;
  products: ProductService;
  search: SearchService;
};

/**
 * One area of the api: a router over the services and the path it is mounted under. The
 * mount path is part of the area, so the app mounts areas from one list (areas.ts) and the
 * route walk reads every full path from the same place.
 */
export type ApiArea = {
  readonly mountPath: `/${string}`;
  readonly routes: (services: ApiServices) => Router;
};
