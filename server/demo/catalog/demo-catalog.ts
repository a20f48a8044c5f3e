import { normaliseColour, type ColourKey } from '../../../shared/colours';
import type { Department } from '../../../shared/constants';
import type { ProductKind } from '../../../shared/images';
import { productImageUrl } from '../../../shared/images';
import { CATEGORIES, categoryBySlug, type FlatCategory } from '../../api/catalog/category-tree';
import type { Availability } from '../../api/catalog/feed-values';
import { slugify } from '../../api/catalog/identifiers';
import { demoGtin, demoMpn } from './demo-identifiers';
import { sharedAreas, storeAccepts, type Area, type DemoBrand, type DemoStore, type DemoWorld } from './demo-world';
import { Prng } from './prng';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT, type SpecialProduct } from './special-products';
import { COLOUR_NAMES, FAMILIES, PATTERN_NAMES, type ApparelFamily, type BeautyFamily, type Family } from './vocabulary';

// The demo's products: for each brand (Zipf-sized), products in the stores that stock it,
// in categories both the brand and the store deal in, with titles, descriptions, colours,
// sizes, prices, sales, coupons and stock states drawn from the seeded generator.
//
// Issue 28: an item may be sold by several stores. A DemoProduct is one store's copy of an
// item (its own group key, item ids, links, price, sale, coupon and stock); about 40 % of the
// branded items have copies in two to five stores that all sell into one country, stating the
// same GTIN per size and MPN per colour (demo-identifiers.ts). A brand's product count counts
// store copies, so `--products` keeps its meaning.

/** `gtin`: the size's GTIN-13 as the feed states it (undefined: the brand gives none). */
export type DemoSize = { size: string | undefined; availability: Availability; itemId: string; gtin: string | undefined };
/** `mpn`: the colour's MPN as the feed states it (undefined: a private label). */
export type DemoVariant = { colourName: string | undefined; imageColour: ColourKey; style: number; mpn: string | undefined; sizes: DemoSize[] };

export type DemoProduct = {
  store: DemoStore;
  brand: DemoBrand;
  /** The item this is a store's copy of: the copies of one item share it. */
  item: number;
  /** False for a private label: its feed says `identifier_exists` no. */
  identifierExists: boolean;
  groupKey: string;
  category: FlatCategory;
  department: Department;
  kind: ProductKind;
  title: string;
  description: string;
  gender: 'female' | 'male' | 'unisex';
  ageGroup: 'adult' | 'kids';
  care: string | undefined;
  /** List price in GBP before conversion. */
  baseGbp: number;
  /** Percent off, 0 when not on sale. */
  discount: number;
  promotionId: string | undefined;
  productType: string | undefined;
  googleProductCategory: string | undefined;
  variants: DemoVariant[];
};

const AREA_OF_ROOT: Record<string, string> = {
  clothing: 'clothing', shoes: 'shoes', bags: 'bags', accessories: 'accessories', 'health-and-beauty': 'beauty', grooming: 'beauty',
};

/** The area a category belongs to ("women-clothing"), from its root. */
export function areaOf(category: FlatCategory): Area {
  const root = category.path.split('/')[0]!.replace(/^(men|kids)-/, '');
  return `${category.department}-${AREA_OF_ROOT[root] ?? root}` as Area;
}

const LEAVES_BY_AREA = new Map<Area, [FlatCategory, number][]>();
for (const category of CATEGORIES) {
  if (!category.isLeaf) continue;
  const family = FAMILIES[category.slug];
  if (!family) continue;
  const area = areaOf(category);
  const list = LEAVES_BY_AREA.get(area) ?? [];
  list.push([category, family.weight]);
  LEAVES_BY_AREA.set(area, list);
}

