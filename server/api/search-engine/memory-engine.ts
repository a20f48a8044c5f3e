import type { Logger } from 'pino';
import type { Department } from '../../../shared/constants';
import { latestCursor } from '../catalog/catalog-changes';
import { readCatalogGeneration } from '../catalog/catalog-generation';
import { feedPairStore, systemFeedAges, withheldFeeds, type FeedAges } from '../catalog/feed-ages';
import type { Database } from '../db/database';
import { CATCH_UP_MARGIN_MS, storesChangedSince } from './catch-up';
import { Dictionary, TableBuilder, mergedTable, withTerms, type DocumentTable } from './document-table';
import { DisplayWords, buildDirectory, loadDirectory, loadDocuments, storeIds, type LoadSelection, type SearchDocument } from './documents';
import { CatalogFollower, type CatalogChange } from './index-follower';
import { databaseIdentity, readIndexSnapshot, removeIndexSnapshot, writeIndexSnapshot, type SnapshotState } from './index-snapshot';
import { MemoryIndex, type IndexStats } from './memory-index';
import { TimeSlicer, runSliced } from './time-slicer';
import type { CatalogDirectory, SearchEngine, SearchNeeds, SearchQuery, SearchResult, TermSuggestion } from './search-engine';

// The api's search engine: the in-memory index, built from the database at start and
// rebuilt (for the stores an import touched) whenever the catalogue changes. Readers
// always see one complete index; a rebuild makes the next one beside it and swaps. A
// build is cut into slices of about 10 ms (time-slicer.ts), so requests and health probes
// are answered while it runs. With a snapshot file (index-snapshot.ts, decision 0092), each
// build's table is written to it, and a start reads it and re-reads only the stores changed
// since, as a follower that lost its connection catches up (catch-up.ts).

export type MemoryEngineOptions = {
  logger?: Logger | undefined;
  /** Follow catalogue changes through LISTEN (default true). */
  follow?: boolean;
  debounceMs?: number;
  /**
   * FEED_STALE_HOURS and the clock: each build leaves out the stores and countries whose feeds
   * are older than twice that (catalog/feed-ages.ts); catalog/feed-age-watch.ts announces a
   * crossing as a change of that store. Absent, the default hours and the system clock.
   */
  feedAges?: FeedAges;
  /** Where the index's table is kept between starts (INDEX_SNAPSHOT); unset, every start reads the whole catalogue. */
  snapshot?: string | undefined;
  /** Fewest milliseconds between two snapshot writes (the last build's is written when they pass, and at close). */
  snapshotEveryMs?: number;
};

/** One build: its wall time (`ms`, requests answered in between included) and how many slices it was cut into. */
export type BuildReport = {
  products: number;
  ms: number;
  version: number;
  slices: number;
  stores?: number;
  /** A start from the snapshot file (`stores`: how many were read again from the database). */
  fromSnapshot?: boolean;
  /** Milliseconds of each part of a start from the snapshot: the file, the look for changes, the stores read again, their rows built and merged with the kept ones, the index. */
  phases?: { file: number; changes: number; stores: number; merge: number; index: number };
};

/** A built index's table and where in the database's history it stands, as a snapshot records it. */
type Built = { table: DocumentTable; directory: CatalogDirectory; state: SnapshotState };

export class MemorySearchEngine implements SearchEngine {
  readonly kind = 'memory' as const;
  private index: MemoryIndex | undefined;
  /** The table and position of `index`. */
  private built: Built | undefined;
  private readonly terms = new Dictionary();
  private readonly cares = new Dictionary();
  private readonly display = new DisplayWords();
  private builds = 0;
  private catalogGeneration = 0;
  private starting: Promise<void> | undefined;
  private readonly follower: CatalogFollower | undefined;
  private rebuilding: Promise<unknown> = Promise.resolve();
  private readonly feedAges: FeedAges;
  private database: string | undefined;
  /** The last build not yet written to the snapshot file, and the write in progress. */
  private unwritten: Built | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastWrite = 0;
  private writeTimer: NodeJS.Timeout | undefined;
  /** Called after each (re)build: metrics, tests. */
  onBuilt: ((report: BuildReport) => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: MemoryEngineOptions = {},
  ) {
    this.feedAges = options.feedAges ?? systemFeedAges();
    if (options.follow !== false) {
      this.follower = new CatalogFollower(db, async (change) => void (await this.apply(change)), {
        logger: options.logger,
        ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
      });
    }
  }

