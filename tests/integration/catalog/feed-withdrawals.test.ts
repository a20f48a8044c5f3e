import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingPageSchema } from '../../../shared/api/search-schemas';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { tempDataDir } from '../../../scripts/lib/processes';
import { LOG_START, type CatalogChange } from '../../../server/api/catalog/catalog-changes';
import { readCatalogGeneration } from '../../../server/api/catalog/catalog-generation';
import { FeedRefresher } from '../../../server/api/catalog/feed-refresh';
import { formatImportReport } from '../../../server/api/catalog/import-files';
import { FeedImportError, importFeed, type ImportReport } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { startApi } from '../../support/api-server';
import { changesSince } from '../../support/change-log';
import { dressFeed, type DressRow } from '../../support/feed-fixtures';
import type { Running } from '../../support/listen';
import { SEARCH_ENGINES, apiOverEngine, type StartedEngine } from '../../support/search-engines';
import { BOTH_ENGINES } from '../../support/test-database';

// Issue 27, "Gone items leave": a store's feed for a country is a full snapshot unless its
// stores.json entry says "mode": "incremental". After a full feed, what it no longer carries is
// withdrawn (out of every listing, count and facet of both engines), and comes back as it was,
// same ids, guid and history, when a later feed carries it again; an incremental feed withdraws
// nothing. A full feed carrying fewer than FEED_SHRINK_GUARD percent of the items the last one
// carried is held until an operator applies it. Every applied import keeps feed_states.

const MANIFEST = {
  stores: [
    { slug: 'larch-linen', name: 'Larch Linen', countryCode: 'GB' },
    { slug: 'kestrel-knit', name: 'Kestrel Knit', countryCode: 'GB', mode: 'incremental' },
  ],
};

/** Larch Linen's range: six products, seven items (the tweed dress in two sizes). */
const LARCH: DressRow[] = [
  { id: 'LL-LINEN', title: 'Linen Midi Dress', price: '100.00' },
  { id: 'LL-SILK', title: 'Silk Wrap Dress', price: '50.00' },
  { id: 'LL-WOOL', title: 'Wool Shift Dress', price: '60.00' },
  { id: 'LL-COTTON', title: 'Cotton Shirt Dress', price: '40.00' },
  { id: 'LL-TWEED-S', group: 'LL-TWEED', size: 'S', title: 'Tweed Pinafore Dress', price: '70.00' },
  { id: 'LL-TWEED-L', group: 'LL-TWEED', size: 'L', title: 'Tweed Pinafore Dress', price: '70.00' },
  { id: 'LL-VELVET', title: 'Velvet Slip Dress', price: '90.00' },
];
/** Kestrel Knit's range: three products. */
const KESTREL: DressRow[] = [
  { id: 'KK-CABLE', title: 'Cable Knit Dress', price: '80.00' },
  { id: 'KK-RIB', title: 'Ribbed Jumper Dress', price: '65.00' },
  { id: 'KK-MOHAIR', title: 'Mohair Sweater Dress', price: '95.00' },
];
/** The next day's feeds: Larch no longer sells the silk dress nor the tweed's large size; Kestrel sends its changes only. */
const LARCH_NEXT = LARCH.filter((r) => r.id !== 'LL-SILK' && r.id !== 'LL-TWEED-L');
const KESTREL_NEXT = KESTREL.filter((r) => r.id !== 'KK-RIB');

const importLarch = (db: Database, rows: readonly DressRow[], extra: { shrinkGuard?: number; applyHeld?: boolean } = {}) =>
  importFeed(db, { store: 'larch-linen', country: 'GB', text: dressFeed(rows), ...extra });
const importKestrel = (db: Database, rows: readonly DressRow[]) => importFeed(db, { store: 'kestrel-knit', country: 'GB', text: dressFeed(rows) });

async function changesOf(db: Database, itemId: string): Promise<CatalogChange[]> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM size_variants WHERE item_id = $1', [itemId]);
  return (await changesSince(db, LOG_START)).filter((c) => c.sizeVariantId === row!.id);
}

