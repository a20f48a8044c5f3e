import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { COUNTRIES, parseCountryCode, type CountryCode } from '../../../shared/countries';
import type { Database, Queryable } from '../db/database';
import { analyseIfGrown } from '../db/planner-statistics';
import { appendChanges, type ChangeEntry } from './catalog-changes';
import { notifyCatalogChanged } from './catalog-changed';
import { bumpCatalogGeneration } from './catalog-generation';
import { draftFeed, type FeedDrafts, type ProductDraft, type RejectedRow } from './feed-drafts';
import type { FeedWarning } from './feed-identifiers';
import { FeedFormatError, type FeedFormat, type FeedReadResult } from './feed-record';
import {
  DEFAULT_FEED_SHRINK_GUARD,
  confirmRepeatedFeed,
  readFeedState,
  recordAppliedFeed,
  recordHeldFeed,
  shrinkGuardHolds,
  withdrawMissing,
  type FeedState,
  type RepeatedFeed,
} from './feed-states';
import { prepareUpsert, upsertChunk, type UpsertedChunk } from './feed-upsert';
import { lockMatching, matchOffers, type MatchReport } from './offer-matching';
import type { FeedMode } from './store-manifest';
import { readTsvFeed } from './tsv-feed';
import { readXmlFeed } from './xml-feed';

// The feed importer (ARCHITECTURE.md "Catalog ingestion"): a merchant's Google Merchant Center
// feed for one target country becomes products (item_group_id), variants (colour) and
// size variants (one per item), with a price row per item and country. One function per
// stage: read the feed, confirm it when it repeats the last applied one's bytes (nothing else
// to do: feed-states.ts), validate and place its items (feed-drafts.ts), hold it when the shrink
// guard says so, upsert them (feed-upsert.ts), withdraw what a full feed no longer carries
// (feed-states.ts), record the changes and the feed's state, notify. Everything after the
// validation happens in one transaction, so importing the same feed twice changes nothing but
// the time its prices were confirmed. Every change of an
// item's price or availability on the feed's country site, and its first appearance there,
// goes to the change log (catalog-changes.ts) in that same transaction, so consumers of the
// log see an import's changes exactly when its catalogue rows become visible.

export type ImportFeedOptions = {
  /** A feed file; its name may carry the store and country: `<store-slug>.<cc>.tsv|xml`. */
  file?: string;
  /** The feed itself, when there is no file. */
  text?: string;
  /** What the report calls the feed (a URL it was fetched from); else the file, else "(text)". */
  source?: string;
  /** tsv or xml; from the file extension, else from the first character of the text. */
  format?: FeedFormat;
  /** The store's slug (stores.json); overrides the file name. */
  store?: string;
  /** The target country whose site the prices are for; overrides the file name. */
  country?: string;
  /**
   * FEED_SHRINK_GUARD, in percent (DEFAULT_FEED_SHRINK_GUARD when absent, 0 off): a full feed
   * carrying fewer than that share of the items the last applied one carried is held.
   */
  shrinkGuard?: number;
  /**
   * The operator applies the feed the shrink guard held for this store and country (the same
   * bytes: its SHA-256 is checked); anything else is refused.
   */
  applyHeld?: boolean;
};

export type PriceDrop = {
  sizeVariantId: number;
  guid: string;
  itemId: string;
  country: CountryCode;
  currency: string;
  previousPrice: number;
  price: number;
};

export type ImportReport = {
  source: string;
  store: string;
  country: CountryCode;
  format: FeedFormat;
  /** Item rows in the feed (the header and blank lines do not count). */
  rowsRead: number;
  /** Items new on this country's site. */
  imported: number;
  /** Items whose stored product, variant, size variant or price changed. */
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  /** Identifiers left out of items that loaded (a bad gtin, say), by line: the item still sells. */
  warnings: FeedWarning[];
  /** What the matcher did with this feed's new and rekeyed size variants (offer-matching.ts). */
  matching: MatchReport;
  /** Size variants whose sale price went down (the summary the CLI prints; consumers read the change log). */
  priceDrops: PriceDrop[];
  /** Entries written to the change log: first sightings, price or availability changes, withdrawals and returns. */
  changesLogged: number;
  /** The store's feed mode (stores.json "mode"): a full feed withdraws what it no longer carries. */
  mode: FeedMode;
  /** Items the feed carries (its valid rows). */
  carried: number;
  /** Items of this store and country the feed no longer carries, withdrawn by this import. */
  withdrawn: number;
  /** Withdrawn items the feed carries again, back as they were (counted in `updated` too). */
  returned: number;
  /** Set when the shrink guard held the feed: nothing of the catalogue changed. */
  held: HeldFeed | null;
  /**
   * Set when the feed's bytes were those of the store and country's last applied import, with
   * nothing changed since that a new import of them would write back: its prices were confirmed
   * and the feed was not read again. Its counts are that import's, and its rejected rows were
   * reported then (`rejected` is empty).
   */
  repeat: { appliedAt: Date; rejected: number } | null;
  created: { products: number; variants: number; sizeVariants: number };
  durationMs: number;
};

