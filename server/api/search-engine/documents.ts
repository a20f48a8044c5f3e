import { COLOURS, isColourKey, type ColourKey } from '../../../shared/colours';
import { DEPARTMENTS, type Department } from '../../../shared/constants';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../../shared/countries';
import { hasFreeDelivery, thresholdsOnSite } from '../../../shared/free-delivery';
import { CATEGORIES, categoryBySlug, type FlatCategory } from '../catalog/category-tree';
import { feedPairKey } from '../catalog/feed-ages';
import { slugify } from '../catalog/identifiers';
import type { Database, Queryable } from '../db/database';
import { stem, words } from './analyser';
import { cheapestTotal } from './card-total';
import type { CatalogDirectory, DirectoryBrand, DirectoryStore } from './search-engine';
import type { TimeSlicer } from './time-slicer';

// What both engines index: one search document per product that is priced in at least one
// country, read from the catalogue tables (a price row withdrawn there, issue 27, is no price).
// Per country, a product's price is the lowest sale price of its size variants on offer there
// (OFFERED: the buyable ones when there are any), its discount the highest, and it has a coupon
// when any of them has. It has free delivery when that lowest price reaches the store's threshold (the
// rule of shared/free-delivery.ts): then every size variant has it, so whichever the card
// shows carries the badge, and the freedelivery filter never lists a card without it (spec
// section 3, "a product is listed in a country only if it has a price row there"). Its price
// drop there is the largest of its size variants' (size_variant_prices.dropped, 0 for one not
// buyable today), as its discount is the highest of theirs.
//
// Issue 28: a product as shoppers see it is every store's copy sharing products.canonical_id
// (groupId). Each copy's offer carries what picks the group's card in a country: its cheapest
// total there (card-total.ts) and whether a size of it can be bought. The index and the SQL
// engine pick the card at query or build time, since a copy's rivals live in other stores.

export type DocumentOffer = {
  country: CountryCode;
  /** Lowest sale price, minor units. */
  price: number;
  /** Highest discount percent (0 when not reduced). */
  discount: number;
  /** Largest fall of a size variant's price over the last 7 days, whole percent (0 when none fell). */
  dropped: number;
  freeDelivery: boolean;
  coupons: boolean;
  /** The cheapest total (sale price and delivery) of the sizes on offer, minor units (card-total.ts). */
  total: number;
  /** A size can be bought there (in stock, preorder, backorder). */
  inStock: boolean;
};

export type SearchDocument = {
  productId: number;
  /** products.canonical_id: the product (match) this store's copy belongs to (issue 28). */
  groupId: number;
  storeId: number;
  /** 0 when the feed named no brand. */
  brandId: number;
  category: string;
  department: Department;
  popularity: number;
  title: string;
  colours: ColourKey[];
  colourNames: string[];
  /** Slug of the care instructions, '' when none. */
  care: string;
  offers: DocumentOffer[];
};

/** Field weights: a word in the title or the brand name ranks above one in the category, colour or store. */
export const FIELD_WEIGHT = { title: 3, brand: 3, category: 2, colour: 2, store: 1 } as const;

// --- fixed orders the index packs values by -----------------------------------------

export const CATEGORY_ORDER = new Map(CATEGORIES.map((c, i) => [c.slug, i]));
/** For each category (by order), the order just past its subtree: a subtree is a range. */
export const SUBTREE_END: readonly number[] = CATEGORIES.map((c, i) => {
  let end = i + 1;
  while (end < CATEGORIES.length && CATEGORIES[end]!.depth > c.depth) end++;
  return end;
});
export const COLOUR_BIT = new Map<ColourKey, number>(COLOURS.map((c, i) => [c.key, i]));
export const DEPARTMENT_INDEX = new Map<Department, number>(DEPARTMENTS.map((d, i) => [d, i]));
export const COUNTRY_INDEX = new Map<CountryCode, number>(COUNTRY_CODES.map((c, i) => [c, i]));

export function colourMask(colours: readonly ColourKey[]): number {
  let mask = 0;
  for (const c of colours) mask |= 1 << COLOUR_BIT.get(c)!;
  return mask >>> 0;
}

/** A category and its ancestors, top first. */
export function categoryChain(slug: string): FlatCategory[] {
  const chain: FlatCategory[] = [];
  for (let c = categoryBySlug(slug); c; c = c.parentSlug ? categoryBySlug(c.parentSlug) : undefined) chain.unshift(c);
  return chain;
}

// The department is indexed as a word of the category field, so "mens jeans" finds men's.
const DEPARTMENT_WORD: Record<Department, string> = { women: 'women', men: 'men', kids: 'kids' };

/** Collects, for each term, the shortest word seen that gives it: what suggestions show. */
export class DisplayWords {
  private readonly words = new Map<string, string>();

