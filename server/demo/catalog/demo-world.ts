import { COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { logoImageUrl } from '../../../shared/images';
import type { FeedFormat } from '../../api/catalog/feed-record';
import { slugify } from '../../api/catalog/identifiers';
import { Prng } from './prng';
import {
  BEAUTY_SUFFIXES,
  BRAND_SUFFIXES,
  CITIES,
  FIRST_NAMES,
  STORE_NOUNS,
  SURNAMES,
  SYLLABLES_END,
  SYLLABLES_START,
  WORDS,
} from './vocabulary';

// The merchants and brands of the demo catalogue: who sells what, where, in which feed
// format and currency. Cheap to build (no products), so site content can be made from it
// on its own.

export type DemoOptions = {
  seed: number;
  /** About 150 in the full demo. */
  stores: number;
  /** Private labels included: about 800 in the full demo. */
  brands: number;
  /** Store copies (issue 28: an item three stores sell counts three), private labels' included: about 30,000 in the full demo. */
  products: number;
};

export const FULL_DEMO: DemoOptions = { seed: 20_250_601, stores: 150, brands: 800, products: 30_000 };
/** A catalogue small enough for tests: every country, currency and feed format still appear. */
export const SMALL_DEMO: DemoOptions = { seed: 20_250_601, stores: 16, brands: 40, products: 600 };

export type StoreSpec = 'department' | 'womenswear' | 'menswear' | 'kidswear' | 'footwear' | 'accessories' | 'beauty';
export type BrandFocus = 'womenswear' | 'menswear' | 'kidswear' | 'fashion' | 'footwear' | 'bags-accessories' | 'beauty';

/** A part of the catalogue: a department and one of its top-level categories. */
export type Area =
  | 'women-clothing' | 'women-shoes' | 'women-bags' | 'women-accessories' | 'women-beauty'
  | 'men-clothing' | 'men-shoes' | 'men-bags' | 'men-accessories' | 'men-beauty'
  | 'kids-clothing' | 'kids-shoes' | 'kids-accessories';

export const FOCUS_AREAS: Record<BrandFocus, Partial<Record<Area, number>>> = {
  womenswear: { 'women-clothing': 80, 'women-shoes': 6, 'women-bags': 7, 'women-accessories': 7 },
  menswear: { 'men-clothing': 80, 'men-shoes': 8, 'men-bags': 5, 'men-accessories': 7 },
  kidswear: { 'kids-clothing': 80, 'kids-shoes': 12, 'kids-accessories': 8 },
  fashion: {
    'women-clothing': 40, 'men-clothing': 20, 'kids-clothing': 6, 'women-shoes': 6, 'men-shoes': 4, 'kids-shoes': 2,
    'women-bags': 6, 'men-bags': 2, 'women-accessories': 7, 'men-accessories': 4, 'kids-accessories': 1,
  },
  footwear: { 'women-shoes': 55, 'men-shoes': 35, 'kids-shoes': 10 },
  'bags-accessories': { 'women-bags': 40, 'women-accessories': 35, 'men-bags': 12, 'men-accessories': 13 },
  beauty: { 'women-beauty': 85, 'men-beauty': 15 },
};

export function storeAccepts(spec: StoreSpec, area: Area): boolean {
  switch (spec) {
    case 'department': return true;
    case 'womenswear': return area.startsWith('women-');
    case 'menswear': return area.startsWith('men-');
    case 'kidswear': return area.startsWith('kids-');
    case 'footwear': return area.endsWith('-shoes');
    case 'accessories': return area.endsWith('-bags') || area.endsWith('-accessories');
    case 'beauty': return area.endsWith('-beauty');
  }
}

/** The areas a brand's products take in a store, weighted; empty when they share none. */
export function sharedAreas(focus: BrandFocus, spec: StoreSpec): [Area, number][] {
  return (Object.entries(FOCUS_AREAS[focus]) as [Area, number][]).filter(([area]) => storeAccepts(spec, area));
}

export type DemoCoupon = {
  promotionId: string;
  code: string;
  description: string;
  discountPercent: number;
  startsAt: string;
  endsAt: string;
};

export type DemoStore = {
  index: number;
  slug: string;
  name: string;
  country: CountryCode;
  spec: StoreSpec;
  isInternational: boolean;
  /** Home country first; one feed per country, priced in its currency. */
  sellsTo: CountryCode[];
  affiliateId: number;
  format: FeedFormat;
  coupons: DemoCoupon[];
  /** Spend for free delivery, in GBP (converted for each feed), and the delivery charge below it. */
  freeOverGbp: number;
  shippingGbp: number;
  /** Some stores always ship free; most send no shipping attribute at all (issue 28: their delivery comes from stores.json). */
  alwaysFree: boolean;
  omitsShipping: boolean;
  /**
   * Issue 28: the store states its delivery price per country in stores.json (`deliveryPrices`);
   * a few do not, so an offer of theirs with no shipping in its feed shows "delivery not shown".
   */
  statesDeliveryPrices: boolean;
  /** How the store writes product_type (exercises the importer's category matching). */
  taxonomy: 'path' | 'short' | 'google';
  /** Prefix of its item ids ("MH" → MH10234-01-M). */
  idPrefix: string;
};

export type DemoBrand = {
  index: number;
  name: string;
  slug: string;
  focus: BrandFocus;
  /** Zipf-distributed: rank r gets about A / r^0.8 products. */
  productCount: number;
  /** Price multiplier: high-street brands below 1, designers above. */
  tier: number;
  designer: boolean;
  /** Stores that carry it, by index. */
  stockists: number[];
  /** Issue 28: a store's own label (its one stockist): its items carry no identifiers (`identifier_exists` no). */
  privateLabel: boolean;
  /** Issue 28: the brand gives its items GTINs; the others give an MPN only. */
  gtins: boolean;
};

export type DemoWorld = { options: DemoOptions; stores: DemoStore[]; brands: DemoBrand[] };

const COUNTRY_WEIGHTS: Record<CountryCode, number> = { GB: 22, US: 22, IN: 12, AE: 10, CA: 9, AU: 9, HK: 8, SG: 8 };
const SPEC_WEIGHTS: [StoreSpec, number][] = [
  ['department', 22], ['womenswear', 28], ['menswear', 12], ['kidswear', 6], ['footwear', 10], ['accessories', 9], ['beauty', 13],
];
const FOCUS_WEIGHTS: [BrandFocus, number][] = [
  ['womenswear', 30], ['fashion', 18], ['menswear', 15], ['footwear', 9], ['bags-accessories', 10], ['beauty', 12], ['kidswear', 6],
];
const AFFILIATE_WEIGHTS: [number, number][] = [[1, 40], [2, 18], [3, 14], [4, 10], [5, 9], [6, 9]];
const COUPON_CODES: [string, number, string][] = [
  ['WELCOME10', 10, '10% off your first order'],
  ['SPRING20', 20, '20% off new-season styles'],
  ['SUMMER15', 15, '15% off summer essentials'],
  ['STYLE25', 25, '25% off selected full-price lines'],
  ['EXTRA10', 10, 'An extra 10% off sale'],
  ['VIP30', 30, '30% off for members'],
  ['NEWSEASON', 20, '20% off the new collection'],
  ['WEEKEND15', 15, '15% off this weekend'],
];

/** Integer counts in proportion to `weights`, summing to `total`, each at least `min`. */
export function apportion(total: number, weights: readonly number[], min = 0): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const base = weights.map((w) => Math.max(min, Math.floor((total * w) / sum)));
  let left = total - base.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [i, (total * w) / sum - Math.floor((total * w) / sum)] as const).sort((a, b) => b[1] - a[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) base[order[k]![0]]!++;
  return base;
}