const DISCOUNTS: [number, number][] = [
  [10, 8], [15, 6], [20, 12], [25, 8], [30, 12], [35, 5], [40, 9], [45, 4], [50, 10],
  [55, 3], [60, 6], [65, 3], [70, 5], [75, 3], [80, 2],
];
const AVAILABILITY: [Availability, number][] = [['in_stock', 88], ['out_of_stock', 8], ['preorder', 2.5], ['backorder', 1.5]];
const VARIANT_COUNTS: [number, number][] = [[1, 65], [2, 23], [3, 9], [4, 3]];
/** Issue 28: the chance a branded item is sold by more stores, and by how many in all. */
const SOLD_BY_SEVERAL = 0.41;
const STORES_PER_ITEM: [number, number][] = [[2, 50], [3, 28], [4, 14], [5, 8]];
/** The chance a store copy holds each of the item's sizes (it holds one at least). */
const COPY_HOLDS_SIZE = 0.8;
const SEASONS = ['new-season', 'Spring/Summer', 'Autumn/Winter', 'resort', 'core', 'capsule'];
const WOMEN_WORDS = ['Womens', "Women's", 'Ladies'];
const MEN_WORDS = ['Mens', "Men's"];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function article(words: string, plural: boolean): string {
  if (plural) return 'a pair of';
  return /^[aeiou]/i.test(words) ? 'an' : 'a';
}

/** "Jeans", "Trainers", "Sunglasses" are worn in pairs; "Dress" is not ("ss"). */
function isPlural(noun: string): boolean {
  return /[^s]s$/.test(noun);
}

function apparelTitle(rng: Prng, family: ApparelFamily): { title: string; noun: string; composition: string } {
  const noun = rng.pick(family.nouns);
  const [material, composition] = rng.pick(family.materials);
  const style = rng.pick(family.styles);
  // A noun that names its own material ("Denim Jacket", "Wool Coat") takes no other.
  const form = /denim|leather|wool|puffer|trench|suede/i.test(noun)
    ? 'style'
    : rng.weighted<'both' | 'style' | 'material'>([['both', 55], ['style', 20], ['material', 25]]);
  // "Organic Organic Denim": a style the material already says is left out.
  const both = material.toLowerCase().includes(style.toLowerCase()) ? [material, noun] : [style, material, noun];
  const words = form === 'both' ? both : form === 'style' ? [style, noun] : [material, noun];
  // "Leather Leather Jacket" and "Denim Denim Jacket" read badly: drop the repeat.
  const title = words.filter((w, i) => i === words.length - 1 || !noun.toLowerCase().includes(w.toLowerCase())).join(' ');
  return { title, noun, composition };
}

function apparelDescription(rng: Prng, family: ApparelFamily, title: string, noun: string, composition: string, brand: DemoBrand): string {
  const lower = title.toLowerCase();
  const parts = [`${capitalise(article(lower, isPlural(noun)))} ${lower} ${rng.pick(family.features)}.`];
  const details = rng.sample(family.details, 2);
  parts.push(...details, composition);
  if (rng.chance(0.3)) parts.push(`From ${brand.name}'s ${rng.pick(SEASONS)} collection.`);
  return parts.join(' ');
}

function beautyTitle(rng: Prng, family: BeautyFamily): { title: string; noun: string; volume: string; ingredient: string } {
  const noun = rng.pick(family.nouns);
  const benefit = rng.pick(family.benefits);
  const ingredient = rng.pick(family.ingredients);
  const volume = rng.pick(family.volumes);
  const title = family.shaded ? `${benefit} ${noun}` : `${benefit} ${ingredient} ${noun} ${volume}`;
  return { title, noun, volume, ingredient };
}

function beautyDescription(rng: Prng, family: BeautyFamily, t: ReturnType<typeof beautyTitle>): string {
  const lower = t.title.replace(` ${t.volume}`, '').toLowerCase();
  const parts = [`${capitalise(article(lower, false))} ${lower}${family.shaded ? ` enriched with ${t.ingredient.toLowerCase()}` : ''}.`];
  parts.push(...rng.sample(family.claims, 2), `${t.volume}.`);
  return parts.join(' ');
}

