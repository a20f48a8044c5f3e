import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { CATALOG_CHANGED_CHANNEL } from '../../../server/api/catalog/catalog-changed';
import { formatImportReport } from '../../../server/api/catalog/import-files';
import { FeedImportError, importFeed } from '../../../server/api/catalog/importer';
import { importSiteContent } from '../../../server/api/catalog/site-content';
import { importStores, ManifestError } from '../../../server/api/catalog/store-manifest';
import { HomeService } from '../../../server/api/services/home-service';
import { MenuService } from '../../../server/api/services/menu-service';
import { fixture, fixtureManifest, readFixture } from '../../support/feed-fixtures';
import { BOTH_ENGINES } from '../../support/test-database';

const manifest = fixtureManifest;

// The stored state an import may touch: row counts, history and the latest updated_at.
async function snapshot(db: Database) {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM variants) AS variants,
            (SELECT count(*) FROM size_variants) AS size_variants, (SELECT count(*) FROM size_variant_prices) AS prices,
            (SELECT count(*) FROM price_history) AS history, (SELECT count(*) FROM brands) AS brands,
            greatest((SELECT max(updated_at) FROM products), (SELECT max(updated_at) FROM variants),
                     (SELECT max(updated_at) FROM size_variants), (SELECT max(updated_at) FROM size_variant_prices))::text AS touched`,
  );
  return row;
}

async function sizeVariant(db: Database, itemId: string) {
  const [row] = await db.query(
    `SELECT s.guid::text AS guid, s.size, s.slug, s.url, s.status, c.promotion_id,
            v.colour_name, v.colour, v.image_url, v.additional_image_urls,
            p.group_key, p.title, p.department, p.care, cat.slug AS category, b.name AS brand
       FROM size_variants s
       JOIN variants v ON v.id = s.variant_id
       JOIN products p ON p.id = v.product_id
       JOIN categories cat ON cat.id = p.category_id
       LEFT JOIN brands b ON b.id = p.brand_id
       LEFT JOIN coupons c ON c.id = s.coupon_id
      WHERE s.item_id = $1`,
    [itemId],
  );
  return row;
}

async function prices(db: Database, itemId: string) {
  return db.query(
    `SELECT pr.country_code, pr.currency_code, pr.msrp, pr.sale_price, pr.offers, pr.free_delivery
       FROM size_variant_prices pr JOIN size_variants s ON s.id = pr.size_variant_id
      WHERE s.item_id = $1 ORDER BY pr.country_code`,
    [itemId],
  );
}

async function history(db: Database, itemId: string) {
  return db.query(
    `SELECT h.country_code, h.msrp, h.sale_price FROM price_history h JOIN size_variants s ON s.id = h.size_variant_id
      WHERE s.item_id = $1 ORDER BY h.id`,
    [itemId],
  );
}

describe.each(BOTH_ENGINES)('feed importer on %s', (_engine, open) => {
  let db: Database;
  beforeEach(async () => {
    db = await open();
    await importStores(db, manifest());
  });
  afterEach(async () => {
    await db.close();
  });

  it('lands a TSV feed as products, colour variants and size variants, each priced for the feed country', async () => {
    const report = await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    expect(report).toMatchObject({
      store: 'northlane',
      country: 'GB',
      format: 'tsv',
      rowsRead: 6,
      imported: 6,
      updated: 0,
      unchanged: 0,
      rejected: [],
      priceDrops: [],
      created: { products: 4, variants: 5, sizeVariants: 6 },
    });
    expect(await sizeVariant(db, 'NL100-BLK-S')).toEqual({
      guid: sizeVariantGuid('northlane', 'NL100-BLK-S'),
      size: 'S',
      slug: `ruched-satin-midi-dress-black-s-${sizeVariantGuid('northlane', 'NL100-BLK-S').slice(0, 8)}`,
      url: 'https://www.northlane.example/products/nl100?size=S',
      status: 1,
      promotion_id: 'NL-SPRING20',
      colour_name: 'Black',
      colour: 'black',
      image_url: '/images/v1/product/dress/black/1/full.svg',
      additional_image_urls: ['/images/v1/product/dress/black/2/full.svg', '/images/v1/product/dress/black/3/full.svg'],
      group_key: 'NL100',
      title: 'Ruched Satin Midi Dress',
      department: 'women',
      care: 'Dry clean only',
      category: 'midi-dresses',
      brand: 'Ava Marlowe',
    });
    expect(await prices(db, 'NL100-BLK-S')).toEqual([
      { country_code: 'GB', currency_code: 'GBP', msrp: 89, sale_price: 59, offers: 34, free_delivery: true },
    ]);
    // Availability → status: out_of_stock 0, preorder 2, backorder 3.
    expect((await sizeVariant(db, 'NL100-BLK-M'))!.status).toBe(0);
    expect(await sizeVariant(db, 'NL100-RED-S')).toMatchObject({ status: 2, colour_name: 'Cherry Red', colour: 'red' });
    expect(await sizeVariant(db, 'NL200')).toMatchObject({ status: 3, group_key: 'NL200', category: 'jeans', colour: 'blue' });
    expect(await prices(db, 'NL200')).toEqual([
      { country_code: 'GB', currency_code: 'GBP', msrp: 120, sale_price: 120, offers: 0, free_delivery: false },
    ]);
    // No colour: the variant's colour name is empty and its colour null; placed from google_product_category.
    expect(await sizeVariant(db, 'NL300')).toMatchObject({ colour_name: '', colour: null, size: '', category: 'serums', department: 'women' });
    expect(await sizeVariant(db, 'NL400-IND-32')).toMatchObject({ department: 'men', category: 'men-jeans', brand: 'north & co' });
    // The first import records the initial prices.
    expect(await history(db, 'NL100-BLK-S')).toEqual([{ country_code: 'GB', msrp: 89, sale_price: 59 }]);
    expect(await snapshot(db)).toMatchObject({ products: 4, variants: 5, size_variants: 6, prices: 6, history: 6, brands: 3 });
  });

  it('lands an XML feed the same way, repeated and nested attributes included', async () => {
    const report = await importFeed(db, { file: fixture('good/atlas-outfitters.us.xml') });
    expect(report).toMatchObject({ format: 'xml', country: 'US', rowsRead: 3, imported: 3, rejected: [], created: { products: 2, variants: 2, sizeVariants: 3 } });
    expect(await sizeVariant(db, 'AO-7731-NAV-M')).toMatchObject({
      group_key: 'AO-7731',
      department: 'men',
      category: 'men-coats',
      care: 'Dry clean only',
      colour: 'navy',
      image_url: 'https://cdn.atlas-outfitters.example/img/ao-7731-navy.jpg',
      additional_image_urls: [
        'https://cdn.atlas-outfitters.example/img/ao-7731-navy-back.jpg',
        'https://cdn.atlas-outfitters.example/img/ao-7731-navy-detail.jpg',
      ],
    });
    expect(await prices(db, 'AO-7731-NAV-L')).toEqual([
      { country_code: 'US', currency_code: 'USD', msrp: 319, sale_price: 255, offers: 20, free_delivery: true },
    ]);
    expect(await sizeVariant(db, 'AO-9120')).toMatchObject({ status: 0, colour_name: 'Cognac', colour: 'brown', category: 'men-boots', size: 'EU 43' });
    expect(await prices(db, 'AO-9120')).toEqual([
      { country_code: 'US', currency_code: 'USD', msrp: 185, sale_price: 185, offers: 0, free_delivery: false },
    ]);
  });

  it('keeps one size variant per item across a store’s country feeds, with a price for each country', async () => {
    await importFeed(db, { file: fixture('good/atlas-outfitters.us.xml') });
    const gb = await importFeed(db, { file: fixture('good/atlas-outfitters.gb.tsv') });
    // New on the GB site, though the items themselves already existed.
    expect(gb).toMatchObject({ imported: 2, updated: 0, unchanged: 0, created: { products: 0, variants: 0, sizeVariants: 0 } });
    expect(await prices(db, 'AO-7731-NAV-M')).toEqual([
      { country_code: 'GB', currency_code: 'GBP', msrp: 249, sale_price: 199, offers: 20, free_delivery: true },
      { country_code: 'US', currency_code: 'USD', msrp: 319, sale_price: 255, offers: 20, free_delivery: true },
    ]);
    expect(await snapshot(db)).toMatchObject({ products: 2, size_variants: 3, prices: 5, history: 5 });
  });

  it('reports each bad row with its line and reason, and loads the rest of the feed', async () => {
    const report = await importFeed(db, { file: fixture('bad/northlane.gb.tsv') });
    expect(report.rowsRead).toBe(11);
    expect(report.imported).toBe(2);
    expect(report.rejected).toEqual([
      { line: 3, reason: 'item BAD-PRICE: price "abc" is not an amount with a currency, like "49.99 GBP"' },
      { line: 4, reason: 'item NO-PRICE: price is missing' },
      { line: 5, reason: 'item USD-PRICE: price is in USD but this feed is for UK, priced in GBP' },
      { line: 6, reason: 'item NO-CATEGORY: no women category matches product_type/google_product_category "Home & Garden > Hoses"' },
      { line: 7, reason: 'item BAD-AVAIL: availability "maybe" is not one of in_stock, out_of_stock, preorder, backorder' },
      { line: 8, reason: 'item NL100-BLK-S: id repeats the item on line 2' },
      { line: 9, reason: 'item SALE-ABOVE: sale_price is above price' },
      { line: 10, reason: 'item REL-LINK: link "/products/tote" is not an absolute http(s) URL' },
      { line: 11, reason: 'has 21 tab-separated fields but the header names 20 (a stray tab?)' },
    ]);
    const items = await db.query<{ item_id: string }>('SELECT item_id FROM size_variants ORDER BY item_id');
    expect(items.map((r) => r.item_id)).toEqual(['NL100-BLK-S', 'NL500']);
  });

  it('changes nothing when the same feed is imported again', async () => {
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    await importFeed(db, { file: fixture('good/atlas-outfitters.us.xml') });
    const before = await snapshot(db);
    const again = await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    const againXml = await importFeed(db, { file: fixture('good/atlas-outfitters.us.xml') });
    expect(again).toMatchObject({ rowsRead: 6, imported: 0, updated: 0, unchanged: 6, priceDrops: [], created: { products: 0, variants: 0, sizeVariants: 0 } });
    expect(againXml).toMatchObject({ imported: 0, updated: 0, unchanged: 3 });
    expect(await snapshot(db)).toEqual(before);
  });

  it('confirms a feed repeating the last applied bytes without reading it, and reads the same items in other bytes', async () => {
    const first = await importFeed(db, { file: fixture('bad/northlane.gb.tsv') });
    const state = () => db.query<{ confirmed_at: Date }>(`SELECT confirmed_at FROM feed_states`);
    const [applied] = await state();
    const before = await snapshot(db);
    const again = await importFeed(db, { file: fixture('bad/northlane.gb.tsv') });
    // What the full import of those bytes reported, but their rejected rows: listed when they were applied.
    expect(again).toMatchObject({ rowsRead: first.rowsRead, carried: first.carried, unchanged: first.carried, imported: 0, updated: 0, rejected: [] });
    expect(again.repeat).toEqual({ appliedAt: expect.any(Date), rejected: first.rejected.length });
    expect(first.rejected).toHaveLength(9);
    expect(formatImportReport(again)[0]).toMatch(
      /: the same bytes as the feed applied \S+Z: 11 rows read then, 2 unchanged, 9 rejected \(listed then\); its prices confirmed, nothing else changed \(\d+ ms\)$/,
    );
    const [confirmed] = await state();
    expect(confirmed!.confirmed_at.getTime()).toBeGreaterThan(applied!.confirmed_at.getTime());
    // The same items in other bytes (a line ending more) are read and compared item by item.
    const other = await importFeed(db, { text: `${readFixture('bad/northlane.gb.tsv')}\n`, store: 'northlane', country: 'GB' });
    expect(other).toMatchObject({ repeat: null, rowsRead: 11, unchanged: 2, updated: 0, imported: 0 });
    expect(other.rejected).toHaveLength(9);
    expect(await snapshot(db)).toEqual(before);
  });

  it('reads a repeated feed again when anything since could make its import write something', async () => {
    const gbFeed = fixture('good/atlas-outfitters.gb.tsv');
    const usFeed = fixture('good/atlas-outfitters.us.xml');
    await importFeed(db, { file: gbFeed });
    await importFeed(db, { file: usFeed });
    // The US feed added the store's rows since the GB feed was applied: GB's bytes are read again, then repeat.
    expect((await importFeed(db, { file: gbFeed })).repeat).toBeNull();
    expect((await importFeed(db, { file: gbFeed })).repeat).not.toBeNull();
    // GB's last import changed none of the store's rows: the US bytes still repeat.
    expect((await importFeed(db, { file: usFeed })).repeat).not.toBeNull();
    // A GB feed renaming a product changes the store's rows the US feed wrote: its bytes are read again,
    // and write the US title back, as they always did.
    const renamed = readFixture('good/atlas-outfitters.gb.tsv').replaceAll('Wool-Blend Double-Breasted Overcoat', 'Double-Breasted Overcoat');
    expect(await importFeed(db, { text: renamed, store: 'atlas-outfitters', country: 'GB' })).toMatchObject({ repeat: null, updated: 2 });
    const usAgain = await importFeed(db, { file: usFeed });
    expect(usAgain).toMatchObject({ repeat: null, updated: 2, unchanged: 1 });
    expect(await sizeVariant(db, 'AO-7731-NAV-M')).toMatchObject({ title: 'Wool-Blend Double-Breasted Overcoat' });
    // A store whose feeds became incremental: a full feed withdrew what it no longer carried, an incremental one would not.
    const incremental = manifest();
    incremental.stores.find((s) => s.slug === 'atlas-outfitters')!.mode = 'incremental';
    await importStores(db, incremental);
    expect(await importFeed(db, { file: usFeed })).toMatchObject({ repeat: null, mode: 'incremental', unchanged: 3 });
    expect((await importFeed(db, { file: usFeed })).repeat).not.toBeNull();
  });

  it('reads the last applied bytes again while a shrunken feed is held, and applies them', async () => {
    const full = readFixture('good/northlane.gb.tsv');
    await importFeed(db, { text: full, store: 'northlane', country: 'GB' });
    const shrunk = full.split('\n').slice(0, 2).join('\n');
    expect((await importFeed(db, { text: shrunk, store: 'northlane', country: 'GB' })).held).not.toBeNull();
    const back = await importFeed(db, { text: full, store: 'northlane', country: 'GB' });
    expect(back).toMatchObject({ repeat: null, held: null, unchanged: 6 });
    expect(await db.query('SELECT held_at FROM feed_states')).toEqual([{ held_at: null }]);
    expect((await importFeed(db, { text: full, store: 'northlane', country: 'GB' })).repeat).not.toBeNull();
  });

  it('updates a changed price, appends it to the history and reports a drop', async () => {
    const original = readFixture('good/northlane.gb.tsv');
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    const changed = original
      .split('\n')
      .map((line) => {
        const fields = line.split('\t');
        if (fields[0] === 'NL200') fields[8] = '99.00 GBP'; // sale_price: a drop
        if (fields[0] === 'NL100-BLK-S') fields[8] = '69.00 GBP'; // sale_price: a rise
        return fields.join('\t');
      })
      .join('\n');
    const report = await importFeed(db, { text: changed, store: 'northlane', country: 'gb' });
    expect(report).toMatchObject({ rowsRead: 6, imported: 0, updated: 2, unchanged: 4, rejected: [] });
    expect(report.priceDrops).toEqual([
      {
        sizeVariantId: expect.any(Number),
        guid: sizeVariantGuid('northlane', 'NL200'),
        itemId: 'NL200',
        country: 'GB',
        currency: 'GBP',
        previousPrice: 120,
        price: 99,
      },
    ]);
    expect(await prices(db, 'NL200')).toEqual([
      { country_code: 'GB', currency_code: 'GBP', msrp: 120, sale_price: 99, offers: 18, free_delivery: false },
    ]);
    expect(await history(db, 'NL200')).toEqual([
      { country_code: 'GB', msrp: 120, sale_price: 120 },
      { country_code: 'GB', msrp: 120, sale_price: 99 },
    ]);
    expect(await history(db, 'NL100-BLK-S')).toEqual([
      { country_code: 'GB', msrp: 89, sale_price: 59 },
      { country_code: 'GB', msrp: 89, sale_price: 69 },
    ]);
    expect(await history(db, 'NL100-BLK-M')).toHaveLength(1);
  });

  it('rejects items priced in another currency than the feed country’s', async () => {
    const report = await importFeed(db, { text: readFixture('good/atlas-outfitters.us.xml'), store: 'atlas-outfitters', country: 'GB' });
    expect(report.format).toBe('xml');
    expect(report.imported).toBe(0);
    expect(report.rejected.map((r) => r.reason)).toEqual([
      'item AO-7731-NAV-M: price is in USD but this feed is for UK, priced in GBP',
      'item AO-7731-NAV-L: price is in USD but this feed is for UK, priced in GBP',
      'item AO-9120: price is in USD but this feed is for UK, priced in GBP',
    ]);
    expect(report.rejected.map((r) => r.line)).toEqual([8, 37, 59]);
    expect(await snapshot(db)).toMatchObject({ products: 0, prices: 0 });
  });

  it('needs to know the store and country, and the store must exist', async () => {
    await expect(importFeed(db, { text: readFixture('good/northlane.gb.tsv'), country: 'GB' })).rejects.toThrow(/which store is this feed for/);
    await expect(importFeed(db, { text: readFixture('good/northlane.gb.tsv'), store: 'northlane', country: 'FR' })).rejects.toThrow(
      /"FR" is not one of our countries/,
    );
    await expect(importFeed(db, { text: readFixture('good/northlane.gb.tsv'), store: 'nobody', country: 'GB' })).rejects.toThrow(
      FeedImportError,
    );
    await expect(importFeed(db, { text: '<rss><channel><item>', store: 'northlane', country: 'GB' })).rejects.toThrow(/not well-formed/);
  });

  it('announces a change on catalog_changed, and stays quiet when nothing changed', async () => {
    const payloads: string[] = [];
    let arrived = () => {};
    const unlisten = await db.listen(CATALOG_CHANGED_CHANNEL, (payload) => {
      payloads.push(payload);
      arrived();
    });
    const received = async (count: number) => {
      while (payloads.length < count) await new Promise<void>((resolve) => (arrived = resolve));
    };
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    await received(1);
    expect(payloads.map((p) => JSON.parse(p))).toEqual([{ store: 'northlane', country: 'GB', imported: 6, updated: 0, withdrawn: 0 }]);
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    // Notifications arrive in commit order: a marker sent after the second import comes after
    // anything that import announced, so once it is here the import has said all it will.
    const marker = JSON.stringify({ marker: 'after the second import' });
    await db.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, marker]);
    await received(2);
    expect(payloads.slice(1)).toEqual([marker]);
    // A full feed that leaves an item out changes what pages show: its store's index is rebuilt.
    const withoutSerum = readFixture('good/northlane.gb.tsv').replace(/^NL300\t.*\n/m, '');
    await importFeed(db, { text: withoutSerum, store: 'northlane', country: 'GB' });
    await received(3);
    expect(JSON.parse(payloads[2]!)).toEqual({ store: 'northlane', country: 'GB', imported: 0, updated: 0, withdrawn: 1 });
    await unlisten();
  });

  it('upserts stores and coupons from the manifest, dropping coupons it no longer lists', async () => {
    await importFeed(db, { file: fixture('good/northlane.gb.tsv') });
    expect(await importStores(db, manifest())).toEqual({ stores: 2, created: 0, updated: 0, coupons: 1, couponsRemoved: 0 });
    const next = manifest();
    next.stores[0]!.name = 'Northlane London';
    next.stores[0]!.coupons = [];
    expect(await importStores(db, next)).toEqual({ stores: 2, created: 0, updated: 1, coupons: 0, couponsRemoved: 1 });
    expect((await sizeVariant(db, 'NL100-BLK-S'))!.promotion_id).toBeNull();
    const [store] = await db.query('SELECT name, affiliate_id, free_delivery_gb, free_delivery_us FROM stores WHERE slug = $1', ['northlane']);
    expect(store).toEqual({ name: 'Northlane London', affiliate_id: 1, free_delivery_gb: 50, free_delivery_us: null });
  });

  it('replaces the menu and the home content as a whole', async () => {
    const site = {
      menu: [
        { name: 'Women', slug: 'clothing', previewImage: '/images/v1/banner/women/1/480x320.svg', imageAlt: "Shop women's clothing",
          children: [{ name: 'Dresses', slug: 'dresses', columnIdx: 0 }, { name: 'Brands A-Z', slug: 'brands/a-to-z', columnIdx: 3 }] },
        { name: 'Blog', slug: 'blog', externalUrl: 'https://blog.vitrine.example' },
      ],
      home: [
        { section: 'slide', country: 'GB', position: 0, title: 'Red dresses', link: '/dresses?colour=red', image: '/images/v1/banner/women/2/1200x420.svg' },
        { section: 'slide', country: null, position: 1, title: 'No link', link: null, image: '/images/v1/banner/sale/3/1200x420.svg' },
        { section: 'slide', country: 'US', position: 0, title: 'US only', link: 'jeans', image: '/images/v1/banner/women/4/1200x420.svg' },
      ],
    };
    expect(await importSiteContent(db, site)).toEqual({ menuItems: 4, homeRows: 3 });
    expect(await importSiteContent(db, site)).toEqual({ menuItems: 4, homeRows: 3 });
    const menu = await new MenuService(db).menuList();
    expect(menu.map((t) => [t.name, t.externalUrl, t.childItems.map((c) => [c.itemSlug, c.columnIdx])])).toEqual([
      ['Women', null, [['dresses', 0], ['brands/a-to-z', 3]]],
      ['Blog', 'https://blog.vitrine.example', []],
    ]);
    expect((await new HomeService(db).slides('GB')).map((s) => [s.linkTitle, s.link])).toEqual([
      ['Red dresses', '/dresses?colour=red'],
      ['No link', null],
    ]);
    await expect(importSiteContent(db, { menu: [{ name: '', slug: 'x' }], home: [] })).rejects.toThrow(/menu\.0\.name/);
    // A refused document leaves the stored content as it was.
    expect(await new MenuService(db).menuList()).toHaveLength(2);
  });

  it('refuses a manifest that does not describe stores, saying where', async () => {
    const bad = manifest();
    bad.stores[1]!.slug = 'Atlas Outfitters';
    bad.stores[1]!.countryCode = 'FR';
    await expect(importStores(db, bad)).rejects.toThrow(ManifestError);
    await expect(importStores(db, bad)).rejects.toThrow(/stores\.1\.slug: slug must be lower-case[\s\S]*stores\.1\.countryCode/);
  });
});
