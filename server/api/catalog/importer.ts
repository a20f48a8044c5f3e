import { bumpCatalogGeneration } from './catalog-generation';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { normaliseColour } from '../../../shared/colours';
import { COUNTRIES, parseCountryCode, type CountryCode } from '../../../shared/countries';
import type { Department } from '../../../shared/constants';
import type { Database, Queryable } from '../db/database';
import { appendChanges, type ChangeEntry } from './catalog-changes';
import { measurePrice, readChangeLogs } from './honest-offers';
import { placeItem } from './category-match';
import { CATEGORIES } from './category-tree';
import { loadCategoryIds, upsertCategoryTree } from './category-table';
import { validateFeedRecord, type FeedItem } from './feed-item';
import { FeedFormatError, type FeedFormat, type FeedReadResult } from './feed-record';
import { AVAILABILITY_STATUS, discountPercent, hasFreeDelivery, minorToDecimal } from './feed-values';
import { sizeVariantGuid, sizeVariantSlug, slugify } from './identifiers';
import { readTsvFeed } from './tsv-feed';
import { readXmlFeed } from './xml-feed';

// The feed importer (ARCHITECTURE.md "Catalog ingestion"): a merchant's Google Merchant Center
// feed for one target country becomes products (item_group_id), variants (colour) and
// size variants (one per item), with a price row per item and country. Everything for a
// feed happens in one transaction, in multi-row statements over unnest() arrays; every
// upsert only writes rows whose values differ, so importing the same feed twice changes
// nothing (no updated_at moves, no change-log rows). Every change of an item's price or
// availability on the feed's country site, and its first appearance there, goes to the
// change log (catalog-changes.ts) in that same transaction, so consumers of the log see an
// import's changes exactly when its catalogue rows become visible.

/** The channel a search index listens on to follow catalogue changes. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

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
};

export type RejectedRow = { line: number; reason: string };

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
  /** Size variants whose sale price went down (the summary the CLI prints; consumers read the change log). */
  priceDrops: PriceDrop[];
  /** Entries written to the change log: first sightings and price or availability changes. */
  changesLogged: number;
  created: { products: number; variants: number; sizeVariants: number };
  durationMs: number;
};

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

type SizeDraft = {
  item: FeedItem;
  guid: string;
  slug: string;
  status: number;
  msrp: number;
  sale: number;
  offers: number;
  /** How far the price fell this week (honest-offers.ts); 0 for a first sighting. */
  dropped: number;
  freeDelivery: boolean;
};
type VariantDraft = { colourName: string; first: FeedItem; position: number; sizes: SizeDraft[] };
type ProductDraft = {
  groupKey: string;
  first: FeedItem;
  department: Department;
  categorySlug: string;
  variants: Map<string, VariantDraft>;
};

type State = 'new' | 'updated' | 'same';

// Keeps each statement's arrays to a size both engines digest comfortably.
const ITEMS_PER_CHUNK = 4000;

