import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../../../scripts/lib/processes';
import {
  appendChanges,
  CATALOG_CHANGE_LOG_CHANNEL,
  consumeChanges,
  latestCursor,
  loadCursor,
  LOG_START,
  readChangesSince,
  saveCursor,
  type CatalogChange,
  type ChangePage,
} from '../../../server/api/catalog/catalog-changes';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database, Queryable } from '../../../server/api/db/database';
import { MIGRATIONS } from '../../../server/api/db/migrations';
import { openDatabase } from '../../../server/api/db/open-database';
import { openPostgresDatabase } from '../../../server/api/db/pg-database';
import { createPostgresDatabase } from '../../support/postgres';
import { runBuiltScript } from '../../support/import-cli';
import { fixtureManifest, readFixture } from '../../support/feed-fixtures';
import { openTestPostgresDatabase, openTestDataDir, BOTH_ENGINES } from '../../support/test-database';

// The catalogue's change log: what an import changed, per size variant and country, read
// "since my cursor" by consumers in any process, exactly once, however the imports and the
// readers interleave.

const manifest = fixtureManifest;
const NORTHLANE_GB = readFixture('good/northlane.gb.tsv');
const NORTHLANE_ITEMS = ['NL100-BLK-S', 'NL100-BLK-M', 'NL100-RED-S', 'NL200', 'NL300', 'NL400-IND-32'];
const itemOfGuid = new Map(NORTHLANE_ITEMS.map((item) => [sizeVariantGuid('northlane', item), item]));

/** The northlane feed with some items' attributes (by column name) replaced. */
function editFeed(text: string, edits: Record<string, Record<string, string>>): string {
  const [headerLine, ...lines] = text.split('\n');
  const header = headerLine!.split('\t');
  const edited = lines.map((line) => {
    const fields = line.split('\t');
    for (const [column, value] of Object.entries(edits[fields[0]!] ?? {})) {
      const at = header.indexOf(column);
      if (at < 0) throw new Error(`no column ${column}`);
      fields[at] = value;
    }
    return fields.join('\t');
  });
  return [headerLine, ...edited].join('\n');
}

/** A change as the tests compare it: the item instead of the guid, without cursor and time. */
function summary(change: CatalogChange) {
  return {
    item: itemOfGuid.get(change.guid) ?? change.guid,
    country: change.country,
    currency: change.currency,
    msrp: change.msrp,
    salePrice: change.salePrice,
    availability: change.availability,
    firstSeen: change.firstSeen,
    previous: change.previous,
  };
}

/** Cursors rise strictly from entry to entry, and the page's cursor is the last one's. */
function expectOrdered(page: ChangePage, after: number): void {
  const cursors = page.changes.map((c) => c.cursor);
  for (const [i, cursor] of cursors.entries()) expect(cursor).toBeGreaterThan(i === 0 ? after : cursors[i - 1]!);
  expect(page.cursor).toBe(cursors.at(-1) ?? after);
}

const firstSeenGB = (item: string, msrp: number, salePrice: number, availability: string) => ({
  item,
  country: 'GB',
  currency: 'GBP',
  msrp,
  salePrice,
  availability,
  firstSeen: true,
  previous: null,
});

const NORTHLANE_GB_FIRST_SEEN = [
  firstSeenGB('NL100-BLK-S', 89, 59, 'in_stock'),
  firstSeenGB('NL100-BLK-M', 89, 59, 'out_of_stock'),
  firstSeenGB('NL100-RED-S', 89, 89, 'preorder'),
  firstSeenGB('NL200', 120, 120, 'backorder'),
  firstSeenGB('NL300', 42, 42, 'in_stock'),
  firstSeenGB('NL400-IND-32', 75, 52.5, 'in_stock'),
];