  note(word: string, term: string): void {
    const current = this.words.get(term);
    if (current === undefined || word.length < current.length || (word.length === current.length && word < current)) {
      this.words.set(term, word);
    }
  }

  get(term: string): string {
    return this.words.get(term) ?? term;
  }

  /** Every term and its word, as a snapshot records them. */
  entries(): [term: string, word: string][] {
    return [...this.words];
  }

  /** Notes the words a snapshot recorded. */
  restore(entries: readonly (readonly [term: string, word: string])[]): void {
    for (const [term, word] of entries) this.note(word, term);
  }
}

function addText(terms: Map<string, number>, text: string, weight: number, display?: DisplayWords): void {
  for (const word of words(text)) {
    const term = stem(word);
    display?.note(word, term);
    if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
  }
}

const categoryTermCache = new Map<string, Map<string, number>>();

function categoryTerms(slug: string, department: Department): Map<string, number> {
  const key = `${department}/${slug}`;
  let terms = categoryTermCache.get(key);
  if (!terms) {
    terms = new Map();
    for (const c of categoryChain(slug)) {
      addText(terms, c.name, FIELD_WEIGHT.category);
      for (const alias of c.aliases) addText(terms, alias, FIELD_WEIGHT.category);
    }
    addText(terms, DEPARTMENT_WORD[department], FIELD_WEIGHT.category);
    categoryTermCache.set(key, terms);
  }
  return terms;
}

/**
 * The index terms of a product with the weight of the best field each appears in. The
 * same function feeds both engines, so they search the same words.
 */
export function documentTerms(doc: SearchDocument, directory: CatalogDirectory, display?: DisplayWords): Map<string, number> {
  const terms = new Map<string, number>();
  addText(terms, doc.title, FIELD_WEIGHT.title, display);
  const brand = directory.brands.get(doc.brandId);
  if (brand) addText(terms, brand.name, FIELD_WEIGHT.brand, display);
  for (const [term, weight] of categoryTerms(doc.category, doc.department)) {
    if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
  }
  if (display) for (const c of categoryChain(doc.category)) for (const w of words(c.name)) display.note(w, stem(w));
  for (const colour of doc.colours) addText(terms, colour, FIELD_WEIGHT.colour, display);
  for (const name of doc.colourNames) addText(terms, name, FIELD_WEIGHT.colour, display);
  const store = directory.stores.get(doc.storeId);
  if (store) addText(terms, store.name, FIELD_WEIGHT.store, display);
  return terms;
}

// --- reading the catalogue ---------------------------------------------------------------

export function buildDirectory(stores: readonly DirectoryStore[], brands: readonly DirectoryBrand[]): CatalogDirectory {
  return {
    stores: new Map(stores.map((s) => [s.id, s])),
    storeBySlug: new Map(stores.map((s) => [s.slug, s])),
    brands: new Map(brands.map((b) => [b.id, b])),
    brandBySlug: new Map(brands.map((b) => [b.slug, b])),
  };
}

export async function loadDirectory(db: Queryable): Promise<CatalogDirectory> {
  const stores = await db.query<{ id: number; slug: string; name: string; country_code: string; is_international: boolean; admin_only: boolean }>(
    'SELECT id, slug, name, country_code, is_international, admin_only FROM stores ORDER BY id',
  );
  const brands = await db.query<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM brands ORDER BY id');
  return buildDirectory(
    stores
      .filter((s) => isCountryCode(s.country_code))
      .map((s) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        country: s.country_code as CountryCode,
        international: s.is_international,
        adminOnly: s.admin_only,
      })),
    brands.map((b) => ({ id: b.id, slug: b.slug, name: b.name })),
  );
}

type ProductRow = {
  id: number;
  group_id: number;
  store_id: number;
  brand_id: number;
  category_id: number;
  department: string;
  popularity: number;
  title: string;
  care: string;
};
type VariantRow = { product_id: number; colour: string | null; colour_name: string };
type OfferRow = {
  product_id: number;
  country_code: string;
  price: number;
  /** The lowest sale price again, in major units as the thresholds are. */
  low_price: number;
  discount: number;
  dropped: number;
  coupons: boolean;
  store_country: string;
  free_delivery_gb: number | null;
  free_delivery_us: number | null;
  free_delivery_international: number | null;
  /** Every size's sale price, shipping price and availability there, for the copy's total. */
  sale_prices: number[];
  shipping_prices: (number | null)[];
  statuses: number[];
  /** stores.json's delivery price for the country, null when not stated. */
  store_delivery: number | null;
};

/**
 * An aggregate over the size variants on offer in the country: those a shopper can buy there
 * (size_variant_prices.status not 0: in stock, preorder, backorder) when there are any, else
 * all of them (a sold-out product, still listed with its 'Browse {store}' card, spec section
 * 2). A size sold out in GB but in stock in US is left out of the GB price only. The cards
 * read their sizes by the same rule (product-reader.ts, offeredSizes).
 */
