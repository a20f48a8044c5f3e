import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { readIndexSnapshot } from '../../../server/api/search-engine/index-snapshot';
import { TextIndex } from '../../../server/api/search-engine/index-text';
import { MemorySearchEngine, type BuildReport } from '../../../server/api/search-engine/memory-engine';
import { FACETS, catalogQuery, type SearchQuery } from '../../../server/api/search-engine/search-engine';
import { listingWorkload } from '../../../scripts/bench/listing-workload';
import { loadDemoCatalog, openDemoDatabase } from '../../support/demo-catalog-database';
import { dressFeed } from '../../support/feed-fixtures';
import { openTestDatabase, openTestPostgresDatabase } from '../../support/test-database';

// Issue 30, "ready after a restart": an api's index starts from the snapshot its last build
// wrote (index-snapshot.ts), then reads again only the stores that changed while it was
// stopped. It must answer exactly what an index built from the whole database answers, and a
// snapshot it cannot trust (torn, written by other code, of another database) is not used.

const DATABASES = [
  ['PGlite', openDemoDatabase],
  [
    'PostgreSQL',
    async () => {
      const db = await openTestPostgresDatabase();
      await loadDemoCatalog(db);
      return db;
    },
  ],
] as const;

const NEEDS = { hits: true, facets: [...FACETS] };
/** GB's first 24 cards, or those matching `text`. */
const gbPage = (text = ''): SearchQuery => ({ ...catalogQuery('GB'), text, limit: 24 });

/** Starts an engine as the api does (following changes), resolving with its first build's report. */
async function started(db: Database, snapshot: string | undefined): Promise<{ engine: MemorySearchEngine; report: BuildReport }> {
  const engine = new MemorySearchEngine(db, { snapshot, debounceMs: 0 });
  let report: BuildReport | undefined;
  engine.onBuilt = (r) => (report ??= r);
  await engine.start();
  return { engine, report: report! };
}

/** Dates every catalogue row, and the record of which stores were written (migration 0026), a day back. */
async function datedYesterday(db: Database): Promise<void> {
  for (const table of ['stores', 'products', 'variants', 'size_variants', 'size_variant_prices']) {
    await db.query(`UPDATE ${table} SET updated_at = now() - interval '1 day'`);
  }
  await db.query(`UPDATE catalog_writes SET written_at = now() - interval '1 day'`);
}

/** Every answer of `engine` over `queries`, with facets as plain sorted data, and a few word suggestions. */
async function answers(engine: MemorySearchEngine, queries: readonly SearchQuery[]) {
  const out = [];
  for (const q of queries) {
    const r = await engine.search(q, NEEDS);
    const facets = Object.entries(r.facets).map(([name, v]) => [name, v instanceof Map ? [...v].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) : v]);
    out.push({ total: r.total, ids: r.productIds, facets });
  }
  for (const prefix of ['dr', 'lin', 'sh', 'bl']) out.push(await engine.suggestTerms(prefix, undefined, 8));
  return out;
}

