import { readCatalogGeneration } from '../catalog/catalog-generation';
import { confirmedBefore, systemFeedAges, type FeedAges } from '../catalog/feed-ages';
import { OFFER_BUCKETS, type Department } from '../../../shared/constants';
import type { ColourKey } from '../../../shared/colours';
import { categoryBySlug } from '../catalog/category-tree';
import type { Database } from '../db/database';
import { analyseQuery, vocabularyOf, type QueryToken, type Vocabulary } from './analyser';
import { buildDirectory, loadDirectory, loadDocuments, type LoadSelection } from './documents';
import {
  emptyFacets,
  type CatalogDirectory,
  type SearchEngine,
  type SearchNeeds,
  type SearchQuery,
  type SearchResult,
  type TermSuggestion,
} from './search-engine';
import { clearSearchTables, createSearchTables, writeDocuments } from './sql-engine-tables';

// The same engine in plain SQL on PostgreSQL: the reference the in-memory index is checked
// against (the agreement test) and measured against (npm run bench), and a way to serve
// a catalogue too large for one machine's memory. Documents come from the same loader
// and analyser as the index, written to search_documents (product facts and analysed
// terms as "weight:term") and search_offers (one row per product and country); every
// query is then one parameterised statement for the page and one for count and facets.
// sync() rewrites those tables from the catalogue (all of it, or some stores); their DDL and
// the writes are sql-engine-tables.ts. A store whose feed for the country is older than twice
// FEED_STALE_HOURS (catalog/feed-ages.ts) is left out at query time, from feed_states and the
// engine's clock: no sync is needed when time moves a store across that line.

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type Group = { name: string; sql: string };

export class SqlSearchEngine implements SearchEngine {
  readonly kind = 'sql' as const;
  private dir: CatalogDirectory = buildDirectory([], []);
  private vocabulary: Vocabulary = vocabularyOf([]);
  private versionNumber = 0;
  private catalogGeneration = 0;

  private readonly feedAges: FeedAges;

  constructor(
    private readonly db: Database,
    options: { feedAges?: FeedAges } = {},
  ) {
    this.feedAges = options.feedAges ?? systemFeedAges();
  }

  /** Reads the directory and vocabulary of what sync() last wrote. */
  async start(): Promise<void> {
    this.catalogGeneration = Math.max(this.catalogGeneration, await readCatalogGeneration(this.db));
    this.dir = await loadDirectory(this.db);
    const terms = await this.db.query<{ term: string }>(
      'SELECT DISTINCT substr(t, 3) AS term FROM search_documents, unnest(terms) AS t',
    );
    this.vocabulary = vocabularyOf(terms.map((r) => r.term));
    this.versionNumber++;
  }

  /** Rewrites the search tables from the catalogue (everything, or the named stores' products). */
  async sync(selection: LoadSelection = {}): Promise<{ products: number; ms: number }> {
    const started = performance.now();
    await createSearchTables(this.db);
    let products = 0;
    let cleared = false;
    await loadDocuments(this.db, selection, async (docs, tx, directory) => {
      if (!cleared) {
        cleared = true;
        await clearSearchTables(tx, selection);
      }
      products += docs.length;
      await writeDocuments(tx, docs, directory);
    }).then(async () => {
      if (!cleared) await this.db.transaction((tx) => clearSearchTables(tx, selection));
    });
    await this.start();
    return { products, ms: Math.round(performance.now() - started) };
  }

  directory(): CatalogDirectory {
    return this.dir;
  }

  version(): number {
    return this.versionNumber;
  }

  generation(): number {
    return this.catalogGeneration;
  }

