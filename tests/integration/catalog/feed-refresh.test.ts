import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../scripts/lib/processes';
import { LOG_START, readChangesSince } from '../../../server/api/catalog/catalog-changes';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { FeedRefresher } from '../../../server/api/catalog/feed-refresh';
import { importPath } from '../../../server/api/catalog/import-files';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { createLogger } from '../../../server/lib/logger';
import { fixtureManifest, readFixture } from '../../support/feed-fixtures';
import { BOTH_ENGINES } from '../../support/test-database';

// Fresh prices while the site runs: the api refreshes each store's feed sources (stores.json
// "feeds") through the importer. A merchant's feed server on loopback answers with an ETag and
// honours If-None-Match; what reaches the change log is counted.

const FEED = readFixture('good/northlane.gb.tsv');
/** The same feed the next day: NL100 in black, size S, from £59 to £49. */
const CUT = FEED.replace(/^(NL100-BLK-S\t(?:[^\t]*\t){7})59\.00 GBP/m, '$149.00 GBP');

type Served = { status: number; ifNoneMatch: string | undefined; ifModifiedSince?: string | undefined };

const LAST_MODIFIED = 'Mon, 23 Nov 2026 06:00:00 GMT';

/** A merchant's feed server: serves `body` with a strong ETag, 304 when the client holds it. */
async function startFeedServer() {
  const state = {
    body: FEED,
    /** Overrides the answer: a cut-short body, a dropped connection, a held answer. */
    next: undefined as ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined,
    served: [] as Served[],
  };
  const server = http.createServer((req, res) => {
    const ifNoneMatch = req.headers['if-none-match'];
    if (state.next) {
      const next = state.next;
      state.next = undefined;
      state.served.push({ status: 0, ifNoneMatch });
      next(req, res);
      return;
    }
    const etag = `"${createHash('sha256').update(state.body).digest('hex').slice(0, 16)}"`;
    const status = ifNoneMatch === etag ? 304 : 200;
    state.served.push({ status, ifNoneMatch, ifModifiedSince: req.headers['if-modified-since'] });
    res.writeHead(status, { etag, 'last-modified': LAST_MODIFIED, 'content-type': 'text/tab-separated-values; charset=utf-8' });
    res.end(status === 200 ? state.body : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/feeds/northlane.gb.tsv`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const logger = createLogger('api', 'silent');

describe.each(BOTH_ENGINES)('feed refresh (%s)', (_engine, openDb) => {
  let db: Database;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let refresher: FeedRefresher;

  /** The manifest with northlane's GB feed at `location`. */
  async function pointNorthlaneAt(location: string, baseDir?: string) {
    const manifest = fixtureManifest();
    manifest.stores[0]!.feeds = { GB: location };
    await importStores(db, manifest, { baseDir });
  }

  /** Every price and availability of northlane's items on the GB site. */
  const prices = () =>
    db.query<{ item_id: string; sale_price: string; status: number }>(
      `SELECT sv.item_id, p.sale_price::text, p.status FROM size_variant_prices p
         JOIN size_variants sv ON sv.id = p.size_variant_id JOIN stores s ON s.id = sv.store_id
        WHERE s.slug = 'northlane' AND p.country_code = 'GB' ORDER BY sv.item_id`,
    );
  const logged = async () => (await readChangesSince(db, LOG_START, 1000)).changes;

  beforeAll(async () => {
    db = await openDb();
    await upsertCategoryTree(db);
    feeds = await startFeedServer();
  });
  afterAll(async () => {
    await feeds.close();
    await db.close();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM feed_sources');
    // The feed states go with the prices: a state saying which bytes wrote prices no longer
    // there would have the importer confirm them as a repeat (ImportReport.repeat).
    await db.query('DELETE FROM feed_states');
    await db.query('DELETE FROM size_variant_prices');
    await db.query('DELETE FROM price_history');
    feeds.state.body = FEED;
    feeds.state.served = [];
    feeds.state.next = undefined;
    refresher = new FeedRefresher({ db, logger, intervalMs: 60_000 });
  });
  afterEach(async () => {
    await refresher.stop();
  });

  it('imports a feed URL on 200, asks again with its ETag and imports nothing on 304, and imports a changed feed', async () => {
    await pointNorthlaneAt(feeds.url);

    const first = await refresher.refreshAll();
    expect(first.map((r) => [r.store, r.country, r.outcome, r.report?.imported])).toEqual([['northlane', 'GB', 'imported', 6]]);
    expect(feeds.state.served).toEqual([{ status: 200, ifNoneMatch: undefined, ifModifiedSince: undefined }]);
    expect((await logged()).length).toBe(6);

    const second = await refresher.refreshAll();
    expect(second.map((r) => r.outcome)).toEqual(['not modified']);
    const etag = `"${createHash('sha256').update(FEED).digest('hex').slice(0, 16)}"`;
    expect(feeds.state.served[1]).toEqual({ status: 304, ifNoneMatch: etag, ifModifiedSince: LAST_MODIFIED });
    expect((await logged()).length).toBe(6);

    feeds.state.body = CUT;
    const third = await refresher.refreshAll();
    expect(third.map((r) => [r.outcome, r.report?.updated, r.report?.unchanged])).toEqual([['imported', 1, 5]]);
    expect(feeds.state.served[2]).toEqual({ status: 200, ifNoneMatch: etag, ifModifiedSince: LAST_MODIFIED });
    const changes = await logged();
    expect(changes.length).toBe(7);
    expect(changes.at(-1)).toMatchObject({ country: 'GB', salePrice: 49, previous: { salePrice: 59 } });
  });

  it('changes nothing when the feed is cut short, the connection drops or the importer refuses it, and tries again next pass', async () => {
    await pointNorthlaneAt(feeds.url);
    await refresher.refreshAll();
    const before = await prices();
    feeds.state.body = CUT;

    // A TSV cut inside its second row, just after the row whose price changed, sent as a
    // complete answer: the rows before the cut are whole and would import.
    const cutShort = CUT.slice(0, CUT.indexOf('NL100-BLK-M') + 5);
    feeds.state.next = (_req, res) => res.writeHead(200, { 'content-length': Buffer.byteLength(cutShort) }).end(cutShort);
    const [short] = await refresher.refreshAll();
    expect([short!.outcome, short!.error]).toEqual(['failed', 'the feed ends in the middle of a line: it looks cut short, so none of it was imported']);

    // The merchant's server is down.
    feeds.state.next = (_req, res) => res.writeHead(503).end();
    const [down] = await refresher.refreshAll();
    expect([down!.outcome, down!.error]).toEqual(['failed', `${feeds.url} answered 503 Service Unavailable`]);

    // The connection dropped half way through a body announced whole.
    feeds.state.next = (_req, res) => {
      res.writeHead(200, { 'content-length': Buffer.byteLength(CUT) });
      res.write(CUT.slice(0, 200), () => res.destroy());
    };
    const [dropped] = await refresher.refreshAll();
    expect(dropped!.outcome).toBe('failed');

    // XML cut short: the importer refuses the whole feed.
    const xml = readFixture('good/atlas-outfitters.us.xml');
    feeds.state.next = (_req, res) => res.writeHead(200).end(xml.slice(0, xml.length / 2));
    const [refused] = await refresher.refreshAll();
    expect(refused!.outcome).toBe('failed');
    expect(refused!.error).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feeds\/northlane\.gb\.tsv: /);

    expect(await prices()).toEqual(before);
    expect((await logged()).length).toBe(6);
    const [row] = await db.query<{ last_error: string; imported_at: Date }>('SELECT last_error, imported_at FROM feed_sources');
    expect(row!.last_error).toBe(refused!.error);

    // Nothing was remembered from the failures: the next pass asks with the old ETag and imports.
    const [again] = await refresher.refreshAll();
    expect([again!.outcome, again!.report?.updated]).toEqual(['imported', 1]);
    expect((await logged()).length).toBe(7);
    const [cleared] = await db.query<{ last_error: string | null }>('SELECT last_error FROM feed_sources');
    expect(cleared!.last_error).toBe(null);
  });

  it('reads a file source only when its size or time changed, and imports only when its bytes did', async () => {
    const dir = tempDataDir();
    const file = path.join(dir, 'feeds', 'northlane.gb.tsv');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, FEED);
    // A relative path is taken from the manifest's folder.
    await pointNorthlaneAt('feeds/northlane.gb.tsv', dir);
    const [source] = await db.query<{ location: string }>('SELECT location FROM feed_sources');
    expect(source!.location).toBe(file);

    expect((await refresher.refreshAll()).map((r) => r.outcome)).toEqual(['imported']);
    expect((await refresher.refreshAll()).map((r) => r.outcome)).toEqual(['unchanged']);
    // Written again with the same bytes: read, found identical, not imported.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await refresher.refreshAll()).map((r) => r.outcome)).toEqual(['unchanged']);
    fs.writeFileSync(file, CUT);
    const [changed] = await refresher.refreshAll();
    expect([changed!.outcome, changed!.report?.updated, changed!.report?.source]).toEqual(['imported', 1, file]);
    expect((await logged()).length).toBe(7);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('does not import again the bytes an import by hand already brought in from the source', async () => {
    const dir = tempDataDir();
    const file = path.join(dir, 'northlane.gb.tsv');
    fs.writeFileSync(file, CUT);
    await pointNorthlaneAt(file);
    await importPath(db, path.relative(process.cwd(), file), {}, () => {});
    expect((await refresher.refreshAll()).map((r) => r.outcome)).toEqual(['unchanged']);
    expect((await logged()).length).toBe(6);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets one instance refresh a source at a time: another finds it claimed and leaves it', async () => {
    await pointNorthlaneAt(feeds.url);
    const other = new FeedRefresher({ db, logger, intervalMs: 60_000 });
    let answer!: () => void;
    const asked = new Promise<void>((resolve) => {
      feeds.state.next = (_req, res) => {
        answer = () => res.writeHead(200, { etag: '"held"' }).end(FEED);
        resolve();
      };
    });
    const first = refresher.refreshSource('northlane', 'GB');
    await asked;
    expect(await other.refreshSource('northlane', 'GB')).toEqual({ store: 'northlane', country: 'GB', location: '', outcome: 'claimed elsewhere' });
    answer();
    expect((await first).outcome).toBe('imported');
    // The claim ends with the refresh: the other instance may go next. This server's ETag
    // changed meanwhile, so the feed comes again, and its bytes are those already imported.
    expect((await other.refreshSource('northlane', 'GB')).outcome).toBe('unchanged');
    expect(feeds.state.served.map((s) => s.status)).toEqual([0, 200]);
    await other.stop();
  });

  it('keeps what it saw of a source while the manifest keeps its location, and forgets it when the location moves', async () => {
    await pointNorthlaneAt(feeds.url);
    await refresher.refreshAll();
    await pointNorthlaneAt(feeds.url);
    expect((await refresher.refreshAll()).map((r) => r.outcome)).toEqual(['not modified']);
    await pointNorthlaneAt(`${feeds.url}?v=2`);
    const [moved] = await db.query<{ etag: string | null; content_sha256: string | null }>('SELECT etag, content_sha256 FROM feed_sources');
    expect(moved).toEqual({ etag: null, content_sha256: null });
    // A manifest without the feed removes the source.
    await importStores(db, fixtureManifest());
    expect(await db.query('SELECT * FROM feed_sources')).toEqual([]);
  });
});
