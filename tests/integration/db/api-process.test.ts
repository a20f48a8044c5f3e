import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/api/db/open-database';
import { MIGRATIONS } from '../../../server/api/db/migrations';
import { INDEX_SNAPSHOT_FILE } from '../../../server/api/config';
import {
  freePort,
  generateDemoCatalog,
  startNodeProcess,
  tempDataDir,
  waitForUrl,
  type NodeProcess,
} from '../../../scripts/lib/processes';
import { createPostgresDatabase } from '../../support/postgres';
import { waitForOutput } from '../../support/process-output';
import { testBuild, TEST_BUILD_DIR } from '../../support/test-build';

// The built api as a real process: the data-directory lock, a clean SIGTERM, and kill -9
// in the middle of the first-start import, on PGlite and on a PostgreSQL server.

const dirs: string[] = [];
const running: NodeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function startApi(env: NodeJS.ProcessEnv): Promise<{ proc: NodeProcess; url: string }> {
  const port = await freePort();
  const proc = startNodeProcess(testBuild('server/api.js'), { LOG_LEVEL: 'info', API_PORT: String(port), ...env });
  running.push(proc);
  return { proc, url: `http://127.0.0.1:${port}` };
}

/**
 * A demo whose first import takes a few seconds even on a fast machine: long enough to log its
 * progress (every second) and be killed part-way, no longer (it was 2,000, a quarter minute more
 * of CI per engine; issue 26).
 */
const KILLED_IMPORT_PRODUCTS = 600;

function dataDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

/** Waits until the process prints a progress line of the import, before its last feed. */
async function waitForImportUnderway(proc: NodeProcess): Promise<void> {
  const [, feed, feeds] = await waitForOutput(proc, /Importing demo catalog: feed (\d+)\/(\d+)/);
  expect(Number(feed)).toBeLessThan(Number(feeds));
}

type Counts = { products: number; size_variants: number; prices: number; menu: number };
const COUNT_SQL = `SELECT (SELECT count(*) FROM products) AS products,
                          (SELECT count(*) FROM size_variants) AS size_variants,
                          (SELECT count(*) FROM size_variant_prices) AS prices,
                          (SELECT count(*) FROM menu_items) AS menu`;

describe('the api process and its embedded database', () => {
  // One api for both (an api's start was a few CPU-seconds of CI's, issue 26).
  it('refuses a second process on the same data directory with a clear message; stops cleanly on SIGTERM: checkpoint, close, lock released, data kept', async () => {
    const dir = dataDir();
    const first = await startApi({ DATA_DIR: dir, DEMO_CATALOG: 'false' });
    await waitForUrl(`${first.url}/readyz`, first.proc);
    // With the Node flags the run gives every service process (tests/vitest.config.ts, decision 0087).
    expect(fs.readFileSync(`/proc/${first.proc.child.pid}/cmdline`, 'utf8').split('\0')).toContain('--liftoff-only');
    // Its malloc asks for 2 MB pages (scripts/lib/processes.ts SERVICE_ENV, decision 0101).
    expect(fs.readFileSync(`/proc/${first.proc.child.pid}/environ`, 'utf8').split('\0')).toContain('GLIBC_TUNABLES=glibc.malloc.hugetlb=1');
    // A new data directory is loaded from the build's migrated cluster, not made by initdb (decision 0088).
    expect(first.proc.output()).toContain('new embedded database: loading a migrated cluster');
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(true);

    const second = await startApi({ DATA_DIR: dir, DEMO_CATALOG: 'false' });
    expect(await second.proc.exited).toBe(1);
    expect(second.proc.output()).toContain('is in use by another Vitrine api process');
    expect(second.proc.output()).toContain(`pid ${first.proc.child.pid}`);
    // The first is unharmed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    expect(await first.proc.stop('SIGTERM')).toBe(0);
    expect(first.proc.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(false);
    const db = await openDatabase({ dataDir: dir });
    const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM categories');
    expect(row!.n).toBeGreaterThan(50);
    const migrations = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(migrations.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await db.close();
  });

  it('survives kill -9 in the middle of the first import: the next start takes over and finishes it', async () => {
    const dir = dataDir();
    generateDemoCatalog(dir, KILLED_IMPORT_PRODUCTS, TEST_BUILD_DIR);
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'demo-catalog/generator.json'), 'utf8')) as { products: number };
    const first = await startApi({ DATA_DIR: dir });
    await waitForImportUnderway(first.proc);
    await first.proc.stop('SIGKILL');
    // The lock of a dead process is stale: the next start takes it over.
    expect(fs.existsSync(path.join(dir, 'vitrine.lock'))).toBe(true);

    const second = await startApi({ DATA_DIR: dir });
    await waitForUrl(`${second.url}/readyz`, second.proc);
    expect(second.proc.output()).toContain('Resuming the demo catalog import');
    expect(await second.proc.stop('SIGTERM')).toBe(0);
    // Issue 30: stopped, it left its index's table in DATA_DIR, and the next start begins from it.
    expect(fs.statSync(path.join(dir, INDEX_SNAPSHOT_FILE)).size).toBeGreaterThan(0);
    const third = await startApi({ DATA_DIR: dir });
    await waitForUrl(`${third.url}/readyz`, third.proc);
    expect(third.proc.output()).toContain('catalog index started from its snapshot');
    expect(await third.proc.stop('SIGTERM')).toBe(0);

    const db = await openDatabase({ dataDir: dir });
    const [counts] = await db.query<Counts>(COUNT_SQL);
    await db.close();
    expect(counts!.products).toBe(info.products);
    expect(counts!.menu).toBeGreaterThan(0);
  });

  it('survives kill -9 in the middle of the first import on a PostgreSQL server too', async () => {
    const dir = dataDir();
    generateDemoCatalog(dir, KILLED_IMPORT_PRODUCTS, TEST_BUILD_DIR);
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'demo-catalog/generator.json'), 'utf8')) as { products: number };
    const database = await createPostgresDatabase();
    try {
      const first = await startApi({ DATA_DIR: dir, DATABASE_URL: database.url });
      await waitForImportUnderway(first.proc);
      await first.proc.stop('SIGKILL');

      const second = await startApi({ DATA_DIR: dir, DATABASE_URL: database.url });
      await waitForUrl(`${second.url}/readyz`, second.proc);
      expect(second.proc.output()).toContain('Resuming the demo catalog import');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(COUNT_SQL);
      await client.end();
      expect(Number(rows[0].products)).toBe(info.products);
      expect(Number(rows[0].size_variants)).toBeGreaterThan(info.products);
      expect(await second.proc.stop('SIGTERM')).toBe(0);
    } finally {
      await database.drop();
    }
  });
});
