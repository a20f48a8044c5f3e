import { describe, expect, it } from 'vitest';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { ensurePlannerStatistics } from '../../../server/api/db/planner-statistics';
import { dressFeed } from '../../support/feed-fixtures';
import { openTestDatabase } from '../../support/test-database';

describe('planner statistics', () => {
  it('are gathered once for a catalogue that has none, and left alone after', async () => {
    const db = await openTestDatabase();
    try {
      const analysed = async () =>
        (await db.query<{ analysed: boolean }>(`SELECT reltuples >= 0 AS analysed FROM pg_class WHERE relname = 'size_variant_prices'`))[0]!.analysed;
      expect(await analysed()).toBe(false);
      expect(await ensurePlannerStatistics(db)).toBe(true);
      expect(await analysed()).toBe(true);
      expect(await ensurePlannerStatistics(db)).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe('planner statistics during a series of imports (issue 30)', () => {
  it('are gathered again each time the size variants have doubled, and not for an import that adds little', async () => {
    const db = await openTestDatabase();
    try {
      await importStores(db, { stores: [{ slug: 'larch-linen', name: 'Larch & Linen', countryCode: 'GB' }] });
      const dresses = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `LL-${i}`, title: `Dress ${i}`, price: '50.00' }));
      const load = (n: number) => importFeed(db, { store: 'larch-linen', country: 'GB', text: dressFeed(dresses(n)) });
      // What the planner believes size_variants holds: the rows the last analysis counted (-1: none yet).
      const known = async () => (await db.query<{ rows: number }>(`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'size_variants'`))[0]!.rows;
      expect(await known()).toBe(-1);
      await load(2);
      expect(await known()).toBe(2);
      await load(3);
      expect(await known()).toBe(2);
      await load(400);
      expect(await known()).toBe(400);
      await load(400);
      expect(await known()).toBe(400);
    } finally {
      await db.close();
    }
  });
});
