import { sizeVariantGuid } from '../../server/api/catalog/identifiers';
import { importFeed } from '../../server/api/catalog/importer';
import { importStores } from '../../server/api/catalog/store-manifest';
import type { Database } from '../../server/api/db/database';
import { dressFeed, type DressRow } from './feed-fixtures';

// Issue 28's offers catalogue: one Ava Marlowe Linen Midi Dress (sizes S and M) sold by four
// stores, each feed imported by the real importer, Alder & Ash's first (so its copy is the
// oldest: the canonical one). Delivery to GB, by the one rule (shared/free-delivery.ts):
//   Alder & Ash  S 80.00, M 82.00 sold out; stores.json delivery price 4.95  → S 84.95, M 86.95
//   Birch Row    S 78.00 with the feed's shipping 9.00, M 79.00 (delivery unknown) → 87.00, 79.00
//   Cedar Lane   S 84.00, M 84.00; free delivery from 75.00                     → 84.00, 84.00
//   Dune Street  S 70.00 withdrawn from GB; sold in the US at 95.00 USD (its only offer there)
// So in GB size S reads Cedar, Alder, Birch (the cheapest price is not the cheapest total) and
// size M Birch (delivery not shown), Cedar, then Alder (sold out). Alder & Ash also sells a
// Silk Wrap Dress nobody else does.
//
// The GTINs, MPN and Birch Row's shipping come in the feeds, Alder & Ash's delivery price in
// stores.json, and the importer's matcher makes the match; only Dune Street's withdrawal from
// GB is set by hand (a full feed carrying nothing would be held by the shrink guard).

export const STORES = [
  { slug: 'alder-ash', name: 'Alder & Ash', countryCode: 'GB', sellsTo: ['GB'], deliveryPrices: { GB: 4.95 } },
  { slug: 'birch-row', name: 'Birch Row', countryCode: 'GB', sellsTo: ['GB'] },
  { slug: 'cedar-lane', name: 'Cedar Lane', countryCode: 'GB', sellsTo: ['GB'], freeDelivery: { GB: 75, US: null, INTERNATIONAL: null } },
  { slug: 'dune-street', name: 'Dune Street', countryCode: 'GB', sellsTo: ['GB', 'US'] },
] as const;
export type StoreSlug = (typeof STORES)[number]['slug'];

/** The dress's GTIN of each size (14 digits, check digit right), and its MPN. */
export const GTIN = { S: '05012345678900', M: '05012345678917' } as const;
export const MPN = 'AM-LINEN-01';

const linen = (size: 'S' | 'M', price: string, availability = 'in_stock', shipping?: string): DressRow => ({
  id: `LINEN-${size}`,
  group: 'LINEN',
  size,
  title: 'Linen Midi Dress',
  price,
  availability,
  gtin: GTIN[size],
  mpn: MPN,
  shipping,
});

const GB_FEEDS: Record<StoreSlug, DressRow[]> = {
  'alder-ash': [linen('S', '80.00'), linen('M', '82.00', 'out_of_stock'), { id: 'SILK', title: 'Silk Wrap Dress', price: '60.00' }],
  'birch-row': [linen('S', '78.00', 'in_stock', 'GB:::9.00 GBP'), linen('M', '79.00')],
  'cedar-lane': [linen('S', '84.00'), linen('M', '84.00')],
  'dune-street': [linen('S', '70.00')],
};

/** A store's size variant guid of an item (LINEN-S, LINEN-M, SILK). */
export const guidOf = (store: StoreSlug, item: string) => sizeVariantGuid(store, item);

/** Imports the four stores and their feeds (the matcher makes the match), then withdraws Dune Street's GB offer. */
export async function seedOffersCatalog(db: Database): Promise<void> {
  await importStores(db, { stores: STORES });
  for (const { slug } of STORES) await importFeed(db, { store: slug, country: 'GB', text: dressFeed(GB_FEEDS[slug]) });
  await importFeed(db, { store: 'dune-street', country: 'US', text: dressFeed([linen('S', '95.00')], 'USD') });
  await db.query(
    `UPDATE size_variant_prices SET withdrawn_at = now()
      WHERE country_code = 'GB' AND size_variant_id = (SELECT id FROM size_variants WHERE guid = $1::uuid)`,
    [guidOf('dune-street', 'LINEN-S')],
  );
}