/** Zipf product counts for `brands` brands summing to `products` (exponent 0.8, at least 1 each). */
export function zipfCounts(brands: number, products: number, exponent = 0.8): number[] {
  const weights = Array.from({ length: brands }, (_, r) => 1 / Math.pow(r + 1, exponent));
  const counts = apportion(Math.max(products, brands), weights, 1);
  // The floor of one per brand can overshoot; take the excess back from the biggest.
  let excess = counts.reduce((a, b) => a + b, 0) - Math.max(products, brands);
  for (let i = 0; excess > 0; i = (i + 1) % brands) {
    if (counts[i]! > 1) {
      counts[i]!--;
      excess--;
    }
  }
  return counts;
}

function uniqueName(make: () => string, taken: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const name = make();
    if (!taken.has(slugify(name))) {
      taken.add(slugify(name));
      return name;
    }
  }
  // Very small pools run out of fresh combinations; a numeral keeps names unique.
  for (let n = 2; ; n++) {
    const name = `${make()} ${n}`;
    if (!taken.has(slugify(name))) {
      taken.add(slugify(name));
      return name;
    }
  }
}

function brandName(rng: Prng, focus: BrandFocus): string {
  if (focus === 'beauty') {
    return rng.weighted<() => string>([
      [() => `${rng.pick(WORDS)} ${rng.pick(BEAUTY_SUFFIXES)}`, 5],
      [() => `${rng.pick(SURNAMES)} ${rng.pick(BEAUTY_SUFFIXES)}`, 3],
      [() => `${rng.pick(SYLLABLES_START)}${rng.pick(SYLLABLES_END)}`, 2],
    ])();
  }
  return rng.weighted<() => string>([
    [() => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`, 4],
    [() => `${rng.pick(SYLLABLES_START)}${rng.pick(SYLLABLES_END)}`, 4],
    [() => `${rng.pick(WORDS)} ${rng.pick(BRAND_SUFFIXES)}`, 4],
    [() => `Atelier ${rng.pick(SURNAMES)}`, 1],
    [() => `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)}`, 2],
    [() => `${rng.pick(WORDS)} & ${rng.pick(WORDS)}`, 1],
  ])();
}

function storeName(rng: Prng, spec: StoreSpec, country: CountryCode): string {
  const noun = rng.pick(STORE_NOUNS[spec]!);
  return rng.weighted<() => string>([
    [() => `${rng.pick(WORDS)} ${noun}`, 4],
    [() => `The ${rng.pick(WORDS)} ${noun}`, 2],
    [() => `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)}`, 2],
    [() => `${rng.pick(CITIES[country]!)} ${noun}`, 2],
    [() => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${noun}`, 1],
  ])();
}

