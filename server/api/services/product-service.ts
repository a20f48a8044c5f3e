import type { z } from 'zod';
import type {
  BrandListSchema,
  ProductDetail,
  RetailerLink,
  SitemapKind,
  SitemapUrl,
  StoreListSchema,
} from '../../../shared/api/product-schemas';
import { CLICK_WINDOW_MINUTES, SITEMAP_KINDS } from '../../../shared/api/product-schemas';
import type { Department } from '../../../shared/constants';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { hashSecret } from '../accounts/secrets';
import { LAST_KNOWN_CHANGE_SQL } from '../catalog/catalog-changes';
import { CATEGORIES } from '../catalog/category-tree';
import type { Queryable } from '../db/database';
import { notFound } from '../../lib/http-error';
import { normaliseText } from '../search-engine/analyser';
import { categoryChain } from '../search-engine/documents';
import { catalogQuery, EMPTY_FILTERS, type SearchEngine, type SearchQuery } from '../search-engine/search-engine';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { readProduct, readProductCards } from './product-reader';

// Product pages, click tracking, retailer links, sitemaps and the brand and store
// directories (spec section 7; shared/api/product-schemas.ts has the shapes).

type BrandList = z.infer<typeof BrandListSchema>;
type StoreList = z.infer<typeof StoreListSchema>;

export type ProductAddress = { guid: string } | { category: string; lastnode: string; slug: string };