  /** Starts following changes, then builds the index. Safe to call more than once. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.follower?.start();
      if (!(this.options.snapshot && (await this.restore(this.options.snapshot)))) await this.rebuild();
    })();
    return this.starting;
  }

  /** Whether the first build has finished. */
  get ready(): boolean {
    return this.index !== undefined;
  }

  private async current(): Promise<MemoryIndex> {
    if (!this.index) await this.start();
    return this.index!;
  }

  /** Whether the index may lack catalogue changes no notice will bring (the database was away and it has not caught up yet). */
  get behind(): boolean {
    return this.follower?.behind ?? false;
  }

  /** Reads the whole catalogue into a new index. */
  rebuild(): Promise<BuildReport> {
    const run = this.rebuilding.then(async () => {
      const started = performance.now();
      const slicer = new TimeSlicer();
      // Everything committed before this point is in the snapshot read below.
      this.follower?.discardPending();
      const { generation, readAt } = await this.readPosition();
      const cursor = await latestCursor(this.db);
      const withheld = await withheldFeeds(this.db, this.feedAges);
      const builder = new TableBuilder(this.terms, this.cares);
      const directory = await loadDocuments(this.db, {}, (docs, _tx, dir) => this.addSliced(builder, docs, dir, slicer), { slicer, withheld });
      const state = await this.stateOf(cursor, readAt, generation, withheld);
      return this.swap({ table: builder.build(), directory, state }, started, slicer);
    });
    this.rebuilding = run.catch(() => undefined);
    return run;
  }

  /** Re-reads the products of some stores (or everything) after an import changed them. */
  private apply(change: CatalogChange): Promise<BuildReport> {
    if (change.all || !this.index) return this.rebuild();
    const run = this.rebuilding.then(async () => {
      const started = performance.now();
      const slicer = new TimeSlicer();
      const previous = this.built!;
      const slugs = [...change.stores];
      // Read before the stores are: the generation of the change being applied, or a later one.
      const { generation, readAt } = await this.readPosition();
      const withheld = await withheldFeeds(this.db, this.feedAges);
      const { table, directory } = await this.replaceStores(previous.table, slugs, withheld, slicer);
      const state = await this.stateOf(Math.max(previous.state.cursor, change.heard ?? 0), readAt, generation, withheld);
      return this.swap({ table, directory, state }, started, slicer, { stores: slugs.length });
    });
    this.rebuilding = run.catch(() => undefined);
    return run;
  }

  /** A table with the rows of the stores `slugs` read again and the other rows copied from `table`. */
  private async replaceStores(
    table: DocumentTable,
    slugs: readonly string[],
    withheld: ReadonlySet<string>,
    slicer: TimeSlicer,
  ): Promise<{ table: DocumentTable; directory: CatalogDirectory; readMs: number }> {
    const started = performance.now();
    const fresh = new TableBuilder(this.terms, this.cares);
    const added: SearchDocument[] = [];
    const directory = await loadDocuments(this.db, { storeSlugs: slugs }, (docs) => void added.push(...docs), { slicer, withheld });
    const readMs = performance.now() - started;
    const replaced = new Set(storeIds(directory, slugs));
    const kept = new Int32Array(table.size);
    let count = 0;
    for (let i = 0; i < table.size; i++) if (!replaced.has(table.products.storeId[i]!)) kept[count++] = i;
    await this.addSliced(fresh, added, directory, slicer);
    // The kept rows and the read ones, both in global order, merged in one copy.
    return { table: await runSliced(mergedTable(table, kept.subarray(0, count), fresh.build()), slicer), directory, readMs };
  }

