import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_CONSUMER, AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import { latestCursor, loadCursor } from '../../../server/api/catalog/catalog-changes';
import type { Database, Queryable } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { BOTH_ENGINES } from '../../support/test-database';
import { AVAILABILITY_STATUS } from '../../../server/api/catalog/feed-values';
import { alertClient, editTsv, FEEDS, guidOf, importFixture, openAlertsDatabase, SITE_URL, startAlertsApi, type AlertsApi } from './alerts-support';

// A log nothing can fire on is passed over unread: with no live alert (none, or only a guest's
// still waiting for its address to confirm it) a batch would match nothing, so the evaluator
// moves its cursor to the log's end without reading it. A demo's first start logs a year of
// history (339,598 entries): read back batch by batch it held the api's requests for 14 s.

/** The database, with every statement the evaluator sends through it (in a transaction too) written down. */
function recorded(db: Database, statements: string[]): Database {
  const record = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  return { ...db, ...record(db), kind: db.kind, transaction: (fn) => db.transaction((tx) => fn(record(tx))), listen: db.listen.bind(db), checkpoint: db.checkpoint.bind(db), close: db.close.bind(db) };
}

/** The statement that reads the log's entries (catalog-changes.ts readChangesSince). */
const readsEntries = (sql: string) => /FROM price_history h\s+JOIN size_variants/.test(sql);

describe.each(BOTH_ENGINES)('the alert evaluator passing over the log on %s', (engine, open) => {
  let db: Database;
  let api: AlertsApi;
  const statements: string[] = [];
  let evaluator: AlertEvaluator;
  let northlane = FEEDS.northlaneGB.text;

  beforeAll(async () => {
    db = await openAlertsDatabase(open);
    api = await startAlertsApi(db);
    evaluator = new AlertEvaluator({ db: recorded(db, statements), outbox: api.accounts.outbox, links: new AlertLinks(db), logger: createLogger('api', 'silent'), siteUrl: SITE_URL });
  }, 120_000);

  afterAll(async () => {
    await evaluator?.stop();
    await api?.close();
    await db?.close();
  });

  /** Imports the Northlane GB feed with one more edit. */
  const priceNorthlane = (item: string, salePrice: string) => importFixture(db, 'northlaneGB', (northlane = editTsv(northlane, { [item]: { sale_price: salePrice } })));

  /** One run, and how many times it read entries from the log. */
  async function run() {
    statements.length = 0;
    const result = await evaluator.run();
    return { ...result, reads: statements.filter(readsEntries).length, atEnd: (await loadCursor(db, ALERT_CONSUMER)) === (await latestCursor(db)) };
  }

  it('passes over the fixture feeds’ 11 entries unread while no alert exists', async () => {
    expect(await run()).toEqual({ changes: 11, matches: 0, mails: 0, reads: 0, atEnd: true });
  });

  it('passes over an entry while the only alert is a guest’s waiting for its address, and reads the next once it is live', async () => {
    const set = await alertClient(api)
      .setGuest({ id: guidOf('northlane', 'NL100-BLK-S'), email: 'ann@example.com', alertPrice: '50', brandId: null, storeId: null, country: 'gb' })
      .expect(200);
    expect(set.body.data.status).toBe('pending');
    await priceNorthlane('NL100-BLK-S', '49.00 GBP');
    expect(await run()).toEqual({ changes: 1, matches: 0, mails: 0, reads: 0, atEnd: true });

    await db.query('UPDATE alerts SET pending = false WHERE id = $1', [set.body.data.alertId]);
    await priceNorthlane('NL100-BLK-S', '45.00 GBP');
    // Read once (one entry, fewer than a batch), and it fires.
    expect(await run()).toEqual({ changes: 1, matches: 1, mails: 1, reads: 1, atEnd: true });
  });

  // On PGlite a batch's statements run on this thread and resolve at once: without a turn of the
  // event loop between batches, nothing else (a request) runs until the whole log is read.
  it.runIf(engine === 'PGlite')('gives the event loop a turn between its batches', async () => {
    // 1,500 entries (two batches) over Northlane's GB sizes, at prices the live alert does not fall to.
    await db.query(
      `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
       SELECT v.id, 'GB', 'GBP', 200, 150 + g % 2, $2, false, now()
         FROM generate_series(1, 1500) g
         JOIN LATERAL (SELECT sv.id FROM size_variants sv JOIN stores s ON s.id = sv.store_id WHERE s.slug = $1 ORDER BY sv.id OFFSET g % 5 LIMIT 1) v ON true
        ORDER BY g`,
      ['northlane', AVAILABILITY_STATUS.in_stock],
    );
    statements.length = 0;
    setImmediate(() => statements.push('a turn of the event loop'));
    expect(await evaluator.run()).toEqual({ changes: 1500, matches: 0, mails: 0 });
    const reads = statements.flatMap((sql, i) => (readsEntries(sql) ? [i] : []));
    expect(reads).toHaveLength(2);
    const turn = statements.indexOf('a turn of the event loop');
    expect(turn > reads[0]! && turn < reads[1]!).toBe(true);
  });
});
