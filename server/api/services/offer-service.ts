import type { Offer, PriceAge, SizeOffers } from '../../../shared/api/offer-schemas';
import type { CountryCode } from '../../../shared/countries';
import { deliveryPrice, offerTotal } from '../../../shared/free-delivery';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';
import { priceAge, systemFeedAges, type FeedAges } from '../catalog/feed-ages';
import type { Queryable } from '../db/database';
import { categoryChain } from '../search-engine/documents';
import { siteThresholds } from './product-reader';

// The offers of a size (issue 28, docs/decisions/0079): each store's copy of the same size is a
// size variant sharing size_variants.canonical_id; its offer in a country is its price row there,
// not withdrawn. Delivery and total follow shared/free-delivery.ts, the one rule. The product
// page's detail carries them for every size of its colour (product-service.ts), so the page, its
// canonical link and its JSON-LD come from one kept answer.

type OfferRow = {
  page_guid: string;
  gtin: string | null;
  mpn: string | null;
  id: number;
  guid: string;
  slug: string;
  category_slug: string;
  store_id: number;
  storename: string;
  store_slug: string;
  affiliate_id: number;
  admin_only: boolean;
  store_country: string;
  free_delivery_gb: number | null;
  free_delivery_us: number | null;
  free_delivery_international: number | null;
  store_delivery: number | null;
  sale_price: number;
  msrp: number;
  offers: number;
  status: number;
  shipping_price: number | null;
};

/** A store copy's page: /{top category}/{own category}/{size variant slug}, without the slash. */
function pagePath(categorySlug: string, slug: string): string {
  return `${categoryChain(categorySlug)[0]?.slug ?? categorySlug}/${categorySlug}/${slug}`;
}

/** Sold out sorts after what can be bought (in stock, preorder, backorder), as cards price by what can be bought. */
const soldOut = (offer: Pick<Offer, 'status'>) => (offer.status === AVAILABILITY_STATUS.out_of_stock ? 1 : 0);

export class OfferService {
  constructor(
    private readonly db: Queryable,
    /** FEED_STALE_HOURS and the clock, for how old each store's prices are (catalog/feed-ages.ts). */
    private readonly feedAges: FeedAges = systemFeedAges(),
  ) {}

  /**
   * Every store's offer, in `country`, of each of these size variants' sizes, in the order of
   * `guids`. Admin-only stores' offers are there for an admin only, and are never canonical:
   * the canonical page is one everybody can open.
   */
  async sizeOffers(guids: readonly string[], country: CountryCode, adminView: boolean): Promise<SizeOffers[]> {
    const rows = await this.db.query<OfferRow>(
      `SELECT page.guid::text AS page_guid, page.gtin, page.mpn,
              o.id, o.guid::text AS guid, o.slug, c.slug AS category_slug,
              s.id AS store_id, s.name AS storename, s.slug AS store_slug, s.affiliate_id, s.admin_only,
              s.country_code AS store_country, s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international,
              (s.delivery_prices ->> $2)::numeric AS store_delivery,
              pr.sale_price, pr.msrp, pr.offers, pr.status, pr.shipping_price
         FROM size_variants page
         JOIN size_variants o ON o.canonical_id = page.canonical_id
         JOIN size_variant_prices pr ON pr.size_variant_id = o.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
         JOIN variants v ON v.id = o.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN categories c ON c.id = p.category_id
         JOIN stores s ON s.id = p.store_id AND (NOT s.admin_only OR $3)
        WHERE page.guid = ANY($1::uuid[])
        ORDER BY o.id`,
      [guids, country, adminView],
    );
    const ages = await this.priceAges([...new Set(rows.map((r) => r.store_id))], country);
    return guids.flatMap((guid) => {
      const own = rows.filter((r) => r.page_guid === guid);
      const page = own.find((r) => r.guid === guid);
      if (!page) return [];
      const canonical = own.find((r) => !r.admin_only) ?? page;
      const offers = own.map((r) => this.offer(r, country, ages.get(r.store_id)!));
      return [
        {
          guid,
          gtin: page.gtin,
          mpn: page.mpn,
          canonicalUrl: pagePath(canonical.category_slug, canonical.slug),
          // Rows came oldest copy first, and the sort is stable: equal totals keep that order.
          offers: offers.sort((a, b) => soldOut(a) - soldOut(b) || a.total - b.total),
        },
      ];
    });
  }

  private offer(r: OfferRow, country: CountryCode, age: PriceAge): Offer {
    const delivery = deliveryPrice({ salePrice: r.sale_price, shippingPrice: r.shipping_price }, siteThresholds(r, country), r.store_delivery, country);
    return {
      guid: r.guid,
      path: pagePath(r.category_slug, r.slug),
      storename: r.storename,
      store_slug: r.store_slug,
      affiliate_id: r.affiliate_id,
      saleprice: r.sale_price,
      msrp: r.msrp,
      offers: r.offers,
      status: r.status,
      delivery,
      total: offerTotal(r.sale_price, delivery),
      priceAge: age,
    };
  }

  /** How old each store's prices in the country are: one small read per store (a size has a few). */
  private async priceAges(storeIds: readonly number[], country: CountryCode): Promise<Map<number, PriceAge>> {
    const ages = await Promise.all(storeIds.map(async (id) => [id, await priceAge(this.db, id, country, this.feedAges)] as const));
    return new Map(ages);
  }
}