describe.each(BOTH_ENGINES)('the catalogue change log on %s', (_engine, open) => {
  let db: Database;
  beforeEach(async () => {
    db = await open();
    await importStores(db, manifest());
  });
  afterEach(async () => {
    await db.close();
  });

  it('logs every item of a first import as first seen, with its prices, currency and availability', async () => {
    const report = await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    expect(report.changesLogged).toBe(6);
    const page = await readChangesSince(db, LOG_START, 100);
    expect(page.changes.map(summary)).toEqual(NORTHLANE_GB_FIRST_SEEN);
    expectOrdered(page, LOG_START);
    for (const change of page.changes) expect(change.recordedAt).toBeInstanceOf(Date);
    expect(await latestCursor(db)).toBe(page.cursor);
  });

  it('logs nothing when the same feed is imported again', async () => {
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    const cursor = await latestCursor(db);
    const again = await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    expect(again.changesLogged).toBe(0);
    expect(await readChangesSince(db, cursor, 100)).toEqual({ changes: [], cursor });
    expect(await latestCursor(db)).toBe(cursor);
  });

  it('logs a drop, a rise, a list-price change and an availability change with the state each replaced, and nothing else', async () => {
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    const cursor = await latestCursor(db);
    const changed = editFeed(NORTHLANE_GB, {
      'NL100-BLK-S': { sale_price: '69.00 GBP' }, // a rise
      'NL100-BLK-M': { availability: 'in_stock' }, // back in stock
      NL200: { sale_price: '99.00 GBP' }, // a drop (it had no sale price: sold at 120)
      NL300: { title: 'Hydrating Serum, new formula' }, // not a price or availability: not logged
      'NL400-IND-32': { price: '80.00 GBP' }, // the list price only
    });
    const report = await importFeed(db, { text: changed, store: 'northlane', country: 'GB' });
    expect(report).toMatchObject({ imported: 0, updated: 5, unchanged: 1, changesLogged: 4 });
    const page = await readChangesSince(db, cursor, 100);
    const gb = { country: 'GB', currency: 'GBP', firstSeen: false };
    expect(page.changes.map(summary)).toEqual([
      { item: 'NL100-BLK-S', ...gb, msrp: 89, salePrice: 69, availability: 'in_stock', previous: { msrp: 89, salePrice: 59, availability: 'in_stock' } },
      { item: 'NL100-BLK-M', ...gb, msrp: 89, salePrice: 59, availability: 'in_stock', previous: { msrp: 89, salePrice: 59, availability: 'out_of_stock' } },
      { item: 'NL200', ...gb, msrp: 120, salePrice: 99, availability: 'backorder', previous: { msrp: 120, salePrice: 120, availability: 'backorder' } },
      { item: 'NL400-IND-32', ...gb, msrp: 80, salePrice: 52.5, availability: 'in_stock', previous: { msrp: 75, salePrice: 52.5, availability: 'in_stock' } },
    ]);
    expectOrdered(page, cursor);
  });

  it('judges availability per country: a new country is a first sighting, and two feeds that disagree log nothing on re-import', async () => {
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    const usd = (gbp: string) => gbp.replace('GBP', 'USD');
    const us = editFeed(
      NORTHLANE_GB,
      Object.fromEntries(
        NORTHLANE_ITEMS.map((item) => {
          const fields = NORTHLANE_GB.split('\n').find((line) => line.startsWith(`${item}\t`))!.split('\t');
          return [item, { price: usd(fields[7]!), sale_price: usd(fields[8]!), ...(item === 'NL100-BLK-M' ? { availability: 'in_stock' } : {}) }];
        }),
      ),
    );
    const cursor = await latestCursor(db);
    expect((await importFeed(db, { text: us, store: 'northlane', country: 'US' })).changesLogged).toBe(6);
    const page = await readChangesSince(db, cursor, 100);
    expect(page.changes.map(summary)).toEqual(
      NORTHLANE_GB_FIRST_SEEN.map((c) => ({
        ...c,
        country: 'US',
        currency: 'USD',
        availability: c.item === 'NL100-BLK-M' ? 'in_stock' : c.availability,
      })),
    );
    // The size variant's shared status now says in stock (the US feed came last); the GB
    // feed still says out of stock, as it did: no change on the GB site.
    const gbAgain = await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    expect(gbAgain).toMatchObject({ updated: 1, changesLogged: 0 });
    expect(await readChangesSince(db, page.cursor, 100)).toEqual({ changes: [], cursor: page.cursor });
  });

  it('reads in pages: each entry once, in order, the next read starting at the cursor it returned', async () => {
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    const first = await readChangesSince(db, LOG_START, 4);
    const second = await readChangesSince(db, first.cursor, 4);
    const third = await readChangesSince(db, second.cursor, 4);
    expect(first.changes.map(summary)).toEqual(NORTHLANE_GB_FIRST_SEEN.slice(0, 4));
    expect(second.changes.map(summary)).toEqual(NORTHLANE_GB_FIRST_SEEN.slice(4));
    expect(third).toEqual({ changes: [], cursor: second.cursor });
    expectOrdered(second, first.cursor);
  });

  it('tells listeners the new cursor when an import logs changes, and nothing when it logs none', async () => {
    const notices: unknown[] = [];
    let heard: () => void = () => undefined;
    const unlisten = await db.listen(CATALOG_CHANGE_LOG_CHANNEL, (payload) => {
      notices.push(JSON.parse(payload));
      heard();
    });
    const nextNotice = () => new Promise<void>((resolve) => (heard = resolve));
    try {
      let notice = nextNotice();
      await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      await notice;
      const afterFirst = await latestCursor(db);
      // Logs nothing, so sends nothing; the next import's notice is the very next one heard.
      await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      notice = nextNotice();
      await importFeed(db, { text: editFeed(NORTHLANE_GB, { NL200: { sale_price: '99.00 GBP' } }), store: 'northlane', country: 'GB' });
      await notice;
      expect(notices).toEqual([
        { cursor: afterFirst, changes: 6 },
        { cursor: await latestCursor(db), changes: 1 },
      ]);
    } finally {
      await unlisten();
    }
  });

  it('lets a consumer handle each entry once, keeping its cursor in the same transaction as what it wrote', async () => {
    await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    await db.query('CREATE TABLE handled (item text NOT NULL)');
    const record = async (changes: CatalogChange[], tx: Queryable) => {
      await tx.query('INSERT INTO handled (item) SELECT unnest($1::text[])', [changes.map((c) => itemOfGuid.get(c.guid))]);
    };
    expect(await loadCursor(db, 'price-alerts')).toBeUndefined();
    const first = await consumeChanges(db, 'price-alerts', 4, record);
    expect(await loadCursor(db, 'price-alerts')).toBe(first.cursor);
    // A handler that fails keeps nothing it wrote, and the cursor stays.
    await expect(
      consumeChanges(db, 'price-alerts', 4, async (changes, tx) => {
        await record(changes, tx);
        throw new Error('mail server down');
      }),
    ).rejects.toThrow('mail server down');
    expect(await loadCursor(db, 'price-alerts')).toBe(first.cursor);
    const second = await consumeChanges(db, 'price-alerts', 4, record);
    let called = false;
    const third = await consumeChanges(db, 'price-alerts', 4, async () => {
      called = true;
    });
    expect(called).toBe(false);
    expect(third).toEqual({ changes: [], cursor: second.cursor });
    const handled = await db.query<{ item: string }>('SELECT item FROM handled');
    expect(handled.map((r) => r.item)).toEqual(NORTHLANE_ITEMS);
    // Another consumer has its own cursor.
    expect(await loadCursor(db, 'price-charts')).toBeUndefined();
    await saveCursor(db, 'price-charts', first.cursor);
    expect(await loadCursor(db, 'price-charts')).toBe(first.cursor);
    expect(await loadCursor(db, 'price-alerts')).toBe(second.cursor);
  });

  it('refuses a cursor, a page size or a consumer name it cannot use, saying why', async () => {
    await expect(readChangesSince(db, -1, 10)).rejects.toThrow('a change cursor is a whole number from 0, not -1');
    await expect(readChangesSince(db, LOG_START, 0)).rejects.toThrow('read between 1 and 10000 changes at a time, not 0');
    await expect(saveCursor(db, 'Price Alerts', 1)).rejects.toThrow(
      'a change-log consumer is named in lower-case letters, digits and hyphens, not "Price Alerts"',
    );
  });
});

