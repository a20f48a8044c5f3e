import { normaliseColour } from '../../../shared/colours';
import type { CountryCode } from '../../../shared/countries';
import type { Database, Queryable } from '../db/database';
import { CATEGORIES } from './category-tree';
import { loadCategoryIds, upsertCategoryTree } from './category-table';
import type { ProductDraft, SizeDraft, VariantDraft } from './feed-drafts';
import { AVAILABILITY_STATUS, minorToDecimal } from './feed-values';
import { measurePrice, readChangeLogs } from './honest-offers';
import { slugify } from './identifiers';

// The upsert stage of a feed import (importer.ts): a feed's drafts become rows, in multi-row
// statements over unnest() arrays, a chunk of products at a time. Every upsert only writes
// rows whose values differ, so importing the same feed twice changes nothing (no updated_at
// moves, no change-log rows).

export type State = 'new' | 'updated' | 'same';
type Upserted = { id: number; state: State };

export type PriceChange = {
  /** No price on this country's site before. */
  firstSeen: boolean;
  /** First seen, or the list price, sale price, currency or availability changed: a change-log entry. */
  logged: boolean;
  /** Sale prices before and after. */
  previous: number | null;
  current: number;
  /** The row had been withdrawn (issue 27: a full feed left it out) and this feed carries it again. */
  returned: boolean;
};

/** Where an import writes, and the ids its chunks share: looked up once, before the first. */
export type UpsertTarget = {
  storeId: number;
  country: CountryCode;
  currency: string;
  categoryIds: Map<string, number>;
  brandIds: Map<string, number>;
  /** The store's coupons by promotion_id. */
  coupons: Map<string, number>;
};

/** A size variant as written: its draft, its variant's id and whether its product and variant changed. */
export type SizeRow = { size: SizeDraft; variantId: number; parents: State[] };

export type UpsertedChunk = {
  products: Map<string, Upserted>;
  variants: Map<string, Upserted>;
  sizes: SizeRow[];
  /** By the feed's item id. */
  sizeIds: Map<string, Upserted>;
  /** Size variants seen before whose match keys changed: they match anew (offer-matching.ts). */
  rekeyed: number[];
  /** By size variant id: the price rows that changed. */
  prices: Map<number, PriceChange>;
};

/** The category tree (written when missing), the store's coupons and the feed's brands; `db` is the database `tx` is a transaction of. */
export async function prepareUpsert(
  db: Database,
  tx: Queryable,
  storeId: number,
  country: CountryCode,
  currency: string,
  products: readonly ProductDraft[],
): Promise<UpsertTarget> {
  const categoryIds = await categoryIdsEnsured(db, tx);
  const couponRows = await tx.query<{ id: number; promotion_id: string }>(
    'SELECT id, promotion_id FROM coupons WHERE store_id = $1',
    [storeId],
  );
  const coupons = new Map(couponRows.map((c) => [c.promotion_id, c.id]));
  const brandIds = await upsertBrands(tx, products.map((p) => p.first.brand));
  return { storeId, country, currency, categoryIds, brandIds, coupons };
}

/** Writes one chunk's products, variants, size variants and prices, in that order. */
export async function upsertChunk(tx: Queryable, target: UpsertTarget, chunk: ProductDraft[]): Promise<UpsertedChunk> {
  const { storeId, country, currency } = target;
  const { ids: productIds, rebranded } = await upsertProducts(tx, storeId, chunk, target.categoryIds, target.brandIds);
  const variantRows: { product: ProductDraft; variant: VariantDraft; productId: number }[] = [];
  for (const product of chunk) {
    const { id } = productIds.get(product.groupKey)!;
    for (const variant of product.variants.values()) variantRows.push({ product, variant, productId: id });
  }
  const variantIds = await upsertVariants(tx, variantRows);
  const sizeRows: SizeRow[] = [];
  for (const row of variantRows) {
    const variant = variantIds.get(variantKey(row.productId, row.variant.colourName))!;
    const productState = productIds.get(row.product.groupKey)!.state;
    for (const size of row.variant.sizes) sizeRows.push({ size, variantId: variant.id, parents: [productState, variant.state] });
  }
  const { ids: sizeIds, rekeyed } = await upsertSizeVariants(tx, storeId, sizeRows, target.coupons);
  // A product whose brand changed rekeys all its sizes: the brand is part of every match key.
  for (const row of variantRows) {
    if (!rebranded.has(row.product.groupKey)) continue;
    for (const size of row.variant.sizes) {
      const sv = sizeIds.get(size.item.id)!;
      if (sv.state !== 'new') rekeyed.add(sv.id);
    }
  }
  const existing = [...sizeIds.values()].filter((s) => s.state !== 'new').map((s) => s.id);
  await measureOffers(tx, target, sizeRows, sizeIds, existing);
  const prices = await upsertPrices(
    tx,
    country,
    currency,
    sizeRows.map((r) => ({ ...r.size, id: sizeIds.get(r.size.item.id)!.id })),
    existing,
  );
  return { products: productIds, variants: variantIds, sizes: sizeRows, sizeIds, rekeyed: [...rekeyed], prices };
}

