import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../../scripts/lib/processes';
import type { Database } from '../../../server/api/db/database';
import { BOTH_ENGINES } from '../../support/test-database';
import { importDemoDays, type ImportOutcome } from './import-equivalence-support';

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
    expect(outcome.reports).toEqual(RECORDED.reports);
  });

  it('leaves exactly the rows it left: catalogue, prices, change log and feed states', () => {
    expect(outcome.tables).toEqual(RECORDED.tables);
  });
});
