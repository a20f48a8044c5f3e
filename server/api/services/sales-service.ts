import type { SalesPage } from '../../../shared/api/alert-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';
import { readProductCards } from './product-reader';
import type { Asker } from './product-visibility';

// My Sales (spec section 7): what the shopper watches, by alert or by follow, on sale now.

/**
 * My Sales' rows ($1 the shopper, $2 the country, $3 whether they are an admin): size variants
 * on sale there now (offers above 0, not out of stock there, not withdrawn there: issue 27) whose product the shopper watches: an
 * alert's item, brand or store, or a brand or store the shopper follows; an admin-only store's
 * only for an admin (spec section 6).
 */
const ON_SALE_AND_WATCHED = `FROM size_variant_prices pr
  JOIN size_variants sv ON sv.id = pr.size_variant_id
  JOIN variants v ON v.id = sv.variant_id
  JOIN products p ON p.id = v.product_id
  JOIN stores s ON s.id = p.store_id AND (NOT s.admin_only OR $3)
 WHERE pr.country_code = $2 AND pr.offers > 0 AND pr.status <> 0 AND pr.withdrawn_at IS NULL
   AND (EXISTS (SELECT 1 FROM alerts a WHERE a.user_id = $1 AND (
          (a.scope = 'item' AND a.product_id = p.id)
       OR (a.scope = 'brand' AND a.brand_id = p.brand_id)
       OR (a.scope = 'store' AND a.store_id = p.store_id)))
     OR EXISTS (SELECT 1 FROM brand_follows bf WHERE bf.user_id = $1 AND bf.brand_id = p.brand_id)
     OR EXISTS (SELECT 1 FROM store_follows sf WHERE sf.user_id = $1 AND sf.store_id = p.store_id))`;

export class SalesService {
  constructor(private readonly db: Queryable) {}

  /**
   * GET /my-sales/{country}: products on sale now (a size variant in stock there with offers
   * above 0) among the shopper's alerted items and the brands and stores their alerts
   * watch, on any country's site (the shopper watches the brand, not one site's prices),
   * and the brands and stores they follow, the deepest discount first.
   */
  async list({ userId, admin }: Asker, country: CountryCode, { page, perPage }: { page: number; perPage: number }): Promise<SalesPage> {
    const rows = await this.db.query<{ id: number; offers: number }>(
      `SELECT v.product_id AS id, max(pr.offers) AS offers ${ON_SALE_AND_WATCHED}
        GROUP BY v.product_id
        ORDER BY offers DESC, id
        LIMIT $4 OFFSET $5`,
      [userId, country, admin, perPage, (page - 1) * perPage],
    );
    const [count] = await this.db.query<{ n: number }>(`SELECT count(DISTINCT v.product_id)::int AS n ${ON_SALE_AND_WATCHED}`, [userId, country, admin]);
    const products = await readProductCards(this.db, rows.map((r) => r.id), country);
    return { products, totalCount: count!.n, page, perPage, currencySymbol: COUNTRIES[country].info.symbol };
  }
}
