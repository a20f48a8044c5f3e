import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../../scripts/lib/processes';
import type { Database } from '../../../server/api/db/database';
import { BOTH_ENGINES } from '../../support/test-database';
import { importDemoDays, listed, type ImportOutcome } from './import-equivalence-support';

// Issue 30 (decision 0081): the faster import writes exactly what the importer before it wrote.
// The outcome below was recorded with that importer (main at 1cb422e, before issue 30) running
// the same sequence: the small demo's days 1, 2, 2 again and 3.
const RECORDED: ImportOutcome = JSON.parse(
  fs.readFileSync(path.join(root, 'tests/fixtures/import-equivalence/small-demo-days.json'), 'utf8'),
) as ImportOutcome;

describe.each(BOTH_ENGINES)('the demo’s days imported on %s', (_engine, open) => {
  let db: Database;
  let outcome: ImportOutcome;
  beforeAll(async () => {
    db = await open();
    outcome = await importDemoDays(db);
  });
  afterAll(() => db.close());

  it('reports for each feed exactly what the importer before issue 30 reported', () => {
    // A feed confirmed as a repeat of the last applied bytes lists no rejected rows or warnings again, only their number.
    const repeats = new Set(outcome.reports.flatMap((r, i) => (r.warnings === 'listed when applied' ? [i] : [])));
    expect(repeats.size).toBe(outcome.passes!.flatMap((p) => p.repeated).length);
    expect(outcome.reports).toEqual(RECORDED.reports.map((r, i) => (repeats.has(i) ? listed(r) : r)));
  });

  it('leaves exactly the rows it left: catalogue, prices, change log and feed states', () => {
    expect(outcome.tables).toEqual(RECORDED.tables);
  });

  it('confirms without reading them again exactly the feeds of day 2 imported a second time', () => {
    const [day1, day2, again, day3] = outcome.passes!;
    expect(again!.repeated).toEqual(again!.feeds);
    // The days' other feeds repeat only where a store's feed for a country was the same the day before.
    expect([day1!.repeated.length, day2!.repeated.length, day3!.repeated.length]).toEqual([0, 1, 3]);
  });
});
