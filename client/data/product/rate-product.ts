import { RATING_API } from '../../../shared/api/rating-paths';
import { browserApi } from '../../api/browser-api';

/** The shopper's stars for a product (the rating control); the answer carries the new average. */
export function rateProduct(productId: number, stars: number) {
  return browserApi().send('POST', RATING_API.rate, { id: productId, star_rating: stars }, 'MyProductRating');
}
