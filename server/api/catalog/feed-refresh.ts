import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { confirmFeed } from './feed-states';
import { formatImportReport, heldFeedLog } from './import-files';
import { feedDigest, importFeed, type ImportReport } from './importer';

// Fresh prices while the site runs (ARCHITECTURE.md "Catalog ingestion"): every source of
// feed_sources (stores.json "feeds") is looked at on a schedule and imported through the
// same importer as `npm run import`, so its changes reach the change log, the index and the
// alerts exactly as a hand import's do. A source costs nothing when it has not changed: a URL
// is asked with the validators of its last answer (304), a file's size and mtime are
// compared before it is read, and a feed whose bytes are those last imported is not imported
// again; a source found unchanged confirms the prices it gave (feed_states.confirmed_at). A
// feed the shrink guard holds is remembered as read, so it is not held again on every pass,
// and the next feed that differs is looked at afresh. Nothing is remembered from a fetch that
// failed, a file that changed while it was read, a feed that looks cut short or one the
// importer refused, so the next pass tries again.

/** How long a claim on a source holds: longer than any one feed takes to fetch and import. */
const CLAIM_SECONDS = 15 * 60;

export type FeedRefreshOptions = {
  db: Database;
  logger: Logger;
  /** Between the end of one pass and the start of the next. */
  intervalMs: number;
  /** How long one URL may take to answer, body included. */
  fetchTimeoutMs?: number;
  /** FEED_SHRINK_GUARD (importer.ts); absent, the importer's default. */
  shrinkGuard?: number;
};

export type RefreshOutcome = 'imported' | 'held' | 'not modified' | 'unchanged' | 'failed' | 'claimed elsewhere';

export type RefreshResult = {
  store: string;
  country: string;
  location: string;
  outcome: RefreshOutcome;
  report?: ImportReport;
  error?: string;
};

type SourceRow = {
  store_id: number;
  store: string;
  country_code: string;
  location: string;
  etag: string | null;
  last_modified: string | null;
  file_stamp: string | null;
  content_sha256: string | null;
};

/** What was read from a source that changed, and what to remember once it is imported. */
type Fetched =
  | { kind: 'same'; outcome: 'not modified' | 'unchanged'; fileStamp?: string }
  | { kind: 'feed'; text: string; etag: string | null; lastModified: string | null; fileStamp: string | null };

export class FeedRefreshError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedRefreshError';
  }
}

const isUrl = (location: string) => /^https?:\/\//i.test(location);

/**
 * A TSV feed must end with a line break: the importer takes rows one by one, so a file cut
 * short would still import its complete rows and withdraw every item after the cut, and a last
 * row cut inside its last field might pass as a real value. XML cut short does not parse at all
 * and is refused by the importer.
 */
export function feedLooksCutShort(text: string): boolean {
  return !/^\uFEFF?\s*</.test(text) && text.length > 0 && !text.endsWith('\n');
}

