import { describe, expect, it } from 'vitest';
import { ensurePlannerStatistics } from '../../../server/api/db/planner-statistics';
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