/** A full feed the shrink guard held: what it carries against what the last applied feed carried. */
export type HeldFeed = { items: number; previous: number; guardPercent: number; sha256: string };

export class FeedImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedImportError';
  }
}

const FEED_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2})\.(tsv|txt|xml)$/i;

/** Store, country and format from a feed file named `<store-slug>.<cc>.tsv|txt|xml`. */
export function feedTargetFromFileName(file: string): { store: string; country: string; format: FeedFormat } | undefined {
  const match = FEED_NAME.exec(path.basename(file));
  if (!match) return undefined;
  return { store: match[1]!.toLowerCase(), country: match[2]!.toUpperCase(), format: match[3]!.toLowerCase() === 'xml' ? 'xml' : 'tsv' };
}

export function readFeed(text: string, format: FeedFormat): FeedReadResult {
  return format === 'xml' ? readXmlFeed(text) : readTsvFeed(text);
}

/** Which store and country's site a feed is for, and where it came from. */
type FeedTarget = {
  store: string;
  country: CountryCode;
  currency: string;
  /** What the report and its errors call the feed. */
  source: string;
  /** Where the feed came from, as a feed source's location is stored (URLs as written, paths absolute). */
  location: string | undefined;
};

export type FeedText = { text: string; format: FeedFormat };

// Keeps each statement's arrays to a size both engines digest comfortably.
const ITEMS_PER_CHUNK = 4000;

