import path from 'node:path';
import { z } from 'zod';
import { bumpCatalogGeneration } from './catalog-generation';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from '../../../shared/countries';
import { describeZodError } from '../../lib/http-error';
import type { Database, Queryable } from '../db/database';
import { notifyCatalogChanged } from './catalog-changed';

// Feeds describe products, not merchants: who a store is, where it trades from, its
// affiliate programme, free-delivery thresholds and coupons come from a JSON manifest
// (`stores.json`). The manifest is the truth for the stores it names: a coupon it no
// longer lists is removed (items that pointed at it lose the link).

/** How a store's feeds are read (issue 27): a whole snapshot, or additions and changes only. */
export const FEED_MODES = ['full', 'incremental'] as const;
export type FeedMode = (typeof FEED_MODES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ownOrWebUrl = z
  .string()
  .refine((v) => /^\/(?!\/)\S*$/.test(v) || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
    error: 'must be an absolute http(s) URL or a path on our origin',
  });

// Where the api refreshes a store's feed for a country from (catalog/feed-refresh.ts): an
// http(s) URL, or a path on the api's machine (relative to the manifest's folder). Any other
// scheme (file:, ftp:) is refused rather than taken for a relative path.
const feedLocation = z
  .string()
  .min(1)
  .max(2000)
  .refine((v) => (/^https?:\/\//i.test(v) ? URL.canParse(v) : !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !v.includes('\0')), {
    error: 'must be an http(s) URL or a path',
  });

const threshold = z.number().nonnegative().max(1_000_000).nullable().default(null);

/** A store's delivery price on each country's site it names (issue 28), in that site's currency. */
export type DeliveryPrices = Partial<Record<CountryCode, number>>;

/**
 * `deliveryPrices` checked with the store's slug in every message (the amount is in the
 * site's currency, which the merchant may not expect): a country of ours, a number 0 or more.
 */
function checkDeliveryPrices(slug: string, prices: Record<string, unknown>, ctx: z.RefinementCtx): DeliveryPrices {
  const checked: DeliveryPrices = {};
  for (const [key, amount] of Object.entries(prices)) {
    const path = ['deliveryPrices', key];
    if (!isCountryCode(key)) {
      ctx.addIssue({ code: 'custom', path, message: `store ${slug}: "${key}" is not one of our countries (${COUNTRY_CODES.join(', ')})` });
    } else if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > 1_000_000) {
      const currency = COUNTRIES[key].info.currencyCode;
      ctx.addIssue({
        code: 'custom',
        path,
        message: `store ${slug}: the delivery price for ${key} must be an amount of 0 or more in ${currency}, like 4.95, not ${JSON.stringify(amount)}`,
      });
    } else {
      checked[key] = amount;
    }
  }
  return checked;
}

const CouponSchema = z.object({
  promotionId: z.string().min(1).max(50),
  code: z.string().min(1).max(50),
  description: z.string().min(1).max(500),
  discountPercent: z.number().int().min(1).max(100).nullable().default(null),
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
});

const StoreSchema = z.object({
  slug: z.string().regex(SLUG, 'slug must be lower-case letters and digits joined by hyphens').max(80),
  name: z.string().min(1).max(120),
  countryCode: z.enum(COUNTRY_CODES),
  isInternational: z.boolean().default(false),
  // Spec section 9: 5 opens the direct url, 6 goes through the currency switch.
  affiliateId: z.number().int().min(1).max(1000).default(1),
  logoUrl: ownOrWebUrl.nullable().default(null),
  websiteUrl: z.url({ protocol: /^https?$/ }).nullable().default(null),
  /** Free-delivery thresholds in the store's own currency (spec section 3 "Product"). */
  freeDelivery: z
    .object({ GB: threshold, US: threshold, INTERNATIONAL: threshold })
    .default({ GB: null, US: null, INTERNATIONAL: null }),
  coupons: z.array(CouponSchema).default([]),
  /** The countries the store sends feeds for (informational: feeds name their own country). */
  sellsTo: z.array(z.enum(COUNTRY_CODES)).optional(),
  /** Where each country's feed is refreshed from, by country code; absent, none is. */
  feeds: z.partialRecord(z.enum(COUNTRY_CODES), feedLocation).default({}),
  /** Spec section 6: shown to admins only (profile type 1 or 2); hidden from everyone else everywhere. */
  adminOnly: z.boolean().default(false),
  /**
   * Issue 27: "full" (the default), each feed for a country is the store's whole range there
   * and what it no longer carries is withdrawn; "incremental", a feed only adds and changes.
   */
  mode: z.enum(FEED_MODES).default('full'),
  /**
   * Issue 28: what delivery costs on a country's site when the feed gives no shipping price
   * and the order is under the free-delivery threshold, in that site's currency: {"GB": 4.95}.
   */
  deliveryPrices: z.record(z.string(), z.unknown()).default({}),
}).transform((store, ctx) => ({ ...store, deliveryPrices: checkDeliveryPrices(store.slug, store.deliveryPrices, ctx) }));

