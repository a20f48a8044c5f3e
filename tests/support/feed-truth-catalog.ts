import { sizeVariantGuid } from '../../server/api/catalog/identifiers';
import { importFeed } from '../../server/api/catalog/importer';
import { importStores } from '../../server/api/catalog/store-manifest';
import type { Database } from '../../server/api/db/database';
import { dressFeed, type DressRow } from './feed-fixtures';

// The catalogue of issue 27's read tests: one store, Larch Linen, selling dresses in GB and the US.
//   Linen: size S 50 GBP sold out in GB (the US feed, imported last, says in stock: so
//          size_variants.status says 1), M 80 GBP in stock; in the US both in stock.
//   Silk:  withdrawn from GB (every GB row, as a full GB feed without it does), sold in the US.
//   Wool, Cotton: sold in both.   Tweed: GB only, sold out.   Velvet: US only.

export const MANIFEST = { stores: [{ slug: 'larch-linen', name: 'Larch Linen', countryCode: 'GB' }] };
export const STORE = 'larch-linen';
const GB: DressRow[] = [
  { id: 'LL-LINEN-S', group: 'LL-LINEN', size: 'S', title: 'Linen Midi Dress', price: '50.00', availability: 'out_of_stock' },
  { id: 'LL-LINEN-M', group: 'LL-LINEN', size: 'M', title: 'Linen Midi Dress', price: '80.00' },
  { id: 'LL-SILK', title: 'Silk Wrap Dress', price: '60.00' },
  { id: 'LL-WOOL', title: 'Wool Shift Dress', price: '70.00' },
  { id: 'LL-COTTON', title: 'Cotton Shirt Dress', price: '40.00' },
  { id: 'LL-TWEED', title: 'Tweed Pinafore Dress', price: '90.00', availability: 'out_of_stock' },
];
const US: DressRow[] = [
  { id: 'LL-LINEN-S', group: 'LL-LINEN', size: 'S', title: 'Linen Midi Dress', price: '65.00' },
  { id: 'LL-LINEN-M', group: 'LL-LINEN', size: 'M', title: 'Linen Midi Dress', price: '100.00' },
  { id: 'LL-SILK', title: 'Silk Wrap Dress', price: '75.00' },
  { id: 'LL-WOOL', title: 'Wool Shift Dress', price: '85.00' },
  { id: 'LL-COTTON', title: 'Cotton Shirt Dress', price: '50.00' },
  { id: 'LL-VELVET', title: 'Velvet Slip Dress', price: '120.00' },
];

/** A fixture item's size variant guid. */
export const guid = (item: string) => sizeVariantGuid(STORE, item);

/** Imports both feeds into `db` (GB first, so the US feed's availability is size_variants.status), then withdraws Silk from GB. */
export async function seedFeedTruthCatalog(db: Database): Promise<void> {
  await importStores(db, MANIFEST);
  await importFeed(db, { store: STORE, country: 'GB', text: dressFeed(GB, 'GBP') });
  await importFeed(db, { store: STORE, country: 'US', text: dressFeed(US, 'USD') });
  await db.query(
    `UPDATE size_variant_prices SET withdrawn_at = now()
      WHERE country_code = 'GB' AND size_variant_id IN (SELECT id FROM size_variants WHERE item_id = 'LL-SILK')`,
  );
}