export async function importFeed(db: Database, options: ImportFeedOptions): Promise<ImportReport> {
  const started = performance.now();
  const fromName = options.file ? feedTargetFromFileName(options.file) : undefined;
  const storeSlug = options.store ?? fromName?.store;
  const countryText = options.country ?? fromName?.country;
  const source = options.source ?? options.file ?? '(text)';
  /** Where the feed came from, as a feed source's location is stored (URLs as written, paths absolute). */
  const location = options.source ?? (options.file ? path.resolve(options.file) : undefined);
  if (!storeSlug) {
    throw new FeedImportError(`${source}: which store is this feed for? Pass --store, or name the file <store-slug>.<cc>.tsv`);
  }
  const country = parseCountryCode(countryText);
  if (!country) {
    throw new FeedImportError(
      `${source}: ${countryText ? `"${countryText}" is not one of our countries` : 'which country is this feed for? Pass --country, or name the file <store-slug>.<cc>.tsv'}`,
    );
  }
  let text = options.text;
  if (text === undefined) {
    if (!options.file) throw new FeedImportError('importFeed needs a file or a text');
    text = await fs.readFile(options.file, 'utf8');
  }
  const format: FeedFormat = options.format ?? fromName?.format ?? (/^\uFEFF?\s*</.test(text) ? 'xml' : 'tsv');

  let read: FeedReadResult;
  try {
    read = readFeed(text, format);
  } catch (error) {
    if (error instanceof FeedFormatError) throw new FeedImportError(`${source}: ${error.message}`);
    throw error;
  }
  const rejected: RejectedRow[] = [...read.malformed];
  const currency = COUNTRIES[country].info.currencyCode;

  const noStore = () =>
    new FeedImportError(`${source}: there is no store "${storeSlug}"; import the stores manifest (stores.json) first`);
  // Checked before the work of validating, and again inside the transaction.
  if (!(await db.query('SELECT 1 FROM stores WHERE slug = $1', [storeSlug])).length) throw noStore();
  // Validate and place every item; a rejected item never stops the others.
  const products = new Map<string, ProductDraft>();
  const firstLineOfId = new Map<string, number>();
  for (const record of read.records) {
    const validation = validateFeedRecord(record);
    if (!validation.ok) {
      rejected.push({ line: validation.line, reason: validation.reason });
      continue;
    }
    const item = validation.item;
    const reject = (reason: string) => rejected.push({ line: item.line, reason: `item ${item.id}: ${reason}` });
    const seenOn = firstLineOfId.get(item.id);
    if (seenOn !== undefined) {
      reject(`id repeats the item on line ${seenOn}`);
      continue;
    }
    firstLineOfId.set(item.id, item.line);
    if (item.price.currency !== currency) {
      reject(`price is in ${item.price.currency} but this feed is for ${COUNTRIES[country].name}, priced in ${currency}`);
      continue;
    }
    const groupKey = item.itemGroupId ?? item.id;
    let product = products.get(groupKey);
    if (!product) {
      const placement = placeItem(item);
      if ('error' in placement) {
        reject(placement.error);
        continue;
      }
      product = {
        groupKey,
        first: item,
        department: placement.department,
        categorySlug: placement.category.slug,
        variants: new Map(),
      };
      products.set(groupKey, product);
    }
    const colourName = item.color ?? '';
    let variant = product.variants.get(colourName);
    if (!variant) {
      variant = { colourName, first: item, position: product.variants.size, sizes: [] };
      product.variants.set(colourName, variant);
    }
    const guid = sizeVariantGuid(storeSlug, item.id);
    const msrp = item.price.minor;
    const sale = item.salePrice?.minor ?? msrp;
    variant.sizes.push({
      item,
      guid,
      slug: sizeVariantSlug(item.title, item.color, item.size, guid),
      status: AVAILABILITY_STATUS[item.availability],
      msrp,
      sale,
      offers: discountPercent(msrp, sale),
      dropped: 0,
      freeDelivery: hasFreeDelivery(item.shipping, country),
    });
  }
  rejected.sort((a, b) => a.line - b.line);

  const report: ImportReport = {
    source,
    store: storeSlug,
    country,
    format,
    rowsRead: read.records.length + read.malformed.length,
    imported: 0,
    updated: 0,
    unchanged: 0,
    rejected,
    priceDrops: [],
    changesLogged: 0,
    created: { products: 0, variants: 0, sizeVariants: 0 },
    durationMs: 0,
  };

  await db.transaction(async (tx) => {
    // Imports of one store wait for each other (several api instances may start at once).
    await tx.query('SELECT pg_advisory_xact_lock(73455002, hashtext($1))', [storeSlug]);
    // PGlite is one connection and db.transaction() serialises every caller, so nothing
    // can delete a store, brand, variant or coupon between this transaction reading or
    // writing an id and using it: every id written here was read or returned in this very
    // transaction. The per-row foreign-key triggers (a lookup and a row lock on the parent
    // for each child row) are then pure cost, about a fifth of a demo import, and are
    // skipped for this transaction only. A PostgreSQL server keeps them: other connections
    // can delete concurrently there. This also skips any other trigger: the catalogue
    // tables have none, and one added later must be fired by this importer explicitly.
    if (db.kind === 'pglite') await tx.query('SET LOCAL session_replication_role = replica');
    // FOR SHARE: on a server, the store cannot be deleted under this import.
    const [store] = await tx.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1 FOR SHARE', [storeSlug]);
    if (!store) throw noStore();
    const storeId = store.id;
    const categoryIds = await categoryIdsEnsured(tx);
    const couponRows = await tx.query<{ id: number; promotion_id: string }>(
      'SELECT id, promotion_id FROM coupons WHERE store_id = $1',
      [storeId],
    );
    const coupons = new Map(couponRows.map((c) => [c.promotion_id, c.id]));
    const brandIds = await upsertBrands(tx, [...products.values()].map((p) => p.first.brand));
    // Gathered over the chunks and written last: the log's lock is then held only from
    // writing them to the commit, not for the whole import.
    const changes: ChangeEntry[] = [];

    for (const chunk of chunks([...products.values()])) {
      const productIds = await upsertProducts(tx, storeId, chunk, categoryIds, brandIds);
      const variantRows: { product: ProductDraft; variant: VariantDraft; productId: number }[] = [];
      for (const product of chunk) {
        const { id } = productIds.get(product.groupKey)!;
        for (const variant of product.variants.values()) variantRows.push({ product, variant, productId: id });
      }
      const variantIds = await upsertVariants(tx, variantRows);
      const sizeRows: { size: SizeDraft; variantId: number; parents: State[] }[] = [];
      for (const row of variantRows) {
        const variant = variantIds.get(variantKey(row.productId, row.variant.colourName))!;
        const productState = productIds.get(row.product.groupKey)!.state;
        for (const size of row.variant.sizes) sizeRows.push({ size, variantId: variant.id, parents: [productState, variant.state] });
      }
      const sizeIds = await upsertSizeVariants(tx, storeId, sizeRows, coupons);
      const existing = [...sizeIds.values()].filter((s) => s.state !== 'new').map((s) => s.id);
      // A size variant seen before carries the discount its log allows and this week's drop
      // (honest-offers.ts); a first sighting has no log, keeps the feed's discount and no drop.
      const logs = await readChangeLogs(tx, country, existing);
      const now = Date.now();
      for (const row of sizeRows) {
        const log = logs.get(sizeIds.get(row.size.item.id)!.id);
        const { sale, msrp, status } = row.size;
        if (log?.length) Object.assign(row.size, measurePrice(log, { currency, sale, msrp, available: status !== AVAILABILITY_STATUS.out_of_stock }, now));
      }
      const priceChanges = await upsertPrices(
        tx,
        country,
        currency,
        sizeRows.map((r) => ({ ...r.size, id: sizeIds.get(r.size.item.id)!.id })),
        existing,
      );

      for (const state of productIds.values()) if (state.state === 'new') report.created.products++;
      for (const state of variantIds.values()) if (state.state === 'new') report.created.variants++;
      for (const row of sizeRows) {
        const sv = sizeIds.get(row.size.item.id)!;
        if (sv.state === 'new') report.created.sizeVariants++;
        const price = priceChanges.get(sv.id);
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
            country,
            currency,
            previousPrice: price.previous,
            price: price.current,
          });
        }
      }
    }
    if (report.priceDrops.length) {
      // The stored guid is the one links and alerts know, whoever created the row.
      const guids = await tx.query<{ id: number; guid: string }>(
        'SELECT id, guid::text AS guid FROM size_variants WHERE id = ANY($1::int[])',
        [report.priceDrops.map((d) => d.sizeVariantId)],
      );
      const byId = new Map(guids.map((g) => [g.id, g.guid]));
      for (const drop of report.priceDrops) drop.guid = byId.get(drop.sizeVariantId) ?? drop.guid;
    }
    // A store's feed source (feed-refresh.ts) remembers these bytes as imported, whoever
    // imported them (the first start, `npm run import`, the hand-off): its next refresh then
    // reads them without importing them again.
    if (location !== undefined) {
      await tx.query(
        'UPDATE feed_sources SET content_sha256 = $4 WHERE store_id = $1 AND country_code = $2 AND location = $3',
        [storeId, country, location, createHash('sha256').update(text).digest('hex')],
      );
    }
    report.changesLogged = (await appendChanges(tx, country, currency, changes))?.changes ?? 0;
    if (report.imported + report.updated > 0) {
      await bumpCatalogGeneration(tx);
      await tx.query('SELECT pg_notify($1, $2)', [
        CATALOG_CHANGED_CHANNEL,
        JSON.stringify({ store: storeSlug, country, imported: report.imported, updated: report.updated }),
      ]);
    }
  });
  report.durationMs = Math.round(performance.now() - started);
  return report;
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