function taxonomy(rng: Prng, store: DemoStore, category: FlatCategory, gender: DemoProduct['gender']) {
  const chain = category.path.split('/').map((slug) => categoryBySlug(slug)!);
  const department = category.department;
  if (store.taxonomy === 'google') {
    const top = areaOf(category).endsWith('beauty') ? 'Health & Beauty' : 'Apparel & Accessories';
    return { productType: undefined, googleProductCategory: [top, ...chain.map((c) => c.name)].join(' > ') };
  }
  if (store.taxonomy === 'short' && chain.length > 1) {
    const word =
      department === 'women' ? rng.pick(WOMEN_WORDS) : department === 'men' ? rng.pick(MEN_WORDS) : gender === 'female' ? 'Girls' : gender === 'male' ? 'Boys' : 'Kids';
    return { productType: [word, ...chain.slice(1).map((c) => c.name)].join(' > '), googleProductCategory: undefined };
  }
  // Merchants name some levels their own way ("Trainers" for sneakers): use an alias now and then.
  const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const names = chain.map((c) => (c.aliases.length && rng.chance(0.15) ? titleCase(c.aliases[0]!) : c.name));
  return { productType: [capitalise(department), ...names].join(' > '), googleProductCategory: undefined };
}

function pickColours(rng: Prng, family: Family, count: number, patterns: boolean): { name: string | undefined; key: ColourKey }[] {
  const out: { name: string | undefined; key: ColourKey }[] = [];
  const used = new Set<ColourKey>();
  for (let attempt = 0; out.length < count && attempt < count * 6; attempt++) {
    const key = rng.weighted(family.palette);
    if (used.has(key)) continue;
    used.add(key);
    if (patterns && rng.chance(0.03)) {
      const name = rng.pick(PATTERN_NAMES);
      if (!out.some((o) => o.name === name)) out.push({ name, key });
      continue;
    }
    out.push({ name: rng.pick(COLOUR_NAMES[key]), key });
  }
  return out;
}

function pickSizes(rng: Prng, scale: readonly string[] | null): (string | undefined)[] {
  if (!scale) return [undefined];
  if (scale.length === 1) return [scale[0]];
  // Merchants list the sizes they hold: often two or three, sometimes one left, rarely four.
  const count = Math.min(scale.length, rng.weighted<number>([[1, 10], [2, 35], [3, 40], [4, 15]]));
  const start = rng.int(0, scale.length - count);
  return scale.slice(start, start + count);
}

const itemIdOf = (groupKey: string, colour: number, size: string | undefined) =>
  `${groupKey}-${String(colour + 1).padStart(2, '0')}-${size ? size.replace(/[^A-Za-z0-9.]/g, '') : 'OS'}`;

export class DemoProductMaker {
  private readonly sequence = new Map<number, number>();
  private readonly skus = new Map<number, number>();
  private items = 0;

  constructor(private readonly rng: Prng) {}

  private nextGroupKey(store: DemoStore): string {
    const n = (this.sequence.get(store.index) ?? 0) + 1;
    this.sequence.set(store.index, n);
    return `${store.idPrefix}${10000 + n}`;
  }

  /** A new item's number. */
  nextItem(): number {
    return this.items++;
  }

  /** The brand's next GTIN, or none when the brand gives none. */
  nextGtin(brand: DemoBrand): string | undefined {
    if (!brand.gtins) return undefined;
    const sku = (this.skus.get(brand.index) ?? 0) + 1;
    this.skus.set(brand.index, sku);
    return demoGtin(brand, sku);
  }