export async function importFeed(db: Database, options: ImportFeedOptions): Promise<ImportReport> {
  const started = performance.now();
  const target = feedTarget(options);
  const feed = await feedText(options);
  const sha256 = feedDigest(feed.text);
  if (!options.applyHeld) {
    const repeated = await confirmIfRepeated(db, target, sha256);
    if (repeated) return repeatReport(target, feed.format, repeated, started);
  }
  const { read, products, rejected, warnings } = readAndDraft(feed, target);
  const report = newReport(target, feed.format, {
    rowsRead: read.records.length + read.malformed.length,
    rejected,
    warnings,
    carried: countItems(products.values()),
  });

  await db.transaction(async (tx) => {
    const store = await lockStore(tx, db.kind, target);
    report.mode = store.mode;
    if (await heldByGuard(tx, store, target, report, sha256, options)) return;
    await applyFeed(db, tx, store, target, [...products.values()], report, sha256);
  });
  if (report.created.sizeVariants) await analyseIfGrown(db);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

type LockedStore = { id: number; mode: FeedMode };

/**
 * The repeat stage (issue 30): bytes that repeat the last applied import of this store and
 * country, with nothing changed since that applying them again would write back, confirm its
 * prices (and the source's bytes) and nothing else, as a full import of them would.
 */
function confirmIfRepeated(db: Database, target: FeedTarget, sha256: string): Promise<RepeatedFeed | undefined> {
  return db.transaction(async (tx) => {
    const repeated = await confirmRepeatedFeed(tx, target.store, target.country, sha256);
    if (repeated) await rememberFeedBytes(tx, repeated.storeId, target, sha256);
    return repeated;
  });
}

function repeatReport(target: FeedTarget, format: FeedFormat, repeated: RepeatedFeed, started: number): ImportReport {
  return newReport(target, format, {
    rowsRead: repeated.carried + repeated.rejected,
    unchanged: repeated.carried,
    mode: repeated.mode,
    carried: repeated.carried,
    repeat: { appliedAt: repeated.appliedAt, rejected: repeated.rejected },
    durationMs: Math.round(performance.now() - started),
  });
}

/** A report of a feed for `target` that has changed nothing yet, with what is already known. */
function newReport(target: FeedTarget, format: FeedFormat, known: Partial<ImportReport>): ImportReport {
  return {
    source: target.source,
    store: target.store,
    country: target.country,
    format,
    rowsRead: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    warnings: [],
    matching: { matched: 0, left: 0, conflicts: [], partnerStores: [] },
    priceDrops: [],
    changesLogged: 0,
    created: { products: 0, variants: 0, sizeVariants: 0 },
    mode: 'full',
    carried: 0,
    withdrawn: 0,
    returned: 0,
    held: null,
    repeat: null,
    durationMs: 0,
    ...known,
  };
}

/**
 * The guard stage (issue 27): a full feed carrying fewer than FEED_SHRINK_GUARD percent of the
 * items the last applied one carried is held, not applied; `applyHeld` applies the held bytes.
 */
async function heldByGuard(
  tx: Queryable,
  store: LockedStore,
  target: FeedTarget,
  report: ImportReport,
  sha256: string,
  options: ImportFeedOptions,
): Promise<boolean> {
  const state = await readFeedState(tx, store.id, target.country);
  if (options.applyHeld) {
    checkHeld(state, sha256, target);
    return false;
  }
  const guardPercent = options.shrinkGuard ?? DEFAULT_FEED_SHRINK_GUARD;
  if (!shrinkGuardHolds(store.mode, report.carried, state, guardPercent)) return false;
  report.held = { items: report.carried, previous: state!.itemsCarried, guardPercent, sha256 };
  await recordHeldFeed(tx, store.id, target.country, report.carried, sha256);
  // The source has been read: a refresh does not fetch these bytes into the guard again.
  await rememberFeedBytes(tx, store.id, target, sha256);
  return true;
}

/**
 * The apply stages: upsert the feed's items, withdraw what a full feed no longer carries, log
 * the changes, keep the feed's state and notify, all in the import's transaction.
 */
async function applyFeed(
  db: Database,
  tx: Queryable,
  store: LockedStore,
  target: FeedTarget,
  products: ProductDraft[],
  report: ImportReport,
  sha256: string,
): Promise<void> {
  await lockMatching(tx);
  const upsert = await prepareUpsert(db, tx, store.id, target.country, target.currency, products);
  // Gathered over the chunks and written last: the log's lock is then held only from
  // writing them to the commit, not for the whole import.
  const changes: ChangeEntry[] = [];
  const carriedIds: number[] = [];
  const insertedIds: number[] = [];
  const rekeyedIds: number[] = [];
  let rowsChanged = false;
  for (const chunk of chunks(products)) {
    const written = await upsertChunk(tx, upsert, chunk);
    countChunk(report, target, written, changes);
    rowsChanged ||= storeRowsChanged(written);
    for (const sv of written.sizeIds.values()) {
      carriedIds.push(sv.id);
      if (sv.state === 'new') insertedIds.push(sv.id);
    }
    rekeyedIds.push(...written.rekeyed);
  }
  report.matching = await matchOffers(tx, store.id, insertedIds, rekeyedIds);
  if (store.mode === 'full') {
    const gone = await withdrawMissing(tx, store.id, target.country, carriedIds);
    report.withdrawn = gone.withdrawn;
    changes.push(...gone.changes);
  }
  await storedGuids(tx, report.priceDrops);
  await rememberFeedBytes(tx, store.id, target, sha256);
  report.changesLogged = (await appendChanges(tx, target.country, target.currency, changes))?.changes ?? 0;
  await recordAppliedFeed(tx, store.id, target.country, {
    mode: store.mode,
    carried: report.carried,
    withdrawn: report.withdrawn,
    rejected: report.rejected.length,
    sha256,
    rowsChanged,
  });
  await notifyImport(tx, report);
}

/** Store and country from the options, else from the file's name. */
function feedTarget(options: ImportFeedOptions): FeedTarget {
  const fromName = options.file ? feedTargetFromFileName(options.file) : undefined;
  const store = options.store ?? fromName?.store;
  const countryText = options.country ?? fromName?.country;
  const source = options.source ?? options.file ?? '(text)';
  const location = options.source ?? (options.file ? path.resolve(options.file) : undefined);
  if (!store) {
    throw new FeedImportError(`${source}: which store is this feed for? Pass --store, or name the file <store-slug>.<cc>.tsv`);
  }
  const country = parseCountryCode(countryText);
  if (!country) {
    throw new FeedImportError(
      `${source}: ${countryText ? `"${countryText}" is not one of our countries` : 'which country is this feed for? Pass --country, or name the file <store-slug>.<cc>.tsv'}`,
    );
  }
  return { store, country, currency: COUNTRIES[country].info.currencyCode, source, location };
}

/** The feed's text, in the format the options, the file name or the text say. */
async function feedText(options: ImportFeedOptions): Promise<FeedText> {
  let text = options.text;
  if (text === undefined) {
    if (!options.file) throw new FeedImportError('importFeed needs a file or a text');
    text = await fs.readFile(options.file, 'utf8');
  }
  const fromName = options.file ? feedTargetFromFileName(options.file) : undefined;
  const format: FeedFormat = options.format ?? fromName?.format ?? (/^\uFEFF?\s*</.test(text) ? 'xml' : 'tsv');
  return { text, format };
}

/** A feed's bytes as the importer and the refresher remember them: their SHA-256, in hex (decision 0093). */
export function feedDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The read stage: the feed's records and their drafts, before any statement (the bench also
 * times it alone, issue 30).
 */
