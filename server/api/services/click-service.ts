import type { RetailerLink } from '../../../shared/api/product-schemas';
import { CLICK_WINDOW_MINUTES } from '../../../shared/api/product-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { notFound } from '../../lib/http-error';
import { hashSecret } from '../accounts/secrets';
import type { Queryable } from '../db/database';

// The click-through to a retailer: counting the click, and the link it leads to (spec section 7).

export class ClickService {
  constructor(private readonly db: Queryable) {}

  /**
   * POST /api/products/add-csd: stores a click-through unless this visitor's click on this size
   * variant was counted within CLICK_WINDOW_MINUTES; true when this one was counted. `visitor`
   * names who clicked and is kept only hashed, and only for the window. 404 for an unknown guid;
   * a size variant withdrawn from the country's site is not counted (false).
   */
  async recordClick(guid: string, country: CountryCode, source: string, visitor: string): Promise<boolean> {
    // Gate rows older than the window say nothing any more: each click clears what expired
    // since the last one (an index range), so the table holds only the last few minutes.
    await this.db.query('DELETE FROM product_click_gate WHERE last_click_at <= now() - make_interval(mins => $1)', [CLICK_WINDOW_MINUTES]);
    // One statement: the gate row is claimed (inserted, or taken over once its window has
    // passed) and the click stored only if it was; concurrent clicks of one visitor meet on
    // the gate's primary key, so only one of them counts.
    const [row] = await this.db.query<{ known: boolean; recorded: boolean }>(
      `WITH sv AS (SELECT id FROM size_variants WHERE guid = $1::uuid),
            -- Withdrawn from the country's site (issue 27): there is no retailer's page to go to.
            offered AS (
              SELECT id FROM sv WHERE NOT EXISTS (
                SELECT 1 FROM size_variant_prices pr WHERE pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NOT NULL)),
            gate AS (
              INSERT INTO product_click_gate AS g (visitor, size_variant_id, last_click_at)
              SELECT $4, id, now() FROM offered
              ON CONFLICT (visitor, size_variant_id) DO UPDATE SET last_click_at = excluded.last_click_at
                WHERE g.last_click_at <= now() - make_interval(mins => $5)
              RETURNING size_variant_id),
            click AS (
              INSERT INTO product_clicks (size_variant_id, country_code, source)
              SELECT size_variant_id, $2, $3 FROM gate
              RETURNING id)
       SELECT EXISTS (SELECT 1 FROM sv) AS known, EXISTS (SELECT 1 FROM click) AS recorded`,
      [guid, country, source, hashSecret(visitor), CLICK_WINDOW_MINUTES],
    );
    if (!row?.known) throw notFound('No such product');
    return row.recorded;
  }

  /**
   * The click-through; an admin-only store's links are a 404 to anyone but admins (spec section
   * 6); a size variant withdrawn from the country's site answers without its link (withdrawn).
   */
  async retailerLink(guid: string, country: CountryCode, adminView = false): Promise<RetailerLink> {
    const [row] = await this.db.query<{
      guid: string;
      url: string;
      affiliate_id: number;
      store_slug: string;
      storename: string;
      status: number;
      title: string;
      brand: string | null;
      sale_price: number | null;
      withdrawn: boolean;
    }>(
      // Availability and price are the country's (size_variant_prices); a size variant not
      // priced there keeps the status its last feed gave it.
      `SELECT sv.guid::text AS guid, sv.url, s.affiliate_id, s.slug AS store_slug, s.name AS storename,
              coalesce(pr.status, sv.status) AS status, v.title, b.name AS brand,
              CASE WHEN pr.withdrawn_at IS NULL THEN pr.sale_price END AS sale_price,
              pr.withdrawn_at IS NOT NULL AS withdrawn
         FROM size_variants sv
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN stores s ON s.id = sv.store_id
         LEFT JOIN brands b ON b.id = p.brand_id
         LEFT JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
        WHERE sv.guid = $1::uuid AND (NOT s.admin_only OR $3)`,
      [guid, country, adminView],
    );
    if (!row) throw notFound('No such product');
    return {
      guid: row.guid,
      // A withdrawn item's retailer page is gone (issue 27): its link is not handed out.
      url: row.withdrawn ? '' : row.url,
      affiliate_id: row.affiliate_id,
      store_slug: row.store_slug,
      storename: row.storename,
      status: row.status,
      title: row.title,
      brand: row.brand,
      saleprice: row.sale_price,
      currencyCode: COUNTRIES[country].info.currencyCode,
      withdrawn: row.withdrawn,
    };
  }
}
