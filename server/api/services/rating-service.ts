import { RATING_MESSAGES } from '../../../shared/api/rating-paths';
import type { MyProductRating, RatingSummary } from '../../../shared/api/rating-schemas';
import type { ProductRef } from '../../../shared/validation/safe-input';
import { notFound } from '../../lib/http-error';
import type { Queryable } from '../db/database';
import { findProduct } from './product-visibility';

// Product ratings (spec sections 3, 7; shapes in shared/api/rating-schemas.ts): one row per
// shopper and product, 1 to 5 stars; rating again replaces the stars. Every product id is
// checked against the catalogue first, so an unknown product is a 404, never a stored row; an
// admin-only store's product is an unknown one to anyone but an admin (product-visibility.ts).

type SummaryRow = { id: number; average: string | number | null; count: number };

/** The average to one decimal, as the page shows it and the JSON-LD carries it. */
function toSummary(row: Pick<SummaryRow, 'average' | 'count'>): RatingSummary {
  if (!row.count) return null;
  return { ratingValue: Math.round(Number(row.average) * 10) / 10, ratingCount: row.count };
}

export class RatingService {
  constructor(private readonly db: Queryable) {}

  /** The catalogue product `ref` names, as the asker may see it; 404 otherwise. */
  private async product(ref: ProductRef, admin: boolean): Promise<number> {
    const id = await findProduct(this.db, ref, admin);
    if (id === undefined) throw notFound(RATING_MESSAGES.unknownProduct);
    return id;
  }

  private async summaryOf(productId: number): Promise<RatingSummary> {
    const [row] = await this.db.query<SummaryRow>(
      'SELECT avg(stars) AS average, count(stars)::int AS count FROM product_ratings WHERE product_id = $1',
      [productId],
    );
    return toSummary(row!);
  }

  /** The product's average and count (null when nobody rated it); 404 as `product`. */
  async summary(ref: ProductRef, admin = false): Promise<RatingSummary> {
    return this.summaryOf(await this.product(ref, admin));
  }

  /** The shopper's own stars for the product (null: not rated) and its current average. */
  async mine(userId: number, ref: ProductRef, admin = false): Promise<MyProductRating> {
    const productId = await this.product(ref, admin);
    const [rating, [own]] = await Promise.all([
      this.summaryOf(productId),
      this.db.query<{ stars: number }>('SELECT stars FROM product_ratings WHERE user_id = $1 AND product_id = $2', [userId, productId]),
    ]);
    return { star_rating: own?.stars ?? null, rating };
  }

  /** Rates the product (or replaces the shopper's earlier stars); answers as `mine`. */
  async rate(userId: number, ref: ProductRef, stars: number, admin = false): Promise<MyProductRating> {
    const productId = await this.product(ref, admin);
    // The insert reads the product again in its own statement: one gone (or hidden) since
    // inserts nothing, and that is the 404 too.
    const [written] = await this.db.query<{ stars: number }>(
      `INSERT INTO product_ratings (user_id, product_id, stars)
       SELECT $1, p.id, $3 FROM products p JOIN stores s ON s.id = p.store_id AND (NOT s.admin_only OR $4) WHERE p.id = $2
       ON CONFLICT (user_id, product_id) DO UPDATE SET stars = EXCLUDED.stars, rated_at = now()
       RETURNING stars`,
      [userId, productId, stars, admin],
    );
    if (!written) throw notFound(RATING_MESSAGES.unknownProduct);
    return { star_rating: written!.stars, rating: await this.summaryOf(productId) };
  }

  /**
   * Rated brands and stores by their products' ratings, best first (average, then how many
   * ratings): the home page's top-rated spotlights order their curated entries by it.
   */
  async rankedSellers(): Promise<{ brands: Map<string, number>; stores: Map<string, number> }> {
    const rows = await this.db.query<{ kind: 'brand' | 'store'; slug: string }>(
      `SELECT kind, slug FROM (
         SELECT 'brand' AS kind, b.slug, avg(r.stars) AS average, count(*) AS count
           FROM product_ratings r JOIN products p ON p.id = r.product_id JOIN brands b ON b.id = p.brand_id
          GROUP BY b.slug
         UNION ALL
         SELECT 'store' AS kind, s.slug, avg(r.stars) AS average, count(*) AS count
           FROM product_ratings r JOIN products p ON p.id = r.product_id JOIN stores s ON s.id = p.store_id
          GROUP BY s.slug
       ) ranked
       ORDER BY kind, average DESC, count DESC, slug`,
    );
    const brands = new Map<string, number>();
    const stores = new Map<string, number>();
    for (const row of rows) {
      const map = row.kind === 'brand' ? brands : stores;
      map.set(row.slug, map.size);
    }
    return { brands, stores };
  }
}
