import client from 'prom-client';
import type { Queryable } from '../db/database';
import { listFeedStates, type FeedStateRow } from './feed-states';

// What operators see of each store's feeds on the api's /metrics (issue 27): per store and
// country, the last successful import, the last confirmation, and what the last applied import
// carried, withdrew and rejected, and what a held feed carries. Read from feed_states at each
// scrape, so every api instance says the same whichever one imported.

/** One read of feed_states serves all the gauges of one scrape (they are collected together). */
const SCRAPE_REUSE_MS = 1_000;

type Figure = { name: string; help: string; value: (row: FeedStateRow) => number | null };

const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : null);

const FIGURES: readonly Figure[] = [
  { name: 'vitrine_feed_last_import_timestamp_seconds', help: 'When the last feed of a store and country was applied (Unix time)', value: (r) => seconds(r.importedAt) },
  {
    name: 'vitrine_feed_confirmed_timestamp_seconds',
    help: 'When a feed of a store and country last confirmed its prices: applied, or fetched again unchanged (Unix time)',
    value: (r) => seconds(r.confirmedAt),
  },
  { name: 'vitrine_feed_items_carried', help: 'Items the last applied feed of a store and country carried', value: (r) => r.itemsCarried },
  { name: 'vitrine_feed_items_withdrawn', help: 'Items the last applied feed of a store and country withdrew (it no longer carried them)', value: (r) => r.itemsWithdrawn },
  { name: 'vitrine_feed_items_rejected', help: 'Rows the last applied feed of a store and country had rejected', value: (r) => r.itemsRejected },
  {
    name: 'vitrine_feed_items_held',
    help: 'Items a feed held by the shrink guard carries (0 when none is held): an operator must look',
    value: (r) => r.heldItems ?? 0,
  },
];

/**
 * How long a scrape waits for feed_states: /metrics answers while the database is busy (an
 * import's transaction holds PGlite's one connection for seconds) or away, with the figures last
 * read, as it answers while the api refuses work (tests/integration/api/overload.test.ts).
 */
const SCRAPE_WAIT_MS = 300;

/** Registers the feed gauges on the api's registry. */
export function registerFeedMetrics(registry: client.Registry, db: Queryable): void {
  let known: FeedStateRow[] = [];
  let last: { at: number; rows: Promise<FeedStateRow[]> } | undefined;
  const read = (): Promise<FeedStateRow[]> => {
    const fresh = listFeedStates(db).then(
      (rows) => (known = rows),
      () => known,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<FeedStateRow[]>((resolve) => {
      timer = setTimeout(() => resolve(known), SCRAPE_WAIT_MS);
      timer.unref();
    });
    return Promise.race([fresh, late]).finally(() => clearTimeout(timer));
  };
  const rows = () => {
    const now = Date.now();
    if (!last || now - last.at > SCRAPE_REUSE_MS) last = { at: now, rows: read() };
    return last.rows;
  };
  for (const figure of FIGURES) {
    new client.Gauge({
      name: figure.name,
      help: figure.help,
      labelNames: ['store', 'country'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await rows()) {
          const value = figure.value(row);
          if (value !== null) this.set({ store: row.store, country: row.country }, value);
        }
      },
    });
  }
}
