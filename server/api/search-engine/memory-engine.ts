import type { Logger } from 'pino';
import type { Department } from '../../../shared/constants';
import { readCatalogGeneration } from '../catalog/catalog-generation';
import { systemFeedAges, withheldFeeds, type FeedAges } from '../catalog/feed-ages';
import type { Database } from '../db/database';
import { Dictionary, TableBuilder, type DocumentTable } from './document-table';
import { DisplayWords, loadDocuments, type LoadSelection, type SearchDocument } from './documents';
import { CatalogFollower, type CatalogChange } from './index-follower';
import { MemoryIndex, type IndexStats } from './memory-index';
import { TimeSlicer } from './time-slicer';
import type { CatalogDirectory, SearchEngine, SearchNeeds, SearchQuery, SearchResult, TermSuggestion } from './search-engine';

// The api's search engine: the in-memory index, built from the database at start and
// rebuilt (for the stores an import touched) whenever the catalogue changes. Readers
// always see one complete index; a rebuild makes the next one beside it and swaps. A
// build is cut into slices of about 10 ms (time-slicer.ts), so requests and health probes
// are answered while it runs.

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
};

/** One build: its wall time (`ms`, requests answered in between included) and how many slices it was cut into. */
export type BuildReport = { products: number; ms: number; version: number; slices: number; stores?: number };

export class MemorySearchEngine implements SearchEngine {
  readonly kind = 'memory' as const;
  private index: MemoryIndex | undefined;
  private readonly terms = new Dictionary();
  private readonly cares = new Dictionary();
  private readonly display = new DisplayWords();
  private builds = 0;
  private catalogGeneration = 0;
  private starting: Promise<void> | undefined;
  private readonly follower: CatalogFollower | undefined;
  private rebuilding: Promise<unknown> = Promise.resolve();
  private readonly feedAges: FeedAges;
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
      await this.rebuild();
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
      const generation = await readCatalogGeneration(this.db);
      const withheld = await withheldFeeds(this.db, this.feedAges);
      const builder = new TableBuilder(this.terms, this.cares);
      const directory = await loadDocuments(this.db, {}, (docs, _tx, dir) => this.addSliced(builder, docs, dir, slicer), { slicer, withheld });
      return this.swap(builder.build(), directory, started, slicer, generation);
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
      const previous = this.index!;
      const slugs = [...change.stores];
      // Read before the stores are: the generation of the change being applied, or a later one.
      const generation = await readCatalogGeneration(this.db);
      const fresh = new TableBuilder(this.terms, this.cares);
      const added: SearchDocument[] = [];
      const withheld = await withheldFeeds(this.db, this.feedAges);
      const directory = await loadDocuments(this.db, { storeSlugs: slugs }, (docs) => void added.push(...docs), { slicer, withheld });
      const replaced = new Set(slugs.map((s) => directory.storeBySlug.get(s)?.id).filter((id): id is number => id !== undefined));
      const table = previous.table;
      for (let i = 0; i < table.size; i++) {
        if (!replaced.has(table.products.storeId[i]!)) fresh.copy(table, i);
        if (slicer.due) await slicer.yield();
      }
      await this.addSliced(fresh, added, directory, slicer);
      const report = await this.swap(fresh.build(), directory, started, slicer, generation);
      return { ...report, stores: slugs.length };
    });
    this.rebuilding = run.catch(() => undefined);
    return run;
  }

  private async addSliced(builder: TableBuilder, docs: readonly SearchDocument[], directory: CatalogDirectory, slicer: TimeSlicer): Promise<void> {
    for (const doc of docs) {
      builder.add(doc, directory, this.display);
      if (slicer.due) await slicer.yield();
    }
  }

  private async swap(table: DocumentTable, directory: CatalogDirectory, started: number, slicer: TimeSlicer, generation: number): Promise<BuildReport> {
    const index = await MemoryIndex.build(table, directory, this.terms, this.cares, this.display, ++this.builds, slicer);
    this.index = index;
    this.catalogGeneration = Math.max(this.catalogGeneration, generation);
    const report = { products: index.size, ms: Math.round(performance.now() - started), version: index.version, slices: slicer.turns + 1 };
    this.options.logger?.info(report, 'catalog index built');
    this.onBuilt?.(report);
    return report;
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
  }
}

export type { LoadSelection };
