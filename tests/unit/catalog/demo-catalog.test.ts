import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLOURS, normaliseColour, type ColourKey } from '../../../shared/colours';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { OFFER_BUCKETS } from '../../../shared/constants';
import { placeItem } from '../../../server/api/catalog/category-match';
import { CATEGORIES } from '../../../server/api/catalog/category-tree';
import { buildDemoCatalog, demoCatalogFiles, type DemoCatalog, type DemoFile } from '../../../server/demo/catalog/generate-demo-catalog';
import { readGtin } from '../../../shared/gtin';
import { DEMO_TRAP_KINDS, type DemoOfferKey } from '../../../server/demo/catalog/demo-traps';
import { demoMatchTruth, type DemoMatchTruth } from '../../../server/demo/catalog/demo-truth';
import { FULL_DEMO, SMALL_DEMO, zipfCounts } from '../../../server/demo/catalog/demo-world';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from '../../../server/demo/catalog/special-products';
import { COLOUR_NAMES, FAMILIES, PATTERN_NAMES } from '../../../server/demo/catalog/vocabulary';
import { validateFeedRecord, type FeedItem } from '../../../server/api/catalog/feed-item';
import { discountPercent } from '../../../server/api/catalog/feed-values';
import { feedTargetFromFileName, readFeed } from '../../../server/api/catalog/importer';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';

/** What a feed row states as Google's identifiers (issue 28), as written. */
type Stated = { gtin: string | undefined; mpn: string | undefined; identifierExists: string | undefined };
type Feed = { store: string; country: string; format: string; items: FeedItem[]; stated: Stated[] };

function digest(files: Iterable<DemoFile>): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.path).update('\0').update(f.content).update('\0');
  return hash.digest('hex');
}

function readFeeds(files: DemoFile[]): Feed[] {
  return files
    .filter((f) => f.path.startsWith('feeds/'))
    .map((f) => {
      const target = feedTargetFromFileName(f.path)!;
      const { records, malformed } = readFeed(f.content, target.format);
      expect(malformed).toEqual([]);
      const items = records.map((r) => {
        const v = validateFeedRecord(r);
        if (!v.ok) throw new Error(`${f.path} line ${v.line}: ${v.reason}`);
        return v.item;
      });
      const stated = records.map((r) => ({ gtin: r.values.gtin?.[0], mpn: r.values.mpn?.[0], identifierExists: r.values.identifier_exists?.[0] }));
      return { ...target, items, stated };
    });
}

describe('demo catalogue generator', () => {
  it('writes the same bytes for the same seed (from a catalogue built beforehand too), and other bytes for another seed', () => {
    const first = digest(demoCatalogFiles(SMALL_DEMO));
    expect(digest(demoCatalogFiles(SMALL_DEMO))).toBe(first);
    expect(digest(demoCatalogFiles(SMALL_DEMO, 1, { catalog: buildDemoCatalog(SMALL_DEMO) }))).toBe(first);
    expect(digest(demoCatalogFiles({ ...SMALL_DEMO, seed: SMALL_DEMO.seed + 1 }))).not.toBe(first);
  });

  it('gives brands Zipf-distributed product counts, every brand at least one', () => {
    const counts = zipfCounts(800, 30_000);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30_000);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    const median = [...counts].sort((a, b) => a - b)[400]!;
    expect(counts[0]! / median).toBeGreaterThan(10);
    // Log-log slope between rank 10 and rank 500 near the exponent 0.8.
    const slope = Math.log(counts[9]! / counts[499]!) / Math.log(500 / 10);
    expect(slope).toBeGreaterThan(0.7);
    expect(slope).toBeLessThan(0.9);
  });

  it('has words for every leaf category, and colour names that map back onto their colour', () => {
    for (const c of CATEGORIES.filter((c) => c.isLeaf)) expect(FAMILIES[c.slug], c.slug).toBeDefined();
    for (const [key, names] of Object.entries(COLOUR_NAMES)) {
      for (const name of names) expect(normaliseColour(name), name).toBe(key);
    }
    for (const name of PATTERN_NAMES) expect(normaliseColour(name), name).toBeUndefined();
  });

  it('places every item of a mid-sized catalogue in the category the generator meant', () => {
    const options = { ...SMALL_DEMO, stores: 40, brands: 150, products: 3000 };
    const { products } = buildDemoCatalog(options);
    const meant = new Map(products.map((p) => [`${p.store.slug}/${p.groupKey}`, p.category.slug]));
    const feeds = readFeeds([...demoCatalogFiles(options)]);
    let items = 0;
    for (const feed of feeds) {
      for (const item of feed.items) {
        const placement = placeItem(item);
        expect('error' in placement ? placement.error : placement.category.slug, `${feed.store} ${item.id}`).toBe(
          meant.get(`${feed.store}/${item.itemGroupId}`),
        );
        items++;
      }
    }
    expect(items).toBeGreaterThan(6000);
  });

  // Issue 28: "the day-2 feeds move offers independently".
  it('moves each store’s copy of an item on its own on day 2', () => {
    const day1 = buildDemoCatalog(SMALL_DEMO, 1).products;
    const day2 = buildDemoCatalog(SMALL_DEMO, 2).products;
    const moved = (i: number) =>
      JSON.stringify([day1[i]!.discount, day1[i]!.baseGbp, day1[i]!.variants]) !== JSON.stringify([day2[i]!.discount, day2[i]!.baseGbp, day2[i]!.variants]);
    const copies = new Map<number, number[]>();
    day1.forEach((p, i) => copies.set(p.item, [...(copies.get(p.item) ?? []), i]));
    const shared = [...copies.values()].filter((c) => c.length > 1);
    const some = shared.filter((c) => c.some(moved) && !c.every(moved));
    // The same seed always gives these: where one store's copy moved, the others' stayed.
    expect([shared.length, some.length, shared.filter((c) => c.every(moved)).length]).toEqual([118, 29, 1]);
  });
});

