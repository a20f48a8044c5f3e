import { COLOURS, type ColourKey } from '../../shared/colours';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries';
import { CATEGORIES } from '../../server/api/catalog/category-tree';
import { Prng } from '../../server/demo/catalog/prng';
import { BRAND_SUFFIXES, FAMILIES, FIRST_NAMES, SURNAMES, WORDS } from '../../server/demo/catalog/vocabulary';
import { slugify } from '../../server/api/catalog/identifiers';
import { buildDirectory } from '../../server/api/search-engine/documents';
import type { DocumentOffer, SearchDocument } from '../../server/api/search-engine/documents';
import type { CatalogDirectory, DirectoryBrand, DirectoryStore } from '../../server/api/search-engine/search-engine';
import type { Queryable } from '../../server/api/db/database';

// Search documents made up directly, for sizes the feed importer would take too long to
// load in a benchmark (1,000,000 products). The same seed gives the same catalogue. Shapes
// follow the demo: most products sold in the UK, some in the US, fewer elsewhere; brands
// follow a long tail; a third reduced; titles from the demo's vocabulary.
//
// Issue 28: with `matchedShare`, that share of the items is sold by two to five stores, each
// copy a document of its own (its id, store, price, delivery and stock) sharing the first
// copy's groupId, so the index's listings collapse them to one card. `products` counts the
// documents (store copies), as the index holds them. The copies draw from a random stream of
// their own, so without them the catalogue is the one earlier runs generated.

const STYLES = ['Oversized', 'Cropped', 'Relaxed', 'Slim', 'Classic', 'Ribbed', 'Pleated', 'Wrap', 'Belted', 'Quilted', 'Printed', 'Striped', 'Floral', 'Tailored', 'Fitted', 'Vintage', 'Organic', 'Essential', 'Longline', 'Textured'];
const MATERIALS = ['Cotton', 'Linen', 'Silk', 'Wool', 'Leather', 'Denim', 'Satin', 'Cashmere', 'Jersey', 'Velvet', 'Suede', 'Nylon', 'Lace', 'Corduroy'];
const CARES = ['', '', 'machine wash cold', 'hand wash only', 'dry clean only'];
/** Rough price level of each currency against the pound. */
const CURRENCY_FACTOR: Record<CountryCode, number> = { GB: 1, US: 1.27, IN: 105, AE: 4.65, CA: 1.72, AU: 1.9, HK: 9.9, SG: 1.7 };
const SOLD_IN: Record<CountryCode, number> = { GB: 0.75, US: 0.45, IN: 0.2, AE: 0.2, CA: 0.2, AU: 0.2, HK: 0.15, SG: 0.15 };

const LEAVES = CATEGORIES.filter((c) => c.isLeaf);

export type SyntheticCatalog = {
  directory: CatalogDirectory;
  stores: DirectoryStore[];
  brands: DirectoryBrand[];
  /** Yields the products in chunks (ids 1 … products). */
  chunks(chunkSize: number): Generator<SearchDocument[]>;
};

/** A copy's delivery, minor units, where the store does not deliver free: a few pounds. */
const COPY_DELIVERY = [0, 295, 395, 495];

