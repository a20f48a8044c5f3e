import type { Queryable } from '../db/database';
import { categoryBySlug } from '../catalog/category-tree';
import { documentTerms, type LoadSelection, type SearchDocument } from './documents';
import type { CatalogDirectory } from './search-engine';

// The SQL engine's tables (sql-engine.ts queries them): their DDL and indexes, and the writes
// that fill them from search documents. They are the engine's own, not the api's schema: the
// api serves from the in-memory index, so its migrations leave them out, and whoever uses
// the engine creates them (SqlSearchEngine.sync() does; the benchmark bulk-loads with
// createSearchTables and indexSearchTables).

/**
 * Creates the engine's tables where they are missing. `bulkLoad` leaves out the foreign
 * keys and the indexes, for loading many rows fast (the benchmark's generated catalogue has
 * no products rows to refer to): indexSearchTables() adds the indexes after the load.
 */
export async function createSearchTables(db: Queryable, options: { bulkLoad?: boolean } = {}): Promise<void> {
  const bulk = options.bulkLoad === true;
  await db.exec(`
    -- One row per product sold in at least one country, with its analysed terms as
    -- 'weight:term' (the analyser is shared with the in-memory index).
    CREATE TABLE IF NOT EXISTS search_documents (
      product_id integer PRIMARY KEY${bulk ? '' : ' REFERENCES products (id) ON DELETE CASCADE'},
      store_id integer NOT NULL,
      -- products.canonical_id: the copies sharing it are one product (issue 28).
      group_id integer NOT NULL,
      -- 0 when the product has no brand.
      brand_id integer NOT NULL,
      category_slug text NOT NULL,
      category_path text NOT NULL,
      department text NOT NULL,
      popularity integer NOT NULL,
      colours text[] NOT NULL,
      care text NOT NULL,
      store_country text NOT NULL,
      store_international boolean NOT NULL,
      terms text[] NOT NULL
    );
    -- Per product and country: lowest sale price (minor units), highest discount, largest
    -- price drop of the week, flags. Deleting a store's documents (sync of some stores)
    -- deletes their offers.
    CREATE TABLE IF NOT EXISTS search_offers (
      product_id integer NOT NULL${bulk ? '' : ' REFERENCES search_documents (product_id) ON DELETE CASCADE'},
      country_code text NOT NULL,
      price integer NOT NULL,
      discount smallint NOT NULL,
      dropped smallint NOT NULL,
      free_delivery boolean NOT NULL,
      coupons boolean NOT NULL,
      -- The copy's cheapest total there (minor units) and whether a size can be bought: the card's pick.
      total integer NOT NULL,
      in_stock boolean NOT NULL
    );
    -- Tables made before these columns: sync() rewrites every row, so the defaults are never read.
    ALTER TABLE search_offers ADD COLUMN IF NOT EXISTS dropped smallint NOT NULL DEFAULT 0;
    ALTER TABLE search_offers ADD COLUMN IF NOT EXISTS total integer NOT NULL DEFAULT 0;
    ALTER TABLE search_offers ADD COLUMN IF NOT EXISTS in_stock boolean NOT NULL DEFAULT false;
    ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS group_id integer NOT NULL DEFAULT 0;`);
  if (!bulk) await indexSearchTables(db);
}

/** The indexes the engine's queries rely on; after a bulk load, built once over all rows. */
export async function indexSearchTables(db: Queryable): Promise<void> {
  await db.exec(`
    CREATE UNIQUE INDEX IF NOT EXISTS search_offers_key ON search_offers (country_code, product_id);
    CREATE INDEX IF NOT EXISTS search_offers_price_idx ON search_offers (country_code, price);
    CREATE INDEX IF NOT EXISTS search_offers_discount_idx ON search_offers (country_code, discount) WHERE discount > 0;
    CREATE INDEX IF NOT EXISTS search_documents_terms_idx ON search_documents USING gin (terms);
    CREATE INDEX IF NOT EXISTS search_documents_category_idx ON search_documents (category_path text_pattern_ops);
    CREATE INDEX IF NOT EXISTS search_documents_brand_idx ON search_documents (brand_id);
    CREATE INDEX IF NOT EXISTS search_documents_store_idx ON search_documents (store_id);
    CREATE INDEX IF NOT EXISTS search_documents_group_idx ON search_documents (group_id);`);
}

/** Deletes the documents sync() is about to write again: the named stores', or all. */
export async function clearSearchTables(tx: Queryable, selection: LoadSelection): Promise<void> {
  if (selection.storeSlugs) {
    await tx.query(
      'DELETE FROM search_documents WHERE store_id IN (SELECT id FROM stores WHERE slug = ANY($1::text[]))',
      [selection.storeSlugs],
    );
  } else {
    await tx.query('DELETE FROM search_offers');
    await tx.query('DELETE FROM search_documents');
  }
}

/** Writes search documents and their offers (sync() and the benchmark's generated catalogue). */
export async function writeDocuments(tx: Queryable, docs: readonly SearchDocument[], directory: CatalogDirectory): Promise<void> {
  const terms = docs.map((d) =>
    [...documentTerms(d, directory)].map(([term, weight]) => `${weight}:${term}`).join(' '),
  );
  await tx.query(
    `INSERT INTO search_documents (product_id, store_id, brand_id, category_slug, category_path, department, popularity,
                                   colours, care, store_country, store_international, terms, group_id)
     SELECT t.product_id, t.store_id, t.brand_id, t.category_slug, t.category_path, t.department, t.popularity,
            CASE WHEN t.colours = '' THEN '{}'::text[] ELSE string_to_array(t.colours, ',') END,
            t.care, t.store_country, t.store_international,
            CASE WHEN t.terms = '' THEN '{}'::text[] ELSE string_to_array(t.terms, ' ') END, t.group_id
       FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[],
                   $10::text[], $11::bool[], $12::text[], $13::int[])
         AS t(product_id, store_id, brand_id, category_slug, category_path, department, popularity, colours, care,
              store_country, store_international, terms, group_id)`,
    [
      docs.map((d) => d.productId),
      docs.map((d) => d.storeId),
      docs.map((d) => d.brandId),
      docs.map((d) => d.category),
      docs.map((d) => categoryBySlug(d.category)!.path),
      docs.map((d) => d.department),
      docs.map((d) => d.popularity),
      docs.map((d) => d.colours.join(',')),
      docs.map((d) => d.care),
      docs.map((d) => directory.stores.get(d.storeId)!.country),
      docs.map((d) => directory.stores.get(d.storeId)!.international),
      terms,
      docs.map((d) => d.groupId),
    ],
  );
  const offers = docs.flatMap((d) => d.offers.map((o) => ({ id: d.productId, ...o })));
  await tx.query(
    `INSERT INTO search_offers (product_id, country_code, price, discount, dropped, free_delivery, coupons, total, in_stock)
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int2[], $5::int2[], $6::bool[], $7::bool[], $8::int[], $9::bool[])`,
    [
      offers.map((o) => o.id),
      offers.map((o) => o.country),
      offers.map((o) => o.price),
      offers.map((o) => o.discount),
      offers.map((o) => o.dropped),
      offers.map((o) => o.freeDelivery),
      offers.map((o) => o.coupons),
      offers.map((o) => o.total),
      offers.map((o) => o.inStock),
    ],
  );
}