const OFFERED = (aggregate: string) => `coalesce(${aggregate} FILTER (WHERE pr.status <> 0), ${aggregate})`;

/** Which products a load reads: all of them, or those of some stores (an import changed them). */
export type LoadSelection = { storeSlugs?: readonly string[] };

/**
 * Products per read. PGlite runs each statement on the event loop's thread, and a read of
 * 20,000 products held it for about half a second (the demo catalogue's whole load for two
 * seconds); 1,000 for a few tens of milliseconds. A server's answers arrive as socket reads,
 * between which the event loop runs anyway.
 */
export const LOAD_CHUNK: Record<Database['kind'], number> = { pglite: 500, postgres: 10_000 };

/**
 * The most products of some stores read by their stores in one statement a table; more are
 * read by chunks of their ids. A store's rows are spread through the tables, and a chunk's plan
 * probes an index per row at every join: at 10,000,000 products, a store of 105,210 took 28-33
 * s of SQL by chunks of 10,000 ids, 15-18 s by store; in a start (PostgreSQL's cache cold)
 * the read is about a fifth faster, though warm the chunks were faster (decision 0100).
 * PGlite runs statements on the event loop: a store's read holds it no longer than a chunk.
 */
export const STORE_READ: Record<Database['kind'], number> = { pglite: LOAD_CHUNK.pglite, postgres: 250_000 };

/** Which rows a read takes: a condition on `products p`, on `variants v`, and on the offers' join of both. */
type Rows = { products: string; variants: string; offers: string; params: unknown[] };

/** The rows of the products whose id meets `condition` (`= ANY($1::int[])`, `BETWEEN $1 AND $2`). */
const byProductId = (condition: string, params: unknown[]): Rows => ({
  products: `p.id ${condition}`,
  variants: `v.product_id ${condition}`,
  offers: `v.product_id ${condition}`,
  params,
});

/** The ids of the directory's stores among `slugs` (a slug it does not know is left out). */
export function storeIds(directory: CatalogDirectory, slugs: readonly string[]): number[] {
  return slugs.map((slug) => directory.storeBySlug.get(slug)?.id).filter((id) => id !== undefined);
}

export type LoadOptions = {
  /** The most products of a store selection read in one go (STORE_READ for the engine unless told). */
  storeRead?: number;
  /** Products per read (LOAD_CHUNK for the engine unless told). */
  chunkSize?: number;
  /** Gives the event loop a turn between reads when the slice is used up. */
  slicer?: TimeSlicer | undefined;
  /**
   * Stores and countries (feedPairKey) whose feeds are too old to list (catalog/feed-ages.ts,
   * issue 27): their offers are left out, as if not priced there.
   */
  withheld?: ReadonlySet<string> | undefined;
};

/**
 * Reads the catalogue as search documents, chunk by chunk, in one REPEATABLE READ
 * transaction (one snapshot, so a concurrent import is either wholly in or wholly out).
 * `onChunk` gets each chunk and the transaction (writes on PGlite must use it).
 */