  async suggestTerms(prefix: string, department: Department | undefined, limit: number, adminView = false): Promise<TermSuggestion[]> {
    const params = new Params();
    const hidden = adminView ? [] : this.hiddenStoreIds();
    const rows = await this.db.query<{ term: string; n: number }>(
      `SELECT substr(t, 3) AS term, count(DISTINCT d.product_id)::int AS n
         FROM search_documents d, unnest(d.terms) AS t
        WHERE substr(t, 3) LIKE ${params.add(`${prefix.replace(/[\\%_]/g, '\\$&')}%`)}
          ${department ? `AND d.department = ${params.add(department)}` : ''}
          ${hidden.length ? `AND NOT (d.store_id = ANY(${params.add(hidden)}::int[]))` : ''}
        GROUP BY 1 ORDER BY n DESC, substr(t, 3) COLLATE "C" LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map((r) => ({ text: r.term, count: r.n }));
  }

  /**
   * The admin-only stores (spec section 6), from the directory read with the documents: a
   * public answer leaves their products out of the base, so out of the total, the page and
   * every facet, price range included.
   */
  private hiddenStoreIds(): number[] {
    return [...this.dir.stores.values()].filter((s) => s.adminOnly).map((s) => s.id);
  }

  async search(query: SearchQuery, needs: SearchNeeds): Promise<SearchResult> {
    const tokens = query.text ? analyseQuery(query.text, this.vocabulary) : [];
    const want = new Set(needs.facets);
    const result: SearchResult = { total: 0, productIds: [], facets: {}, tokens, version: this.versionNumber, engine: 'sql' };
    const p = new Params();
    const base = this.baseConditions(query, tokens, p);
    if (!base) {
      result.facets = emptyFacets(want);
      return result;
    }
    const score = scoreSql(tokens, p);
    // Issue 28: a product is listed once, as its card: its visible copy with the cheapest total
    // (in stock first, then the lowest product id, as the index ranks copies), among every
    // store's copies when no store is in view, else among the picked stores' (the store filter,
    // without a store page or pick list). The other copies fail the store group, so they count
    // under their own store only; a store page or pick list lists its copies as they are.
    const scope = query.scope;
    const leadOnly = !scope.store && !query.filters.stores.length && !scope.productIds;
    const picked = !scope.store && !scope.productIds && query.filters.stores.length ? this.storeIds(query.filters.stores) : undefined;
    const groups = this.groups(query, p, picked !== undefined);
    if (leadOnly) groups.push({ name: 'store', sql: 'lead' });
    const allGroups = groups.map((g) => g.sql).join(' AND ') || 'TRUE';
    const except = (name: string) => groups.filter((g) => g.name !== name).map((g) => g.sql).join(' AND ') || 'TRUE';
    const visible = this.visibleConditions(query, p).join(' AND ');
    const ranked = leadOnly || picked !== undefined;
    const cards = ranked
      ? `cards AS MATERIALIZED (
          SELECT o.product_id, row_number() OVER (PARTITION BY d.group_id ORDER BY o.in_stock DESC, o.total, o.product_id) = 1 AS lead
            FROM search_offers o JOIN search_documents d USING (product_id)
           WHERE ${visible}${picked ? ` AND d.store_id = ANY(${p.add(picked)}::int[])` : ''}),`
      : '';
    const cte = `WITH ${cards} base AS MATERIALIZED (
        SELECT d.product_id, d.store_id, d.brand_id, d.category_slug, d.category_path, d.department, d.popularity,
               d.colours, d.care, d.store_country, o.price, o.discount, o.dropped, o.free_delivery, o.coupons, ${score} AS score,
               ${ranked ? 'coalesce(c.lead, false)' : 'TRUE'} AS lead
          FROM search_offers o JOIN search_documents d USING (product_id) ${ranked ? 'LEFT JOIN cards c USING (product_id)' : ''}
         WHERE ${visible} AND ${base.join(' AND ')})`;

    const parts = [`SELECT 'total' AS facet, '' AS key, count(*)::int AS n FROM base WHERE ${allGroups}`];
    if (want.has('price')) {
      // Over the cards when no store is in view (a filter's picks do not move the range).
      const over = leadOnly ? 'lead' : 'TRUE';
      parts.push(`SELECT 'price-min', '', min(price) FROM base WHERE ${over}`, `SELECT 'price-max', '', max(price) FROM base WHERE ${over}`);
    }
    if (want.has('colour')) {
      parts.push(`SELECT 'colour', c, count(*)::int FROM base, unnest(base.colours) AS c WHERE ${except('colour')} GROUP BY c`);
    }
    if (want.has('category')) {
      parts.push(`SELECT 'category', category_slug, count(*)::int FROM base WHERE ${except('category')} GROUP BY category_slug`);
    }
    if (want.has('brand')) {
      parts.push(`SELECT 'brand', brand_id::text, count(*)::int FROM base WHERE brand_id > 0 AND ${except('brand')} GROUP BY brand_id`);
    }
    if (want.has('store')) {
      parts.push(`SELECT 'store', store_id::text, count(*)::int FROM base WHERE ${except('store')} GROUP BY store_id`);
    }
    if (want.has('offers')) {
      const buckets = OFFER_BUCKETS.map((b, i) => `(${i}, ${b.from}, ${b.to})`).join(', ');
      parts.push(
        `SELECT 'offers', b.i::text, count(*)::int FROM base JOIN (VALUES ${buckets}) AS b(i, lo, hi)
            ON base.discount BETWEEN b.lo AND b.hi WHERE ${except('offers')} GROUP BY b.i`,
      );
    }
    if (want.has('department')) {
      parts.push(`SELECT 'department', department, count(*)::int FROM base WHERE ${except('department')} GROUP BY department`);
    }
    if (want.has('deals')) {
      parts.push(
        `SELECT 'coupons', '', count(*)::int FROM base WHERE coupons AND ${except('coupons')}`,
        `SELECT 'freedelivery', '', count(*)::int FROM base WHERE free_delivery AND ${except('freedelivery')}`,
        `SELECT 'sale', '', count(*)::int FROM base WHERE discount > 0 AND ${except('sale')}`,
        `SELECT 'pricedropped', '', count(*)::int FROM base WHERE dropped > 0 AND ${except('pricedropped')}`,
      );
    }
    const rows = await this.db.query<{ facet: string; key: string; n: number | null }>(
      `${cte} ${parts.join(' UNION ALL ')}`,
      p.values,
    );

    const facets = emptyFacets(want);
    const brands = new Map<number, number>();
    const stores = new Map<number, number>();
    if (facets.brand) facets.brand = brands;
    if (facets.store) facets.store = stores;
    let min: number | null = null;
    let max: number | null = null;
    for (const row of rows) {
      const n = row.n ?? 0;
      switch (row.facet) {
        case 'total':
          result.total = n;
          break;
        case 'price-min':
          min = row.n;
          break;
        case 'price-max':
          max = row.n;
          break;
        case 'colour':
          facets.colour!.set(row.key as ColourKey, n);
          break;
        case 'category':
          facets.category!.set(row.key, n);
          break;
        case 'brand':
          brands.set(Number(row.key), n);
          break;
        case 'store':
          stores.set(Number(row.key), n);
          break;
        case 'offers':
          facets.offers![Number(row.key)] = n;
          break;
        case 'department':
          facets.department!.set(row.key as Department, n);
          break;
        case 'coupons':
        case 'freedelivery':
        case 'sale':
        case 'pricedropped':
          facets.deals![row.facet] = n;
          break;
      }
    }
    if (want.has('price')) facets.price = min !== null && max !== null ? { min, max } : null;
    result.facets = facets;

    if (needs.hits && query.limit > 0 && query.offset < result.total) {
      const order =
        query.sort === 'sale'
          ? 'discount DESC, popularity DESC, product_id'
          : query.sort === 'dropped'
            ? 'dropped DESC, popularity DESC, product_id'
            : query.sort === 'asc'
              ? 'price, product_id'
              : query.sort === 'desc'
                ? 'price DESC, product_id'
                : tokens.length
                  ? 'score DESC, popularity DESC, product_id'
                  : 'popularity DESC, product_id';
      const hits = await this.db.query<{ product_id: number }>(
        `${cte} SELECT product_id FROM base WHERE ${allGroups} ORDER BY ${order} LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
        p.values,
      );
      result.productIds = hits.map((h) => h.product_id);
    }
    return result;
  }

  /** The copies a viewer may see in the country: not an admin-only store's (unless admin), not a stale feed's. */
  private visibleConditions(query: SearchQuery, p: Params): string[] {
    const where = [`o.country_code = ${p.add(query.country)}`];
    const hidden = query.adminView ? [] : this.hiddenStoreIds();
    if (hidden.length) where.push(`NOT (d.store_id = ANY(${p.add(hidden)}::int[]))`);
    where.push(
      `NOT EXISTS (SELECT 1 FROM feed_states f WHERE f.store_id = d.store_id AND f.country_code = o.country_code
                     AND f.confirmed_at < ${p.add(confirmedBefore(this.feedAges, 2).toISOString())}::timestamptz)`,
    );
    return where;
  }

  /** The scope, text and international delivery; undefined when nothing can match. */
  private baseConditions(query: SearchQuery, tokens: QueryToken[], p: Params): string[] | undefined {
    const where: string[] = [];
    const scope = query.scope;
    if (scope.category !== undefined) {
      const category = categoryBySlug(scope.category);
      if (!category) return undefined;
      where.push(`(d.category_path = ${p.add(category.path)} OR d.category_path LIKE ${p.add(`${category.path}/%`)})`);
    }
    if (scope.brand !== undefined) {
      const brand = this.dir.brandBySlug.get(scope.brand);
      if (!brand) return undefined;
      where.push(`d.brand_id = ${p.add(brand.id)}`);
    }
    if (scope.store !== undefined) {
      const store = this.dir.storeBySlug.get(scope.store);
      if (!store) return undefined;
      where.push(`d.store_id = ${p.add(store.id)}`);
    }
    if (scope.sale || scope.discount) {
      where.push(`o.discount BETWEEN ${p.add(Math.max(1, scope.discount?.from ?? 1))} AND ${p.add(scope.discount?.to ?? 255)}`);
    }
    if (scope.productIds) where.push(`d.product_id = ANY(${p.add(scope.productIds)}::int[])`);
    for (const token of tokens) {
      if (!token.expansions.length) return undefined;
      where.push(`d.terms && ${p.add(termStrings(token.expansions.map((e) => e.term)))}::text[]`);
    }
    if (query.internationalDelivery) where.push(`(d.store_international AND d.store_country <> ${p.add(query.country)})`);
    return where.length ? where : ['TRUE'];
  }

  private storeIds(slugs: readonly string[]): number[] {
    return idsOf(slugs, this.dir.storeBySlug);
  }

  /** One SQL condition per active filter group (over the base CTE's columns); `storeCards`: the store filter picks cards (issue 28). */
  private groups(query: SearchQuery, p: Params, storeCards: boolean): Group[] {
    const f = query.filters;
    const groups: Group[] = [];
    if (f.colours.length) groups.push({ name: 'colour', sql: `colours && ${p.add(f.colours)}::text[]` });
    if (f.categories.length) {
      const paths = f.categories.map((slug) => categoryBySlug(slug)?.path).filter((x): x is string => x !== undefined);
      groups.push({
        name: 'category',
        sql: paths.length
          ? `(category_path = ANY(${p.add(paths)}::text[]) OR category_path LIKE ANY(${p.add(paths.map((x) => `${x}/%`))}::text[]))`
          : 'FALSE',
      });
    }
    if (f.brands.length) groups.push({ name: 'brand', sql: `brand_id = ANY(${p.add(idsOf(f.brands, this.dir.brandBySlug))}::int[])` });
    // With stores picked and ranked (search()), a copy passes when it is the card among theirs.
    if (f.stores.length) groups.push({ name: 'store', sql: storeCards ? 'lead' : `store_id = ANY(${p.add(this.storeIds(f.stores))}::int[])` });
    if (f.offers.length) {
      groups.push({
        name: 'offers',
        sql: `(${f.offers.map((r) => `discount BETWEEN ${p.add(r.from)} AND ${p.add(r.to)}`).join(' OR ')})`,
      });
    }
    if (f.departments.length) groups.push({ name: 'department', sql: `department = ANY(${p.add(f.departments)}::text[])` });
    if (f.coupons) groups.push({ name: 'coupons', sql: 'coupons' });
    if (f.freeDelivery) groups.push({ name: 'freedelivery', sql: 'free_delivery' });
    if (f.sale) groups.push({ name: 'sale', sql: 'discount > 0' });
    if (f.priceDropped) groups.push({ name: 'pricedropped', sql: 'dropped > 0' });
    if (f.priceMin !== undefined || f.priceMax !== undefined) {
      groups.push({ name: 'price', sql: `price BETWEEN ${p.add(f.priceMin ?? -1)} AND ${p.add(f.priceMax ?? 0x7fffffff)}` });
    }
    if (f.madeIn.length) groups.push({ name: 'madein', sql: `store_country = ANY(${p.add(f.madeIn)}::text[])` });
    if (f.care.length) groups.push({ name: 'care', sql: `care = ANY(${p.add(f.care)}::text[])` });
    return groups;
  }
}

