import type { DemoOptions } from './demo-world';
import type { DemoProduct, DemoVariant } from './demo-catalog';
import { withWrongCheckDigit } from './demo-identifiers';
import { Prng } from './prng';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from './special-products';

// Issue 28: a few feeds state identifiers wrongly, as real merchants' feeds do, so the matching
// is measured against its traps (tests/integration/catalog/match-quality.test.ts):
// - a GTIN reused for another brand's item: a store states, for an item it alone sells, a GTIN
//   another brand's item carries in other stores' feeds (merging them would be wrong: a GTIN
//   claimed by two brands is reported, not merged);
// - a wrong check digit: an item one store alone sells carries a GTIN of another item of its
//   brand with the last digit mistyped (ignored, so never merged with that item);
// - an MPN shared by two colours: one store states the first colour's MPN for the second too;
//   the other stores sell the first colour only (matching on brand, MPN and colour keeps the
//   second apart).
// A trap never touches the identifiers of an item's true copies, so it costs no recall.

/** A size variant in a feed: its store and item id. */
export type DemoOfferKey = { store: string; itemId: string };

export const DEMO_TRAP_KINDS = ['gtin-of-another-brand', 'wrong-check-digit', 'mpn-shared-by-colours'] as const;

export type DemoTrap = {
  kind: (typeof DEMO_TRAP_KINDS)[number];
  /** The size variants whose feed rows carry the trap. */
  offers: DemoOfferKey[];
  /** The identifier the trap's rows state. */
  value: string;
  /** Size variants the trap's must not be merged with. */
  decoys: DemoOfferKey[];
};

/** Traps of each kind: about one per 10,000 store copies, one at least. */
const trapsOfEachKind = (options: DemoOptions) => Math.max(1, Math.round(options.products / 10_000));

const offerKey = (product: DemoProduct, itemId: string): DemoOfferKey => ({ store: product.store.slug, itemId });

/** The size variants of `copies` stating a GTIN. */
const withGtin = (copies: readonly DemoProduct[], gtin: string) =>
  copies.flatMap((p) => p.variants.flatMap((v) => v.sizes.filter((s) => s.gtin === gtin).map((s) => offerKey(p, s.itemId))));

const withVariant = (product: DemoProduct, colour: number, change: (v: DemoVariant) => DemoVariant | undefined): DemoProduct => ({
  ...product,
  variants: product.variants.flatMap((v, c) => (c === colour ? (change(v) ?? []) : [v])),
});

/** The products with the traps planted, and the traps. */
export function plantDemoTraps(made: readonly DemoProduct[], options: DemoOptions): { products: DemoProduct[]; traps: DemoTrap[] } {
  const rng = new Prng(options.seed).fork('traps');
  const products = [...made];
  const copies = new Map<number, number[]>();
  products.forEach((p, i) => copies.set(p.item, [...(copies.get(p.item) ?? []), i]));
  const special = new Set([SCRIPT_TITLE_PRODUCT.groupKey, LINE_SEPARATOR_PRODUCT.groupKey]);
  const items = rng.shuffle([...copies.values()].filter((c) => products[c[0]!]!.identifierExists && !special.has(products[c[0]!]!.groupKey)));
  const used = new Set<number>();
  const take = (c: number[]) => {
    used.add(products[c[0]!]!.item);
    return c;
  };
  const free = (c: number[]) => !used.has(products[c[0]!]!.item);
  const copiesOf = (c: number[]) => c.map((i) => products[i]!);
  const alone = items.filter((c) => c.length === 1 && products[c[0]!]!.brand.gtins);
  const shared = items.filter((c) => c.length > 1);
  const traps: DemoTrap[] = [];
  const planted = (kind: DemoTrap['kind']) => traps.filter((t) => t.kind === kind).length === trapsOfEachKind(options);

  const setFirstGtin = (index: number, gtin: string) => {
    const product = products[index]!;
    const size = product.variants[0]!.sizes[0]!;
    products[index] = withVariant(product, 0, (v) => ({ ...v, sizes: v.sizes.map((s) => (s === size ? { ...s, gtin } : s)) }));
    return offerKey(product, size.itemId);
  };

  for (const decoy of shared.filter((c) => products[c[0]!]!.brand.gtins)) {
    if (planted('gtin-of-another-brand')) break;
    const trap = alone.find((c) => free(c) && products[c[0]!]!.brand !== products[decoy[0]!]!.brand);
    if (!trap || !free(decoy)) continue;
    const value = products[decoy[0]!]!.variants[0]!.sizes[0]!.gtin!;
    traps.push({ kind: 'gtin-of-another-brand', offers: [setFirstGtin(take(trap)[0]!, value)], value, decoys: withGtin(copiesOf(take(decoy)), value) });
  }

  for (const decoy of shared.filter((c) => products[c[0]!]!.brand.gtins)) {
    if (planted('wrong-check-digit')) break;
    const trap = alone.find((c) => free(c) && products[c[0]!]!.brand === products[decoy[0]!]!.brand);
    if (!trap || !free(decoy)) continue;
    const gtin = products[decoy[0]!]!.variants[0]!.sizes[0]!.gtin!;
    const value = withWrongCheckDigit(gtin);
    traps.push({ kind: 'wrong-check-digit', offers: [setFirstGtin(take(trap)[0]!, value)], value, decoys: withGtin(copiesOf(take(decoy)), gtin) });
  }

  for (const item of shared) {
    if (planted('mpn-shared-by-colours')) break;
    const [first, ...others] = item.map((i) => products[i]!);
    if (!free(item) || first!.brand.gtins || first!.variants.length < 2) continue;
    take(item);
    const value = first!.variants[0]!.mpn!;
    products[item[0]!] = withVariant(first!, 1, (v) => ({ ...v, mpn: value }));
    // The other stores sell the first colour only.
    item.slice(1).forEach((i) => (products[i] = withVariant(products[i]!, 1, () => undefined)));
    traps.push({
      kind: 'mpn-shared-by-colours',
      offers: first!.variants[1]!.sizes.map((s) => offerKey(first!, s.itemId)),
      value,
      decoys: [first!, ...others].flatMap((p) => p.variants[0]!.sizes.map((s) => offerKey(p, s.itemId))),
    });
  }
  return { products, traps };
}