export class FeedRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RefreshResult[]> | undefined;
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(private readonly options: FeedRefreshOptions) {}

  /** Refreshes every source now, then again `intervalMs` after each pass ends. */
  start(): void {
    const pass = () => {
      if (this.stopped) return;
      this.running = this.refreshAll().catch((error: Error) => {
        this.options.logger.error({ err: error }, 'feed refresh pass failed');
        return [];
      });
      void this.running.then(() => {
        if (!this.stopped) this.timer = setTimeout(pass, this.options.intervalMs).unref();
      });
    };
    pass();
  }

  /** Stops the schedule; a fetch under way is aborted and the pass is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  /** One pass over every source, one after another (imports of one database queue anyway). */
  async refreshAll(): Promise<RefreshResult[]> {
    const sources = await this.options.db.query<{ store: string; country_code: string }>(
      `SELECT s.slug AS store, f.country_code FROM feed_sources f JOIN stores s ON s.id = f.store_id
        ORDER BY s.slug, f.country_code`,
    );
    const results: RefreshResult[] = [];
    for (const source of sources) {
      if (this.stopped) break;
      results.push(await this.refreshSource(source.store, source.country_code));
    }
    const count = (outcome: RefreshOutcome) => results.filter((r) => r.outcome === outcome).length;
    const summary =
      `feed refresh pass: ${count('imported')} imported, ${count('unchanged') + count('not modified')} unchanged, ` +
      `${count('failed')} failed, ${count('claimed elsewhere')} claimed elsewhere, ${count('held')} held`;
    // A pass that found nothing new is the usual case: say so only at debug.
    if (count('imported') || count('failed') || count('held')) this.options.logger.info(summary);
    else this.options.logger.debug(summary);
    return results;
  }

  /** Refreshes one store's feed for one country, unless another instance is doing so. */
  async refreshSource(store: string, country: string): Promise<RefreshResult> {
    const { db, logger } = this.options;
    const [claimed] = await db.query<SourceRow>(
      `UPDATE feed_sources f SET claimed_until = now() + make_interval(secs => $3::double precision)
         FROM stores s
        WHERE s.id = f.store_id AND s.slug = $1 AND f.country_code = $2
          AND (f.claimed_until IS NULL OR f.claimed_until < now())
        RETURNING f.store_id, s.slug AS store, f.country_code, f.location, f.etag, f.last_modified,
                  f.file_stamp, f.content_sha256`,
      [store, country, CLAIM_SECONDS],
    );
    if (!claimed) return { store, country, location: '', outcome: 'claimed elsewhere' };
    const result: RefreshResult = { store, country, location: claimed.location, outcome: 'failed' };
    // What the row keeps afterwards; the claim is released by the same statement.
    let remember: { etag: string | null; lastModified: string | null; fileStamp: string | null; sha256: string | null } | undefined;
    let imported = false;
    try {
      const fetched = await this.fetchSource(claimed);
      if (fetched.kind === 'same') {
        result.outcome = fetched.outcome;
        await confirmFeed(db, claimed.store_id, country);
        if (fetched.fileStamp !== undefined) {
          remember = { etag: null, lastModified: null, fileStamp: fetched.fileStamp, sha256: claimed.content_sha256 };
        }
      } else {
        if (feedLooksCutShort(fetched.text)) {
          throw new FeedRefreshError('the feed ends in the middle of a line: it looks cut short, so none of it was imported');
        }
        const sha256 = feedDigest(fetched.text);
        const next = { etag: fetched.etag, lastModified: fetched.lastModified, fileStamp: fetched.fileStamp, sha256 };
        if (sha256 === claimed.content_sha256) {
          result.outcome = 'unchanged';
          await confirmFeed(db, claimed.store_id, country);
        } else {
          const shrinkGuard = this.options.shrinkGuard;
          result.report = await importFeed(db, { text: fetched.text, source: claimed.location, store, country, ...(shrinkGuard !== undefined ? { shrinkGuard } : {}) });
          if (result.report.held) {
            result.outcome = 'held';
            logger.warn(heldFeedLog(result.report), 'feed held by the shrink guard: it carries far fewer items than the last one; nothing changed');
          } else {
            result.outcome = 'imported';
            imported = true;
          }
          for (const line of formatImportReport(result.report)) logger.info(line);
        }
        remember = next;
      }
    } catch (error) {
      result.error = (error as Error).message;
      logger.warn({ store, country, location: claimed.location, error: result.error }, 'feed refresh failed; nothing changed');
    }
    await db.query(
      `UPDATE feed_sources SET claimed_until = NULL, checked_at = now(),
              etag = CASE WHEN $4::boolean THEN $5::text ELSE etag END,
              last_modified = CASE WHEN $4::boolean THEN $6::text ELSE last_modified END,
              file_stamp = CASE WHEN $4::boolean THEN $7::text ELSE file_stamp END,
              content_sha256 = CASE WHEN $4::boolean THEN $8::text ELSE content_sha256 END,
              imported_at = CASE WHEN $9::boolean THEN now() ELSE imported_at END,
              last_error = $10::text
        WHERE store_id = $1 AND country_code = $2 AND location = $3`,
      [
        claimed.store_id,
        country,
        claimed.location,
        remember !== undefined,
        remember?.etag ?? null,
        remember?.lastModified ?? null,
        remember?.fileStamp ?? null,
        remember?.sha256 ?? null,
        imported,
        result.error ?? null,
      ],
    );
    return result;
  }

  private async fetchSource(source: SourceRow): Promise<Fetched> {
    return isUrl(source.location) ? this.fetchUrl(source) : this.readFile(source);
  }

  private async fetchUrl(source: SourceRow): Promise<Fetched> {
    const headers: Record<string, string> = { accept: 'text/tab-separated-values, application/xml, text/xml, text/plain, */*' };
    // Validators only make sense for the feed last imported: after a failed import none were kept.
    if (source.etag) headers['if-none-match'] = source.etag;
    if (source.last_modified) headers['if-modified-since'] = source.last_modified;
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.fetchTimeoutMs ?? 60_000)]);
    const response = await fetch(source.location, { headers, signal, redirect: 'follow' });
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: 'same', outcome: 'not modified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedRefreshError(`${source.location} answered ${response.status} ${response.statusText}`.trim());
    }
    // A connection lost mid-body (fewer bytes than Content-Length, a chunked body never
    // finished) rejects here, before anything is imported.
    const text = await response.text();
    return { kind: 'feed', text, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified'), fileStamp: null };
  }

  private async readFile(source: SourceRow): Promise<Fetched> {
    const stamp = (stat: { size: number; mtimeMs: number }) => `${stat.size}:${stat.mtimeMs}`;
    const before = await fs.stat(source.location);
    if (!before.isFile()) throw new FeedRefreshError(`${source.location} is not a file`);
    if (stamp(before) === source.file_stamp) return { kind: 'same', outcome: 'unchanged' };
    const bytes = await fs.readFile(source.location);
    const after = await fs.stat(source.location);
    // A file being written while it was read: try again on the next pass.
    if (stamp(after) !== stamp(before) || bytes.length !== after.size) {
      throw new FeedRefreshError(`${source.location} changed while it was read; it will be read again on the next pass`);
    }
    return { kind: 'feed', text: bytes.toString('utf8'), etag: null, lastModified: null, fileStamp: stamp(after) };
  }
}