describe('the full demo catalogue', () => {
  let files: DemoFile[];
  let feeds: Feed[];
  let stores: {
    slug: string; countryCode: string; affiliateId: number; isInternational: boolean; coupons: unknown[]; sellsTo: string[];
    deliveryPrices?: Record<string, number>;
  }[];
  let all: FeedItem[];
  let catalog: DemoCatalog;
  let truth: DemoMatchTruth;
  /** Each size variant's feed rows (one per country), by `${store} ${itemId}`. */
  let rows: Map<string, { country: string; item: FeedItem; stated: Stated }[]>;
  const rowsOf = (o: DemoOfferKey) => rows.get(`${o.store} ${o.itemId}`) ?? [];

  beforeAll(() => {
    catalog = buildDemoCatalog(FULL_DEMO);
    files = [...demoCatalogFiles(FULL_DEMO, 1, { catalog })];
    feeds = readFeeds(files);
    stores = JSON.parse(files.find((f) => f.path === 'stores.json')!.content).stores;
    all = feeds.flatMap((f) => f.items);
    truth = demoMatchTruth(catalog);
    rows = new Map();
    for (const feed of feeds) {
      feed.items.forEach((item, i) => {
        const key = `${feed.store} ${item.id}`;
        rows.set(key, [...(rows.get(key) ?? []), { country: feed.country, item, stated: feed.stated[i]! }]);
      });
    }
  }, 60_000);

  // Issue 28, "Data in": the same item in several stores, so there is something to compare.
  it('sells about 40 % of branded items in two to five stores, the copies of each selling into one country', () => {
    const storesPerItem = new Map<number, Set<string>>();
    for (const p of catalog.products) {
      if (p.identifierExists) storesPerItem.set(p.item, (storesPerItem.get(p.item) ?? new Set()).add(p.store.slug));
    }
    const spread: Record<number, number> = {};
    for (const sellers of storesPerItem.values()) spread[sellers.size] = (spread[sellers.size] ?? 0) + 1;
    // The same seed always gives these: 6,679 of 16,701 branded items (40.0 %) in two stores or more.
    expect(spread).toEqual({ 1: 10_022, 2: 3442, 3: 1803, 4: 933, 5: 501 });
    // Every size two stores or more sell: each store's own item id and link, and a country all of them sell into.
    const shared = truth.sizes.filter((s) => s.offers.length > 1);
    const apart = shared.filter((s) => {
      const listed = s.offers.map(rowsOf);
      const common = listed.map((r) => new Set(r.map((x) => x.country))).reduce((a, b) => new Set([...a].filter((c) => b.has(c))));
      const stores = new Set(s.offers.map((o) => o.store));
      const links = new Set(listed.map((r) => r[0]?.item.link));
      return listed.some((r) => !r.length) || !common.size || stores.size !== s.offers.length || links.size !== s.offers.length;
    });
    expect([shared.length, apart]).toEqual([18_191, []]);
  });

  it('states the same GTIN for a size and the same MPN for a colour in every store selling it, every GTIN with its check digit', () => {
    const shared = truth.sizes.filter((s) => s.offers.length > 1);
    const disagreeing = shared.filter((s) => {
      const stated = s.offers.flatMap(rowsOf).map((r) => r.stated);
      return new Set(stated.map((x) => x.gtin)).size !== 1 || new Set(stated.map((x) => x.mpn)).size !== 1 || !stated[0]!.mpn;
    });
    expect(disagreeing).toEqual([]);
    const gtins = new Set([...rows.values()].flat().flatMap((r) => (r.stated.gtin ? [r.stated.gtin] : [])));
    const wrong = [...gtins].filter((g) => !/^\d{13}$/.test(g) || 'error' in readGtin(g));
    // The only GTINs with a wrong check digit are the traps'.
    expect(wrong.sort()).toEqual(catalog.traps.filter((t) => t.kind === 'wrong-check-digit').map((t) => t.value).sort());
    expect(gtins.size).toBe(44_202);
  });

  it('prices, puts on sale and stocks each store’s copy on its own', () => {
    const shared = truth.sizes.filter((s) => s.offers.length > 1);
    let pricedApart = 0;
    let stockedApart = 0;
    for (const size of shared) {
      const listed = size.offers.map(rowsOf);
      const country = listed[0]!.map((r) => r.country).find((c) => listed.every((r) => r.some((x) => x.country === c)))!;
      const here = listed.map((r) => r.find((x) => x.country === country)!.item);
      if (new Set(here.map((i) => i.salePrice?.minor ?? i.price.minor)).size > 1) pricedApart++;
      if (new Set(here.map((i) => i.availability)).size > 1) stockedApart++;
    }
    // The same seed always gives these: most sizes at different prices, many in stock in one store only.
    expect({ sizes: shared.length, pricedApart, stockedApart }).toEqual({ sizes: 18_191, pricedApart: 17_445, stockedApart: 4989 });
  });

  it('sells private labels with identifier_exists no and no GTIN or MPN; every other item says yes and has an MPN', () => {
    const labels = new Set(catalog.world.brands.filter((b) => b.privateLabel).map((b) => b.name));
    const statedBy = (exists: string) => [...rows.values()].flat().filter((r) => r.stated.identifierExists === exists);
    const no = statedBy('no');
    expect([labels.size, no.length]).toEqual([29, 5363]);
    expect(no.filter((r) => r.stated.gtin || r.stated.mpn || !labels.has(r.item.brand ?? ''))).toEqual([]);
    const yes = statedBy('yes');
    expect(yes.length + no.length).toBe(all.length);
    expect(yes.filter((r) => !r.stated.mpn || labels.has(r.item.brand ?? ''))).toEqual([]);
    // 85 % of brands give GTINs; the others an MPN only, matched by brand, MPN and colour.
    expect(yes.filter((r) => !r.stated.gtin).length).toBe(13_586);
  });

  it('states delivery prices in stores.json for most stores, in each country they sell to, and none for a few that send no shipping', () => {
    const stating = stores.filter((s) => s.deliveryPrices);
    expect(stating.filter((s) => Object.keys(s.deliveryPrices!).sort().join() !== [...s.sellsTo].sort().join())).toEqual([]);
    const shipping = new Set(feeds.filter((f) => f.items.some((i) => i.shipping.length)).map((f) => f.store));
    const silent = stores.filter((s) => !s.deliveryPrices && !shipping.has(s.slug)).map((s) => s.slug);
    expect({ stores: stores.length, stating: stating.length, shipping: shipping.size, silent: silent.length }).toEqual({
      stores: 150, stating: 123, shipping: 69, silent: 13,
    });
  });

  it('plants each trap in its feed as the truth says: a GTIN of another brand, a wrong check digit, an MPN shared by two colours', () => {
    expect(catalog.traps.map((t) => t.kind)).toEqual(DEMO_TRAP_KINDS.flatMap((k) => [k, k, k]));
    for (const trap of catalog.traps) {
      const offers = trap.offers.flatMap(rowsOf);
      const decoys = trap.decoys.flatMap(rowsOf);
      expect(offers.length && decoys.length, trap.kind).toBeTruthy();
      if (trap.kind === 'mpn-shared-by-colours') {
        expect(new Set([...offers, ...decoys].map((r) => r.stated.mpn))).toEqual(new Set([trap.value]));
        expect(offers.filter((o) => decoys.some((d) => d.item.color === o.item.color))).toEqual([]);
      } else {
        expect(new Set(offers.map((r) => r.stated.gtin))).toEqual(new Set([trap.value]));
        const decoyGtins = new Set(decoys.map((r) => r.stated.gtin));
        const sameBrand = new Set(decoys.map((r) => r.item.brand === offers[0]!.item.brand));
        if (trap.kind === 'gtin-of-another-brand') expect([decoyGtins, sameBrand]).toEqual([new Set([trap.value]), new Set([false])]);
        else expect([[...decoyGtins].map((g) => g!.slice(0, -1)), sameBrand]).toEqual([[trap.value.slice(0, -1)], new Set([true])]);
      }
    }
  });

  it('has about 150 stores, 800 brands and 30,000 products, in both feed formats', () => {
    expect(stores.length).toBeGreaterThanOrEqual(140);
    expect(stores.length).toBeLessThanOrEqual(160);
    expect(new Set(all.map((i) => i.brand)).size).toBe(800);
    const products = new Set(feeds.flatMap((f) => f.items.map((i) => `${f.store}/${i.itemGroupId}`)));
    expect(products.size).toBeGreaterThanOrEqual(29_000);
    expect(products.size).toBeLessThanOrEqual(31_000);
    expect(new Set(feeds.map((f) => f.format))).toEqual(new Set(['tsv', 'xml']));
  });

  it('sells in every country, each feed priced in its country’s currency, some stores abroad', () => {
    for (const code of COUNTRY_CODES) {
      const local = feeds.filter((f) => f.country === code);
      expect(local.length, code).toBeGreaterThan(0);
      expect(stores.some((s) => s.countryCode === code), code).toBe(true);
      for (const feed of local) {
        for (const item of feed.items) expect(item.price.currency).toBe(COUNTRIES[code].info.currencyCode);
      }
    }
    const international = stores.filter((s) => s.isInternational);
    expect(international.length).toBeGreaterThan(15);
    for (const s of international) expect(feeds.filter((f) => f.store === s.slug).length).toBeGreaterThan(1);
  });

  it('has stores with affiliate ids 5 and 6, and stores with coupons that items use', () => {
    const affiliates = new Set(stores.map((s) => s.affiliateId));
    expect(affiliates.has(5) && affiliates.has(6)).toBe(true);
    expect(stores.filter((s) => s.coupons.length).length).toBeGreaterThan(20);
    expect(all.filter((i) => i.promotionIds.length).length).toBeGreaterThan(1000);
  });

  it('uses all 24 colours', () => {
    const colours = new Set(all.map((i) => (i.color ? normaliseColour(i.color) : undefined)).filter((c): c is ColourKey => !!c));
    expect([...colours].sort()).toEqual(COLOURS.map((c) => c.key).sort());
  });

  it('fills every offer bucket of spec section 9, leaving most items at full price', () => {
    const offers = all.map((i) => discountPercent(i.price.minor, i.salePrice?.minor ?? i.price.minor));
    for (const bucket of OFFER_BUCKETS) {
      const inBucket = offers.filter((o) => o >= bucket.from && o <= bucket.to).length;
      expect(inBucket, bucket.label).toBeGreaterThan(500);
    }
    expect(offers.filter((o) => o === 0).length / offers.length).toBeGreaterThan(0.5);
  });

  it('has in-stock and out-of-stock items, a few on preorder or backorder, and some with free delivery', () => {
    const count = (a: string) => all.filter((i) => i.availability === a).length;
    expect(count('in_stock') / all.length).toBeGreaterThan(0.8);
    expect(count('out_of_stock')).toBeGreaterThan(1000);
    expect(count('preorder')).toBeGreaterThan(100);
    expect(count('backorder')).toBeGreaterThan(100);
    expect(all.filter((i) => i.shipping.some((s) => s.price.minor === 0)).length).toBeGreaterThan(1000);
  });

  it('titles products the way shops do', () => {
    const titles = new Set(all.map((i) => i.title));
    expect(titles.size).toBeGreaterThan(5000);
    for (const pattern of [/ Midi Dress$/, / Jeans$/, /Facial Serum \d+ml$/, /^Girls' /, / Trainers$/, / Eau de Parfum \d+ml$/]) {
      expect([...titles].some((t) => pattern.test(t)), String(pattern)).toBe(true);
    }
    for (const title of titles) {
      if (title === SCRIPT_TITLE_PRODUCT.title || title === LINE_SEPARATOR_PRODUCT.title) continue;
      expect(title, title).toMatch(/^[A-Z][A-Za-z0-9'&.\- ]+$/);
      expect(title, title).not.toMatch(/\b(\w+) \1\b/i);
    }
  });

  it('holds the two escaping test products in Maison Harlow’s GB feed, with the guids it exports', () => {
    const feed = feeds.find((f) => f.store === 'maison-harlow' && f.country === 'GB')!;
    expect(feed.format).toBe('tsv');
    for (const special of [SCRIPT_TITLE_PRODUCT, LINE_SEPARATOR_PRODUCT]) {
      const item = feed.items.find((i) => i.id === special.itemId)!;
      expect(item.title).toBe(special.title);
      expect(item.itemGroupId).toBe(special.groupKey);
      expect(placeItem(item)).toMatchObject({ category: { slug: special.categorySlug } });
      expect(special.guid).toBe(sizeVariantGuid('maison-harlow', special.itemId));
    }
    expect(SCRIPT_TITLE_PRODUCT.title).toContain('</script><script>alert(1)</script>');
    expect(LINE_SEPARATOR_PRODUCT.title).toContain('\u2028');
  });
});
