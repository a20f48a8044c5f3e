import { pathTo } from './api-paths';

// The products' endpoints (product-schemas.ts says what each answers; the price history has
// its own module, price-history-paths.ts): read by page scripts, so this module imports no zod.

export const PRODUCT_API = {
  /** A product, and its similar ones, by its guid (by its page's path: product-page-paths.ts). */
  detailByGuid: pathTo('/api/products/detail/guid/:guid'),
  similarByGuid: pathTo('/api/products/similar/guid/:guid'),
  /** Records a click-through to the retailer (at most one per visitor). */
  click: '/api/products/add-csd',
  retailer: pathTo('/api/products/retailer/:guid'),
  sitemapIndex: '/api/products/sitemap',
  /** One sitemap (kind: categories, products…). */
  sitemap: pathTo('/api/products/sitemap/:kind'),
} as const;