  make(brand: DemoBrand, store: DemoStore): DemoProduct {
    const rng = this.rng;
    const area = rng.weighted(sharedAreas(brand.focus, store.spec));
    const category = rng.weighted(LEAVES_BY_AREA.get(area)!);
    const family = FAMILIES[category.slug]!;
    const department = category.department;
    const gender: DemoProduct['gender'] =
      department === 'women' ? 'female' : department === 'men' ? 'male'
      : /dresses|skirts/.test(category.slug) ? 'female' : rng.weighted([['female', 4], ['male', 4], ['unisex', 2]]);
    const groupKey = this.nextGroupKey(store);

    let title: string;
    let description: string;
    let care: string | undefined;
    let colours: { name: string | undefined; key: ColourKey }[];
    let sizeScale: readonly string[] | null;
    if (family.type === 'beauty') {
      const t = beautyTitle(rng, family);
      title = t.title;
      description = beautyDescription(rng, family, t);
      colours = family.shaded
        ? pickColours(rng, family, rng.weighted(VARIANT_COUNTS) + 1, false)
        : [{ name: undefined, key: rng.weighted(family.palette) }];
      sizeScale = null;
    } else {
      const t = apparelTitle(rng, family);
      title = t.title;
      description = apparelDescription(rng, family, t.title, t.noun, t.composition, brand);
      care = family.care && rng.chance(0.8) ? rng.pick(family.care) : undefined;
      colours = pickColours(rng, family, rng.weighted(VARIANT_COUNTS), areaOf(category).endsWith('clothing'));
      sizeScale = family.sizes;
    }
    if (department === 'kids') {
      title = `${gender === 'female' ? "Girls'" : gender === 'male' ? "Boys'" : "Kids'"} ${title}`;
    }

    const style = rng.int(0, 7);
    const item = this.nextItem();
    const variants: DemoVariant[] = colours.map((colour, c) => ({
      colourName: colour.name,
      imageColour: colour.key,
      style: (style + c) % 8,
      mpn: brand.privateLabel ? undefined : demoMpn(brand, item, c),
      sizes: pickSizes(rng, sizeScale).map((size) => ({
        size,
        availability: rng.weighted(AVAILABILITY),
        itemId: itemIdOf(groupKey, c, size),
        gtin: this.nextGtin(brand),
      })),
    }));

    const [low, high] = family.price;
    // Children's things cost about half as much, designer label or not.
    const baseGbp =
      department === 'kids'
        ? rng.logUniform(low, high) * Math.min(brand.tier, 1.2) * 0.55
        : Math.min(high * 1.8, rng.logUniform(low, high) * brand.tier);
    return {
      store,
      brand,
      item,
      identifierExists: !brand.privateLabel,
      groupKey,
      category,
      department,
      kind: category.kind,
      title,
      description,
      gender,
      ageGroup: department === 'kids' ? 'kids' : 'adult',
      care,
      baseGbp,
      discount: rng.chance(0.3) ? rng.weighted(DISCOUNTS) : 0,
      promotionId: store.coupons.length && rng.chance(0.35) ? rng.pick(store.coupons).promotionId : undefined,
      ...taxonomy(rng, store, category, gender),
      variants,
    };
  }

  /**
   * Another store's copy of an item (issue 28): the same item, colours, sizes and identifiers
   * under the store's own group key, item ids and category path, at its own price, sale,
   * coupon and stock, holding some of the item's sizes.
   */
  copy(original: DemoProduct, store: DemoStore, rng: Prng): DemoProduct {
    const groupKey = this.nextGroupKey(store);
    const variants = original.variants.map((variant, c): DemoVariant => {
      const held = variant.sizes.filter(() => rng.chance(COPY_HOLDS_SIZE));
      return {
        ...variant,
        sizes: (held.length ? held : [rng.pick(variant.sizes)]).map((size) => ({
          size: size.size,
          availability: rng.weighted(AVAILABILITY),
          itemId: itemIdOf(groupKey, c, size.size),
          gtin: size.gtin,
        })),
      };
    });
    return {
      ...original,
      store,
      groupKey,
      baseGbp: original.baseGbp * (0.88 + rng.next() * 0.24),
      discount: rng.chance(0.3) ? rng.weighted(DISCOUNTS) : 0,
      promotionId: store.coupons.length && rng.chance(0.35) ? rng.pick(store.coupons).promotionId : undefined,
      ...taxonomy(rng, store, original.category, original.gender),
      variants,
    };
  }
}

/**
 * The other stores that sell an item (issue 28): stores that deal in its area and sell into one
 * country with its first store (the one of its countries most of them sell into), so its offers
 * can be compared there; the brand's own stockists first.
 */
class OtherSellers {
  private readonly byAreaAndCountry = new Map<string, DemoStore[]>();

  constructor(private readonly world: DemoWorld) {}

  private sellingTo(area: Area, country: string): DemoStore[] {
    const key = `${area} ${country}`;
    let stores = this.byAreaAndCountry.get(key);
    if (!stores) {
      stores = this.world.stores.filter((s) => storeAccepts(s.spec, area) && s.sellsTo.includes(country as DemoStore['country']));
      this.byAreaAndCountry.set(key, stores);
    }
    return stores;
  }

  of(product: DemoProduct, count: number, rng: Prng): DemoStore[] {
    const area = areaOf(product.category);
    let best: DemoStore[] = [];
    for (const country of product.store.sellsTo) {
      const stores = this.sellingTo(area, country).filter((s) => s !== product.store);
      if (stores.length > best.length) best = stores;
    }
    const stockists = new Set(product.brand.stockists);
    const shuffled = rng.shuffle(best);
    return [...shuffled.filter((s) => stockists.has(s.index)), ...shuffled.filter((s) => !stockists.has(s.index))].slice(0, count);
  }
}