export function readAndDraft(feed: FeedText, target: Pick<FeedTarget, 'store' | 'country' | 'source'>): FeedDrafts & { read: FeedReadResult } {
  const read = parseFeed(feed, target);
  return { read, ...draftFeed(read, target.store, target.country) };
}

/** The feed's records. */
function parseFeed({ text, format }: FeedText, target: Pick<FeedTarget, 'source'>): FeedReadResult {
  try {
    return readFeed(text, format);
  } catch (error) {
    if (error instanceof FeedFormatError) throw new FeedImportError(`${target.source}: ${error.message}`);
    throw error;
  }
}

const noStore = (target: FeedTarget) =>
  new FeedImportError(`${target.source}: there is no store "${target.store}"; import the stores manifest (stores.json) first`);

/** Items a feed carries: one size variant per valid row. */
function countItems(products: Iterable<ProductDraft>): number {
  let items = 0;
  for (const product of products) for (const variant of product.variants.values()) items += variant.sizes.length;
  return items;
}

/** `--apply-held` applies the very feed the guard held, and nothing else. */
function checkHeld(state: FeedState | undefined, sha256: string, target: FeedTarget): void {
  if (!state?.heldSha256) {
    throw new FeedImportError(`${target.source}: no feed of store ${target.store} for ${target.country} is held; import it without --apply-held`);
  }
  if (state.heldSha256 !== sha256) {
    throw new FeedImportError(
      `${target.source}: this is not the feed held for store ${target.store} in ${target.country} ` +
        `(held: ${state.heldItems} items, SHA-256 ${state.heldSha256.slice(0, 12)}…; this one: ${sha256.slice(0, 12)}…); ` +
        'import it without --apply-held, and the shrink guard looks at it afresh',
    );
  }
}

/** The store's id and feed mode, held for this transaction; imports of one store wait for each other. */
async function lockStore(tx: Queryable, kind: Database['kind'], target: FeedTarget): Promise<LockedStore> {
  // Imports of one store wait for each other (several api instances may start at once).
  await tx.query('SELECT pg_advisory_xact_lock(73455002, hashtext($1))', [target.store]);
  // PGlite is one connection and db.transaction() serialises every caller, so nothing
  // can delete a store, brand, variant or coupon between this transaction reading or
  // writing an id and using it: every id written here was read or returned in this very
  // transaction. The per-row foreign-key triggers (a lookup and a row lock on the parent
  // for each child row) are then pure cost, about a fifth of a demo import, and are
  // skipped for this transaction only. A PostgreSQL server keeps them: other connections
  // can delete concurrently there. This also skips any other trigger in origin mode: the
  // catalogue tables' own (which stores were written, migration 0026) are ENABLE ALWAYS.
  if (kind === 'pglite') await tx.query('SET LOCAL session_replication_role = replica');
  // FOR SHARE: on a server, the store cannot be deleted under this import.
  const [store] = await tx.query<{ id: number; feed_mode: FeedMode }>('SELECT id, feed_mode FROM stores WHERE slug = $1 FOR SHARE', [target.store]);
  if (!store) throw noStore(target);
  return { id: store.id, mode: store.feed_mode };
}

