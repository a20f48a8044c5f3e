import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { compactCatalogWrites, storesChangedSince } from '../../../server/api/search-engine/catch-up';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { dressFeed } from '../../support/feed-fixtures';

// Migration 0026: every statement that writes catalogue rows leaves its stores in
// catalog_writes, one row a store and transaction, whatever wrote them; an api starting from
// its index snapshot asks it which stores to read again (catch-up.ts).

describe('the record of which stores were written', () => {
  let db: Database;
  /** Two stores of the demo with products, and one product, variant and size of each. */
  let rows: { store_id: number; product_id: number; variant_id: number; size_variant_id: number }[];

  beforeAll(async () => {
    db = await openDemoDatabase();
    rows = await db.query(
      `SELECT DISTINCT ON (p.store_id) p.store_id, p.id AS product_id, v.id AS variant_id, sv.id AS size_variant_id
         FROM products p JOIN variants v ON v.product_id = p.id JOIN size_variants sv ON sv.variant_id = v.id
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
        ORDER BY p.store_id, p.id LIMIT 2`,
    );
    expect(rows).toHaveLength(2);
  });

  afterAll(async () => {
    await db?.close();
  });

  const written = () => db.query<{ store_id: number; xact: string }>('SELECT store_id, xact::text FROM catalog_writes ORDER BY xact, store_id');

  it('records the store of each insert, update and delete on products, variants, sizes and prices, once a transaction', async () => {
    await db.exec('DELETE FROM catalog_writes');
    const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
    // One transaction per table, each touching store a's row twice and store b's once.
    await db.transaction(async (tx) => {
      await tx.query("UPDATE products SET title = title || ' ' WHERE id = $1", [a.product_id]);
      await tx.query("UPDATE products SET title = rtrim(title) WHERE id = ANY($1::int[])", [[a.product_id, b.product_id]]);
    });
    await db.transaction(async (tx) => {
      await tx.query("UPDATE variants SET colour_name = colour_name || ' ' WHERE id = $1", [b.variant_id]);
    });
    await db.transaction(async (tx) => {
      await tx.query('UPDATE size_variants SET status = status WHERE id = $1', [a.size_variant_id]);
    });
    const [price] = await db.query<Record<string, unknown>>('SELECT * FROM size_variant_prices WHERE size_variant_id = $1 LIMIT 1', [b.size_variant_id]);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM size_variant_prices WHERE size_variant_id = $1 AND country_code = $2', [b.size_variant_id, price!.country_code]);
    });
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO size_variant_prices SELECT * FROM json_populate_record(null::size_variant_prices, $1::json)', [JSON.stringify(price)]);
    });
    const stores = (await written()).map((r) => r.store_id);
    expect(stores).toEqual([a.store_id, b.store_id, b.store_id, a.store_id, b.store_id, b.store_id]);
    // Each transaction its own rows: five transactions.
    expect(new Set((await written()).map((r) => r.xact)).size).toBe(5);
  });

  it("answers which stores were written since a moment, and keeps only each store's newest write when compacted", async () => {
    const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
    // As a catalogue imported two days ago.
    await db.exec(`UPDATE catalog_writes SET written_at = now() - interval '2 days'`);
    await db.exec(`UPDATE stores SET updated_at = now() - interval '2 days'`);
    const [{ cursor } = { cursor: 0 }] = await db.query<{ cursor: number }>('SELECT coalesce(max(id), 0)::int AS cursor FROM price_history');
    const since = new Date(Date.now() - 60 * 60_000);
    const slug = async (id: number) => (await db.query<{ slug: string }>('SELECT slug FROM stores WHERE id = $1', [id]))[0]!.slug;
    expect((await storesChangedSince(db, cursor, since)).stores).toEqual([]);
    await db.query("UPDATE variants SET colour_name = rtrim(colour_name) WHERE id = $1", [a.variant_id]);
    expect((await storesChangedSince(db, cursor, since)).stores).toEqual([await slug(a.store_id)]);

    // Seven rows (a's two old ones and its new one, b's four old ones) become one a store.
    expect(await compactCatalogWrites(db)).toBe(5);
    const left = await db.query<{ store_id: number; recent: boolean }>(
      `SELECT store_id, written_at > now() - interval '1 hour' AS recent FROM catalog_writes ORDER BY store_id`,
    );
    expect(left).toEqual([
      { store_id: a.store_id, recent: true },
      { store_id: b.store_id, recent: false },
    ]);
    expect((await storesChangedSince(db, cursor, since)).stores).toEqual([await slug(a.store_id)]);
    expect(await compactCatalogWrites(db)).toBe(0);
  });

  it("records the stores an import wrote, on PGlite too, where the importer skips the foreign keys' triggers", async () => {
    await db.exec('DELETE FROM catalog_writes');
    await importStores(db, { stores: [{ slug: 'larch-linen', name: 'Larch Linen', countryCode: 'GB' }] });
    await importFeed(db, { store: 'larch-linen', country: 'GB', text: dressFeed([{ id: 'LL-1', title: 'Linen Midi Dress', price: '100.00' }]) });
    const written = await db.query<{ slug: string }>('SELECT DISTINCT s.slug FROM catalog_writes c JOIN stores s ON s.id = c.store_id');
    expect(written).toEqual([{ slug: 'larch-linen' }]);
  });
});