export function syntheticCatalog(products: number, seed = 1_000_003, matchedShare = 0): SyntheticCatalog {
  const random = new Prng(seed);
  const brandCount = Math.max(20, Math.min(5000, Math.round(products / 200)));
  const storeCount = Math.max(10, Math.min(400, Math.round(products / 2500)));
  const brands: DirectoryBrand[] = [];
  const brandNames = new Set<string>();
  for (let i = 0; brands.length < brandCount; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]!;
    const round = Math.floor(i / (FIRST_NAMES.length * SURNAMES.length));
    const name = round === 0 ? `${first} ${last}` : `${first} ${last} ${BRAND_SUFFIXES[(round - 1) % BRAND_SUFFIXES.length]}${round > BRAND_SUFFIXES.length ? ` ${round}` : ''}`;
    if (brandNames.has(name)) continue;
    brandNames.add(name);
    brands.push({ id: brands.length + 1, slug: slugify(name), name });
  }
  const stores: DirectoryStore[] = [];
  for (let i = 0; i < storeCount; i++) {
    const name = `${WORDS[i % WORDS.length]} ${['Boutique', 'Store', 'Studio', 'House', 'Outlet'][Math.floor(i / WORDS.length) % 5]}${i >= WORDS.length * 5 ? ` ${i}` : ''}`;
    stores.push({
      id: i + 1,
      slug: slugify(name),
      name,
      country: random.chance(0.5) ? 'GB' : random.pick(COUNTRY_CODES),
      international: random.chance(0.4),
      adminOnly: false,
    });
  }
  const directory = buildDirectory(stores, brands);

  function* chunks(chunkSize: number): Generator<SearchDocument[]> {
    const r = random.fork('products');
    const copies = random.fork('copies');
    let chunk: SearchDocument[] = [];
    const emit = function* (doc: SearchDocument) {
      chunk.push(doc);
      if (chunk.length === chunkSize) {
        yield chunk;
        chunk = [];
      }
    };
    for (let id = 1; id <= products; id++) {
      const category = r.pick(LEAVES);
      const family = FAMILIES[category.slug];
      const noun = family?.nouns[0] ?? category.name;
      const colourCount = r.int(1, 3);
      const colours = new Set<ColourKey>();
      while (colours.size < colourCount) colours.add(r.pick(COLOURS).key);
      // A long tail of brands: low ids are the big ones.
      const brandId = 1 + Math.floor(brandCount * r.next() ** 2.2);
      const base = Math.exp(Math.log(5) + r.next() * (Math.log(500) - Math.log(5)));
      const discount = r.chance(0.33) ? r.int(5, 85) : 0;
      // A tenth of the products' prices fell this week; from the id, not the random stream, so
      // every other value stays what earlier benchmark runs generated.
      const dropped = id % 10 === 0 ? 1 + (id % 37) : 0;
      const offers: DocumentOffer[] = [];
      for (const country of COUNTRY_CODES) {
        if (!r.chance(SOLD_IN[country])) continue;
        offers.push({
          country,
          price: Math.round(base * CURRENCY_FACTOR[country] * (1 - discount / 100) * 100) - 1,
          discount,
          dropped,
          freeDelivery: r.chance(0.35),
          coupons: r.chance(0.12),
          total: 0,
          inStock: true,
        });
      }
      if (!offers.length) offers.push({ country: 'GB', price: Math.round(base * 100) - 1, discount, dropped, freeDelivery: false, coupons: false, total: 0, inStock: true });
      for (const o of offers) o.total = o.price;
      const doc: SearchDocument = {
        productId: id,
        groupId: id,
        storeId: 1 + Math.floor(storeCount * r.next() ** 1.5),
        brandId,
        category: category.slug,
        department: category.department,
        popularity: r.int(0, 1000),
        title: `${r.pick(STYLES)} ${r.chance(0.6) ? `${r.pick(MATERIALS)} ` : ''}${noun}`,
        colours: [...colours],
        colourNames: [],
        care: slugify(r.pick(CARES)),
        offers,
      };
      yield* emit(doc);
      if (matchedShare === 0 || !copies.chance(matchedShare)) continue;
      // The same item at other stores: its own price (within 15 %), delivery and stock.
      for (let more = copies.int(1, 4); more > 0 && id < products; more--) {
        id++;
        const copyOffers = offers.map((o) => {
          const price = Math.max(1, Math.round(o.price * (0.85 + copies.next() * 0.3)));
          const freeDelivery = copies.chance(0.35);
          return { ...o, price, freeDelivery, total: price + (freeDelivery ? 0 : copies.pick(COPY_DELIVERY)), inStock: copies.chance(0.9) };
        });
        yield* emit({ ...doc, productId: id, storeId: 1 + copies.int(0, storeCount - 1), popularity: copies.int(0, 1000), offers: copyOffers });
      }
    }
    if (chunk.length) yield chunk;
  }

  return { directory, stores, brands, chunks };
}

/** Writes the catalogue's stores (their rows dated `storesDated` ago, a PostgreSQL interval) and brands into `db`. */
export async function insertStoresAndBrands(db: Queryable, catalog: SyntheticCatalog, storesDated = '0 seconds'): Promise<void> {
  const s = catalog.stores;
  await db.query(
    `INSERT INTO stores (id, slug, name, country_code, is_international, updated_at)
     SELECT *, now() - $6::interval FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bool[])`,
    [s.map((x) => x.id), s.map((x) => x.slug), s.map((x) => x.name), s.map((x) => x.country), s.map((x) => x.international), storesDated],
  );
  const b = catalog.brands;
  await db.query('INSERT INTO brands (id, slug, name) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])', [
    b.map((x) => x.id),
    b.map((x) => x.slug),
    b.map((x) => x.name),
  ]);
}