function* chunks(products: ProductDraft[]): Generator<ProductDraft[]> {
  let chunk: ProductDraft[] = [];
  let items = 0;
  for (const product of products) {
    let size = 0;
    for (const v of product.variants.values()) size += v.sizes.length;
    if (chunk.length && items + size > ITEMS_PER_CHUNK) {
      yield chunk;
      chunk = [];
      items = 0;
    }
    chunk.push(product);
    items += size;
  }
  if (chunk.length) yield chunk;
}

/** Whether a written chunk made or changed any of the store's own rows, which its feeds for every country share. */
function storeRowsChanged(chunk: UpsertedChunk): boolean {
  const changed = (rows: Iterable<{ state: string }>) => {
    for (const row of rows) if (row.state !== 'same') return true;
    return false;
  };
  return changed(chunk.products.values()) || changed(chunk.variants.values()) || changed(chunk.sizeIds.values());
}

/** Counts a written chunk into the report, and gathers its change-log entries into `changes`. */
function countChunk(report: ImportReport, target: FeedTarget, chunk: UpsertedChunk, changes: ChangeEntry[]): void {
  for (const state of chunk.products.values()) if (state.state === 'new') report.created.products++;
  for (const state of chunk.variants.values()) if (state.state === 'new') report.created.variants++;
  for (const row of chunk.sizes) {
    const sv = chunk.sizeIds.get(row.size.item.id)!;
    if (sv.state === 'new') report.created.sizeVariants++;
    const price = chunk.prices.get(sv.id);
    if (price?.returned) report.returned++;
    if (price?.firstSeen) report.imported++;
    else if (price || sv.state !== 'same' || row.parents.some((s) => s !== 'same')) report.updated++;
    else report.unchanged++;
    if (price?.logged) {
      const { msrp, sale, status } = row.size;
      changes.push({ sizeVariantId: sv.id, msrpMinor: msrp, saleMinor: sale, status, firstSeen: price.firstSeen });
    }
    if (price && price.previous !== null && price.current < price.previous) {
      report.priceDrops.push({
        sizeVariantId: sv.id,
        guid: row.size.guid,
        itemId: row.size.item.id,
        country: target.country,
        currency: target.currency,
        previousPrice: price.previous,
        price: price.current,
      });
    }
  }
}

/** The stored guid is the one links and alerts know, whoever created the row. */
async function storedGuids(tx: Queryable, drops: PriceDrop[]): Promise<void> {
  if (!drops.length) return;
  const guids = await tx.query<{ id: number; guid: string }>(
    'SELECT id, guid::text AS guid FROM size_variants WHERE id = ANY($1::int[])',
    [drops.map((d) => d.sizeVariantId)],
  );
  const byId = new Map(guids.map((g) => [g.id, g.guid]));
  for (const drop of drops) drop.guid = byId.get(drop.sizeVariantId) ?? drop.guid;
}

/**
 * A store's feed source (feed-refresh.ts) remembers these bytes as read, whoever imported them
 * (the first start, `npm run import`, the hand-off) and whether they were applied or held: its
 * next refresh then reads them without importing them again.
 */
async function rememberFeedBytes(tx: Queryable, storeId: number, target: FeedTarget, sha256: string): Promise<void> {
  if (target.location === undefined) return;
  await tx.query(
    'UPDATE feed_sources SET content_sha256 = $4 WHERE store_id = $1 AND country_code = $2 AND location = $3',
    [storeId, target.country, target.location, sha256],
  );
}

/**
 * The notify stage: an import that changed what pages show (items new, changed, back or
 * withdrawn) bumps the generation and tells every api, whose index rebuilds the store; so
 * does each other store whose rows the matcher moved to another match (issue 28), as their
 * cards and pages now show other offers.
 */
async function notifyImport(tx: Queryable, report: ImportReport): Promise<void> {
  const changed = report.imported + report.updated + report.withdrawn > 0;
  if (!changed && !report.matching.partnerStores.length) return;
  await bumpCatalogGeneration(tx);
  if (changed) {
    await notifyCatalogChanged(tx, {
      store: report.store,
      country: report.country,
      imported: report.imported,
      updated: report.updated,
      withdrawn: report.withdrawn,
    });
  }
  for (const store of report.matching.partnerStores) await notifyCatalogChanged(tx, { store });
}