  /**
   * Starts from the snapshot file: its table, then the stores changed since it was written
   * read again (the change log after its cursor, rows written from CATCH_UP_MARGIN_MS before
   * its build, feeds withheld or listed again since). Resolves undefined, having built nothing,
   * when there is no usable snapshot.
   */
  private restore(file: string): Promise<BuildReport | undefined> {
    const run = this.rebuilding.then(async (): Promise<BuildReport | undefined> => {
      const started = performance.now();
      const slicer = new TimeSlicer();
      const read = await readIndexSnapshot(file);
      const readDone = performance.now();
      const refuse = async (why: string) => {
        this.options.logger?.info({ snapshot: file, why }, 'catalog index: snapshot not used; reading the whole catalogue');
        if (why !== 'no snapshot yet') await removeIndexSnapshot(file);
        return undefined;
      };
      if ('refused' in read) return refuse(read.refused);
      if (read.database !== (await this.databaseIdentity())) return refuse('made from another database');
      const { generation, readAt } = await this.readPosition();
      // The stores changed since, and the change log's end (which the snapshot cannot be past).
      const changed = await storesChangedSince(this.db, read.cursor, new Date(Date.parse(read.readAt) - CATCH_UP_MARGIN_MS));
      if (read.cursor > changed.cursor || read.generation > generation) return refuse('ahead of the database (restored from an older copy?)');
      this.terms.restore(read.terms);
      this.cares.restore(read.cares);
      this.display.restore(read.display);
      const withheld = await withheldFeeds(this.db, this.feedAges);
      const slugs = new Set(changed.stores);
      // A store whose feeds were withheld or listed again since: named by the snapshot's
      // directory (a store new since then has rows written since, so it is in `changed`).
      const known = buildDirectory(read.stores, read.brands);
      const before = new Set(read.withheld);
      for (const key of [...read.withheld.filter((k) => !withheld.has(k)), ...[...withheld].filter((k) => !before.has(k))]) {
        const store = known.stores.get(feedPairStore(key));
        if (store) slugs.add(store.slug);
      }
      const changesDone = performance.now();
      const { table, directory, readMs } = slugs.size
        ? await this.replaceStores(read.table, [...slugs], withheld, slicer)
        : { table: read.table, directory: await loadDirectory(this.db), readMs: 0 };
      const state = await this.stateOf(changed.cursor, readAt, generation, withheld);
      const ms = (from: number, to: number) => Math.round(to - from);
      // The stores read from the database, then their rows built and merged with the kept ones.
      const storesRead = changesDone + readMs;
      const phases = { file: ms(started, readDone), changes: ms(readDone, changesDone), stores: ms(changesDone, storesRead), merge: ms(storesRead, performance.now()) };
      return this.swap({ table, directory, state }, started, slicer, { stores: slugs.size, fromSnapshot: true }, phases);
    });
    this.rebuilding = run.catch(() => undefined);
    return run;
  }

  /** The catalogue's generation and the database's clock, read before a build reads the catalogue. */
  private async readPosition(): Promise<{ generation: number; readAt: string }> {
    const generation = await readCatalogGeneration(this.db);
    const [row] = await this.db.query<{ now: Date | string }>('SELECT now() AS now');
    return { generation, readAt: new Date(row!.now).toISOString() };
  }

  private async databaseIdentity(): Promise<string> {
    this.database ??= await databaseIdentity(this.db);
    return this.database;
  }

  private async stateOf(cursor: number, readAt: string, generation: number, withheld: ReadonlySet<string>): Promise<SnapshotState> {
    const database = this.options.snapshot ? await this.databaseIdentity() : '';
    return { database, cursor, readAt, generation, withheld: [...withheld] };
  }

  private async addSliced(builder: TableBuilder, docs: readonly SearchDocument[], directory: CatalogDirectory, slicer: TimeSlicer): Promise<void> {
    for (const doc of docs) {
      builder.add(doc, directory, this.display);
      if (slicer.due) await slicer.yield();
    }
  }

