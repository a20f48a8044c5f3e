import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { SitemapUrlsSchema, type SitemapKind } from '../../../shared/api/product-schemas';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { categoryChain } from '../../../server/api/search-engine/documents';
import { demoApiForFile } from '../../support/demo-stack';
import { PRODUCT_API } from '../../../shared/api/product-paths';

// Sitemap <lastmod> is when a page's content last changed, read from the catalogue's change log:
// a product's latest price or availability change (or first sighting) in that country, and for
// a brand, store or category page the latest among its products. One price change moves that
// product's date and its brand's, store's and categories' dates, and nothing else.

const catalog = demoApiForFile();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures/feeds/good');
const NORTHLANE_GB = fs.readFileSync(path.join(fixtures, 'northlane.gb.tsv'), 'utf8');

/** The northlane feed with one item's column replaced. */
function editFeed(text: string, item: string, column: string, value: string): string {
  const [headerLine, ...lines] = text.split('\n');
  const at = headerLine!.split('\t').indexOf(column);
  if (at < 0) throw new Error(`no column ${column}`);
  const edited = lines.map((line) => {
    const fields = line.split('\t');
    if (fields[0] === item) fields[at] = value;
    return fields.join('\t');
  });
  return [headerLine, ...edited].join('\n');
}

async function lastmods(kind: SitemapKind): Promise<Map<string, string | null>> {
  const res = await request(catalog.api.url).get(`${PRODUCT_API.sitemap(kind)}?country=GB&perPage=50000`).expect(200);
  return new Map(SitemapUrlsSchema.parse(res.body.data).urls.map((u) => [u.path, u.lastModified]));
}

async function allLastmods() {
  return { products: await lastmods('products'), brands: await lastmods('brands'), stores: await lastmods('stores'), categories: await lastmods('categories') };
}

/** The paths whose lastmod differs between two readings of the same sitemap, each with its new value. */
function moved(before: Map<string, string | null>, after: Map<string, string | null>): Record<string, string | null> {
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  return Object.fromEntries([...after].filter(([p, at]) => before.get(p) !== at));
}

describe('sitemap lastmod', () => {
  it("moves for a product whose price changed, and for its brand, store and categories, and for nothing else", async () => {
    await importStores(catalog.db, JSON.parse(fs.readFileSync(path.join(fixtures, 'stores.json'), 'utf8')));
    await importFeed(catalog.db, { text: NORTHLANE_GB, store: 'northlane', country: 'GB' });
    await catalog.api.engine.settled();
    const before = await allLastmods();
    // Every listed product has been seen, so every one has a date.
    expect([...before.products.values()].filter((at) => at === null)).toEqual([]);

    await importFeed(catalog.db, { text: editFeed(NORTHLANE_GB, 'NL100-BLK-S', 'sale_price', '69.00 GBP'), store: 'northlane', country: 'GB' });
    await catalog.api.engine.settled();
    const after = await allLastmods();

    const [change] = await catalog.db.query<{ recorded_at: Date | string; path: string; slug: string; brand: string; category: string }>(
      `SELECT h.recorded_at, c.path, first.slug, b.slug AS brand, c.slug AS category
         FROM price_history h
         JOIN size_variants sv ON sv.id = h.size_variant_id
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN brands b ON b.id = p.brand_id
         JOIN categories c ON c.id = p.category_id
         JOIN LATERAL (
           SELECT sv2.slug FROM variants v2
             JOIN size_variants sv2 ON sv2.variant_id = v2.id
             JOIN size_variant_prices pr ON pr.size_variant_id = sv2.id AND pr.country_code = 'GB'
            WHERE v2.product_id = p.id
            ORDER BY v2.position, v2.id, sv2.id LIMIT 1) first ON TRUE
        WHERE sv.item_id = 'NL100-BLK-S'
        ORDER BY h.id DESC LIMIT 1`,
    );
    const at = new Date(change!.recorded_at).toISOString();
    const segments = change!.path.split('/');
    const productPath = `${segments[0]}/${segments.at(-1)}/${change!.slug}`;

    expect(moved(before.products, after.products)).toEqual({ [productPath]: at });
    expect(moved(before.brands, after.brands)).toEqual({ [`brand/${change!.brand}`]: at });
    expect(moved(before.stores, after.stores)).toEqual({ 'store/northlane': at });
    expect(moved(before.categories, after.categories)).toEqual(Object.fromEntries(categoryChain(change!.category).map((c) => [c.slug, at])));
  });

  it('reads the change log once per version of the index, whatever query string a sitemap is asked with', async () => {
    const reads = vi.spyOn(catalog.db, 'query');
    const historyReads = () => reads.mock.calls.filter(([sql]) => sql.includes('price_history')).length;
    try {
      // India: no earlier test asked for its sitemaps, so nothing of it is remembered yet.
      await request(catalog.api.url).get(`${PRODUCT_API.sitemapIndex}?country=IN&utm_source=a`).expect(200);
      // The brands, stores and categories last changes, and the product files' dates.
      expect(historyReads()).toBe(4);
      await request(catalog.api.url).get(`${PRODUCT_API.sitemapIndex}?country=IN&utm_source=b`).expect(200);
      await request(catalog.api.url).get(`${PRODUCT_API.sitemap('brands')}?country=IN&page=1&utm_source=c`).expect(200);
      expect(historyReads()).toBe(4);
    } finally {
      reads.mockRestore();
    }
  });
});
