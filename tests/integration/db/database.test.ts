import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../../server/api/config';
import type { Database } from '../../../server/api/db/database';
import { migrate } from '../../../server/api/db/migrate';
import { openDatabase } from '../../../server/api/db/open-database';
import { MIGRATIONS } from '../../../server/api/db/migrations';
import { openPgliteDatabase } from '../../../server/api/db/pglite-database';
import { createSearchTables } from '../../../server/api/search-engine/sql-engine-tables';
import { createPostgresDatabase } from '../../support/postgres';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { openTestDatabase, openTestDataDir, openTestPostgresDatabase, providedDump } from '../../support/test-database';

// One SQL dialect on two engines: the same migrations, the same answers.

const TABLES_SQL = `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;

describe.each([
  ['PGlite', openTestDatabase],
  ['PostgreSQL', openTestPostgresDatabase],
] as const)('database on %s', (_name, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies every numbered migration once, and nothing the second time', async () => {
    const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  it('has the catalogue tables', async () => {
    const tables = (await db.query<{ table_name: string }>(TABLES_SQL)).map((r) => r.table_name);
    for (const table of ['stores', 'brands', 'categories', 'products', 'variants', 'size_variants', 'size_variant_prices', 'price_history', 'coupons', 'menu_items', 'home_content']) {
      expect(tables).toContain(table);
    }
  });

  it("leaves the SQL search engine's tables out of the api's schema", async () => {
    const tables = (await db.query<{ table_name: string }>(TABLES_SQL)).map((r) => r.table_name);
    expect(tables.filter((t) => t.startsWith('search_'))).toEqual([]);
    expect(tables).toContain('product_clicks');
  });

  it('drops those tables from a database that got them from migration 0004 before, and keeps the rest', async () => {
    // A database from an earlier start: 0004 created the engine's tables, 0005 never ran.
    await db.query('DELETE FROM schema_migrations WHERE version = 5');
    await createSearchTables(db);
    const before = await db.query<{ slug: string }>('SELECT slug FROM editors_pick_lists ORDER BY slug');
    expect(await migrate(db)).toEqual([5]);
    const tables = (await db.query<{ table_name: string }>(TABLES_SQL)).map((r) => r.table_name);
    expect(tables.filter((t) => t.startsWith('search_'))).toEqual([]);
    expect(await db.query('SELECT slug FROM editors_pick_lists ORDER BY slug')).toEqual(before);
    expect(before).toHaveLength(4);
  });

  it('returns counts and prices as numbers, and text parameters as they were sent', async () => {
    const [row] = await db.query<{ n: number; price: number; big: number; text: string }>(
      `SELECT count(*) AS n, 1299.99::numeric(12,2) AS price, 9007199254740::bigint AS big, $1::text AS text FROM brands`,
      ["O'Brien; DROP TABLE brands; --"],
    );
    expect(row).toEqual({ n: 0, price: 1299.99, big: 9007199254740, text: "O'Brien; DROP TABLE brands; --" });
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO brands (slug, name) VALUES ('rolled-back', 'Rolled Back')`);
        await tx.query(`INSERT INTO brands (slug, name) VALUES ('rolled-back', 'Duplicate')`);
      }),
    ).rejects.toThrow();
    const rows = await db.query(`SELECT 1 FROM brands WHERE slug = 'rolled-back'`);
    expect(rows).toHaveLength(0);
  });
});

describe('migrations on a shared PostgreSQL server', () => {
  it('let several api instances start at once (advisory lock)', async () => {
    const { url, drop } = await createPostgresDatabase();
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
      const [row] = await instances[0]!.query<{ n: number }>('SELECT count(*) AS n FROM schema_migrations');
      expect(row!.n).toBe(MIGRATIONS.length);
      await Promise.all(instances.map((db) => db.close()));
    } finally {
      await drop();
    }
  });
});

describe('PGlite settings', () => {
  const SETTINGS_SQL = `SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections,
                               current_setting('random_page_cost') AS random_page_cost`;

  it("start the tests' databases with small shared memory (TEST_PGLITE_SETTINGS), the api's (no settings) with PGlite's own, and every one with reads out of order priced as in memory (PGLITE_SETTINGS)", async () => {
    for (const open of [openTestDatabase, openDemoDatabase]) {
      const db = await open();
      expect(await db.query(SETTINGS_SQL)).toEqual([{ shared_buffers: '16MB', max_connections: '5', random_page_cost: '1.1' }]);
      await db.close();
    }
    const own = await openPgliteDatabase(undefined, { loadDataDir: providedDump('pgliteTemplate') });
    expect(await own.query(SETTINGS_SQL)).toEqual([{ shared_buffers: '128MB', max_connections: '100', random_page_cost: '1.1' }]);
    await own.close();
  });

  it("give the api's embedded database the page cache PGLITE_SHARED_BUFFERS names, and refuse a value that is no size", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-shared-buffers-'));
    try {
      const config = loadApiConfig({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS: '24MB' });
      const db = await openTestDataDir(config.dataDir, { pgliteSharedBuffers: config.pgliteSharedBuffers });
      expect(await db.query(SETTINGS_SQL)).toEqual([{ shared_buffers: '24MB', max_connections: '100', random_page_cost: '1.1' }]);
      await db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(loadApiConfig({}).pgliteSharedBuffers).toBeUndefined();
    for (const value of ['lots', '16', '0MB', '16 MB', '16mb']) {
      expect(() => loadApiConfig({ PGLITE_SHARED_BUFFERS: value }), value).toThrow(/PGLITE_SHARED_BUFFERS must be a size like 16MB or 1GB/);
    }
  });
});