  /** Builds the index over `built` and serves it; `phases`, the parts of a start before the index, get the index's own time added. */
  private async swap(
    built: Built,
    started: number,
    slicer: TimeSlicer,
    more: Partial<BuildReport> = {},
    phases?: Omit<NonNullable<BuildReport['phases']>, 'index'>,
  ): Promise<BuildReport> {
    const indexStarted = performance.now();
    const index = await MemoryIndex.build(built.table, built.directory, this.terms, this.cares, this.display, ++this.builds, slicer);
    const done = performance.now();
    this.index = index;
    // The index's table, whose terms its postings hold: the built table's terms go.
    this.built = { ...built, table: index.table };
    this.catalogGeneration = Math.max(this.catalogGeneration, built.state.generation);
    const report = { products: index.size, ms: Math.round(done - started), version: index.version, slices: slicer.turns + 1, ...more, ...(phases ? { phases: { ...phases, index: Math.round(done - indexStarted) } } : {}) };
    this.options.logger?.info(report, more.fromSnapshot ? 'catalog index started from its snapshot' : 'catalog index built');
    this.onBuilt?.(report);
    this.snapshotLater(this.built, built.table);
    return report;
  }

  /** Writes `built` to the snapshot file now, or once snapshotEveryMs has passed since the last write (a later build replaces it). */
  private snapshotLater(built: Built, withItsTerms: DocumentTable): void {
    if (!this.options.snapshot) return;
    this.unwritten = built;
    if (this.writeTimer) return;
    const wait = Math.max(0, this.lastWrite + (this.options.snapshotEveryMs ?? 60_000) - Date.now());
    // Written at once, it takes the table the index was built from, whose terms are still
    // there, instead of reading them back from the postings (about 5 s at 10,000,000, 0103).
    if (wait === 0) this.unwritten = { ...built, table: withItsTerms };
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      void this.writeSnapshot();
    }, wait);
    this.writeTimer.unref();
  }

  /** Writes the last build not yet written (tests, close); resolves when the file is in place. */
  writeSnapshot(): Promise<void> {
    const file = this.options.snapshot;
    this.writing = this.writing.then(async () => {
      const built = this.unwritten;
      if (!file || !built) return;
      this.unwritten = undefined;
      this.lastWrite = Date.now();
      const { directory, state } = built;
      try {
        const table = await runSliced(withTerms(built.table), new TimeSlicer());
        const bytes = await writeIndexSnapshot(file, {
          ...state,
          table,
          stores: [...directory.stores.values()],
          brands: [...directory.brands.values()],
          terms: this.terms.values.slice(),
          cares: this.cares.values.slice(),
          display: this.display.entries(),
        });
        this.options.logger?.debug({ snapshot: file, bytes, products: table.size }, 'catalog index snapshot written');
      } catch (err) {
        this.options.logger?.warn({ err, snapshot: file }, 'catalog index snapshot not written; the next start reads the whole catalogue');
      }
    });
    return this.writing;
  }

  /** Waits until every catalogue change noticed so far is in the index. */
  async settled(): Promise<void> {
    await this.follower?.idle();
    await this.rebuilding;
  }

  /** Tells the follower about a change this process made itself (or a test simulates). */
  notice(payload: string): void {
    this.follower?.note(payload);
  }

  async search(query: SearchQuery, needs: SearchNeeds): Promise<SearchResult> {
    return (await this.current()).search(query, needs);
  }

  directory(): CatalogDirectory {
    if (!this.index) throw new Error('the catalog index is not built yet');
    return this.index.directory;
  }

  async suggestTerms(prefix: string, department: Department | undefined, limit: number, adminView = false): Promise<TermSuggestion[]> {
    return (await this.current()).suggestTerms(prefix, department, limit, adminView);
  }

  version(): number {
    return this.index?.version ?? 0;
  }

  generation(): number {
    return this.catalogGeneration;
  }

  stats(): IndexStats | undefined {
    return this.index?.stats();
  }

  async close(): Promise<void> {
    await this.follower?.stop();
    await this.rebuilding;
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    await this.writeSnapshot();
  }
}

export type { LoadSelection };
