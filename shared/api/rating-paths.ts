// Product ratings' paths, bounds and messages without zod, so the pages that rate can import
// them (the schemas are in rating-schemas.ts; zod never ships to the browser).

import { pathTo } from './api-paths';

export const STAR_RATING_MIN = 1;
export const STAR_RATING_MAX = 5;

export const RATING_API = {
  rate: '/api/account/product-rating',
  mine: pathTo('/api/account/product-rating/:id'),
  summary: pathTo('/api/products/rating/:id'),
} as const;

export const RATING_MESSAGES = {
  stars: `star_rating must be a whole number of stars from ${STAR_RATING_MIN} to ${STAR_RATING_MAX}.`,
  unknownProduct: 'There is no product with this id.',
} as const;