const priceRows = (db: Database) =>
  db.query<{ item_id: string; id: number; guid: string; product_id: number; withdrawn: boolean }>(
    `SELECT sv.item_id, sv.id, sv.guid::text AS guid, v.product_id, pr.withdrawn_at IS NOT NULL AS withdrawn
       FROM size_variant_prices pr JOIN size_variants sv ON sv.id = pr.size_variant_id JOIN variants v ON v.id = sv.variant_id
      ORDER BY sv.item_id`,
  );

type FeedStateRow = {
  mode: string;
  confirmed_at: Date | null;
  imported_at: Date | null;
  items_carried: number;
  items_withdrawn: number;
  items_rejected: number;
  held_at: Date | null;
  held_items: number | null;
  held_sha256: string | null;
};

async function feedState(db: Database, store: string): Promise<FeedStateRow> {
  const [row] = await db.query<FeedStateRow>(
    `SELECT f.mode, f.confirmed_at, f.imported_at, f.items_carried, f.items_withdrawn, f.items_rejected, f.held_at, f.held_items, f.held_sha256
       FROM feed_states f JOIN stores s ON s.id = f.store_id WHERE s.slug = $1 AND f.country_code = 'GB'`,
    [store],
  );
  return row!;
}

const counts = (state: FeedStateRow) => ({
  mode: state.mode,
  carried: state.items_carried,
  withdrawn: state.items_withdrawn,
  rejected: state.items_rejected,
  held: state.held_items,
});

