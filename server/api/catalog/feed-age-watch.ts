import type { Logger } from 'pino';
import type { CountryCode } from '../../../shared/countries';
import type { Database } from '../db/database';
import { notifyCatalogChanged } from './catalog-changed';
import { bumpCatalogGeneration } from './catalog-generation';
import { feedPairKey, readAgedFeeds, type AgedFeed, type FeedAge, type FeedAges } from './feed-ages';

// Time moves a store across the lines of feed-ages.ts without any import: nothing is written,
// so nothing announces it. This watch looks at every store and country at start and every few
// minutes; a feed that crossed a line since its last look (either way: a refresh that found the
// feed unchanged confirms it again without an import's notice) is announced as an import would
// be, in one transaction: the catalogue generation goes up (the webs drop the pages they keep)
// and catalog_changed names the store and country, so every api instance's index re-reads that
// store (memory-engine.ts) and its kept answers go (the product page's note comes or goes).
//
// Each instance keeps its own last look: with several, a crossing is announced by each, which
// costs a second re-read of one store and nothing else. The first look, at start, announces
// nothing: it is read before the index is built, and the build reads the same (or a later)
// state, so a crossing between the two is announced by the next look.

/** Between two looks. */
export const FEED_AGE_CHECK_MS = 5 * 60_000;

export type FeedAgeCrossing = { store: string; country: CountryCode; from: FeedAge; to: FeedAge };

export type FeedAgeWatchOptions = {
  db: Database;
  ages: FeedAges;
  logger?: Logger | undefined;
  intervalMs?: number;
};

export class FeedAgeWatch {
  private seen: Map<string, AgedFeed> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: FeedAgeWatchOptions) {}

  /** Takes the first look (announcing nothing), then looks again every interval. */
  async start(): Promise<void> {
    await this.check();
    this.timer ??= setInterval(() => {
      this.check().catch((err: unknown) => this.options.logger?.warn({ err }, 'feed ages: the check failed; tried again at the next'));
    }, this.options.intervalMs ?? FEED_AGE_CHECK_MS);
    this.timer.unref();
  }

  /** Looks now: announces the stores and countries that crossed a line since the last look, and resolves with them. */
  check(): Promise<FeedAgeCrossing[]> {
    const run = this.running.then(() => this.look());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async look(): Promise<FeedAgeCrossing[]> {
    const { db, ages, logger } = this.options;
    const now = new Map((await readAgedFeeds(db, ages)).map((f) => [feedPairKey(f.storeId, f.country), f]));
    const before = this.seen;
    const crossings: FeedAgeCrossing[] = [];
    for (const key of new Set([...(before?.keys() ?? []), ...now.keys()])) {
      const was = before?.get(key);
      const is = now.get(key);
      const from = was?.age ?? 'fresh';
      const to = is?.age ?? 'fresh';
      const feed = (is ?? was)!;
      if (before && from !== to) crossings.push({ store: feed.store, country: feed.country, from, to });
    }
    if (crossings.length) {
      await db.transaction(async (tx) => {
        await bumpCatalogGeneration(tx);
        for (const c of crossings) await notifyCatalogChanged(tx, { store: c.store, country: c.country });
      });
      logger?.info({ crossings }, 'feed ages: stores whose prices crossed FEED_STALE_HOURS or twice it');
    }
    // Only once announced: a check that failed finds the same crossings next time.
    this.seen = now;
    return crossings;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
