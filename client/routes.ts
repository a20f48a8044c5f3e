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
      // Other catalog pages (issue 4): the product page, the click-through to the retailer,
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