// A consumer that was not running while imports happened, one of them by `npm run import`
// in a process of its own, reads all of them when it starts again.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Engine = { env: NodeJS.ProcessEnv; open: () => Promise<Database>; done: () => Promise<void> };

describe.each([
  [
    'PGlite',
    async (): Promise<Engine> => {
      const dataDir = tempDataDir();
      dirs.push(dataDir);
      return { env: { DATA_DIR: dataDir }, open: () => openTestDataDir(dataDir), done: async () => undefined };
    },
  ],
  [
    'PostgreSQL',
    async (): Promise<Engine> => {
      const { url, drop } = await createPostgresDatabase();
      return { env: { DATABASE_URL: url }, open: () => openDatabase({ databaseUrl: url }), done: drop };
    },
  ],
])('a change-log consumer on %s', (_engine, engine) => {
  it('reads every change made while it was stopped, by this process or another, in order and once', async () => {
    const { env, open, done } = await engine();
    try {
      // The consumer reads what there is, saves its cursor and stops.
      let consumer = await open();
      await importStores(consumer, manifest());
      await importFeed(consumer, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      const seen = await readChangesSince(consumer, (await loadCursor(consumer, 'price-alerts')) ?? LOG_START, 100);
      expect(seen.changes).toHaveLength(6);
      await saveCursor(consumer, 'price-alerts', seen.cursor);
      await consumer.close();

      // An import in an api process while the consumer is stopped.
      const importer = await open();
      await importFeed(importer, { text: editFeed(NORTHLANE_GB, { NL200: { sale_price: '99.00 GBP' } }), store: 'northlane', country: 'GB' });
      await importer.close();

      // `npm run import` of a newer feed, in its own process.
      const feedDir = tempDataDir();
      dirs.push(feedDir);
      fs.writeFileSync(
        path.join(feedDir, 'northlane.gb.tsv'),
        editFeed(NORTHLANE_GB, { 'NL100-BLK-S': { sale_price: '69.00 GBP' }, NL200: { sale_price: '99.00 GBP', availability: 'out_of_stock' } }),
      );
      const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
      const stdout = await runBuiltScript('import-feed.js', [path.join(feedDir, 'northlane.gb.tsv')], { ...inherited, ...env, LOG_LEVEL: 'silent' });
      expect(stdout).toContain('6 rows read, 0 imported, 2 updated, 4 unchanged, 0 rejected');

      // The consumer starts again and reads in two pages, saving its cursor after each.
      consumer = await open();
      try {
        const first = await readChangesSince(consumer, (await loadCursor(consumer, 'price-alerts'))!, 2);
        await saveCursor(consumer, 'price-alerts', first.cursor);
        const second = await readChangesSince(consumer, (await loadCursor(consumer, 'price-alerts'))!, 100);
        await saveCursor(consumer, 'price-alerts', second.cursor);
        const gb = { country: 'GB', currency: 'GBP', firstSeen: false };
        expect([...first.changes, ...second.changes].map(summary)).toEqual([
          { item: 'NL200', ...gb, msrp: 120, salePrice: 99, availability: 'backorder', previous: { msrp: 120, salePrice: 120, availability: 'backorder' } },
          { item: 'NL100-BLK-S', ...gb, msrp: 89, salePrice: 69, availability: 'in_stock', previous: { msrp: 89, salePrice: 59, availability: 'in_stock' } },
          { item: 'NL200', ...gb, msrp: 120, salePrice: 99, availability: 'out_of_stock', previous: { msrp: 120, salePrice: 99, availability: 'backorder' } },
        ]);
        expect(first.changes).toHaveLength(2);
        expectOrdered(first, seen.cursor);
        expectOrdered(second, first.cursor);
        expect(await readChangesSince(consumer, (await loadCursor(consumer, 'price-alerts'))!, 100)).toEqual({
          changes: [],
          cursor: second.cursor,
        });
      } finally {
        await consumer.close();
      }
    } finally {
      await done();
    }
  });
});

// On a server, writers commit in any order. The log must never let a reader step past an
// entry that is not yet committed: here an import commits while an earlier writer of the log
// is still open, and a reader reads in between.
describe('the change log on a PostgreSQL server, with writers committing out of order', () => {
  it('never lets a reader skip an entry that commits after a later one was drawn', async () => {
    const db = await openTestPostgresDatabase();
    try {
      await importStores(db, manifest());
      await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      const start = await latestCursor(db);
      const [nl300] = await db.query<{ id: number }>(`SELECT id FROM size_variants WHERE item_id = 'NL300'`);

      // Writer 1 appends an entry and stays open.
      let appended: () => void = () => undefined;
      let commit: () => void = () => undefined;
      const isAppended = new Promise<void>((resolve) => (appended = resolve));
      const mayCommit = new Promise<void>((resolve) => (commit = resolve));
      const writer1 = db.transaction(async (tx) => {
        await appendChanges(tx, 'GB', 'GBP', [{ sizeVariantId: nl300!.id, msrpMinor: 4200, saleMinor: 3900, status: 1, firstSeen: false }]);
        appended();
        await mayCommit;
      });
      await isAppended;

      // Writer 2, an import on another connection, runs until it must wait for writer 1, or to the end.
      let writer2Done = false;
      const writer2 = importFeed(db, { text: editFeed(NORTHLANE_GB, { NL200: { sale_price: '99.00 GBP' } }), store: 'northlane', country: 'GB' }).then(
        (report) => {
          writer2Done = true;
          return report;
        },
      );
      await vi.waitFor(
        async () => {
          const [row] = await db.query<{ waiting: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
                             WHERE d.datname = current_database() AND l.locktype = 'advisory' AND NOT l.granted) AS waiting`,
          );
          expect(writer2Done || row!.waiting).toBe(true);
        },
        { timeout: 30_000, interval: 10 },
      );

      // A reader in between: it must not see (and so save a cursor past) writer 2's entry yet.
      const between = await readChangesSince(db, start, 100);
      commit();
      await writer1;
      expect((await writer2).changesLogged).toBe(1);
      const after = await readChangesSince(db, between.cursor, 100);

      expect(between).toEqual({ changes: [], cursor: start });
      const gb = { country: 'GB', currency: 'GBP', firstSeen: false };
      expect([...between.changes, ...after.changes].map(summary)).toEqual([
        { item: 'NL300', ...gb, msrp: 42, salePrice: 39, availability: 'in_stock', previous: { msrp: 42, salePrice: 42, availability: 'in_stock' } },
        { item: 'NL200', ...gb, msrp: 120, salePrice: 99, availability: 'backorder', previous: { msrp: 120, salePrice: 120, availability: 'backorder' } },
      ]);
      expectOrdered(after, start);
    } finally {
      await db.close();
    }
  });
});

describe('one consumer run by several api instances on a PostgreSQL server', () => {
  it('hands each entry to one instance only', async () => {
    const db = await openTestPostgresDatabase();
    try {
      await importStores(db, manifest());
      await importFeed(db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
      // A consumer that has run before: its cursor row exists.
      await saveCursor(db, 'price-alerts', LOG_START);
      const handled: { instance: string; items: string[] }[] = [];
      const handle = (instance: string) => async (changes: CatalogChange[]) => {
        handled.push({ instance, items: changes.map((c) => itemOfGuid.get(c.guid)!) });
      };

      // Instance A is in the middle of handling its page when instance B asks for one.
      let holding: () => void = () => undefined;
      let finish: () => void = () => undefined;
      const isHolding = new Promise<void>((resolve) => (holding = resolve));
      const mayFinish = new Promise<void>((resolve) => (finish = resolve));
      const a = consumeChanges(db, 'price-alerts', 4, async (changes) => {
        await handle('A')(changes);
        holding();
        await mayFinish;
      });
      await isHolding;
      let bDone = false;
      const b = consumeChanges(db, 'price-alerts', 4, handle('B')).then((page) => {
        bDone = true;
        return page;
      });
      // B waits for A's cursor (a row lock), or, were it not to, runs to the end.
      await vi.waitFor(
        async () => {
          const [row] = await db.query<{ waiting: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock') AS waiting`,
          );
          expect(bDone || row!.waiting).toBe(true);
        },
        { timeout: 30_000, interval: 10 },
      );
      finish();
      await Promise.all([a, b]);
      expect(handled).toEqual([
        { instance: 'A', items: NORTHLANE_ITEMS.slice(0, 4) },
        { instance: 'B', items: NORTHLANE_ITEMS.slice(4) },
      ]);
    } finally {
      await db.close();
    }
  });
});