function idPrefix(name: string, taken: Set<string>): string {
  const letters = name.replace(/^The /, '').replace(/[^A-Za-z ]/g, '').split(/\s+/).filter(Boolean);
  const base = (letters.length > 1 ? letters.map((w) => w[0]).join('') : letters[0]!.slice(0, 3)).toUpperCase().slice(0, 3);
  let prefix = base;
  for (let n = 2; taken.has(prefix); n++) prefix = `${base}${n}`;
  taken.add(prefix);
  return prefix;
}

/** Issue 28: the share of stores with a label of their own, and its share of such a store's range. */
const PRIVATE_LABEL_STORES = 0.2;
const PRIVATE_LABEL_SHARE = 0.25;
const LABEL_WORDS = ['Collection', 'Essentials', 'Studio', 'Edit'];
const LABEL_FOCUS: Record<StoreSpec, BrandFocus> = {
  department: 'fashion', womenswear: 'womenswear', menswear: 'menswear', kidswear: 'kidswear',
  footwear: 'footwear', accessories: 'bags-accessories', beauty: 'beauty',
};
/** Issue 28: the share of brands whose items carry GTINs (the rest an MPN only, matched by brand, MPN and colour). */
const GTIN_BRANDS = 0.85;
/** The store (by index) that sends no shipping and states no delivery prices. */
const SILENT_STORE = 3;

/** The fixed first store: the demo's special products live here (see special-products.ts). */
export const SPECIAL_STORE = { slug: 'maison-harlow', name: 'Maison Harlow', country: 'GB' as CountryCode };

