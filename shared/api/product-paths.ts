import { pathTo } from './api-paths';

// The products' endpoints (product-schemas.ts says what each answers; the price history has
// its own module, price-history-paths.ts): read by page scripts, so this module imports no zod.

export const PRODUCT_API = {
  /** A product by its guid, or by its page's category, last node and slug. */
  detailByGuid: pathTo('/api/products/detail/guid/:guid'),
  detail: pathTo('/api/products/detail/:category/:lastnode/:slug'),
  similarByGuid: pathTo('/api/products/similar/guid/:guid'),
  similar: pathTo('/api/products/similar/:category/:lastnode/:slug'),
  editorsPicks: '/api/products/list-editors-picks',
  /** Records a click-through to the retailer (at most one per visitor). */
  click: '/api/products/add-csd',
  retailer: pathTo('/api/products/retailer/:guid'),
  sitemapIndex: '/api/products/sitemap',
  /** One sitemap (kind: categories, products…). */
  sitemap: pathTo('/api/products/sitemap/:kind'),
} as const;
