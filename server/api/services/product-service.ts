import type { ProductDetail, WithdrawnProduct } from '../../../shared/api/product-schemas';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { gone, notFound } from '../../lib/http-error';
import { priceAge, systemFeedAges, type FeedAges } from '../catalog/feed-ages';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';
import type { Queryable } from '../db/database';
import { categoryChain } from '../search-engine/documents';
import { EMPTY_FILTERS, type SearchEngine, type SearchQuery } from '../search-engine/search-engine';
import type { OfferService } from './offer-service';
import { productImages, readProduct, readProductCards } from './product-reader';

// Product pages: a product's detail, more like it, and the editors' pick lists (spec section
// 7; shared/api/product-schemas.ts has the shapes). Click-throughs are click-service.ts, the
// directories directory-service.ts, the sitemaps sitemap-service.ts.

export type ProductAddress = { guid: string } | { category: string; lastnode: string; slug: string };

export class ProductService {
  constructor(
    private readonly db: Queryable,
    private readonly engine: SearchEngine,
    /** Every store's offer of the page's sizes (issue 28). */
    private readonly offers: OfferService,
    /** FEED_STALE_HOURS and the clock, for how old the page's prices are (catalog/feed-ages.ts). */
    private readonly feedAges: FeedAges = systemFeedAges(),
  ) {}

  /**
   * The size variant an address names, priced in the country (a live price row first, else a
   * withdrawn one: `withdrawn`; `product_listed` when some size of its product is still on
   * the country's site); undefined when there is none, or when its store is admin-only
   * and the caller no admin (spec section 6: a 404 to them).
   */
  private async findSizeVariant(address: ProductAddress, country: CountryCode, adminView: boolean) {
    const byGuid = 'guid' in address;
    const [row] = await this.db.query<{ product_id: number; guid: string; slug: string; withdrawn: boolean; product_listed: boolean }>(
      `SELECT v.product_id, sv.guid::text AS guid, sv.slug, pr.withdrawn_at IS NOT NULL AS withdrawn,
              EXISTS (SELECT 1 FROM variants ov
                        JOIN size_variants osv ON osv.variant_id = ov.id
                        JOIN size_variant_prices opr ON opr.size_variant_id = osv.id AND opr.country_code = $2 AND opr.withdrawn_at IS NULL
                       WHERE ov.product_id = v.product_id) AS product_listed
         FROM size_variants sv
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN stores s ON s.id = p.store_id
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
        WHERE ${byGuid ? 'sv.guid = $1::uuid' : 'sv.slug = $1'} AND (NOT s.admin_only OR $3)
        ORDER BY pr.withdrawn_at IS NOT NULL, sv.id LIMIT 1`,
      [byGuid ? address.guid : address.slug, country, adminView],
    );
    return row;
  }

  /**
   * The landing page's product. A size variant withdrawn while its product is still sold is
   * answered as the product's first size variant on offer (its page redirects there); a product
   * withdrawn whole from the country's site is a 410 carrying its name, picture and store
   * (docs/decisions/0076: 410, not 404); one never sold there a 404.
   */
  async detail(address: ProductAddress, country: CountryCode, adminView = false): Promise<ProductDetail> {
    const found = await this.findSizeVariant(address, country, adminView);
    if (!found) throw notFound('No such product on this country site');
    const product = await readProduct(this.db, found.product_id, country, adminView);
    if (!product) {
      const withdrawn = await this.withdrawn(found.product_id, found.slug);
      throw gone(`No longer sold by ${withdrawn.storename} on this country site`, withdrawn);
    }
    const selected = found.withdrawn ? { guid: product.variants[0]!.size_variants[0]!.guid, slug: product.variants[0]!.size_variants[0]!.slug } : found;
    const variantIndex = Math.max(0, product.variants.findIndex((v) => v.size_variants.some((s) => s.guid === selected.guid)));
    const c = COUNTRIES[country];
    const sizeOffers = await this.offers.sizeOffers(
      product.variants[variantIndex]!.size_variants.map((s) => s.guid),
      country,
      adminView,
    );
    const soldIn = await this.db.query<{ country_code: CountryCode }>(
      `SELECT DISTINCT pr.country_code
         FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.withdrawn_at IS NULL
        WHERE sv.guid = $1::uuid`,
      [selected.guid],
    );
    // Per site, the size's canonical copy: the oldest on offer there from a public store (as the offers' canonicalUrl).
    const canonicalIn = await this.db.query<{ country_code: CountryCode; canonical: boolean }>(
      `SELECT pr.country_code, min(o.id) = min(page.id) AS canonical
         FROM size_variants page
         JOIN size_variants o ON o.canonical_id = page.canonical_id
         JOIN size_variant_prices pr ON pr.size_variant_id = o.id AND pr.withdrawn_at IS NULL
         JOIN stores s ON s.id = o.store_id AND NOT s.admin_only
        WHERE page.guid = $1::uuid
        GROUP BY pr.country_code`,
      [selected.guid],
    );
    return {
      product,
      selected: { variant_index: variantIndex, guid: selected.guid },
      soldIn: COUNTRY_CODES.filter((code) => soldIn.some((row) => row.country_code === code)),
      canonicalIn: COUNTRY_CODES.filter((code) => canonicalIn.some((row) => row.country_code === code && row.canonical)),
      canonicalUrl: `${product.category_slug}/${product.subcategory_slug}/${selected.slug}`,
      breadCrumb: categoryChain(product.subcategory_slug)
        .slice(0, 5)
        .map((cat) => ({ filterName: CATEGORY_LEVELS[cat.depth - 1]!, key: cat.name, slug: cat.slug })),
      countryCode: country,
      currencyCode: c.info.currencyCode,
      currencySymbol: c.info.symbol,
      priceAge: await priceAge(this.db, product.store_id, country, this.feedAges),
      sizeOffers,
    };
  }

