import { COLOURS } from '../../shared/colours';
import { DEPARTMENTS, OFFER_BUCKETS, SALE_BANDS } from '../../shared/constants';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries';
import { SORT_OPTIONS } from '../../shared/sort-options';
import { CATEGORIES } from '../../server/api/catalog/category-tree';
import { Prng } from '../../server/demo/catalog/prng';
import { EMPTY_FILTERS, type CatalogDirectory, type SearchFilters, type SearchQuery, type SearchScope } from '../../server/api/search-engine/search-engine';

// A fixed, seeded workload of listing requests, the same on every run: what the benchmark
// times and what the agreement test asks both engines. Most requests look like shoppers'
// (a category, brand or store page, or a few words, with a filter or two, first pages);
// some combine many filter groups, typos and deep pages so every code path is exercised.

const WORDS = [
  'dress', 'dresses', 'jeans', 'black dress', 'red', 'midi dress', 'leather boots', 'trainers', 'sneakers',
  'sweater', 'jumper', 'handbag', 'silk', 'linen shirt', 'floral', 'denim jacket', 'wool coat', 'tshirt',
  't shirt', 'gold', 'skirt', 'cardigan', 'blazer', 'swimsuit', 'lipstick', 'perfume', 'mens jeans',
  'kids', 'hoodie', 'bag', 'sandals', 'watch', 'necklace', 'shorts', 'knit', 'cotton',
  // Typos: one edit from 5 letters, two from 9.
  'jeens', 'dreses', 'snekers', 'cardigna', 'handbga', 'sweatshrit', 'leathr', 'trousres', 'braclet',
];

export type WorkloadOptions = { seed?: number; countries?: readonly CountryCode[] };

export function listingWorkload(directory: CatalogDirectory, count: number, options: WorkloadOptions = {}): SearchQuery[] {
  const random = new Prng(options.seed ?? 20_260_401);
  const countries = options.countries ?? COUNTRY_CODES;
  const brands = [...directory.brands.values()];
  const stores = [...directory.stores.values()];
  const brandWords = brands.slice(0, 50).map((b) => b.name.toLowerCase());
  const queries: SearchQuery[] = [];
  for (let i = 0; i < count; i++) {
    // Shoppers are mostly on the big sites.
    const country = random.chance(0.5) ? countries[0]! : random.pick(countries);
    const kind = random.weighted<'category' | 'text' | 'brand' | 'store' | 'sale' | 'all'>([
      ['category', 40],
      ['text', 30],
      ['brand', 10],
      ['store', 6],
      ['sale', 6],
      ['all', 8],
    ]);
    const scope: SearchScope = {};
    let text = '';
    if (kind === 'category') scope.category = random.pick(CATEGORIES).slug;
    else if (kind === 'brand' && brands.length) scope.brand = random.pick(brands).slug;
    else if (kind === 'store' && stores.length) scope.store = random.pick(stores).slug;
    else if (kind === 'sale') {
      if (random.chance(0.5)) scope.sale = true;
      else {
        const band = random.pick(SALE_BANDS);
        scope.discount = { from: band.from, to: band.to };
      }
    } else if (kind === 'text') {
      text = random.chance(0.15) && brandWords.length ? random.pick(brandWords) : random.pick(WORDS);
      if (random.chance(0.2)) text = `${random.pick(WORDS)} ${text}`;
    }
    const many = random.chance(0.15);
    const p = many ? 0.5 : 0.12;
    const filters: { -readonly [K in keyof SearchFilters]: SearchFilters[K] } = { ...EMPTY_FILTERS };
    if (random.chance(p * 1.5)) filters.colours = pickSome(random, COLOURS.map((c) => c.key), 3);
    if (random.chance(p)) filters.categories = pickSome(random, CATEGORIES.map((c) => c.slug), 2);
    if (random.chance(p) && brands.length) filters.brands = pickSome(random, brands.map((b) => b.slug), 3);
    if (random.chance(p * 0.6) && stores.length) filters.stores = pickSome(random, stores.map((s) => s.slug), 2);
    if (random.chance(p * 0.6)) filters.offers = pickSome(random, OFFER_BUCKETS.map((b) => ({ from: b.from, to: b.to })), 2);
    if (random.chance(p)) filters.departments = pickSome(random, DEPARTMENTS, 1);
    if (random.chance(p * 0.6)) filters.madeIn = [country];
    if (random.chance(p * 0.5)) filters.coupons = true;
    if (random.chance(p * 0.5)) filters.freeDelivery = true;
    if (random.chance(p * 0.5)) filters.sale = true;
    if (random.chance(p * 0.5)) filters.priceDropped = true;
    if (random.chance(p)) {
      const min = random.int(0, 80) * 100;
      filters.priceMin = min;
      filters.priceMax = min + random.int(10, 200) * 100;
    }
    const perPage = random.pick([20, 20, 20, 40]);
    const page = random.chance(0.8) ? 1 : random.int(2, many ? 20 : 5);
    queries.push({
      country,
      text,
      scope,
      internationalDelivery: random.chance(0.05),
      filters,
      sort: random.pick(SORT_OPTIONS).value,
      offset: (page - 1) * perPage,
      limit: perPage,
    });
  }
  return queries;
}

function pickSome<T>(random: Prng, items: readonly T[], max: number): T[] {
  const n = random.int(1, Math.min(max, items.length));
  const chosen = new Set<T>();
  while (chosen.size < n) chosen.add(random.pick(items));
  return [...chosen];
}
