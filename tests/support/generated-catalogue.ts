import { CATEGORIES } from '../../server/api/catalog/category-tree';
import { upsertCategoryTree } from '../../server/api/catalog/category-table';
import type { Queryable } from '../../server/api/db/database';

/**
 * 40 stores, 200 brands and `products` products written straight into the catalogue tables
 * (faster than feeds through the importer): one or two colours each, two sizes, priced in GB
 * and some in the US. Product i is store (1 + i % 40)'s, so each store's rows are spread
 * through the tables, as a store's are after many imports.
 */
export async function generateCatalogue(db: Queryable, products: number): Promise<void> {
  await upsertCategoryTree(db);
  const leaves = CATEGORIES.filter((c) => c.isLeaf).map((c) => c.slug);
  await db.query(
    `INSERT INTO stores (slug, name, country_code, is_international)
     SELECT 'store-' || s, 'Store ' || s, CASE WHEN s % 2 = 0 THEN 'GB' ELSE 'US' END, s % 3 = 0 FROM generate_series(1, 40) s`,
  );
  await db.query(`INSERT INTO brands (slug, name) SELECT 'brand-' || b, 'Brand ' || b FROM generate_series(1, 200) b`);
  await db.query(
    `WITH leaf AS (SELECT id, department, row_number() OVER (ORDER BY id) AS n FROM categories WHERE slug = ANY($2::text[]))
     INSERT INTO products (store_id, group_key, brand_id, category_id, department, title, popularity)
     SELECT st.id, 'p' || i, br.id, leaf.id, leaf.department,
            (ARRAY['Silk', 'Linen', 'Wool', 'Cotton', 'Denim', 'Velvet', 'Leather'])[1 + i % 7] || ' ' ||
            (ARRAY['Dress', 'Shirt', 'Coat', 'Jeans', 'Skirt', 'Boots', 'Bag', 'Scarf', 'Jacket', 'Top', 'Serum'])[1 + (i / 7) % 11] ||
            ' ' || (ARRAY['Classic', 'Relaxed', 'Cropped', 'Tailored', 'Printed'])[1 + (i / 77) % 5],
            (i * 7919) % 10000
       FROM generate_series(1, $1::int) i
       JOIN stores st ON st.slug = 'store-' || (1 + i % 40)
       JOIN brands br ON br.slug = 'brand-' || (1 + i % 200)
       JOIN leaf ON leaf.n = 1 + i % cardinality($2::text[])`,
    [products, leaves],
  );
  await db.query(
    `INSERT INTO variants (product_id, colour_name, colour, title, image_url, position)
     SELECT p.id, c.name, c.key, p.title, '/images/v1/placeholder.svg', c.position
       FROM products p CROSS JOIN (VALUES ('Black', 'black', 0), ('Red', 'red', 1)) AS c(name, key, position)
      WHERE c.position = 0 OR p.id % 2 = 0`,
  );
  await db.query(
    `INSERT INTO size_variants (store_id, item_id, variant_id, size, slug, url, status)
     SELECT p.store_id, v.id || '-' || z.size, v.id, z.size, 'item-' || v.id || '-' || lower(z.size), 'https://shop.example/' || v.id, 1
       FROM variants v JOIN products p ON p.id = v.product_id CROSS JOIN (VALUES ('S'), ('M')) AS z(size)`,
  );
  await db.query(
    `INSERT INTO size_variant_prices (size_variant_id, country_code, currency_code, msrp, sale_price, offers, free_delivery, status)
     SELECT sv.id, c.country, c.currency, 20 + sv.id % 300,
            CASE WHEN sv.id % 3 = 0 THEN (20 + sv.id % 300) * 0.8 ELSE 20 + sv.id % 300 END,
            CASE WHEN sv.id % 3 = 0 THEN 20 ELSE 0 END, sv.id % 5 = 0, 1
       FROM size_variants sv CROSS JOIN (VALUES ('GB', 'GBP'), ('US', 'USD')) AS c(country, currency)
      WHERE c.country = 'GB' OR sv.id % 2 = 0`,
  );
}