// A size variant seen before carries the discount its log allows and this week's drop
// (honest-offers.ts); a first sighting has no log, keeps the feed's discount and no drop.
async function measureOffers(
  tx: Queryable,
  { country, currency }: UpsertTarget,
  sizeRows: readonly SizeRow[],
  sizeIds: Map<string, Upserted>,
  existing: number[],
): Promise<void> {
  const logs = await readChangeLogs(tx, country, existing);
  const now = Date.now();
  for (const row of sizeRows) {
    const log = logs.get(sizeIds.get(row.size.item.id)!.id);
    const { sale, msrp, status } = row.size;
    if (log?.length) Object.assign(row.size, measurePrice(log, { currency, sale, msrp, available: status !== AVAILABILITY_STATUS.out_of_stock }, now));
  }
}

// The tree's rows are never deleted and their ids never change (category-table.ts): once a
// database's committed rows hold every category, their ids are kept for its later imports,
// which otherwise read the whole table back each (about a millisecond a feed).
const committedCategoryIds = new WeakMap<Database, Map<string, number>>();

async function categoryIdsEnsured(db: Database, tx: Queryable): Promise<Map<string, number>> {
  const kept = committedCategoryIds.get(db);
  if (kept) return kept;
  let ids = await loadCategoryIds(tx);
  if (CATEGORIES.every((c) => ids.has(c.slug))) {
    // Read, not written, in this transaction: committed before it began.
    committedCategoryIds.set(db, ids);
    return ids;
  }
  await upsertCategoryTree(tx);
  ids = await loadCategoryIds(tx);
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
  // One statement: the brands it inserted, and those already there as of its snapshot.
  const rows = await tx.query<{ id: number; slug: string }>(
    `WITH input AS (SELECT * FROM unnest($1::text[], $2::text[]) AS t(slug, name)),
          added AS (INSERT INTO brands (slug, name) SELECT slug, name FROM input ON CONFLICT (slug) DO NOTHING RETURNING id, slug)
     SELECT id, slug FROM added
     UNION ALL
     SELECT b.id, b.slug FROM brands b JOIN input USING (slug)`,
    [slugs, slugs.map((s) => bySlug.get(s)!)],
  );
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  if (ids.size === slugs.length) return ids;
  // On a server, a brand another import committed after this statement's snapshot was
  // skipped by ON CONFLICT yet not seen by its read: a statement of its own sees it.
  const late = await tx.query<{ id: number; slug: string }>('SELECT id, slug FROM brands WHERE slug = ANY($1::text[])', [slugs.filter((s) => !ids.has(s))]);
  for (const r of late) ids.set(r.slug, r.id);
  return ids;
}

// An upsert returns the rows it inserted or changed; `xmax = 0` tells an inserted row from
// one that ON CONFLICT updated (an updated row carries the updating transaction's id).
// Rows it left alone return nothing, and their ids are looked up afterwards: on a first
// import there are none to look up, on a repeat import there is nothing else to do.
// The returned rows come back as one JSON array: thousands of one-row messages cost the
// drivers far more to decode than one JSON.parse.
type Returned<K, More extends unknown[] = []> = [key: K, id: number, inserted: boolean, ...more: More];