export const StoreManifestSchema = z
  .object({
    version: z.number().int().positive().optional(),
    stores: z.array(StoreSchema),
  })
  .superRefine((manifest, ctx) => {
    const seen = new Set<string>();
    manifest.stores.forEach((store, index) => {
      if (seen.has(store.slug)) {
        ctx.addIssue({ code: 'custom', path: ['stores', index, 'slug'], message: `store slug "${store.slug}" appears twice` });
      }
      seen.add(store.slug);
      const promotions = new Set<string>();
      store.coupons.forEach((coupon, c) => {
        if (promotions.has(coupon.promotionId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['stores', index, 'coupons', c, 'promotionId'],
            message: `promotionId "${coupon.promotionId}" appears twice for store ${store.slug}`,
          });
        }
        promotions.add(coupon.promotionId);
      });
    });
  });

export type StoreManifest = z.input<typeof StoreManifestSchema>;
export type StoreEntry = z.output<typeof StoreSchema>;

export type StoresReport = { stores: number; created: number; updated: number; coupons: number; couponsRemoved: number };

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

export type ImportStoresOptions = {
  /** The manifest's folder: relative feed paths are taken from it. Without it they are refused. */
  baseDir?: string | undefined;
};

/** A feed location as stored: URLs as written, paths made absolute against the manifest's folder. */
export function resolveFeedLocation(location: string, baseDir: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(location) || path.isAbsolute(location)) return location;
  return baseDir === undefined ? undefined : path.resolve(baseDir, location);
}

/**
 * Validates a stores manifest and upserts its stores, coupons and feed sources in one
 * transaction.
 */
