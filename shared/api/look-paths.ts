import { pathTo } from './api-paths';

// The looks' endpoints (look-schemas.ts says what each takes and answers): read by page
// scripts, so this module imports no zod.

const sets = pathTo('/api/account/sets/:x');

export const LOOK_API = {
  categories: '/api/account/user-set-categs',
  filters: pathTo('/api/account/dress-me-filters/:x'),
  /** The shopper's looks (x = 0) or one of them. */
  sets,
  lookbook: sets(0),
  look: (listId: number) => sets(listId),
  deleteLook: pathTo('/api/account/sets/:listId'),
  publicLook: pathTo('/api/account/public-set/:listId'),
  publicLooks: pathTo('/api/account/user-public-sets/:userName'),
  save: '/api/account/save-set',
  rename: '/api/account/rename-lookbook',
} as const;