  /** What the 410 of a withdrawn product says: its name, first colour's picture and store. */
  private async withdrawn(productId: number, slug: string): Promise<WithdrawnProduct> {
    const [row] = await this.db.query<{ title: string; brand: string | null; storename: string; store_slug: string; category_slug: string; image_url: string }>(
      `SELECT p.title, b.name AS brand, s.name AS storename, s.slug AS store_slug, c.slug AS category_slug, v.image_url
         FROM products p
         JOIN stores s ON s.id = p.store_id
         JOIN categories c ON c.id = p.category_id
         LEFT JOIN brands b ON b.id = p.brand_id
         JOIN LATERAL (SELECT image_url FROM variants WHERE product_id = p.id ORDER BY position, id LIMIT 1) v ON TRUE
        WHERE p.id = $1`,
      [productId],
    );
    const chain = categoryChain(row!.category_slug);
    return {
      id: productId,
      title: row!.title,
      brand: row!.brand,
      storename: row!.storename,
      store_slug: row!.store_slug,
      images: productImages(row!.image_url),
      canonicalUrl: `${chain[0]?.slug ?? row!.category_slug}/${row!.category_slug}/${slug}`,
    };
  }

  /**
   * More of the same category and department that a shopper can buy in the country (a card with
   * a size on offer: a sold-out one is left out), most popular first, without the product
   * itself; a withdrawn product's too, so its page is no dead end (issue 27). totalCount is what
   * the category lists besides it, sold-out cards included.
   */
  async similar(address: ProductAddress, country: CountryCode, page: number, perPage: number, adminView = false) {
    const found = await this.findSizeVariant(address, country, adminView);
    if (!found) throw notFound('No such product on this country site');
    const [p] = await this.db.query<{ slug: string }>(
      'SELECT c.slug FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1',
      [found.product_id],
    );
    const query: SearchQuery = {
      country,
      text: '',
      scope: { category: p!.slug },
      internationalDelivery: false,
      filters: EMPTY_FILTERS,
      sort: '',
      offset: 0,
      // Twice the window: room for the sold-out cards left out.
      limit: 2 * page * perPage + 1,
      adminView,
    };
    const result = await this.engine.search(query, { hits: true, facets: [] });
    const cards = await readProductCards(this.db, result.productIds.filter((id) => id !== found.product_id), country);
    const onOffer = cards.filter((card) => card.variants.some((v) => v.size_variants.some((s) => s.status !== AVAILABILITY_STATUS.out_of_stock)));
    const own = found.product_listed && (result.productIds.includes(found.product_id) || result.total > result.productIds.length) ? 1 : 0;
    return { products: onOffer.slice((page - 1) * perPage, page * perPage), totalCount: Math.max(0, result.total - own) };
  }

  async editorsPickLists() {
    const rows = await this.db.query<{ id: number; name: string; slug: string; n: number }>(
      // Products of admin-only stores are not counted: the lists are everyone's (spec section 6).
      `SELECT l.id, l.name, l.slug,
              count(i.product_id) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = i.product_id AND s.admin_only))::int AS n
         FROM editors_pick_lists l LEFT JOIN editors_pick_items i ON i.list_id = l.id
        GROUP BY l.id ORDER BY l.position, l.id`,
    );
    return { lists: rows.map((r) => ({ listId: r.id, listName: r.name, slug: r.slug, productCount: r.n })) };
  }
}