export async function loadDocuments(
  db: Database,
  selection: LoadSelection,
  onChunk: (docs: SearchDocument[], tx: Queryable, directory: CatalogDirectory) => Promise<void> | void,
  options: LoadOptions = {},
): Promise<CatalogDirectory> {
  const chunkSize = options.chunkSize ?? LOAD_CHUNK[db.kind];
  const pause = async () => options.slicer?.pause();
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const directory = await loadDirectory(tx);
    await pause();
    const categories = new Map(
      (await tx.query<{ id: number; slug: string }>('SELECT id, slug FROM categories')).map((r) => [r.id, r.slug]),
    );
    await pause();
    const read = async ({ products: productsWhere, variants: variantsWhere, offers: offersWhere, params }: Rows) => {
      const products = await tx.query<ProductRow>(
        `SELECT p.id, p.canonical_id AS group_id, p.store_id, coalesce(p.brand_id, 0) AS brand_id, p.category_id, p.department, p.popularity,
                p.title, coalesce(p.care, '') AS care
           FROM products p WHERE ${productsWhere} ORDER BY p.id`,
        params,
      );
      if (!products.length) return;
      await pause();
      const variants = await tx.query<VariantRow>(
        `SELECT v.product_id, v.colour, v.colour_name FROM variants v
          WHERE ${variantsWhere} ORDER BY v.product_id, v.position, v.id`,
        params,
      );
      await pause();
      const offers = await tx.query<OfferRow>(
        `SELECT v.product_id, pr.country_code,
                (${OFFERED('min(pr.sale_price)')} * 100)::bigint AS price, ${OFFERED('min(pr.sale_price)')} AS low_price,
                ${OFFERED('max(pr.offers)')}::int AS discount,
                max(pr.dropped)::int AS dropped,
                ${OFFERED('bool_or(sv.coupon_id IS NOT NULL)')} AS coupons,
                s.country_code AS store_country, s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international,
                array_agg(pr.sale_price::float8) AS sale_prices, array_agg(pr.shipping_price::float8) AS shipping_prices,
                array_agg(pr.status) AS statuses, (s.delivery_prices ->> pr.country_code)::float8 AS store_delivery
           FROM variants v
           JOIN products p ON p.id = v.product_id
           JOIN stores s ON s.id = p.store_id
           JOIN size_variants sv ON sv.variant_id = v.id
           -- A withdrawn item (issue 27: a full feed no longer carries it) is on no listing.
           JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.withdrawn_at IS NULL
          WHERE ${offersWhere}
          GROUP BY v.product_id, pr.country_code, s.id`,
        params,
      );
      await pause();
      const docs = new Map<number, SearchDocument>();
      for (const p of products) {
        const category = categories.get(p.category_id);
        if (!category || !CATEGORY_ORDER.has(category) || !DEPARTMENT_INDEX.has(p.department as Department)) continue;
        docs.set(p.id, {
          productId: p.id,
          groupId: p.group_id,
          storeId: p.store_id,
          brandId: p.brand_id,
          category,
          department: p.department as Department,
          popularity: Math.max(0, Math.min(0x7fffffff, p.popularity)),
          title: p.title,
          colours: [],
          colourNames: [],
          care: p.care ? slugify(p.care) : '',
          offers: [],
        });
      }
      for (const v of variants) {
        const doc = docs.get(v.product_id);
        if (!doc) continue;
        if (v.colour && isColourKey(v.colour) && !doc.colours.includes(v.colour)) doc.colours.push(v.colour);
        if (v.colour_name && !doc.colourNames.includes(v.colour_name)) doc.colourNames.push(v.colour_name);
      }
      for (const o of offers) {
        const doc = docs.get(o.product_id);
        if (!doc || !isCountryCode(o.country_code) || !isCountryCode(o.store_country)) continue;
        if (options.withheld?.has(feedPairKey(doc.storeId, o.country_code))) continue;
        const stated = { GB: o.free_delivery_gb, US: o.free_delivery_us, INTERNATIONAL: o.free_delivery_international };
        const site = thresholdsOnSite(stated, o.store_country, o.country_code);
        const freeDelivery = hasFreeDelivery(site, o.low_price, o.country_code);
        const sizes = o.sale_prices.map((salePrice, i) => ({ salePrice, shippingPrice: o.shipping_prices[i] ?? null, status: o.statuses[i]! }));
        const card = cheapestTotal(sizes, site, o.store_delivery, o.country_code)!;
        doc.offers.push({
          country: o.country_code,
          price: o.price,
          discount: o.discount,
          dropped: o.dropped,
          freeDelivery,
          coupons: o.coupons,
          total: Math.round(card.total * 100),
          inStock: card.inStock,
        });
      }
      const listed: SearchDocument[] = [];
      for (const doc of docs.values()) {
        if (!doc.offers.length || !directory.stores.has(doc.storeId)) continue;
        doc.offers.sort((a, b) => COUNTRY_INDEX.get(a.country)! - COUNTRY_INDEX.get(b.country)!);
        listed.push(doc);
      }
      await pause();
      if (listed.length) await onChunk(listed, tx, directory);
    };

    if (selection.storeSlugs) {
      if (!selection.storeSlugs.length) return directory;
      const stores = storeIds(directory, selection.storeSlugs);
      const ids = (
        await tx.query<{ id: number }>('SELECT id FROM products WHERE store_id = ANY($1::int[]) ORDER BY id', [stores])
      ).map((r) => r.id);
      if (ids.length <= (options.storeRead ?? STORE_READ[db.kind])) {
        await read({ products: 'p.store_id = ANY($1::int[])', variants: `v.product_id IN (SELECT id FROM products WHERE store_id = ANY($1::int[]))`, offers: 'p.store_id = ANY($1::int[])', params: [stores] });
        return directory;
      }
      for (let i = 0; i < ids.length; i += chunkSize) {
        await read(byProductId('= ANY($1::int[])', [ids.slice(i, i + chunkSize)]));
      }
      return directory;
    }
    const [bounds] = await tx.query<{ lo: number | null; hi: number | null }>('SELECT min(id) AS lo, max(id) AS hi FROM products');
    await pause();
    if (bounds?.lo == null || bounds.hi == null) return directory;
    for (let lo = bounds.lo; lo <= bounds.hi; lo += chunkSize) {
      await read(byProductId('BETWEEN $1 AND $2', [lo, Math.min(bounds.hi, lo + chunkSize - 1)]));
    }
    return directory;
  });
}
