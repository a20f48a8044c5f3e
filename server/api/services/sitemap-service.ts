import type { SitemapKind, SitemapUrl } from '../../../shared/api/product-schemas';
import { SITEMAP_KINDS } from '../../../shared/api/product-schemas';
import { COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { KeptPromises } from '../../lib/kept-promises';
import { LAST_KNOWN_CHANGE_SQL } from '../catalog/catalog-changes';
import { CATEGORIES } from '../catalog/category-tree';
import type { Queryable } from '../db/database';
import { categoryChain } from '../search-engine/documents';
import type { SearchEngine } from '../search-engine/search-engine';
import { catalogCounts } from './catalog-counts';

// The sitemaps (spec section 7): an index per country, then files of products, categories,
// brands and stores, at most 50,000 URLs a file, each URL with when its page last changed.

/**
 * The products sitemap of country $1, in order: each product of a store shown to everyone that
 * is priced there (a withdrawn price row is none, issue 27: its page answers 410) and is the
 * canonical copy there (issue 28, decision 0079: no older copy of its match, products.canonical_id,
 * is on offer there; every other copy's page names that one as rel=canonical, offer-service.ts),
 * with its first size variant's slug there and when its page last changed
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
        JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $1 AND pr.withdrawn_at IS NULL
       WHERE v.product_id = p.id
       ORDER BY v.position, v.id, sv.id LIMIT 1) first ON TRUE
   WHERE NOT EXISTS (
           SELECT 1 FROM products older
             JOIN stores os ON os.id = older.store_id AND NOT os.admin_only
            WHERE older.canonical_id = p.canonical_id AND older.id < p.id
              AND EXISTS (SELECT 1 FROM variants ov
                            JOIN size_variants osv ON osv.variant_id = ov.id
                            JOIN size_variant_prices opr ON opr.size_variant_id = osv.id AND opr.country_code = $1 AND opr.withdrawn_at IS NULL
                           WHERE ov.product_id = older.id))
   ORDER BY p.id`;

/** The newest of some ISO times (which compare as text); null when none is known. */
function newest(dates: readonly (string | null)[]): string | null {
  return dates.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
}

/**
 * The change log's aggregates (each a read of a country's whole price history) are kept per
 * version of the catalog index: the log and the index change together (an import that logs a
 * change notifies, and the index follows), so a new version reads them afresh. The shared
 * answers keep each sitemap URL's bytes too, but per URL: a query string of its own made every
 * request read the whole history again (60 ms on the small demo, and ten times the catalogue
 * ten times that). Kept: every country's three listing kinds, and its product files' dates,
 * for two versions.
 */
const KEPT_LAST_CHANGES = 2 * 3 * COUNTRY_CODES.length;
const KEPT_FILE_DATES = 2 * COUNTRY_CODES.length;

export class SitemapService {
  private readonly lastChangesKept = new KeptPromises<Map<string, string>>(KEPT_LAST_CHANGES);
  private readonly fileDatesKept = new KeptPromises<(string | null)[]>(KEPT_FILE_DATES);

  constructor(
    private readonly db: Queryable,
    private readonly engine: SearchEngine,
  ) {}

  async sitemapIndex(country: CountryCode, pageSize: number) {
    await this.engine.start();
    const counts = await catalogCounts(this.engine, country);
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
  private productFileDates(country: CountryCode, pageSize: number): Promise<(string | null)[]> {
    return this.fileDatesKept.get(`${this.engine.version()} ${country} ${pageSize}`, () => this.readProductFileDates(country, pageSize));
  }

  private async readProductFileDates(country: CountryCode, pageSize: number): Promise<(string | null)[]> {
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
  private lastChanges(kind: 'brands' | 'stores' | 'categories', country: CountryCode): Promise<Map<string, string>> {
    return this.lastChangesKept.get(`${this.engine.version()} ${kind} ${country}`, () => this.readLastChanges(kind, country));
  }

  private async readLastChanges(kind: 'brands' | 'stores' | 'categories', country: CountryCode): Promise<Map<string, string>> {
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
    const counts = await catalogCounts(this.engine, country);
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
    const counts = await catalogCounts(this.engine, country);
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
