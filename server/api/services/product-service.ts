import type { ProductDetail } from '../../../shared/api/product-schemas';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { notFound } from '../../lib/http-error';
import { priceAge, systemFeedAges, type FeedAges } from '../catalog/feed-ages';
import type { Queryable } from '../db/database';
import { categoryChain } from '../search-engine/documents';
import { EMPTY_FILTERS, type SearchEngine, type SearchQuery } from '../search-engine/search-engine';
import { readProduct, readProductCards } from './product-reader';

// Product pages: a product's detail, more like it, and the editors' pick lists (spec section
// 7; shared/api/product-schemas.ts has the shapes). Click-throughs are click-service.ts, the
// directories directory-service.ts, the sitemaps sitemap-service.ts.

export type ProductAddress = { guid: string } | { category: string; lastnode: string; slug: string };

export class ProductService {
  constructor(
    private readonly db: Queryable,
    private readonly engine: SearchEngine,
    /** FEED_STALE_HOURS and the clock, for how old the page's prices are (catalog/feed-ages.ts). */
    private readonly feedAges: FeedAges = systemFeedAges(),
  ) {}

  /**
   * The size variant an address names, priced in the country; undefined when there is none,
   * or when its store is admin-only and the caller no admin (spec section 6: a 404 to them).
   */
  private async findSizeVariant(address: ProductAddress, country: CountryCode, adminView: boolean) {
    const byGuid = 'guid' in address;
    const [row] = await this.db.query<{ product_id: number; guid: string; slug: string }>(
      `SELECT v.product_id, sv.guid::text AS guid, sv.slug
         FROM size_variants sv
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN stores s ON s.id = p.store_id
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
        WHERE ${byGuid ? 'sv.guid = $1::uuid' : 'sv.slug = $1'} AND (NOT s.admin_only OR $3)
        ORDER BY sv.id LIMIT 1`,
      [byGuid ? address.guid : address.slug, country, adminView],
    );
    return row;
  }

  async detail(address: ProductAddress, country: CountryCode, adminView = false): Promise<ProductDetail> {
    const found = await this.findSizeVariant(address, country, adminView);
    const product = found && (await readProduct(this.db, found.product_id, country));
    if (!found || !product) throw notFound('No such product on this country site');
    const variantIndex = Math.max(0, product.variants.findIndex((v) => v.size_variants.some((s) => s.guid === found.guid)));
    const c = COUNTRIES[country];
    const soldIn = await this.db.query<{ country_code: CountryCode }>(
      `SELECT DISTINCT pr.country_code
         FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
        WHERE sv.guid = $1::uuid`,
      [found.guid],
    );
    return {
      product,
      selected: { variant_index: variantIndex, guid: found.guid },
      soldIn: COUNTRY_CODES.filter((code) => soldIn.some((row) => row.country_code === code)),
      canonicalUrl: `${product.category_slug}/${product.subcategory_slug}/${found.slug}`,
      breadCrumb: categoryChain(product.subcategory_slug)
        .slice(0, 5)
        .map((cat) => ({ filterName: CATEGORY_LEVELS[cat.depth - 1]!, key: cat.name, slug: cat.slug })),
      countryCode: country,
      currencyCode: c.info.currencyCode,
      currencySymbol: c.info.symbol,
      priceAge: await priceAge(this.db, product.store_id, country, this.feedAges),
    };
  }

  /** More of the same category and department, most popular first, without the product itself. */
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
      limit: page * perPage + 1,
      adminView,
    };
    const result = await this.engine.search(query, { hits: true, facets: [] });
    const ids = result.productIds.filter((id) => id !== found.product_id).slice((page - 1) * perPage, page * perPage);
    const own = result.productIds.includes(found.product_id) || result.total > result.productIds.length ? 1 : 0;
    return { products: await readProductCards(this.db, ids, country), totalCount: Math.max(0, result.total - own) };
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

