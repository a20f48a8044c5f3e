import type { DemoCatalog } from './generate-demo-catalog';
import type { DemoOfferKey, DemoTrap } from './demo-traps';

// What the generator knows and the matcher has to find out (issue 28, "Matching": precision and
// recall measured on the demo): which size variants, across stores, are the same size of the
// same colour of the same item, whatever their feeds state, and which traps it planted.

export type DemoSizeTruth = {
  /** The size variants (one per store selling it) that are this size of this item; one when a single store sells it. */
  offers: DemoOfferKey[];
  /** Its feeds carry identifiers (a brand's item, not a private label's). */
  identified: boolean;
};

/** A store's copy of an item: its store and group key (item_group_id). */
export type DemoCopyKey = { store: string; groupKey: string };

/** `items`: each item's store copies (one when a single store sells it); `sizes`: each size's. */
export type DemoMatchTruth = { items: DemoCopyKey[][]; sizes: DemoSizeTruth[]; traps: DemoTrap[] };

/** The truth of a generated catalogue: every size of every item (withdrawn ones too: a withdrawal changes no identity). */
export function demoMatchTruth(catalog: DemoCatalog): DemoMatchTruth {
  const items = new Map<number, DemoCopyKey[]>();
  const sizes = new Map<string, DemoSizeTruth>();
  for (const product of catalog.products) {
    items.set(product.item, [...(items.get(product.item) ?? []), { store: product.store.slug, groupKey: product.groupKey }]);
    for (const variant of product.variants) {
      for (const size of variant.sizes) {
        const key = `${product.item}\t${variant.colourName ?? ''}\t${size.size ?? ''}`;
        let truth = sizes.get(key);
        if (!truth) sizes.set(key, (truth = { offers: [], identified: product.identifierExists }));
        truth.offers.push({ store: product.store.slug, itemId: size.itemId });
      }
    }
  }
  return { items: [...items.values()], sizes: [...sizes.values()], traps: catalog.traps };
}
