import { z } from 'zod';
import { productRef } from '../validation/safe-input';
import { RATING_MESSAGES, STAR_RATING_MAX, STAR_RATING_MIN } from './rating-paths';

// Product ratings (spec sections 3 "Product rating: id, star_rating", 7 product-rating).
//
//   POST /api/account/product-rating {id, star_rating}   MyProductRatingSchema (personal)
//        1 to 5 whole stars; one rating per shopper and product, rating again replaces it
//   GET  /api/account/product-rating/{id}                MyProductRatingSchema (personal)
//   GET  /api/products/rating/{id}                       ProductRatingSchema (shared)
//
// id is the catalogue's product id (the cards' and the product detail's `product.id`). 401
// without a session, 400 naming the field for any other input, 404 for an unknown product.
// The average and count are the same for everyone (shared, kept a short while by caches);
// the shopper's own stars are personal (ARCHITECTURE.md "Personal and shared data").
// Paths, bounds and messages: rating-paths.ts.

const stars = z
  .number({ error: RATING_MESSAGES.stars })
  .int({ error: RATING_MESSAGES.stars })
  .min(STAR_RATING_MIN, { error: RATING_MESSAGES.stars })
  .max(STAR_RATING_MAX, { error: RATING_MESSAGES.stars });

export const ProductRatingBody = z.object({ id: productRef('id'), star_rating: stars });
export const ProductRatingParams = z.object({ id: productRef('id') });

/** A product's average (one decimal) and how many shoppers rated it; null when nobody has. */
export const RatingSummarySchema = z.object({ ratingValue: z.number(), ratingCount: z.number() }).nullable();
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ProductRatingSchema = z.object({ rating: RatingSummarySchema });
/** The shopper's own stars (null: not rated yet) beside the product's current average. */
export const MyProductRatingSchema = z.object({ star_rating: z.number().nullable(), rating: RatingSummarySchema });
export type MyProductRating = z.infer<typeof MyProductRatingSchema>;