describe.each(BOTH_ENGINES)('withdrawals on %s', (_database, openDatabase) => {
  describe.each(SEARCH_ENGINES)('read by %s', (_engine, makeEngine) => {
    let db: Database;
    let started: StartedEngine | undefined;
    let api: Running | undefined;
    let before: Awaited<ReturnType<typeof listing>>;
    let day2: { larch: ImportReport; kestrel: ImportReport; generation: [number, number] };
    let idsBefore: Awaited<ReturnType<typeof priceRows>>;

    async function serve(): Promise<void> {
      await api?.close();
      await started?.close();
      started = await makeEngine(db);
      api = await apiOverEngine(db, started.engine);
    }

    async function listing() {
      const res = await request(api!.url).get(`${SEARCH_API.listing}?country=GB`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = ListingPageSchema.parse(res.body.data);
      const stores = Object.fromEntries(page.filters.store.buckets.map((b) => [b.textKey, b.docCount]));
      return { total: page.pages[0]!.totalCount, ids: page.pages.flatMap((p) => p.products.map((c) => c.id)).sort((a, b) => a - b), stores };
    }

    beforeAll(async () => {
      db = await openDatabase();
      await importStores(db, MANIFEST);
      await importLarch(db, LARCH);
      await importKestrel(db, KESTREL);
      idsBefore = await priceRows(db);
      await serve();
      before = await listing();
      const generation = await readCatalogGeneration(db);
      const larch = await importLarch(db, LARCH_NEXT);
      const kestrel = await importKestrel(db, KESTREL_NEXT);
      day2 = { larch, kestrel, generation: [generation, await readCatalogGeneration(db)] };
      await serve();
    });

    afterAll(async () => {
      await api?.close();
      await started?.close();
      await db?.close();
    });

    it('lists both stores’ ranges before the next day’s feeds', () => {
      expect([before.total, before.ids.length, before.stores]).toEqual([9, 9, { 'larch-linen': 6, 'kestrel-knit': 3 }]);
    });

    it('withdraws what a full feed no longer carries, and nothing for an incremental one', async () => {
      expect([day2.larch.mode, day2.larch.carried, day2.larch.withdrawn, day2.larch.returned, day2.larch.held]).toEqual(['full', 5, 2, 0, null]);
      expect([day2.kestrel.mode, day2.kestrel.carried, day2.kestrel.withdrawn, day2.kestrel.held]).toEqual(['incremental', 2, 0, null]);
      const withdrawn = (await priceRows(db)).filter((r) => r.withdrawn).map((r) => r.item_id);
      expect(withdrawn).toEqual(['LL-SILK', 'LL-TWEED-L']);
      // Rows, ids and guids all stay.
      const ids = (rows: Awaited<ReturnType<typeof priceRows>>) => rows.map((r) => [r.item_id, r.id, r.guid, r.product_id]);
      expect(ids(await priceRows(db))).toEqual(ids(idsBefore));
      // The import that withdrew bumped the generation once (Kestrel's changed nothing).
      expect(day2.generation[1] - day2.generation[0]).toBe(1);
      expect(formatImportReport(day2.larch)[0]).toMatch(/: 5 rows read, 0 imported, 0 updated, 5 unchanged, 0 rejected, 2 withdrawn \(\d+ ms\)$/);
    });

    it('leaves a withdrawn product out of the total, the ids and the facets, by exactly its count', async () => {
      const after = await listing();
      const silk = idsBefore.find((r) => r.item_id === 'LL-SILK')!.product_id;
      const tweed = idsBefore.find((r) => r.item_id === 'LL-TWEED-L')!.product_id;
      // The silk dress is gone; the tweed dress still sells its small size.
      expect(after.total).toBe(before.total - 1);
      expect(after.ids).toEqual(before.ids.filter((id) => id !== silk));
      expect(after.ids).toContain(tweed);
      expect(after.stores).toEqual({ 'larch-linen': 5, 'kestrel-knit': 3 });
    });

    it('logs a withdrawal as out of stock on that country’s site', async () => {
      const silk = await changesOf(db, 'LL-SILK');
      expect(silk.map((c) => [c.firstSeen, c.previous?.availability ?? null, c.availability, c.salePrice])).toEqual([
        [true, null, 'in_stock', 50],
        [false, 'in_stock', 'out_of_stock', 50],
      ]);
    });

    it('keeps what each applied feed did in feed_states', async () => {
      const larch = await feedState(db, 'larch-linen');
      expect(counts(larch)).toEqual({ mode: 'full', carried: 5, withdrawn: 2, rejected: 0, held: null });
      expect(counts(await feedState(db, 'kestrel-knit'))).toEqual({ mode: 'incremental', carried: 2, withdrawn: 0, rejected: 0, held: null });
      expect(larch.confirmed_at).toEqual(larch.imported_at);
    });

    it('brings an item back as it was when a later feed carries it again: same ids, guid and history', async () => {
      const back = await importLarch(db, LARCH);
      expect([back.withdrawn, back.returned, back.updated, back.imported]).toEqual([0, 2, 2, 0]);
      expect(await priceRows(db)).toEqual(idsBefore);
      const silk = await changesOf(db, 'LL-SILK');
      // Back in stock, as the alerts read it: out of stock to in stock on the GB site.
      expect(silk.map((c) => [c.previous?.availability ?? null, c.availability])).toEqual([
        [null, 'in_stock'],
        ['in_stock', 'out_of_stock'],
        ['out_of_stock', 'in_stock'],
      ]);
      await serve();
      const after = await listing();
      expect([after.total, after.ids, after.stores]).toEqual([before.total, before.ids, before.stores]);
      expect(counts(await feedState(db, 'larch-linen'))).toEqual({ mode: 'full', carried: 7, withdrawn: 0, rejected: 0, held: null });
    });
  });
});

describe.each(BOTH_ENGINES)('the shrink guard on %s', (_database, openDatabase) => {
  let db: Database;
  /** Two of Larch's seven items: under half. */
  const BROKEN = LARCH.slice(0, 2);

  beforeAll(async () => {
    db = await openDatabase();
    await importStores(db, MANIFEST);
    await importLarch(db, LARCH);
    await importKestrel(db, KESTREL);
  });
  afterAll(async () => {
    await db?.close();
  });

  const snapshot = async () => ({
    rows: await priceRows(db),
    log: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM price_history'))[0]!.n,
    generation: await readCatalogGeneration(db),
  });

  it('holds a full feed carrying fewer than half the items the last one did: nothing changes', async () => {
    const was = await snapshot();
    const confirmed = (await feedState(db, 'larch-linen')).confirmed_at;
    const report = await importLarch(db, BROKEN);
    const sha256 = createHash('sha256').update(dressFeed(BROKEN)).digest('hex');
    expect(report.held).toEqual({ items: 2, previous: 7, guardPercent: 50, sha256 });
    expect([report.withdrawn, report.imported, report.updated, report.changesLogged]).toEqual([0, 0, 0, 0]);
    expect(await snapshot()).toEqual(was);
    const state = await feedState(db, 'larch-linen');
    expect([counts(state), state.held_sha256, state.held_at !== null, state.confirmed_at]).toEqual([
      { mode: 'full', carried: 7, withdrawn: 0, rejected: 0, held: 2 },
      sha256,
      true,
      confirmed,
    ]);
    expect(formatImportReport(report)[0]).toBe(
      '(text) → store larch-linen, GB (tsv): HELD by the shrink guard, nothing changed: it carries 2 items, fewer than 50% of ' +
        'the 7 the last applied feed carried (0 rows rejected). If the store really shrank, apply it with: npm run import -- --apply-held (text)',
    );
  });

  it('holds nothing of an incremental store, nor with the guard off', async () => {
    expect((await importKestrel(db, KESTREL.slice(0, 1))).held).toBeNull();
    const other = await openDatabase();
    try {
      await importStores(other, MANIFEST);
      await importLarch(other, LARCH);
      const report = await importLarch(other, BROKEN, { shrinkGuard: 0 });
      expect([report.held, report.withdrawn]).toEqual([null, 5]);
    } finally {
      await other.close();
    }
  });

  it('applies only the held feed on the operator’s word, and refuses other bytes', async () => {
    await expect(importLarch(db, BROKEN.slice(0, 1), { applyHeld: true })).rejects.toThrow(FeedImportError);
    await expect(importLarch(db, BROKEN.slice(0, 1), { applyHeld: true })).rejects.toThrow(
      /\(text\): this is not the feed held for store larch-linen in GB \(held: 2 items, SHA-256 [0-9a-f]{12}…; this one: [0-9a-f]{12}…\); import it without --apply-held/,
    );
    await expect(importKestrel(db, KESTREL).then(() => importFeed(db, { store: 'kestrel-knit', country: 'GB', text: dressFeed(KESTREL), applyHeld: true }))).rejects.toThrow(
      '(text): no feed of store kestrel-knit for GB is held; import it without --apply-held',
    );
    const applied = await importLarch(db, BROKEN, { applyHeld: true });
    expect([applied.held, applied.withdrawn]).toEqual([null, 5]);
    expect(counts(await feedState(db, 'larch-linen'))).toEqual({ mode: 'full', carried: 2, withdrawn: 5, rejected: 0, held: null });
  });

  it('does not lose a later good feed: it is applied and the hold cleared', async () => {
    await importLarch(db, LARCH);
    expect((await importLarch(db, BROKEN)).held).not.toBeNull();
    const good = await importLarch(db, LARCH.filter((r) => r.id !== 'LL-VELVET'));
    expect([good.held, good.withdrawn]).toEqual([null, 1]);
    const state = await feedState(db, 'larch-linen');
    expect([counts(state), state.held_at, state.held_sha256]).toEqual([{ mode: 'full', carried: 6, withdrawn: 1, rejected: 0, held: null }, null, null]);
  });
});

describe.each(BOTH_ENGINES)('the feed refresh and the shrink guard on %s', (_database, openDatabase) => {
  let db: Database;
  let dir: string;
  let file: string;
  let refresher: FeedRefresher;

  /** Writes the feed file with an mtime of its own, so the refresher sees a new stamp. */
  const write = (rows: readonly DressRow[], mtime: number) => {
    fs.writeFileSync(file, dressFeed(rows));
    fs.utimesSync(file, mtime, mtime);
  };
  const backdateConfirmation = () =>
    db.query(`UPDATE feed_states SET confirmed_at = now() - interval '1 day' WHERE store_id = (SELECT id FROM stores WHERE slug = 'larch-linen')`);
  const confirmedToday = async () => (await feedState(db, 'larch-linen')).confirmed_at!.getTime() > Date.now() - 3_600_000;

  beforeAll(async () => {
    db = await openDatabase();
    dir = tempDataDir();
    file = path.join(dir, 'larch-linen.gb.tsv');
    write(LARCH, 1_000_000);
    await importStores(db, { stores: [{ ...MANIFEST.stores[0]!, feeds: { GB: file } }] });
    refresher = new FeedRefresher({ db, logger: createLogger('api', 'silent'), intervalMs: 60_000 });
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('confirms the prices when it finds the source unchanged', async () => {
    expect((await refresher.refreshSource('larch-linen', 'GB')).outcome).toBe('imported');
    await backdateConfirmation();
    expect(await confirmedToday()).toBe(false);
    expect((await refresher.refreshSource('larch-linen', 'GB')).outcome).toBe('unchanged');
    expect(await confirmedToday()).toBe(true);
  });

  it('holds a shrunken feed once, confirms nothing while it is held, and applies the next good one', async () => {
    write(LARCH.slice(0, 3), 2_000_000);
    const held = await refresher.refreshSource('larch-linen', 'GB');
    expect([held.outcome, held.report?.held?.items]).toEqual(['held', 3]);
    await backdateConfirmation();
    // The held bytes are not read into the guard again on every pass, nor taken as a confirmation.
    expect((await refresher.refreshSource('larch-linen', 'GB')).outcome).toBe('unchanged');
    expect((await feedState(db, 'larch-linen')).held_items).toBe(3);
    expect(await confirmedToday()).toBe(false);
    write(LARCH.filter((r) => r.id !== 'LL-WOOL'), 3_000_000);
    const good = await refresher.refreshSource('larch-linen', 'GB');
    expect([good.outcome, good.report?.withdrawn, good.report?.held]).toEqual(['imported', 1, null]);
    expect([(await feedState(db, 'larch-linen')).held_items, await confirmedToday()]).toEqual([null, true]);
  });
});

describe.each(BOTH_ENGINES)('the feed metrics on %s', (_database, openDatabase) => {
  let db: Database;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    db = await openDatabase();
    await importStores(db, MANIFEST);
    await importLarch(db, LARCH);
    await importLarch(db, LARCH_NEXT);
    await importLarch(db, LARCH.slice(0, 1));
    await importKestrel(db, KESTREL);
    api = await startApi(db);
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  it('serves per store and country what feed_states says, for every instance alike', async () => {
    const res = await request(api.url).get('/metrics');
    expect(res.status).toBe(200);
    const figure = (name: string, store: string) => {
      const line = res.text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`store="${store}"`) && l.includes('country="GB"'));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const figures = (store: string) =>
      ['carried', 'withdrawn', 'rejected', 'held'].map((f) => figure(`vitrine_feed_items_${f}`, store));
    expect(figures('larch-linen')).toEqual([5, 2, 0, 1]);
    expect(figures('kestrel-knit')).toEqual([3, 0, 0, 0]);
    const [state] = await db.query<{ imported_at: Date }>(
      `SELECT imported_at FROM feed_states WHERE store_id = (SELECT id FROM stores WHERE slug = 'larch-linen')`,
    );
    expect(figure('vitrine_feed_last_import_timestamp_seconds', 'larch-linen')).toBe(state!.imported_at.getTime() / 1000);
    expect(figure('vitrine_feed_confirmed_timestamp_seconds', 'larch-linen')).toBe(state!.imported_at.getTime() / 1000);
  });
});
