import type { RouteObject } from 'react-router';
import * as root from './routes/root.route';

/** The help pages (spec section 2 route table), one lazy module each (client/routes/help-{slug}.route.tsx). */
export const HELP_SLUGS = [
  'about-us',
  'contact-us',
  'faqs',
  'terms-and-conditions',
  'privacy-policy',
  'general-data-protection-notice',
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

/** Listing paths (spec section 2 route table: search, shop/…, brand/{brand}, store/{store}, {shop}; and brand/{brand}/{category}). */
export const LISTING_PATHS = [
  { id: 'listing-search', path: 'search' },
  { id: 'listing-shop', path: 'shop/*' },
  { id: 'listing-brand', path: 'brand/:brand' },
  // A brand within a category ("Popular In Brand" on category listings): static 'brand'
  // outranks the product page's ':cat/:lastnode/:slug', which would 404 it.
  { id: 'listing-brand-category', path: 'brand/:brand/:category' },
  { id: 'listing-store', path: 'store/:store' },
  { id: 'listing-page', path: ':slug' },
  // Editor's picks are listings (the api resolves the link); shop/{a}/{b} must outrank the
  // product page's ':cat/:lastnode/:slug' (shop/editors-picks/{slug} is one such path).
  { id: 'listing-editors-picks', path: 'editors-picks/:pick' },
  { id: 'listing-editors-pick', path: 'editors-pick/:pick' },
  { id: 'listing-shop-two', path: 'shop/:shop1/:shop2' },
] as const;

/** A lazy route and the module it loads (client/routes/{module}.route.tsx), for preloading. */
type PageLoader = NonNullable<RouteObject['lazy']> & { module: string };
function page(module: string, load: () => Promise<Partial<RouteObject>>): PageLoader {
  return Object.assign(() => load(), { module });
}

// Country-agnostic routes: the country prefix is React Router's basename ('' or '/us'),
// so every <Link> keeps the current country (spec section 2 "Country prefix").
// Pages are lazy: each is its own chunk, resolved before hydration on first load.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: root.loader,
    shouldRevalidate: root.shouldRevalidate,
    Component: root.Component,
    ErrorBoundary: root.ErrorBoundary,
    children: [
      { id: 'home', index: true, lazy: page('home', () => import('./routes/home.route')) },
      // Each help page is its own module with its own text.
      ...HELP_SLUGS.map((slug): RouteObject => ({ id: `help-${slug}`, path: slug, lazy: page(`help-${slug}`, () => import(`./routes/help-${slug}.route.tsx`)) })),
      { id: 'giveaway', path: 'giveaway', lazy: page('giveaway', () => import('./routes/giveaway.route')) },
      // One listing module for /search and every canonical listing path (spec section 2);
      // static paths (help pages) outrank ':slug', and an unknown slug is the api's 404.
      ...LISTING_PATHS.map(({ id, path }): RouteObject => ({ id, path, lazy: page('listing', () => import('./routes/listing.route')) })),
      // Accounts: sign-in pages, the account area, public profiles.
      { id: 'authentication', path: 'authentication', lazy: page('auth', () => import('./routes/auth.route')) },
      { id: 'forgot-password', path: 'forgot-password', lazy: page('auth-email-link', () => import('./routes/auth-email-link.route').then((m) => m.emailLinkRoute('forgotPassword'))) },
      { id: 'confirm-password', path: 'confirm-password/tkn/:tkn/key/:key', lazy: page('auth-confirm-password', () => import('./routes/auth-confirm-password.route')) },
      { id: 'home-login', path: 'home/login', lazy: page('auth-home-login', () => import('./routes/auth-home-login.route')) },
      { id: 'sign-in-link', path: 'sign-in-link', lazy: page('auth-email-link', () => import('./routes/auth-email-link.route').then((m) => m.emailLinkRoute('signInLinkRequest'))) },
      { id: 'sign-in-with-link', path: 'sign-in-link/tkn/:tkn/key/:key', lazy: page('auth-sign-in-with-link', () => import('./routes/auth-sign-in-with-link.route')) },
      { id: 'sign-in', path: 'sign-in', lazy: page('auth-known-user', () => import('./routes/auth-known-user.route')) },
      { id: 'logout', path: 'logout', lazy: page('auth-logout', () => import('./routes/auth-logout.route')) },
      // Social sign-in comes back here from the provider (client/components/account/social-sign-in.ts).
      { id: 'social-callback', path: 'auth/callback/:provider', lazy: page('auth-social-callback', () => import('./routes/auth-social-callback.route')) },
      { id: 'public-profile', path: 'profile/:userName', lazy: page('user-public-profile', () => import('./routes/user-public-profile.route')) },
      // Wishlists: the add page for a shopper without JavaScript, and a list's public page
      // (static 'wishlist' outranks the product page's ':cat/:lastnode/:slug').
      { id: 'wishlist-add', path: 'wishlist/add/:productId', lazy: page('wishlist-add', () => import('./routes/wishlist-add.route')) },
      { id: 'wishlist-public', path: 'wishlist/:listId/:slug?', lazy: page('wishlist-public', () => import('./routes/wishlist-public.route')) },
      // Looks: the board (Dress Me, a look started from a product, the owner's edit) in one
      // module only these pages load, and a saved look's page. Static segments outrank
      // 'shop/*', ':slug' and the product page's ':cat/:lastnode/:slug'.
      ...['dress-me', 'shop/dress-me', 'create-a-look/:slug/:guid'].map(
        (path, i): RouteObject => ({ id: `dress-me-${i}`, path, lazy: page('dress-me', () => import('./routes/dress-me.route')) }),
      ),
      { id: 'look', path: 'sets/:slug/:id', lazy: page('look', () => import('./routes/look.route')) },
      // A Follow button's form without JavaScript (static 'follow' outranks ':cat/:lastnode/:slug').
      { id: 'follow', path: 'follow/:kind/:id', lazy: page('follow', () => import('./routes/follow.route')) },
      { id: 'mailing-list-confirm', path: 'mailing-list/confirm/:token', lazy: page('mailing-list-confirm', () => import('./routes/mailing-list-confirm.route')) },
      // Alerts: the dialog as a page (no JavaScript), and the pages alert e-mails link to
      // (shared/api/alert-paths.ts), one route for the three (client/routes/alerts.route.tsx);
      // static 'alerts' outranks the product page's ':cat/:lastnode/:slug'.
      { id: 'alert-pages', path: 'alerts/:page/:key', lazy: page('alerts', () => import('./routes/alerts.route').then((m) => m.alertsRoute('pages'))) },
      {
        id: 'user',
        path: 'user/:userName',
        lazy: page('user', () => import('./routes/user.route')),
        children: [
          { id: 'user-overview', index: true, lazy: page('user-overview', () => import('./routes/user-overview.route')) },
          { id: 'user-profile', path: 'profile', lazy: page('user-profile', () => import('./routes/user-profile.route')) },
          { id: 'user-settings', path: 'settings', lazy: page('user-settings', () => import('./routes/user-settings.route')) },
          { id: 'user-wishlists', path: 'wishlists', lazy: page('user-wishlists', () => import('./routes/user-wishlists.route')) },
          // My Alerts and My Sales: the alert pages' module (client/routes/alerts.route.tsx).
          ...(['alerts', 'sales'] as const).map((section): RouteObject => ({ id: `user-${section}`, path: section, lazy: page('alerts', () => import('./routes/alerts.route').then((m) => m.alertsRoute(section))) })),
          { id: 'user-lookbook', path: 'lookbook', lazy: page('user-lookbook', () => import('./routes/user-lookbook.route')) },
          // My Brands and My Stores: one module (client/routes/user-follows.route.tsx).
          ...(['brands', 'stores'] as const).map(
            (section): RouteObject => ({ id: `user-${section}`, path: section, lazy: page('user-follows', () => import('./routes/user-follows.route').then((m) => m.userFollowsRoute(section))) }),
          ),
        ],
      },
      // Other catalog pages: the product page, the click-through to the retailer,
      // brand and store directories and the HTML sitemap. Static segments outrank ':slug'.
      { id: 'product', path: ':cat/:lastnode/:slug', lazy: page('product', () => import('./routes/product.route')) },
      ...['products/loadRetailerProductPage/:guid', 'shop/products/loadRetailerProductPage/:guid'].map(
        (path, i): RouteObject => ({ id: i ? 'shop-retailer' : 'retailer', path, lazy: page('retailer', () => import('./routes/retailer.route')) }),
      ),
      ...['brands', 'shop/brands', 'brands/a-to-z'].map((path): RouteObject => ({ id: path.replace('/', '-'), path, lazy: page('brands', () => import('./routes/brands.route')) })),
      ...['stores', 'shop/stores'].map((path): RouteObject => ({ id: path.replace('/', '-'), path, lazy: page('stores', () => import('./routes/stores.route')) })),
      ...['sitemap', 'sitemap/:section', 'sitemap/category/:department/:category', 'sitemap/brand/:brand'].map(
        (path, i): RouteObject => ({ id: `sitemap-${i}`, path, lazy: page('sitemap', () => import('./routes/sitemap.route')) }),
      ),
      { id: 'not-found', path: '*', lazy: page('not-found', () => import('./routes/not-found.route')) },
    ],
  },
];

/**
 * The route module of each lazy route, by route id: the document preloads the modules of the
 * routes a page matched (server/web/render/page-assets.ts), so hydration does not wait for them.
 * Pure: the browser's bundle, which never reads it, leaves it out.
 */
export const ROUTE_MODULES: ReadonlyMap<string, string> = /* @__PURE__ */ (() => {
  const modules = new Map<string, string>();
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      const module = (route.lazy as Partial<PageLoader> | undefined)?.module;
      if (route.id && module) modules.set(route.id, module);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return modules;
})();