/** "A" … "Z", or "#" for names that start otherwise (brands/a-to-z). */
export function letterOf(name: string): string {
  const first = normaliseText(name).charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

/**
 * The products sitemap of country $1, in order: each product of a store shown to everyone that
 * is priced there, with its first size variant's slug there and when its page last changed
 * there. That is its newest known change in the change log (a price or availability change, or
 * its first sighting; none when the log does not know: LAST_KNOWN_CHANGE_SQL), never
 * products.updated_at, which every re-import of an unchanged feed moves.
 */
const PRODUCT_URLS_SQL = `
  SELECT p.id, p.title, p.department, c.path, first.slug,
         (SELECT max(known.changed) FROM (
            SELECT ${LAST_KNOWN_CHANGE_SQL} AS changed
              FROM variants v
              JOIN size_variants sv ON sv.variant_id = v.id
              JOIN price_history h ON h.size_variant_id = sv.id AND h.country_code = $1
             WHERE v.product_id = p.id
             GROUP BY sv.id) known) AS changed
    FROM products p
    JOIN categories c ON c.id = p.category_id
    JOIN stores s ON s.id = p.store_id AND NOT s.admin_only
    JOIN LATERAL (
      SELECT sv.slug FROM variants v
        JOIN size_variants sv ON sv.variant_id = v.id
        JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $1
       WHERE v.product_id = p.id
       ORDER BY v.position, v.id, sv.id LIMIT 1) first ON TRUE
   ORDER BY p.id`;

/** The newest of some ISO times (which compare as text); null when none is known. */
function newest(dates: readonly (string | null)[]): string | null {
  return dates.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
}

export class ProductService {
  constructor(
    private readonly db: Queryable,
    private readonly engine: SearchEngine,
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

  /**
   * POST /api/products/add-csd: stores a click-through unless this visitor's click on this size
   * variant was counted within CLICK_WINDOW_MINUTES; true when this one was counted. `visitor`
   * names who clicked and is kept only hashed, and only for the window. 404 for an unknown guid.
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
            gate AS (
              INSERT INTO product_click_gate AS g (visitor, size_variant_id, last_click_at)
              SELECT $4, id, now() FROM sv
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

  /** The click-through; an admin-only store's links are a 404 to anyone but admins (spec section 6). */
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
    }>(
      `SELECT sv.guid::text AS guid, sv.url, s.affiliate_id, s.slug AS store_slug, s.name AS storename, sv.status,
              v.title, b.name AS brand, pr.sale_price
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
      url: row.url,
      affiliate_id: row.affiliate_id,
      store_slug: row.store_slug,
      storename: row.storename,
      status: row.status,
      title: row.title,
      brand: row.brand,
      saleprice: row.sale_price,
      currencyCode: COUNTRIES[country].info.currencyCode,
    };
  }

  /** Products per brand, store and category in a country (optionally one department); admin-only stores only for admins. */
  private async counts(country: CountryCode, department?: Department, adminView = false) {
    const result = await this.engine.search(
      catalogQuery(country, department, adminView),
      { hits: false, facets: ['brand', 'store', 'category'] },
    );
    return { total: result.total, brand: result.facets.brand!, store: result.facets.store!, category: result.facets.category! };
  }

  async brandList(country: CountryCode, department: Department | undefined, adminView = false): Promise<BrandList> {
    await this.engine.start();
    const { brand } = await this.counts(country, department, adminView);
    const dir = this.engine.directory();
    const brands = [...brand]
      .map(([id, n]) => ({ b: dir.brands.get(id), n }))
      .filter((x) => x.b !== undefined)
      .map(({ b, n }) => ({ id: b!.id, name: b!.name, slug: b!.slug, productCount: n, letter: letterOf(b!.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return { brands };
  }

  async storeList(country: CountryCode, term?: string, adminView = false): Promise<StoreList> {
    await this.engine.start();
    const { store } = await this.counts(country, undefined, adminView);
    const logos = new Map(
      (await this.db.query<{ id: number; logo_url: string | null }>('SELECT id, logo_url FROM stores')).map((r) => [r.id, r.logo_url]),
    );
    const dir = this.engine.directory();
    const find = term ? normaliseText(term) : '';
    const stores = [...store]
      .map(([id, n]) => ({ s: dir.stores.get(id), n }))
      .filter((x) => x.s !== undefined && (!find || normaliseText(x.s.name).includes(find) || x.s.slug.includes(find.replace(/ /g, '-'))))
      .map(({ s, n }) => ({
        id: s!.id,
        name: s!.name,
        slug: s!.slug,
        logo: logos.get(s!.id) ?? null,
        countryCode: s!.country,
        productCount: n,
        letter: letterOf(s!.name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return { stores };
  }

  // --- sitemaps (at most 50,000 URLs a file) ------------------------------------------------

  async sitemapIndex(country: CountryCode, pageSize: number) {
    await this.engine.start();
    const counts = await this.counts(country);
    const kinds = await Promise.all(
      SITEMAP_KINDS.map(async (kind) => {
        if (kind === 'products') {
          return { kind, totalCount: counts.total, pages: Math.ceil(counts.total / pageSize), lastModified: await this.productFileDates(country, pageSize) };
        }
        const urls = await this.listingUrls(kind, country);
        const files = Array.from({ length: Math.ceil(urls.length / pageSize) }, (_, i) => urls.slice(i * pageSize, (i + 1) * pageSize));
        return { kind, totalCount: urls.length, pages: files.length, lastModified: files.map((file) => newest(file.map((u) => u.lastModified))) };
      }),
    );
    return { pageSize, kinds };
  }

  /** The newest lastmod of each products sitemap file of the country, in order. */
  private async productFileDates(country: CountryCode, pageSize: number): Promise<(string | null)[]> {
    const files = await this.db.query<{ changed: Date | string | null }>(
      `SELECT max(changed) AS changed
         FROM (SELECT (row_number() OVER (ORDER BY id) - 1) / $2 AS file, changed FROM (${PRODUCT_URLS_SQL}) urls) numbered
        GROUP BY file ORDER BY file`,
      [country, pageSize],
    );
    return files.map((f) => (f.changed === null ? null : new Date(f.changed).toISOString()));
  }

  private categoryUrls(own: Map<string, number>, changed: Map<string, string>): SitemapUrl[] {
    const sums = new Map<string, number>();
    for (const [slug, n] of own) for (const c of categoryChain(slug)) sums.set(c.slug, (sums.get(c.slug) ?? 0) + n);
    // A category page lists its subcategories' products too, so it changed when any of them did.
    const latest = new Map<string, string>();
    for (const [slug, at] of changed) for (const c of categoryChain(slug)) if (at > (latest.get(c.slug) ?? '')) latest.set(c.slug, at);
    return CATEGORIES.filter((c) => (sums.get(c.slug) ?? 0) > 0).map((c) => ({
      path: c.slug,
      name: c.name,
      department: c.department,
      productCount: sums.get(c.slug)!,
      lastModified: latest.get(c.slug) ?? null,
    }));
  }

  /**
   * When each brand's, store's or category's products last changed price or availability in
   * `country` (or were first seen there), from the catalogue's change log as far as it knows
   * (LAST_KNOWN_CHANGE_SQL): a listing page changes when one of its products does. ISO times,
   * which compare as text.
   */
  private async lastChanges(kind: 'brands' | 'stores' | 'categories', country: CountryCode): Promise<Map<string, string>> {
    const key = { brands: 'b.slug', stores: 's.slug', categories: 'c.slug' }[kind];
    const rows = await this.db.query<{ key: string; changed: Date | string }>(
      `WITH known AS (
         SELECT h.size_variant_id, ${LAST_KNOWN_CHANGE_SQL} AS changed
           FROM price_history h
          WHERE h.country_code = $1
          GROUP BY h.size_variant_id)
       SELECT ${key} AS key, max(known.changed) AS changed
         FROM known
         JOIN size_variants sv ON sv.id = known.size_variant_id
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN stores sv_store ON sv_store.id = p.store_id
         ${kind === 'brands' ? 'JOIN brands b ON b.id = p.brand_id' : kind === 'stores' ? 'JOIN stores s ON s.id = sv.store_id' : 'JOIN categories c ON c.id = p.category_id'}
        WHERE known.changed IS NOT NULL AND NOT sv_store.admin_only
        GROUP BY ${key}`,
      [country],
    );
    return new Map(rows.map((r) => [r.key, new Date(r.changed).toISOString()]));
  }

  /** Every category, brand or store page of the country's sitemap, in order, with its lastmod. */
  private async listingUrls(kind: Exclude<SitemapKind, 'products'>, country: CountryCode): Promise<SitemapUrl[]> {
    const dir = this.engine.directory();
    const counts = await this.counts(country);
    const changed = await this.lastChanges(kind, country);
    if (kind === 'categories') return this.categoryUrls(counts.category, changed);
    if (kind === 'brands') {
      return [...counts.brand]
        .map(([id, n]) => ({ b: dir.brands.get(id), n }))
        .filter((x) => x.b !== undefined)
        .sort((a, b) => a.b!.slug.localeCompare(b.b!.slug))
        .map(({ b, n }) => ({ path: `brand/${b!.slug}`, name: b!.name, department: null, productCount: n, lastModified: changed.get(b!.slug) ?? null }));
    }
    return [...counts.store]
      .map(([id, n]) => ({ s: dir.stores.get(id), n }))
      .filter((x) => x.s !== undefined)
      .sort((a, b) => a.s!.slug.localeCompare(b.s!.slug))
      .map(({ s, n }) => ({ path: `store/${s!.slug}`, name: s!.name, department: null, productCount: n, lastModified: changed.get(s!.slug) ?? null }));
  }

  async sitemapUrls(kind: SitemapKind, country: CountryCode, page: number, perPage: number) {
    await this.engine.start();
    const offset = (page - 1) * perPage;
    if (kind !== 'products') {
      const all = await this.listingUrls(kind, country);
      return { kind, urls: all.slice(offset, offset + perPage), totalCount: all.length, page, perPage };
    }
    const counts = await this.counts(country);
    const rows = await this.db.query<{ id: number; title: string; department: string; path: string; slug: string; changed: Date | string | null }>(
      `${PRODUCT_URLS_SQL} LIMIT $2 OFFSET $3`,
      [country, perPage, offset],
    );
    const urls = rows.map((r): SitemapUrl => {
      const top = r.path.split('/')[0]!;
      const own = r.path.split('/').pop()!;
      return {
        path: `${top}/${own}/${r.slug}`,
        name: r.title,
        department: r.department,
        productCount: null,
        lastModified: r.changed === null ? null : new Date(r.changed).toISOString(),
      };
    });
    return { kind, urls, totalCount: counts.total, page, perPage };
  }
}