async function categoryIdsEnsured(tx: Queryable): Promise<Map<string, number>> {
  let ids = await loadCategoryIds(tx);
  if (CATEGORIES.some((c) => !ids.has(c.slug))) {
    await upsertCategoryTree(tx);
    ids = await loadCategoryIds(tx);
  }
  return ids;
}

/** Brands by slug: "ZARA" and "Zara" are one brand, named as first seen. */
async function upsertBrands(tx: Queryable, names: (string | undefined)[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    if (!name) continue;
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  if (!bySlug.size) return new Map();
  // Sorted, so concurrent imports take row locks in the same order.
  const slugs = [...bySlug.keys()].sort();
  await tx.query(
    `INSERT INTO brands (slug, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (slug) DO NOTHING`,
    [slugs, slugs.map((s) => bySlug.get(s)!)],
  );
  const rows = await tx.query<{ id: number; slug: string }>('SELECT id, slug FROM brands WHERE slug = ANY($1::text[])', [slugs]);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

type Upserted = { id: number; state: State };

// An upsert returns the rows it inserted or changed; `xmax = 0` tells an inserted row from
// one that ON CONFLICT updated (an updated row carries the updating transaction's id).
// Rows it left alone return nothing, and their ids are looked up afterwards: on a first
// import there are none to look up, on a repeat import there is nothing else to do.
// The returned rows come back as one JSON array: thousands of one-row messages cost the
// drivers far more to decode than one JSON.parse.
type Returned<K> = [key: K, id: number, inserted: boolean];

async function returnedRows<K>(tx: Queryable, sql: string, params: readonly unknown[]): Promise<Returned<K>[]> {
  const [row] = await tx.query<{ rows: Returned<K>[] | null }>(sql, params);
  return row?.rows ?? [];
}

const stateOf = (inserted: boolean): State => (inserted ? 'new' : 'updated');

async function upsertProducts(
  tx: Queryable,
  storeId: number,
  chunk: ProductDraft[],
  categoryIds: Map<string, number>,
  brandIds: Map<string, number>,
): Promise<Map<string, Upserted>> {
  const keys = chunk.map((p) => p.groupKey);
  const changed = await returnedRows<string>(
    tx,
    `WITH up AS (
     INSERT INTO products AS p (store_id, group_key, brand_id, category_id, department, title, description,
                                gender, age_group, product_type, google_product_category, care)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::text[], $11::text[], $12::text[])
     ON CONFLICT (store_id, group_key) DO UPDATE
        SET brand_id = EXCLUDED.brand_id, category_id = EXCLUDED.category_id, department = EXCLUDED.department,
            title = EXCLUDED.title, description = EXCLUDED.description, gender = EXCLUDED.gender,
            age_group = EXCLUDED.age_group, product_type = EXCLUDED.product_type,
            google_product_category = EXCLUDED.google_product_category, care = EXCLUDED.care, updated_at = now()
      WHERE (p.brand_id, p.category_id, p.department, p.title, p.description, p.gender, p.age_group,
             p.product_type, p.google_product_category, p.care)
            IS DISTINCT FROM
            (EXCLUDED.brand_id, EXCLUDED.category_id, EXCLUDED.department, EXCLUDED.title, EXCLUDED.description,
             EXCLUDED.gender, EXCLUDED.age_group, EXCLUDED.product_type, EXCLUDED.google_product_category,
             EXCLUDED.care)
     RETURNING p.group_key, p.id, (p.xmax = 0) AS inserted
     ) SELECT json_agg(json_build_array(group_key, id, inserted)) AS rows FROM up`,
    [
      storeId,
      keys,
      chunk.map((p) => (p.first.brand ? brandIds.get(slugify(p.first.brand)) ?? null : null)),
      chunk.map((p) => categoryIds.get(p.categorySlug)!),
      chunk.map((p) => p.department),
      chunk.map((p) => p.first.title),
      chunk.map((p) => p.first.description),
      chunk.map((p) => p.first.gender ?? null),
      chunk.map((p) => p.first.ageGroup ?? null),
      chunk.map((p) => p.first.productType ?? null),
      chunk.map((p) => p.first.googleProductCategory ?? null),
      chunk.map((p) => p.first.care ?? null),
    ],
  );
  const result = new Map(changed.map(([key, id, inserted]) => [key, { id, state: stateOf(inserted) }]));
  const rest = keys.filter((k) => !result.has(k));
  if (rest.length) {
    const same = await tx.query<{ id: number; group_key: string }>(
      'SELECT id, group_key FROM products WHERE store_id = $1 AND group_key = ANY($2::text[])',
      [storeId, rest],
    );
    for (const r of same) result.set(r.group_key, { id: r.id, state: 'same' });
  }
  return result;
}

const variantKey = (productId: number, colourName: string) => `${productId}\u0000${colourName}`;

async function upsertVariants(
  tx: Queryable,
  rows: { variant: VariantDraft; productId: number }[],
): Promise<Map<string, Upserted>> {
  const changed = await returnedRows<[number, string]>(
    tx,
    `WITH up AS (
     INSERT INTO variants AS v (product_id, colour_name, colour, title, description, image_url,
                                additional_image_urls, position)
     -- Additional images travel newline-joined: unnest() would flatten a two-dimensional array.
     SELECT product_id, colour_name, colour, title, description, image_url,
            CASE WHEN extra_images = '' THEN '{}'::text[] ELSE string_to_array(extra_images, E'\\n') END, position
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])
         AS t(product_id, colour_name, colour, title, description, image_url, extra_images, position)
     ON CONFLICT (product_id, colour_name) DO UPDATE
        SET colour = EXCLUDED.colour, title = EXCLUDED.title, description = EXCLUDED.description,
            image_url = EXCLUDED.image_url, additional_image_urls = EXCLUDED.additional_image_urls,
            position = EXCLUDED.position, updated_at = now()
      WHERE (v.colour, v.title, v.description, v.image_url, v.additional_image_urls, v.position)
            IS DISTINCT FROM
            (EXCLUDED.colour, EXCLUDED.title, EXCLUDED.description, EXCLUDED.image_url,
             EXCLUDED.additional_image_urls, EXCLUDED.position)
     RETURNING v.product_id, v.colour_name, v.id, (v.xmax = 0) AS inserted
     ) SELECT json_agg(json_build_array(json_build_array(product_id, colour_name), id, inserted)) AS rows FROM up`,
    [
      rows.map((r) => r.productId),
      rows.map((r) => r.variant.colourName),
      rows.map((r) => (r.variant.colourName ? normaliseColour(r.variant.colourName) ?? null : null)),
      rows.map((r) => r.variant.first.title),
      rows.map((r) => r.variant.first.description),
      rows.map((r) => r.variant.first.imageLink),
      rows.map((r) => r.variant.first.additionalImageLinks.join('\n')),
      rows.map((r) => r.variant.position),
    ],
  );
  const result = new Map(
    changed.map(([[productId, colourName], id, inserted]) => [variantKey(productId, colourName), { id, state: stateOf(inserted) }]),
  );
  const rest = rows.filter((r) => !result.has(variantKey(r.productId, r.variant.colourName)));
  if (rest.length) {
    const same = await tx.query<{ id: number; product_id: number; colour_name: string }>(
      `SELECT v.id, v.product_id, v.colour_name
         FROM variants v JOIN unnest($1::int[], $2::text[]) AS k(product_id, colour_name) USING (product_id, colour_name)`,
      [rest.map((r) => r.productId), rest.map((r) => r.variant.colourName)],
    );
    for (const r of same) result.set(variantKey(r.product_id, r.colour_name), { id: r.id, state: 'same' });
  }
  return result;
}

async function upsertSizeVariants(
  tx: Queryable,
  storeId: number,
  rows: { size: SizeDraft; variantId: number }[],
  coupons: Map<string, number>,
): Promise<Map<string, Upserted>> {
  const keys = rows.map((r) => r.size.item.id);
  const changed = await returnedRows<string>(
    tx,
    `WITH up AS (
     INSERT INTO size_variants AS s (store_id, item_id, guid, variant_id, size, slug, url, status, coupon_id)
     SELECT $1, * FROM unnest($2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int2[], $9::int[])
     ON CONFLICT (store_id, item_id) DO UPDATE
        SET variant_id = EXCLUDED.variant_id, size = EXCLUDED.size, slug = EXCLUDED.slug, url = EXCLUDED.url,
            status = EXCLUDED.status, coupon_id = EXCLUDED.coupon_id, updated_at = now()
      WHERE (s.variant_id, s.size, s.slug, s.url, s.status, s.coupon_id)
            IS DISTINCT FROM
            (EXCLUDED.variant_id, EXCLUDED.size, EXCLUDED.slug, EXCLUDED.url, EXCLUDED.status, EXCLUDED.coupon_id)
     RETURNING s.item_id, s.id, (s.xmax = 0) AS inserted
     ) SELECT json_agg(json_build_array(item_id, id, inserted)) AS rows FROM up`,
    [
      storeId,
      keys,
      rows.map((r) => r.size.guid),
      rows.map((r) => r.variantId),
      rows.map((r) => r.size.item.size ?? ''),
      rows.map((r) => r.size.slug),
      rows.map((r) => r.size.item.link),
      rows.map((r) => r.size.status),
      // The item's first promotion_id that names one of the store's coupons.
      rows.map((r) => r.size.item.promotionIds.map((p) => coupons.get(p)).find((id) => id !== undefined) ?? null),
    ],
  );
  const result = new Map(changed.map(([key, id, inserted]) => [key, { id, state: stateOf(inserted) }]));
  const rest = keys.filter((k) => !result.has(k));
  if (rest.length) {
    const same = await tx.query<{ id: number; item_id: string }>(
      'SELECT id, item_id FROM size_variants WHERE store_id = $1 AND item_id = ANY($2::text[])',
      [storeId, rest],
    );
    for (const r of same) result.set(r.item_id, { id: r.id, state: 'same' });
  }
  return result;
}

type PriceChange = {
  /** No price on this country's site before. */
  firstSeen: boolean;
  /** First seen, or the list price, sale price, currency or availability changed: a change-log entry. */
  logged: boolean;
  /** Sale prices before and after. */
  previous: number | null;
  current: number;
};

/**
 * Upserts one price row per item for the feed's country (with the availability that
 * country's feed gives). Returns the rows that changed, saying which of them are entries
 * for the change log. Only size variants that existed before this import can have an
 * earlier price, so only they are looked up (`existing`): a first import looks up nothing.
 */
async function upsertPrices(
  tx: Queryable,
  country: CountryCode,
  currency: string,
  rows: (SizeDraft & { id: number })[],
  existing: number[],
): Promise<Map<number, PriceChange>> {
  const [result] = await tx.query<{ rows: [id: number, firstSeen: boolean, logged: boolean, previous: number | null, current: number][] | null }>(
    `WITH old AS (
       SELECT size_variant_id, currency_code, msrp, sale_price, status
         FROM size_variant_prices
        WHERE country_code = $1 AND size_variant_id = ANY($8::int[])
     ), up AS (
       INSERT INTO size_variant_prices AS p (size_variant_id, country_code, currency_code, msrp, sale_price, offers, dropped, free_delivery, status)
       SELECT size_variant_id, $1, $2, msrp, sale_price, offers, dropped, free_delivery, status
         FROM unnest($3::int[], $4::numeric[], $5::numeric[], $6::int2[], $7::bool[], $9::int2[], $10::int2[])
           AS t(size_variant_id, msrp, sale_price, offers, free_delivery, status, dropped)
       ON CONFLICT (size_variant_id, country_code) DO UPDATE
          SET currency_code = EXCLUDED.currency_code, msrp = EXCLUDED.msrp, sale_price = EXCLUDED.sale_price,
              offers = EXCLUDED.offers, dropped = EXCLUDED.dropped, free_delivery = EXCLUDED.free_delivery, status = EXCLUDED.status,
              updated_at = now()
        WHERE (p.currency_code, p.msrp, p.sale_price, p.offers, p.dropped, p.free_delivery, p.status)
              IS DISTINCT FROM
              (EXCLUDED.currency_code, EXCLUDED.msrp, EXCLUDED.sale_price, EXCLUDED.offers, EXCLUDED.dropped, EXCLUDED.free_delivery, EXCLUDED.status)
       RETURNING p.size_variant_id, p.currency_code, p.msrp, p.sale_price, p.status
     )
     -- numeric as float8: JSON keeps it a number (prices have two decimals, far inside float8).
     SELECT json_agg(json_build_array(
              up.size_variant_id,
              old.size_variant_id IS NULL,
              (old.currency_code, old.msrp, old.sale_price, old.status) IS DISTINCT FROM (up.currency_code, up.msrp, up.sale_price, up.status),
              old.sale_price::float8,
              up.sale_price::float8)) AS rows
       FROM up LEFT JOIN old USING (size_variant_id)`,
    [
      country,
      currency,
      rows.map((r) => r.id),
      rows.map((r) => minorToDecimal(r.msrp)),
      rows.map((r) => minorToDecimal(r.sale)),
      rows.map((r) => r.offers),
      rows.map((r) => r.freeDelivery),
      existing,
      rows.map((r) => r.status),
      rows.map((r) => r.dropped),
    ],
  );
  return new Map(
    (result?.rows ?? []).map(([id, firstSeen, logged, previous, current]) => [id, { firstSeen, logged, previous, current }]),
  );
}
