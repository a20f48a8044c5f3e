import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { CATEGORIES } from '../../../server/api/catalog/category-tree';
import { ensureDemoCatalog } from '../../../server/api/catalog/demo-loader';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import { writeDemoCatalog, type DemoCatalogInfo } from '../../../server/demo/catalog/generate-demo-catalog';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from '../../../server/demo/catalog/special-products';
import { MenuService } from '../../../server/api/services/menu-service';
import { BOTH_ENGINES } from '../../support/test-database';

// The first-start load on a small catalogue, generated beforehand into the data
// directory (the loader uses a catalogue it finds there, whatever its size).
let dataDir: string;
let info: DemoCatalogInfo;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-demo-'));
  info = await writeDemoCatalog(path.join(dataDir, 'demo-catalog'), SMALL_DEMO);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type State = {
  stores: number;
  products: number;
  size_variants: number;
  history: number;
  categories: number;
  menu_items: number;
  home_rows: number;
  unranked: number;
  touched: string;
};

async function state(db: Database): Promise<State> {
  const [row] = await db.query<State>(
    `SELECT (SELECT count(*) FROM stores) AS stores, (SELECT count(*) FROM products) AS products,
            (SELECT count(*) FROM size_variants) AS size_variants, (SELECT count(*) FROM price_history) AS history,
            (SELECT count(*) FROM categories) AS categories, (SELECT count(*) FROM menu_items) AS menu_items,
            (SELECT count(*) FROM home_content) AS home_rows,
            (SELECT count(*) FROM products WHERE popularity = 0) AS unranked,
            (SELECT max(updated_at) FROM size_variants)::text AS touched`,
  );
  return row!;
}

describe.each(BOTH_ENGINES)('first-start demo catalogue on %s', (_engine, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('fills an empty catalogue from the generated feeds, reporting progress', async () => {
    const lines: string[] = [];
    await ensureDemoCatalog(db, dataDir, (line) => lines.push(line));
    expect(lines[0]).toBe(`Using the demo catalog generated in ${path.join(dataDir, 'demo-catalog')} (${info.products} products, ${info.feeds} feeds)`);
    const n = (x: number) => x.toLocaleString('en-GB');
    expect(lines).toContainEqual(`Importing demo catalog: feed ${info.feeds}/${info.feeds} · ${n(info.products)} products`);
    expect(lines.at(-1)).toMatch(new RegExp(`^Demo catalog ready: ${n(info.products)} products, ${n(info.items)} priced items from ${info.feeds} feeds \\(import [\\d.]+ s, total [\\d.]+ s\\)$`));
    expect(await state(db)).toMatchObject({
      stores: info.stores,
      products: info.products,
      history: info.items,
      categories: CATEGORIES.length,
      unranked: 0,
    });
    // Planner statistics gathered (PGlite has no autovacuum to do it).
    const [stats] = await db.query<{ tables: number }>(
      `SELECT count(DISTINCT tablename)::int AS tables FROM pg_stats
        WHERE schemaname = current_schema() AND tablename IN ('products', 'variants', 'size_variants', 'size_variant_prices')`,
    );
    expect(stats?.tables).toBe(4);
    const menu = await new MenuService(db).menuList();
    expect(menu.map((t) => t.name)).toEqual(['Featured', 'Women', 'Men', 'Shoes', 'Bags', 'Accessories', 'Beauty', 'Sale', 'Dress Me', 'Blog']);
    expect(menu.find((t) => t.name === 'Sale')!.childItems.map((c) => c.itemSlug)).toEqual([
      '10-20-percent-off', '30-40-percent-off', '50-percent-off', '60-percent-off', '70-percent-off',
    ]);
    expect(new Set(menu.find((t) => t.name === 'Women')!.childItems.map((c) => c.columnIdx))).toEqual(new Set([0, 1, 2, 3]));
    const [homeCountries] = await db.query<{ n: number }>('SELECT count(DISTINCT country_code) AS n FROM home_content');
    expect(homeCountries!.n).toBe(8);
  });

  it('holds the escaping test products under the guids the generator exports', async () => {
    const rows = await db.query<{ guid: string; title: string; category: string }>(
      `SELECT s.guid::text AS guid, p.title, c.slug AS category
         FROM size_variants s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
         JOIN categories c ON c.id = p.category_id
        WHERE s.guid = ANY($1::uuid[]) ORDER BY p.id`,
      [[SCRIPT_TITLE_PRODUCT.guid, LINE_SEPARATOR_PRODUCT.guid]],
    );
    expect(rows).toEqual([
      { guid: SCRIPT_TITLE_PRODUCT.guid, title: SCRIPT_TITLE_PRODUCT.title, category: 'midi-dresses' },
      { guid: LINE_SEPARATOR_PRODUCT.guid, title: LINE_SEPARATOR_PRODUCT.title, category: 'midi-dresses' },
    ]);
  });

  it('does nothing the second time', async () => {
    const before = await state(db);
    const lines: string[] = [];
    await ensureDemoCatalog(db, dataDir, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(await state(db)).toEqual(before);
  });

  it('finishes an import that an earlier start left half done', async () => {
    const complete = await state(db);
    // As if the process had died before the last feeds: what their imports write in their
    // transactions (products, feed states) is missing, and the import-complete marker was
    // never written.
    await db.query(`DELETE FROM feed_states WHERE store_id = (SELECT max(store_id) FROM products)`);
    await db.query(`DELETE FROM products WHERE store_id = (SELECT max(store_id) FROM products)`);
    fs.rmSync(path.join(dataDir, 'demo-catalog', 'imported.json'));
    expect((await state(db)).products).toBeLessThan(complete.products);
    const lines: string[] = [];
    await ensureDemoCatalog(db, dataDir, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^Resuming the demo catalog import from .*: an earlier start stopped before it finished$/);
    expect(await state(db)).toMatchObject({ products: complete.products, size_variants: complete.size_variants, unranked: 0 });
    expect(fs.existsSync(path.join(dataDir, 'demo-catalog', 'imported.json'))).toBe(true);
  });

  it('puts back missing site content without touching the products', async () => {
    await db.query('DELETE FROM home_content');
    const before = await state(db);
    const lines: string[] = [];
    await ensureDemoCatalog(db, dataDir, (line) => lines.push(line));
    expect(lines).toEqual(['Demo site content (menu and home page) loaded']);
    const after = await state(db);
    expect(after.home_rows).toBeGreaterThan(0);
    expect({ ...after, home_rows: 0, menu_items: 0 }).toEqual({ ...before, home_rows: 0, menu_items: 0 });
  });
});