export function buildDemoWorld(options: DemoOptions): DemoWorld {
  const root = new Prng(options.seed);
  const storeRng = root.fork('stores');
  const brandRng = root.fork('brands');
  const stockRng = root.fork('stockists');
  // Issue 28's facts draw from streams of their own, so the stores and brands keep their names.
  const deliveryRng = root.fork('delivery');
  const labelRng = root.fork('labels');

  // Stores: countries in proportion, every country at least once; the first store is fixed.
  const storeCount = Math.max(options.stores, COUNTRY_CODES.length + 1);
  const perCountry = apportion(storeCount - 1, COUNTRY_CODES.map((c) => COUNTRY_WEIGHTS[c]), 1);
  const countries = storeRng.shuffle(COUNTRY_CODES.flatMap((c, i) => Array<CountryCode>(perCountry[i]!).fill(c)));
  const takenSlugs = new Set<string>([SPECIAL_STORE.slug]);
  const takenPrefixes = new Set<string>(['MH']);
  const stores: DemoStore[] = [];
  for (let index = 0; index < storeCount; index++) {
    const special = index === 0;
    const country = special ? SPECIAL_STORE.country : countries[index - 1]!;
    const spec: StoreSpec = special || index === 1 ? 'department' : storeRng.weighted(SPEC_WEIGHTS);
    const name = special ? SPECIAL_STORE.name : uniqueName(() => storeName(storeRng, spec, country), takenSlugs);
    const isInternational = !special && storeRng.chance(0.22);
    // International stores sell into one or two more countries, the bigger markets more often.
    const sellsTo: CountryCode[] = [country];
    if (isInternational) {
      for (let n = storeRng.int(1, 2); n > 0; n--) {
        const abroad = COUNTRY_CODES.filter((c) => !sellsTo.includes(c)).map((c) => [c, COUNTRY_WEIGHTS[c]] as const);
        sellsTo.push(storeRng.weighted(abroad));
      }
    }
    // Affiliate ids 5 and 6 (spec section 9) are guaranteed by the second and third stores.
    const affiliateId = special ? 1 : index === 1 ? 5 : index === 2 ? 6 : storeRng.weighted(AFFILIATE_WEIGHTS);
    const prefix = special ? 'MH' : idPrefix(name, takenPrefixes);
    const coupons: DemoCoupon[] = [];
    if (special || storeRng.chance(0.3)) {
      for (const [code, percent, description] of storeRng.sample(COUPON_CODES, storeRng.int(1, 3))) {
        coupons.push({
          promotionId: `${prefix}-${code}`,
          code,
          description,
          discountPercent: percent,
          startsAt: '2025-01-01T00:00:00Z',
          endsAt: '2030-12-31T23:59:59Z',
        });
      }
    }
    stores.push({
      index,
      slug: special ? SPECIAL_STORE.slug : slugify(name),
      name,
      country,
      spec,
      isInternational,
      sellsTo,
      affiliateId,
      format: special ? 'tsv' : index === 1 ? 'xml' : storeRng.chance(0.7) ? 'tsv' : 'xml',
      coupons,
      freeOverGbp: storeRng.pick([30, 40, 50, 50, 75, 100, 150]),
      shippingGbp: storeRng.pick([2.95, 3.95, 3.95, 4.95, 5.99]),
      alwaysFree: storeRng.chance(0.1),
      // The fourth store sends no shipping and states no delivery prices, so even the small demo has "delivery not shown".
      omitsShipping: (!special && storeRng.chance(0.6)) || index === SILENT_STORE,
      statesDeliveryPrices: index !== SILENT_STORE && deliveryRng.chance(0.85),
      taxonomy: special ? 'path' : storeRng.weighted<DemoStore['taxonomy']>([['path', 60], ['short', 25], ['google', 15]]),
      idPrefix: prefix,
    });
  }

  // Private labels (issue 28): some stores sell a label of their own, counted in the brands and
  // products asked for; the other brands share the rest of the products.
  const labelStores = stores.filter((s) => s.index > 0 && labelRng.chance(PRIVATE_LABEL_STORES));
  const labelSize = Math.max(1, Math.round((options.products / storeCount) * PRIVATE_LABEL_SHARE));
  const marketBrands = Math.max(1, options.brands - labelStores.length);
  const counts = zipfCounts(marketBrands, Math.max(marketBrands, options.products - labelStores.length * labelSize));

  // Brands: focus, name, Zipf product counts (rank order is the brand order).
  const takenBrands = new Set<string>();
  const brands: DemoBrand[] = counts.map((productCount, index) => {
    const focus = brandRng.weighted(FOCUS_WEIGHTS);
    const name = uniqueName(() => brandName(brandRng, focus), takenBrands);
    const designer = brandRng.chance(0.12);
    return {
      index,
      name,
      slug: slugify(name),
      focus,
      productCount,
      tier: designer ? brandRng.logUniform(1.4, 2.4) : brandRng.logUniform(0.55, 1.3),
      designer,
      stockists: [],
      privateLabel: false,
      gtins: labelRng.chance(GTIN_BRANDS),
    };
  });

  // Stockists: every store first carries two compatible brands (from the bigger ones, so
  // no store is empty), then each brand finds more stores, more for bigger brands.
  for (const store of stores) {
    const compatible = brands.filter((b) => sharedAreas(b.focus, store.spec).length);
    const big = compatible.slice(0, Math.max(2, Math.ceil(compatible.length * 0.3)));
    for (const brand of stockRng.sample(big, 2)) if (!brand.stockists.includes(store.index)) brand.stockists.push(store.index);
  }
  for (const brand of brands) {
    const compatible = stores.filter((s) => sharedAreas(brand.focus, s.spec).length && !brand.stockists.includes(s.index));
    const want = Math.min(8, 1 + Math.round(Math.log2(brand.productCount) / 1.5));
    for (const store of stockRng.sample(compatible, Math.max(0, want - brand.stockists.length))) brand.stockists.push(store.index);
    brand.stockists.sort((a, b) => a - b);
  }
  for (const store of labelStores) {
    const name = uniqueName(() => `${store.name.replace(/^The /, '')} ${labelRng.pick(LABEL_WORDS)}`, takenBrands);
    brands.push({
      index: brands.length,
      name,
      slug: slugify(name),
      focus: LABEL_FOCUS[store.spec],
      productCount: labelSize,
      tier: labelRng.logUniform(0.5, 0.9),
      designer: false,
      stockists: [store.index],
      privateLabel: true,
      gtins: false,
    });
  }
  return { options, stores, brands };
}

/** The store's logo, drawn on our own origin. */
export function storeLogo(store: DemoStore): string {
  return logoImageUrl(store.slug);
}