async function returnedRows<K, More extends unknown[] = []>(tx: Queryable, sql: string, params: readonly unknown[]): Promise<Returned<K, More>[]> {
  const [row] = await tx.query<{ rows: Returned<K, More>[] | null }>(sql, params);
  return row?.rows ?? [];
}

const stateOf = (inserted: boolean): State => (inserted ? 'new' : 'updated');

/** The rows an upsert returned, and the store's rows it left alone by key (`sameSql`: id and key, given the store and the keys). */
async function withUnchanged(
  tx: Queryable,
  storeId: number,
  keys: string[],
  changed: Returned<string, unknown[]>[],
  sameSql: string,
): Promise<Map<string, Upserted>> {
  const result = new Map(changed.map(([key, id, inserted]) => [key, { id, state: stateOf(inserted) }]));
  const rest = keys.filter((k) => !result.has(k));
  if (rest.length) {
    const same = await tx.query<{ id: number; key: string }>(sameSql, [storeId, rest]);
    for (const r of same) result.set(r.key, { id: r.id, state: 'same' });
  }
  return result;
}

/** The products written, and the group keys of those seen before whose brand changed. */
type UpsertedProducts = { ids: Map<string, Upserted>; rebranded: Set<string> };

async function upsertProducts(
  tx: Queryable,
  storeId: number,
  chunk: ProductDraft[],
  categoryIds: Map<string, number>,
  brandIds: Map<string, number>,
): Promise<UpsertedProducts> {
  const keys = chunk.map((p) => p.groupKey);
  // `old` is the row as it was (see upsertSizeVariants).
  const changed = await returnedRows<string, [rebranded: boolean]>(
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
     RETURNING p.group_key, p.id, (p.xmax = 0) AS inserted, p.brand_id
     ) SELECT json_agg(json_build_array(up.group_key, up.id, up.inserted, NOT up.inserted AND old.brand_id IS DISTINCT FROM up.brand_id)) AS rows
         FROM up LEFT JOIN products old ON old.id = up.id`,
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
  const ids = await withUnchanged(tx, storeId, keys, changed, 'SELECT id, group_key AS key FROM products WHERE store_id = $1 AND group_key = ANY($2::text[])');
  return { ids, rebranded: new Set(changed.filter(([, , , brandChanged]) => brandChanged).map(([key]) => key)) };
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

/** The size variants written, and those whose match keys changed (offer-matching.ts). */
type UpsertedSizes = { ids: Map<string, Upserted>; rekeyed: Set<number> };

async function upsertSizeVariants(
  tx: Queryable,
  storeId: number,
  rows: { size: SizeDraft; variantId: number }[],
  coupons: Map<string, number>,
): Promise<UpsertedSizes> {
  const keys = rows.map((r) => r.size.item.id);
  // `old` is the row as it was: a statement's sub-statements all see the table before it.
  // Rekeyed: an existing row whose identifiers, size or colour (its variant) changed leaves its
  // match and matches anew (issue 28); any other change keeps it where it is.
  const changed = await returnedRows<string, [rekeyed: boolean]>(
    tx,
    `WITH up AS (
     INSERT INTO size_variants AS s (store_id, item_id, guid, variant_id, size, slug, url, status, coupon_id,
                                     gtin, mpn, identifier_exists)
     SELECT $1, * FROM unnest($2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int2[], $9::int[],
                              $10::text[], $11::text[], $12::bool[])
     ON CONFLICT (store_id, item_id) DO UPDATE
        SET variant_id = EXCLUDED.variant_id, size = EXCLUDED.size, slug = EXCLUDED.slug, url = EXCLUDED.url,
            status = EXCLUDED.status, coupon_id = EXCLUDED.coupon_id, gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn,
            identifier_exists = EXCLUDED.identifier_exists, updated_at = now()
      WHERE (s.variant_id, s.size, s.slug, s.url, s.status, s.coupon_id, s.gtin, s.mpn, s.identifier_exists)
            IS DISTINCT FROM
            (EXCLUDED.variant_id, EXCLUDED.size, EXCLUDED.slug, EXCLUDED.url, EXCLUDED.status, EXCLUDED.coupon_id,
             EXCLUDED.gtin, EXCLUDED.mpn, EXCLUDED.identifier_exists)
     RETURNING s.item_id, s.id, (s.xmax = 0) AS inserted, s.variant_id, s.size, s.gtin, s.mpn, s.identifier_exists
     ) SELECT json_agg(json_build_array(up.item_id, up.id, up.inserted,
                (old.variant_id, old.size, old.gtin, old.mpn, old.identifier_exists)
                  IS DISTINCT FROM (up.variant_id, up.size, up.gtin, up.mpn, up.identifier_exists))) AS rows
         FROM up LEFT JOIN size_variants old ON old.id = up.id`,
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
      rows.map((r) => r.size.item.gtin ?? null),
      rows.map((r) => r.size.item.mpn ?? null),
      rows.map((r) => r.size.item.identifierExists ?? null),
    ],
  );
  const rekeyed = new Set(changed.filter(([, , inserted, keysChanged]) => !inserted && keysChanged).map(([, id]) => id));
  const ids = await withUnchanged(tx, storeId, keys, changed, 'SELECT id, item_id AS key FROM size_variants WHERE store_id = $1 AND item_id = ANY($2::text[])');
  return { ids, rekeyed };
}

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
  const [result] = await tx.query<{
    rows: [id: number, firstSeen: boolean, logged: boolean, previous: number | null, current: number, returned: boolean][] | null;
  }>(
    `WITH old AS (
       SELECT size_variant_id, currency_code, msrp, sale_price, status, withdrawn_at
         FROM size_variant_prices
        WHERE country_code = $1 AND size_variant_id = ANY($8::int[])
     ), up AS (
       INSERT INTO size_variant_prices AS p (size_variant_id, country_code, currency_code, msrp, sale_price, offers, dropped,
                                             free_delivery, status, shipping_price)
       SELECT size_variant_id, $1, $2, msrp, sale_price, offers, dropped, free_delivery, status, shipping_price
         FROM unnest($3::int[], $4::numeric[], $5::numeric[], $6::int2[], $7::bool[], $9::int2[], $10::int2[], $12::numeric[])
           AS t(size_variant_id, msrp, sale_price, offers, free_delivery, status, dropped, shipping_price)
       ON CONFLICT (size_variant_id, country_code) DO UPDATE
          SET currency_code = EXCLUDED.currency_code, msrp = EXCLUDED.msrp, sale_price = EXCLUDED.sale_price,
              offers = EXCLUDED.offers, dropped = EXCLUDED.dropped, free_delivery = EXCLUDED.free_delivery, status = EXCLUDED.status,
              shipping_price = EXCLUDED.shipping_price, withdrawn_at = NULL, updated_at = now()
        WHERE (p.currency_code, p.msrp, p.sale_price, p.offers, p.dropped, p.free_delivery, p.status, p.shipping_price)
              IS DISTINCT FROM
              (EXCLUDED.currency_code, EXCLUDED.msrp, EXCLUDED.sale_price, EXCLUDED.offers, EXCLUDED.dropped, EXCLUDED.free_delivery,
               EXCLUDED.status, EXCLUDED.shipping_price)
              -- A withdrawn row the feed carries again comes back as it is (issue 27).
              OR p.withdrawn_at IS NOT NULL
       RETURNING p.size_variant_id, p.currency_code, p.msrp, p.sale_price, p.status
     )
     -- numeric as float8: JSON keeps it a number (prices have two decimals, far inside float8).
     SELECT json_agg(json_build_array(
              up.size_variant_id,
              old.size_variant_id IS NULL,
              -- A withdrawn row's last entry in the log says out of stock (feed-states.ts).
              (old.currency_code, old.msrp, old.sale_price, CASE WHEN old.withdrawn_at IS NULL THEN old.status ELSE $11::int2 END)
                IS DISTINCT FROM (up.currency_code, up.msrp, up.sale_price, up.status),
              old.sale_price::float8,
              up.sale_price::float8,
              old.withdrawn_at IS NOT NULL)) AS rows
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
      AVAILABILITY_STATUS.out_of_stock,
      rows.map((r) => (r.shippingPrice === null ? null : minorToDecimal(r.shippingPrice))),
    ],
  );
  return new Map(
    (result?.rows ?? []).map(([id, firstSeen, logged, previous, current, returned]) => [id, { firstSeen, logged, previous, current, returned }]),
  );
}
