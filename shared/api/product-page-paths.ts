import { pathTo } from './api-paths';

// The product page's own calls: a product and its similar ones by the page's category, last
// node and slug (the other product calls are in product-paths.ts). A module of its own: a
// module a landing page shares with other pages is folded into every page's first load
// (scripts/lib/js-budget.ts), and the listing would carry every product path for these two.

export const PRODUCT_PAGE_API = {
  detail: pathTo('/api/products/detail/:category/:lastnode/:slug'),
  similar: pathTo('/api/products/similar/:category/:lastnode/:slug'),
} as const;