describe.each(DATABASES)('the index snapshot on %s', (_name, open) => {
  let db: Database;
  let dir: string;
  let file: string;
  let queries: SearchQuery[];
  /** What an index built from the database answers to `queries` once the changes are in. */
  let expected: unknown[];

  beforeAll(async () => {
    db = await open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-snapshot-'));
    file = path.join(dir, 'catalog-index.snapshot');
    // As a catalogue imported yesterday: only what changes after the snapshot is read again.
    await datedYesterday(db);
  });

  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts from its snapshot, reads again only the stores changed meanwhile, and answers exactly what a build from the database answers', async () => {
    const rowTerms = vi.spyOn(TextIndex.prototype, 'rowTerms');
    const first = await started(db, file);
    expect(first.report.fromSnapshot).toBeUndefined();
    const products = first.report.products;
    const gbBefore = await first.engine.search(gbPage(), { hits: true, facets: ['store'] });
    const [listed] = gbBefore.productIds;
    await first.engine.close();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    // Its first build was written at once, from the table it was built from: its terms were
    // not read back from the postings (decision 0103).
    expect(rowTerms).not.toHaveBeenCalled();
    rowTerms.mockRestore();
    // Written with the terms the index let go; read, they come in a buffer of their own, which
    // the restarted index lets go in turn once its postings are built (DocumentTable.termsAgain).
    const read = await readIndexSnapshot(file);
    if ('refused' in read) throw new Error(read.refused);
    expect(read.table.termData.length).toBe(read.table.termStart[read.table.size]);
    expect(read.table.termData.length).toBeGreaterThan(5_000);
    expect(read.table.termData.buffer).not.toBe(read.table.products.productId.buffer);

    // While it is stopped: a new store's feed (logged changes), a product renamed (no log entry,
    // only updated_at), and a store whose GB feed is now too old to list.
    await importStores(db, { stores: [{ slug: 'larch-linen', name: 'Larch Linen', countryCode: 'GB' }] });
    await importFeed(db, {
      store: 'larch-linen',
      country: 'GB',
      text: dressFeed([
        { id: 'LL-1', title: 'Linen Midi Dress', price: '100.00' },
        { id: 'LL-2', title: 'Linen Wrap Dress', price: '80.00' },
      ]),
    });
    const [renamed] = await db.query<{ id: number; store_id: number }>(
      `UPDATE products SET title = 'Sheerwater Pleated Dress', updated_at = now()
        WHERE id = $1 RETURNING id, store_id`,
      [listed],
    );
    // A store listed in GB until now, not the renamed product's.
    const [withheldStore, listedThere] = [...gbBefore.facets.store!].find(([id, n]) => n > 0 && id !== renamed!.store_id)!;
    expect(listedThere).toBeGreaterThan(0);
    const [withheld] = await db.query<{ store_id: number }>(
      `INSERT INTO feed_states (store_id, country_code, confirmed_at) VALUES ($1, 'GB', now() - interval '300 hours')
       ON CONFLICT (store_id, country_code) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at RETURNING store_id`,
      [withheldStore],
    );

    const restarted = await started(db, file);
    expect(restarted.report).toMatchObject({ fromSnapshot: true, stores: 3 });
    const built = await started(db, undefined);
    expect(built.report.fromSnapshot).toBeUndefined();
    // The new store's two dresses are in; the withheld store's products sold in GB alone are not.
    const [{ n: gbOnly } = { n: -1 }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p WHERE p.store_id = $1 AND NOT EXISTS (
         SELECT 1 FROM variants v JOIN size_variants sv ON sv.variant_id = v.id
           JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.withdrawn_at IS NULL
          WHERE v.product_id = p.id AND pr.country_code <> 'GB')`,
      [withheldStore],
    );
    expect(gbOnly).toBeGreaterThan(0);
    expect(restarted.report.products).toBe(built.report.products);
    expect(built.report.products).toBe(products + 2 - gbOnly);
    queries = [...listingWorkload(built.engine.directory(), 120), gbPage(), gbPage('sheerwater')];
    expected = await answers(built.engine, queries);
    expect(await answers(restarted.engine, queries)).toEqual(expected);
    expect((await restarted.engine.search(gbPage('sheerwater'), NEEDS)).productIds).toEqual([renamed!.id]);
    const gb = await built.engine.search(catalogQuery('GB'), { hits: false, facets: ['store'] });
    expect(gb.facets.store?.get(withheld!.store_id) ?? 0).toBe(0);
    await restarted.engine.close();
    await built.engine.close();

    // Closed after a build, the engine wrote what it holds. The next start reads again the two
    // stores whose rows were written within CATCH_UP_MARGIN_MS of that build (an import that
    // began before it may commit after it), and not the withheld one.
    const again = await started(db, file);
    expect(again.report).toMatchObject({ fromSnapshot: true, stores: 2, products: built.report.products });
    expect(await answers(again.engine, queries)).toEqual(expected);
    await again.engine.close();
  });

  it('reads again the stores of writes that leave no updated_at behind: a colour renamed by hand, a price row deleted', async () => {
    // The writes of the test before dated a day back: this start reads nothing again.
    await datedYesterday(db);
    const clean = await started(db, file);
    expect(clean.report).toMatchObject({ fromSnapshot: true, stores: 0 });
    await clean.engine.close();
    await datedYesterday(db);

    // A GB card's colour renamed, and another store's GB price row of a product taken away:
    // neither moves an updated_at nor writes the change log.
    const page = await clean.engine.search(gbPage(), NEEDS);
    const [recoloured] = await db.query<{ product_id: number; store_id: number }>(
      `UPDATE variants v SET colour_name = 'Sea Glass' FROM products p
        WHERE p.id = v.product_id AND v.id = (SELECT min(id) FROM variants WHERE product_id = $1)
        RETURNING v.product_id, p.store_id`,
      [page.productIds[0]],
    );
    const [{ id: gone } = { id: -1 }] = await db.query<{ id: number }>(
      'SELECT id FROM products WHERE id = ANY($1::int[]) AND store_id <> $2 ORDER BY array_position($1::int[], id) LIMIT 1',
      [page.productIds, recoloured!.store_id],
    );
    await db.query(
      `DELETE FROM size_variant_prices pr USING size_variants sv JOIN variants v ON v.id = sv.variant_id
        WHERE sv.id = pr.size_variant_id AND v.product_id = $1 AND pr.country_code = 'GB'`,
      [gone],
    );

    const restarted = await started(db, file);
    expect(restarted.report).toMatchObject({ fromSnapshot: true, stores: 2 });
    // Where the start's time went, as the api logs it (the restart bench prints it).
    expect(Object.keys(restarted.report.phases!)).toEqual(['file', 'changes', 'stores', 'merge', 'index']);
    const built = await started(db, undefined);
    const changed = [...queries, gbPage(), gbPage('sea glass')];
    const fromDatabase = await answers(built.engine, changed);
    expect(await answers(restarted.engine, changed)).toEqual(fromDatabase);
    expect((await restarted.engine.search(gbPage('sea glass'), NEEDS)).productIds).toContain(recoloured!.product_id);
    expect((await restarted.engine.search(gbPage(), NEEDS)).productIds).not.toContain(gone);
    expected = await answers(built.engine, queries);
    await restarted.engine.close();
    await built.engine.close();
  });

  it('does not use a torn snapshot, one whose arrays disagree with its header, nor one written by other code: it builds from the database and writes a good one', async () => {
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, whole.length - 100));
    const torn = await started(db, file);
    expect(torn.report.fromSnapshot).toBeUndefined();
    expect(await answers(torn.engine, queries)).toEqual(expected);
    await torn.engine.close();

    // A header whose size disagrees with its arrays (one row fewer, same length of text).
    const text = whole.toString('latin1');
    const [sizeField, size] = /"size":(\d+)/.exec(text)!;
    expect(String(Number(size) - 1).length).toBe(size!.length);
    fs.writeFileSync(file, Buffer.from(text.replace(sizeField, `"size":${Number(size) - 1}`), 'latin1'));
    const misread = await started(db, file);
    expect(misread.report.fromSnapshot).toBeUndefined();
    expect(await answers(misread.engine, queries)).toEqual(expected);
    await misread.engine.close();

    // The same bytes under another code's fingerprint (the header's hash, same length).
    const fingerprint = /"fingerprint":"([0-9a-f]{64})"/.exec(text)![1]!;
    fs.writeFileSync(file, Buffer.from(text.replace(fingerprint, '0'.repeat(64)), 'latin1'));
    const foreign = await started(db, file);
    expect(foreign.report.fromSnapshot).toBeUndefined();
    await foreign.engine.close();
    // What the engine wrote at close is its own, and whole.
    const reused = await started(db, file);
    expect(reused.report).toMatchObject({ fromSnapshot: true, stores: 2 });
    expect(await answers(reused.engine, queries)).toEqual(expected);
    await reused.engine.close();
  });

  it('writes a build made within a minute of the last write when it closes, its terms read back from the postings', async () => {
    const later = path.join(dir, 'later.snapshot');
    // Not following notices: the second build is this test's own, and no other runs meanwhile.
    const engine = new MemorySearchEngine(db, { snapshot: later, follow: false });
    const reports: BuildReport[] = [];
    engine.onBuilt = (report) => void reports.push(report);
    await engine.start();
    // A feed imported after the first build, whose snapshot was written at once: the second
    // build's waits for the minute to pass, and the index has let its terms go by then.
    await importStores(db, { stores: [{ slug: 'rowan-wool', name: 'Rowan Wool', countryCode: 'GB' }] });
    await importFeed(db, { store: 'rowan-wool', country: 'GB', text: dressFeed([{ id: 'RW-1', title: 'Rowan Knit Dress', price: '90.00' }]) });
    await engine.rebuild();
    expect(reports.map((r) => r.products)).toEqual([reports[0]!.products, reports[0]!.products + 1]);
    const rowTerms = vi.spyOn(TextIndex.prototype, 'rowTerms');
    await engine.close();
    expect(rowTerms).toHaveBeenCalledTimes(1);
    rowTerms.mockRestore();

    const again = await started(db, later);
    expect(again.report).toMatchObject({ fromSnapshot: true, products: reports[1]!.products });
    const fromDatabase = await started(db, undefined);
    const asked = [...queries, gbPage('rowan knit')];
    expect(await answers(again.engine, asked)).toEqual(await answers(fromDatabase.engine, asked));
    expect((await again.engine.search(gbPage('rowan knit'), NEEDS)).total).toBe(1);
    await again.engine.close();
    await fromDatabase.engine.close();
  });

  it("does not use another database's snapshot", async () => {
    const other = await openTestDatabase();
    try {
      const copy = path.join(dir, 'copied.snapshot');
      fs.copyFileSync(file, copy);
      const engine = await started(other, copy);
      // The empty database's index, not the copied catalogue's.
      expect(engine.report).toMatchObject({ products: 0 });
      expect(engine.report.fromSnapshot).toBeUndefined();
      await engine.engine.close();
    } finally {
      await other.close();
    }
  });
});
