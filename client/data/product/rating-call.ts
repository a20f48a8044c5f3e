import type { RouterContextProvider } from 'react-router';
import { RATING_API } from '../../../shared/api/rating-paths';
import type { MyProductRating } from '../../../shared/api/rating-schemas';
import { apiContext } from '../../app/contexts';

// The shopper's own rating of a product (ARCHITECTURE.md "Personal and shared data", the
// pattern for a new personal part of a page): one small personal call, made by the product
// loader only for a signed-in shopper. Imported with the page, not on demand as the hearts'
// call is: it is a few lines, and a chunk of its own cost every page a file. Its answer carries the product's average as it is now, so the shopper who just
// rated sees the new average, never one a shared cache kept.

/** The shopper's stars and the current average; null on failure (the page then asks the shared call). */
export async function loadMyRating(context: Readonly<RouterContextProvider>, productId: number): Promise<MyProductRating | null> {
  try {
    return await context.get(apiContext).get(RATING_API.mine(productId), 'MyProductRating');
  } catch {
    return null;
  }
}