export async function importStores(db: Database, manifest: unknown, options: ImportStoresOptions = {}): Promise<StoresReport> {
  const parsed = StoreManifestSchema.safeParse(manifest);
  if (!parsed.success) throw new ManifestError(`the stores manifest is invalid: ${describeZodError(parsed.error)}`);
  const stores = parsed.data.stores;
  const sources = stores.flatMap((s) =>
    Object.entries(s.feeds).map(([country, location]) => {
      const resolved = resolveFeedLocation(location, options.baseDir);
      if (resolved === undefined) {
        throw new ManifestError(
          `the stores manifest is invalid: stores ${s.slug} feeds ${country}: a relative path needs the manifest's folder; give an absolute path or a URL`,
        );
      }
      return { slug: s.slug, country, location: resolved };
    }),
  );
  return db.transaction(async (tx) => {
    const upserted = await tx.query<{ slug: string; id: number; state: 'new' | 'updated' | 'same' }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::int[], $6::text[], $7::text[],
                              $8::numeric[], $9::numeric[], $10::numeric[], $11::bool[], $12::text[], $13::jsonb[])
           AS t(slug, name, country_code, is_international, affiliate_id, logo_url, website_url,
                free_delivery_gb, free_delivery_us, free_delivery_international, admin_only, feed_mode, delivery_prices)
       ), up AS (
         INSERT INTO stores AS s (slug, name, country_code, is_international, affiliate_id, logo_url, website_url,
                                  free_delivery_gb, free_delivery_us, free_delivery_international, admin_only, feed_mode,
                                  delivery_prices)
         SELECT * FROM input
         ON CONFLICT (slug) DO UPDATE
            SET name = EXCLUDED.name, country_code = EXCLUDED.country_code,
                is_international = EXCLUDED.is_international, affiliate_id = EXCLUDED.affiliate_id,
                logo_url = EXCLUDED.logo_url, website_url = EXCLUDED.website_url,
                free_delivery_gb = EXCLUDED.free_delivery_gb, free_delivery_us = EXCLUDED.free_delivery_us,
                free_delivery_international = EXCLUDED.free_delivery_international,
                admin_only = EXCLUDED.admin_only, feed_mode = EXCLUDED.feed_mode,
                delivery_prices = EXCLUDED.delivery_prices, updated_at = now()
          WHERE (s.name, s.country_code, s.is_international, s.affiliate_id, s.logo_url, s.website_url,
                 s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international, s.admin_only, s.feed_mode,
                 s.delivery_prices)
                IS DISTINCT FROM
                (EXCLUDED.name, EXCLUDED.country_code, EXCLUDED.is_international, EXCLUDED.affiliate_id,
                 EXCLUDED.logo_url, EXCLUDED.website_url, EXCLUDED.free_delivery_gb, EXCLUDED.free_delivery_us,
                 EXCLUDED.free_delivery_international, EXCLUDED.admin_only, EXCLUDED.feed_mode, EXCLUDED.delivery_prices)
         RETURNING s.id, s.slug
       )
       SELECT input.slug, coalesce(up.id, old.id) AS id,
              CASE WHEN old.id IS NULL THEN 'new' WHEN up.id IS NOT NULL THEN 'updated' ELSE 'same' END AS state
         FROM input
         LEFT JOIN up ON up.slug = input.slug
         LEFT JOIN stores old ON old.slug = input.slug`,
      [
        stores.map((s) => s.slug),
        stores.map((s) => s.name),
        stores.map((s) => s.countryCode),
        stores.map((s) => s.isInternational),
        stores.map((s) => s.affiliateId),
        stores.map((s) => s.logoUrl),
        stores.map((s) => s.websiteUrl),
        stores.map((s) => s.freeDelivery.GB),
        stores.map((s) => s.freeDelivery.US),
        stores.map((s) => s.freeDelivery.INTERNATIONAL),
        stores.map((s) => s.adminOnly),
        stores.map((s) => s.mode),
        stores.map((s) => JSON.stringify(s.deliveryPrices)),
      ],
    );
    const idBySlug = new Map(upserted.map((r) => [r.slug, r.id]));
    const coupons = stores.flatMap((s) => s.coupons.map((c) => ({ storeId: idBySlug.get(s.slug)!, ...c })));
    const storeIds = [...idBySlug.values()];
    const removed = await tx.query<{ id: number; store_id: number }>(
      `DELETE FROM coupons c
        WHERE c.store_id = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::text[]) AS k(store_id, promotion_id)
                           WHERE k.store_id = c.store_id AND k.promotion_id = c.promotion_id)
        RETURNING c.id, c.store_id`,
      [storeIds, coupons.map((c) => c.storeId), coupons.map((c) => c.promotionId)],
    );
    const changedCoupons: { store_id: number }[] = [];
    if (coupons.length) {
      const written = await tx.query<{ store_id: number }>(
        `INSERT INTO coupons AS c (store_id, promotion_id, code, description, discount_percent, starts_at, ends_at)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int2[], $6::timestamptz[], $7::timestamptz[])
         ON CONFLICT (store_id, promotion_id) DO UPDATE
            SET code = EXCLUDED.code, description = EXCLUDED.description,
                discount_percent = EXCLUDED.discount_percent, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at
          WHERE (c.code, c.description, c.discount_percent, c.starts_at, c.ends_at)
                IS DISTINCT FROM
                (EXCLUDED.code, EXCLUDED.description, EXCLUDED.discount_percent, EXCLUDED.starts_at, EXCLUDED.ends_at)
         RETURNING c.store_id`,
        [
          coupons.map((c) => c.storeId),
          coupons.map((c) => c.promotionId),
          coupons.map((c) => c.code),
          coupons.map((c) => c.description),
          coupons.map((c) => c.discountPercent),
          coupons.map((c) => c.startsAt),
          coupons.map((c) => c.endsAt),
        ],
      );
      changedCoupons.push(...written);
    }
    await replaceFeedSources(tx, storeIds, sources.map((f) => ({ storeId: idBySlug.get(f.slug)!, country: f.country, location: f.location })));
    // The catalog index and the answers kept in memory follow a store's name, logo, delivery
    // facts and coupons like its products: one notice per store that changed, in this
    // transaction, so it arrives once the change is committed.
    const changedIds = new Set([...removed, ...changedCoupons].map((r) => r.store_id));
    const changedStores = upserted.filter((u) => u.state !== 'same' || changedIds.has(u.id));
    if (changedStores.length > 0) await bumpCatalogGeneration(tx);
    for (const r of changedStores) {
      await notifyCatalogChanged(tx, { store: r.slug });
    }
    return {
      stores: stores.length,
      created: upserted.filter((r) => r.state === 'new').length,
      updated: upserted.filter((r) => r.state === 'updated').length,
      coupons: coupons.length,
      couponsRemoved: removed.length,
    };
  });
}

/**
 * The manifest is the truth for the stores it names: their feed sources become exactly the
 * ones it lists. A source whose location is unchanged keeps what the refresher last saw there
 * (its validators and hash); a moved one starts afresh.
 */
async function replaceFeedSources(
  tx: Queryable,
  storeIds: number[],
  sources: { storeId: number; country: string; location: string }[],
): Promise<void> {
  await tx.query(
    `DELETE FROM feed_sources f
      WHERE f.store_id = ANY($1::int[])
        AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::text[]) AS k(store_id, country_code)
                         WHERE k.store_id = f.store_id AND k.country_code = f.country_code)`,
    [storeIds, sources.map((s) => s.storeId), sources.map((s) => s.country)],
  );
  if (!sources.length) return;
  await tx.query(
    `INSERT INTO feed_sources AS f (store_id, country_code, location)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
     ON CONFLICT (store_id, country_code) DO UPDATE
        SET location = EXCLUDED.location, etag = NULL, last_modified = NULL, file_stamp = NULL,
            content_sha256 = NULL, last_error = NULL
      WHERE f.location IS DISTINCT FROM EXCLUDED.location`,
    [sources.map((s) => s.storeId), sources.map((s) => s.country), sources.map((s) => s.location)],
  );
}
