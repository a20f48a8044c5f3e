import { pathTo } from './api-paths';

// The site's content endpoints every page's shell reads (menus, countries) and the visitor's
// geo country: read by page scripts, so this module imports no zod.

export const SITE_CONTENT_API = {
  menu: pathTo('/api/account/menu-structure/:id'),
  country: pathTo('/api/account/countries/:code'),
  geoCountry: '/api/account/geo-country',
} as const;
