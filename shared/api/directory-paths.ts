import { pathTo } from './api-paths';

// The brand and store directories' endpoints: read by page scripts, so this module imports no zod.

export const DIRECTORY_API = {
  brands: '/api/account/brand-list',
  stores: '/api/account/store-list',
  storeSearch: pathTo('/api/account/store-search/:term'),
} as const;
