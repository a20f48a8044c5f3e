import type { RouteObject } from 'react-router';
import * as root from './routes/root.route';

/** The help pages (spec section 2 route table), one lazy module for all six. */
export const HELP_SLUGS = [
  'about-us',
  'contact-us',
  'faqs',
  'terms-and-conditions',
  'privacy-policy',
  'general-data-protection-notice',
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

/** Listing paths (spec section 2 route table: search, shop/…, brand/{brand}, store/{store}, {shop}). */
export const LISTING_PATHS = [
  { id: 'listing-search', path: 'search' },
  { id: 'listing-shop', path: 'shop/*' },
  { id: 'listing-brand', path: 'brand/:brand' },
  { id: 'listing-store', path: 'store/:store' },
  { id: 'listing-page', path: ':slug' },
  // Editor's picks are listings (the api resolves the link); shop/{a}/{b} must outrank the
  // product page's ':cat/:lastnode/:slug' (shop/editors-picks/{slug} is one such path).
  { id: 'listing-editors-picks', path: 'editors-picks/:pick' },
  { id: 'listing-editors-pick', path: 'editors-pick/:pick' },
  { id: 'listing-shop-two', path: 'shop/:shop1/:shop2' },
] as const;

/** Account pages that stay empty until their issues fill them (client/routes/user-section.route.tsx). */
export const USER_SECTION_PATHS = ['alerts', 'wishlists', 'lookbook', 'brands', 'stores', 'sales'] as const;

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
      { id: 'home', index: true, lazy: () => import('./routes/home.route') },
      ...HELP_SLUGS.map(
        (slug): RouteObject => ({ id: `help-${slug}`, path: slug, lazy: () => import('./routes/help.route').then((m) => m.helpRoute(slug)) }),
      ),
      // One listing module for /search and every canonical listing path (spec section 2);
      // static paths (help pages) outrank ':slug', and an unknown slug is the api's 404.
      ...LISTING_PATHS.map(({ id, path }): RouteObject => ({ id, path, lazy: () => import('./routes/listing.route') })),
      // Accounts: sign-in pages, the account area, public profiles.
      { id: 'authentication', path: 'authentication', lazy: () => import('./routes/auth.route') },
      { id: 'forgot-password', path: 'forgot-password', lazy: () => import('./routes/auth-forgot-password.route') },
      { id: 'confirm-password', path: 'confirm-password/tkn/:tkn/key/:key', lazy: () => import('./routes/auth-confirm-password.route') },
      { id: 'home-login', path: 'home/login', lazy: () => import('./routes/auth-home-login.route') },
      { id: 'sign-in-link', path: 'sign-in-link', lazy: () => import('./routes/auth-sign-in-link.route') },
      { id: 'sign-in-with-link', path: 'sign-in-link/tkn/:tkn/key/:key', lazy: () => import('./routes/auth-sign-in-with-link.route') },
      { id: 'sign-in', path: 'sign-in', lazy: () => import('./routes/auth-known-user.route') },
      { id: 'logout', path: 'logout', lazy: () => import('./routes/auth-logout.route') },
      // Social sign-in comes back here from the provider (client/components/account/social-sign-in.ts).
      { id: 'social-callback', path: 'auth/callback/:provider', lazy: () => import('./routes/auth-social-callback.route') },
      { id: 'public-profile', path: 'profile/:userName', lazy: () => import('./routes/user-public-profile.route') },
      { id: 'mailing-list-confirm', path: 'mailing-list/confirm/:token', lazy: () => import('./routes/mailing-list-confirm.route') },
      {
        id: 'user',
        path: 'user/:userName',
        lazy: () => import('./routes/user.route'),
        children: [
          { id: 'user-overview', index: true, lazy: () => import('./routes/user-overview.route') },
          { id: 'user-profile', path: 'profile', lazy: () => import('./routes/user-profile.route') },
          { id: 'user-settings', path: 'settings', lazy: () => import('./routes/user-settings.route') },
          ...USER_SECTION_PATHS.map(
            (section): RouteObject => ({ id: `user-${section}`, path: section, lazy: () => import('./routes/user-section.route').then((m) => m.userSectionRoute(section)) }),
          ),
        ],
      },
      // Other catalog pages: the product page, the click-through to the retailer,
      // brand and store directories and the HTML sitemap. Static segments outrank ':slug'.
      { id: 'product', path: ':cat/:lastnode/:slug', lazy: () => import('./routes/product.route') },
      ...['products/loadRetailerProductPage/:guid', 'shop/products/loadRetailerProductPage/:guid'].map(
        (path, i): RouteObject => ({ id: i ? 'shop-retailer' : 'retailer', path, lazy: () => import('./routes/retailer.route') }),
      ),
      ...['brands', 'shop/brands', 'brands/a-to-z'].map((path): RouteObject => ({ id: path.replace('/', '-'), path, lazy: () => import('./routes/brands.route') })),
      ...['stores', 'shop/stores'].map((path): RouteObject => ({ id: path.replace('/', '-'), path, lazy: () => import('./routes/stores.route') })),
      ...['sitemap', 'sitemap/:section', 'sitemap/category/:department/:category', 'sitemap/brand/:brand'].map(
        (path, i): RouteObject => ({ id: `sitemap-${i}`, path, lazy: () => import('./routes/sitemap.route') }),
      ),
      { id: 'not-found', path: '*', lazy: () => import('./routes/not-found.route') },
    ],
  },
];
