import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLOURS, normaliseColour, type ColourKey } from '../../../shared/colours';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { OFFER_BUCKETS } from '../../../shared/constants';
import { placeItem } from '../../../server/api/catalog/category-match';
import { CATEGORIES } from '../../../server/api/catalog/category-tree';
import { buildDemoCatalog, demoCatalogFiles, type DemoFile } from '../../../server/demo/catalog/generate-demo-catalog';
import { FULL_DEMO, SMALL_DEMO, zipfCounts } from '../../../server/demo/catalog/demo-world';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from '../../../server/demo/catalog/special-products';
import { COLOUR_NAMES, FAMILIES, PATTERN_NAMES } from '../../../server/demo/catalog/vocabulary';
import { validateFeedRecord, type FeedItem } from '../../../server/api/catalog/feed-item';
import { discountPercent } from '../../../server/api/catalog/feed-values';
import { feedTargetFromFileName, readFeed } from '../../../server/api/catalog/importer';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';

type Feed = { store: string; country: string; format: string; items: FeedItem[] };

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
      return { ...target, items };
    });
}

describe('demo catalogue generator', () => {
  it('writes the same bytes for the same seed, and other bytes for another seed', () => {
    const first = digest(demoCatalogFiles(SMALL_DEMO));
    expect(digest(demoCatalogFiles(SMALL_DEMO))).toBe(first);
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
});

describe('the full demo catalogue', () => {
  let files: DemoFile[];
  let feeds: Feed[];
  let stores: { slug: string; countryCode: string; affiliateId: number; isInternational: boolean; coupons: unknown[] }[];
  let all: FeedItem[];

  beforeAll(() => {
    files = [...demoCatalogFiles(FULL_DEMO)];
    feeds = readFeeds(files);
    stores = JSON.parse(files.find((f) => f.path === 'stores.json')!.content).stores;
    all = feeds.flatMap((f) => f.items);
  }, 60_000);

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