// Databases made before the log existed (every .data directory so far) keep their history:
// the first row of each size variant and country becomes its first sighting, and the
// availability each country's feed last gave is taken from the size variant.
describe('upgrading a catalogue that has price history from before the change log', () => {
  it('marks first sightings, leaves old availability unknown, and reads the old rows as changes', async () => {
    const { url, drop } = await createPostgresDatabase();
    const db = await openPostgresDatabase(url);
    try {
      const logMigration = MIGRATIONS.find((m) => m.name === 'catalog-change-log')!;
      for (const m of MIGRATIONS) if (m.version < logMigration.version) await db.exec(m.sql);
      // The store as an import of that time left it (today's importer writes tables that
      // came later).
      await db.query(`INSERT INTO stores (slug, name, country_code) VALUES ('northlane', 'Northlane', 'GB')`);
      await upsertCategoryTree(db);
      const [product] = await db.query<{ id: number }>(
        `INSERT INTO products (store_id, group_key, category_id, department, title)
         VALUES ((SELECT id FROM stores WHERE slug = 'northlane'), 'OLD1', (SELECT id FROM categories WHERE slug = 'jeans'), 'women', 'Old Jeans')
         RETURNING id`,
      );
      const [variant] = await db.query<{ id: number }>(
        `INSERT INTO variants (product_id, colour_name, title, image_url) VALUES ($1, 'Blue', 'Old Jeans', '/i.svg') RETURNING id`,
        [product!.id],
      );
      const sizes = await db.query<{ id: number; item_id: string; guid: string }>(
        `INSERT INTO size_variants (store_id, item_id, variant_id, slug, url, status)
         SELECT (SELECT id FROM stores WHERE slug = 'northlane'), item_id, $1, lower(item_id), 'https://www.northlane.example/' || item_id, status
           FROM unnest(ARRAY['OLD-A', 'OLD-B'], ARRAY[0, 2]::int2[]) AS t(item_id, status)
         RETURNING id, item_id, guid::text AS guid`,
        [variant!.id],
      );
      const id = (item: string) => sizes.find((s) => s.item_id === item)!.id;
      await db.query(
        `INSERT INTO size_variant_prices (size_variant_id, country_code, currency_code, msrp, sale_price)
         VALUES ($1, 'GB', 'GBP', 50, 40), ($1, 'US', 'USD', 60, 60), ($2, 'GB', 'GBP', 30, 30)`,
        [id('OLD-A'), id('OLD-B')],
      );
      await db.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price)
         VALUES ($1, 'GB', 'GBP', 50, 50), ($1, 'US', 'USD', 60, 60), ($1, 'GB', 'GBP', 50, 45), ($2, 'GB', 'GBP', 30, 30), ($1, 'GB', 'GBP', 50, 40)`,
        [id('OLD-A'), id('OLD-B')],
      );

      await db.exec(logMigration.sql);

      const statuses = await db.query<{ item_id: string; country_code: string; status: number }>(
        `SELECT s.item_id, p.country_code, p.status FROM size_variant_prices p JOIN size_variants s ON s.id = p.size_variant_id
          ORDER BY s.item_id, p.country_code`,
      );
      expect(statuses).toEqual([
        { item_id: 'OLD-A', country_code: 'GB', status: 0 },
        { item_id: 'OLD-A', country_code: 'US', status: 0 },
        { item_id: 'OLD-B', country_code: 'GB', status: 2 },
      ]);
      const page = await readChangesSince(db, LOG_START, 100);
      const item = new Map(sizes.map((s) => [s.guid, s.item_id]));
      expect(page.changes.map((c) => [item.get(c.guid), c.country, c.salePrice, c.availability, c.firstSeen, c.previous])).toEqual([
        ['OLD-A', 'GB', 50, null, true, null],
        ['OLD-A', 'US', 60, null, true, null],
        ['OLD-A', 'GB', 45, null, false, { msrp: 50, salePrice: 50, availability: null }],
        ['OLD-B', 'GB', 30, null, true, null],
        ['OLD-A', 'GB', 40, null, false, { msrp: 50, salePrice: 45, availability: null }],
      ]);
      await expect(db.query('INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price) VALUES ($1, $2, $3, 1, 1)', [id('OLD-B'), 'GB', 'GBP'])).rejects.toThrow(
        /first_seen/,
      );
    } finally {
      await db.close();
      await drop();
    }
  });
});