/** The ids of the slugs the directory knows. */
function idsOf(slugs: readonly string[], bySlug: ReadonlyMap<string, { id: number }>): number[] {
  return slugs.map((s) => bySlug.get(s)?.id).filter((x): x is number => x !== undefined);
}

/** "weight:term" for every field weight a term can have. */
function termStrings(terms: readonly string[]): string[] {
  return terms.flatMap((t) => [`1:${t}`, `2:${t}`, `3:${t}`]);
}

/**
 * The text score: per query word, the best (field weight × match quality) among the
 * product's terms, summed over the words; the same arithmetic as the in-memory index.
 */
function scoreSql(tokens: QueryToken[], p: Params): string {
  if (!tokens.length) return '0';
  return tokens
    .map((token) => {
      const byValue = new Map<number, string[]>();
      for (const e of token.expansions) {
        for (const weight of [1, 2, 3]) {
          const value = weight * e.quality;
          const list = byValue.get(value) ?? [];
          list.push(`${weight}:${e.term}`);
          byValue.set(value, list);
        }
      }
      const cases = [...byValue]
        .sort((a, b) => b[0] - a[0])
        .map(([value, strings]) => `WHEN d.terms && ${p.add(strings)}::text[] THEN ${value}`)
        .join(' ');
      return `(CASE ${cases} ELSE 0 END)`;
    })
    .join(' + ');
}