function specialProduct(maker: DemoProductMaker, store: DemoStore, brand: DemoBrand, spec: SpecialProduct, colour: string, sizes: string[]): DemoProduct {
  const category = categoryBySlug(spec.categorySlug)!;
  const key = normaliseColour(colour) ?? 'black';
  const item = maker.nextItem();
  return {
    store,
    brand,
    item,
    identifierExists: true,
    groupKey: spec.groupKey,
    category,
    department: 'women',
    kind: category.kind,
    title: spec.title,
    description: 'A midi dress with a fitted bodice and a softly flared skirt. Falls to mid-calf. Fully lined. Made from 100% cotton.',
    gender: 'female',
    ageGroup: 'adult',
    care: 'Machine wash at 30°C',
    baseGbp: 89,
    discount: 0,
    promotionId: undefined,
    productType: 'Women > Clothing > Dresses > Midi Dresses',
    googleProductCategory: undefined,
    variants: [
      {
        colourName: colour,
        imageColour: key,
        style: 2,
        mpn: demoMpn(brand, item, 0),
        sizes: sizes.map((size, i) => ({
          size,
          availability: 'in_stock',
          itemId: i === 0 ? spec.itemId : `${spec.groupKey}-01-${size}`,
          gtin: maker.nextGtin(brand),
        })),
      },
    ],
  };
}

/** Every store copy of every item of the world, in the order they were made (an item's copies together). */
export function buildDemoProducts(world: DemoWorld): DemoProduct[] {
  const rng = new Prng(world.options.seed).fork('products');
  const offerRng = new Prng(world.options.seed).fork('offers');
  const maker = new DemoProductMaker(rng);
  const others = new OtherSellers(world);
  const products: DemoProduct[] = [];
  const first = world.stores[0]!;
  const firstBrand = world.brands.find((b) => b.focus === 'womenswear' || b.focus === 'fashion') ?? world.brands[0]!;
  products.push(specialProduct(maker, first, firstBrand, SCRIPT_TITLE_PRODUCT, 'Black', ['8', '10', '12']));
  products.push(specialProduct(maker, first, firstBrand, LINE_SEPARATOR_PRODUCT, 'Ivory', ['10', '12']));
  for (const brand of world.brands) {
    if (!brand.stockists.length) continue;
    // The brand's product count counts store copies: an item sold by three stores takes three.
    for (let left = brand.productCount; left > 0; ) {
      const store = world.stores[brand.stockists[Math.floor(rng.next() * brand.stockists.length)]!]!;
      const product = maker.make(brand, store);
      products.push(product);
      left--;
      if (brand.privateLabel || left === 0 || !offerRng.chance(SOLD_BY_SEVERAL)) continue;
      for (const other of others.of(product, Math.min(left, offerRng.weighted(STORES_PER_ITEM) - 1), offerRng)) {
        products.push(maker.copy(product, other, offerRng));
        left--;
      }
    }
  }
  // A store whose brands' products all went elsewhere still gets something to sell.
  const stocked = new Set(products.map((p) => p.store.index));
  for (const store of world.stores) {
    if (stocked.has(store.index)) continue;
    const brand = world.brands.find((b) => b.stockists.includes(store.index));
    if (brand) products.push(maker.make(brand, store));
  }
  return products;
}

/** A variant's picture on our own origin; `offset` gives its other views. */
export function productImage(product: DemoProduct, variant: DemoVariant, offset = 0): string {
  return productImageUrl(product.kind, variant.imageColour, (variant.style + offset) % 8);
}

/**
 * The retailer's product page. The same for every country the store sells to: a size
 * variant has one url, so feeds that disagreed would overwrite each other on every import.
 */
export function productLink(product: DemoProduct, itemId: string): string {
  const base = `https://www.${product.store.slug}.example`;
  return `${base}/products/${slugify(product.title, 60) || 'item'}-${product.groupKey.toLowerCase()}?variant=${encodeURIComponent(itemId)}`;
}
