import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../../shared/gtin';
import { CATALOG_CHANGED_CHANNEL } from '../../../server/api/catalog/catalog-changed';
import { readCatalogGeneration } from '../../../server/api/catalog/catalog-generation';
import { formatImportReport } from '../../../server/api/catalog/import-files';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores, ManifestError } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { BOTH_ENGINES } from '../../support/test-database';

// Issue 28, "Data in" and "Matching": the importer reads gtin, mpn, identifier_exists and the
// feed's shipping; the matcher links the stores' copies of one item (decision 0079): the same
// GTIN and brand per size, else brand + MPN + colour + size; the oldest copy names the match.

const STORES = ['aster', 'birch', 'cedar', 'dahlia'] as const;
type Store = (typeof STORES)[number];
const MANIFEST = {
  stores: STORES.map((slug) => ({ slug, name: slug.toUpperCase(), countryCode: 'GB', ...(slug === 'aster' ? { deliveryPrices: { GB: 4.95, US: 7 } } : {}) })),
};

/** A valid GTIN-13 from twelve digits, and its stored GTIN-14 form. */
const ean = (body: string) => `${body}${gtinCheckDigit(body)}`;
const stored = (gtin: string) => gtin.padStart(14, '0');
const DRESS_S = ean('501234500001');
const DRESS_M = ean('501234500002');
const OTHER = ean('501234500009');

/** One item of a hand-written feed: a black dress by Ava Marlowe, unless told. */
type Row = {
  id: string;
  group: string;
  size: string;
  title?: string;
  brand?: string;
  colour?: string;
  price?: string;
  gtin?: string;
  mpn?: string;
  exists?: string;
  shipping?: string;
};

const HEADER = [
  'id', 'item_group_id', 'title', 'description', 'link', 'image_link', 'price', 'brand', 'color', 'gender', 'age_group',
  'size', 'availability', 'product_type', 'gtin', 'mpn', 'identifier_exists', 'shipping',
];

function tsv(rows: readonly Row[]): string {
  const lines = rows.map((r) =>
    [
      r.id, r.group, r.title ?? 'Ruched Satin Midi Dress', 'A dress.', `https://shop.example/${r.id}`,
      '/images/v1/product/dress/black/1/full.svg', `${r.price ?? '80.00'} GBP`, r.brand ?? 'Ava Marlowe', r.colour ?? 'Black',
      'female', 'adult', r.size, 'in_stock', 'Women > Clothing > Dresses > Midi Dresses', r.gtin ?? '', r.mpn ?? '', r.exists ?? '',
      r.shipping ?? '',
    ].join('\t'),
  );
  return `${[HEADER.join('\t'), ...lines].join('\n')}\n`;
}

const dress = (store: Store, extra: Partial<Row> = {}): Row[] => [
  { id: `${store}-S`, group: `${store}-dress`, size: 'S', gtin: DRESS_S, ...extra },
  { id: `${store}-M`, group: `${store}-dress`, size: 'M', gtin: DRESS_M, ...extra },
];

describe.each(BOTH_ENGINES)('offer matching on %s', (_engine, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await importStores(db, MANIFEST);
  });
  // One database per engine (opening one costs more than a test): each test starts from the
  // stores alone, ids still growing, so the oldest copy is still the one imported first.
  beforeEach(async () => {
    await db.query('TRUNCATE products, brands, feed_states CASCADE');
  });
  afterAll(async () => {
    await db.close();
  });

  const load = (store: Store, rows: readonly Row[], extra: { shrinkGuard?: number } = {}) =>
    importFeed(db, { store, country: 'GB', text: tsv(rows), ...extra });

  /** Each size variant's store item and the item naming its match, and the same for its product. */
  async function matches(): Promise<Record<string, { size: string; product: string }>> {
    const rows = await db.query<{ item_id: string; size: string; product: string }>(
      `SELECT sv.item_id, csv.item_id AS size, cp.group_key AS product
         FROM size_variants sv
         JOIN size_variants csv ON csv.id = sv.canonical_id
         JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
         JOIN products cp ON cp.id = p.canonical_id
        ORDER BY sv.item_id`,
    );
    return Object.fromEntries(rows.map((r) => [r.item_id, { size: r.size, product: r.product }]));
  }

  /** Every row's same_as and updated_at: what a repeated import must leave alone. */
  const links = () =>
    db.query(
      `SELECT 'size' AS kind, id, same_as, updated_at FROM size_variants
       UNION ALL SELECT 'product', id, same_as, updated_at FROM products ORDER BY kind, id`,
    );

  it('makes one match of a dress three stores sell, per size too, the oldest copy canonical, whatever the titles', async () => {
    await load('aster', dress('aster'));
    const birch = await load('birch', dress('birch', { title: 'Satin Dress with Ruching' }));
    const cedar = await load('cedar', dress('cedar', { title: 'AVA MARLOWE midi' }));
    expect(birch.matching).toEqual({ matched: 2, left: 0, conflicts: [], partnerStores: [] });
    expect(cedar.matching).toEqual({ matched: 2, left: 0, conflicts: [], partnerStores: [] });
    const S = { size: 'aster-S', product: 'aster-dress' };
    const M = { size: 'aster-M', product: 'aster-dress' };
    expect(await matches()).toEqual({ 'aster-M': M, 'aster-S': S, 'birch-M': M, 'birch-S': S, 'cedar-M': M, 'cedar-S': S });
    // No chains: every copy names the canonical itself, which names nothing.
    const chained = await db.query(
      `SELECT id FROM size_variants s WHERE s.same_as IS NOT NULL AND (SELECT same_as FROM size_variants c WHERE c.id = s.same_as) IS NOT NULL
       UNION ALL
       SELECT id FROM products p WHERE p.same_as IS NOT NULL AND (SELECT same_as FROM products c WHERE c.id = p.same_as) IS NOT NULL`,
    );
    expect(chained).toEqual([]);
    expect(formatImportReport(cedar)[0]).toContain("2 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn, 2 matched to other stores' offers");
  });

  it('matches on brand, MPN, colour and size where there is no GTIN, sizes compared without case or spaces', async () => {
    await load('aster', [
      { id: 'a-8', group: 'a', size: 'UK 8', mpn: 'AM-1001' },
      { id: 'a-10', group: 'a', size: 'UK 10', mpn: 'AM-1001' },
    ]);
    const birch = await load('birch', [
      { id: 'b-8', group: 'b', size: 'uk8', mpn: 'AM-1001' },
      { id: 'b-12', group: 'b', size: 'UK 12', mpn: 'AM-1001' },
      // The same MPN from another brand is another item.
      { id: 'b-other', group: 'b-other', size: 'UK 10', mpn: 'AM-1001', brand: 'Northlane' },
    ]);
    expect(birch.matching.matched).toBe(1);
    expect(await matches()).toEqual({
      'a-10': { size: 'a-10', product: 'a' },
      'a-8': { size: 'a-8', product: 'a' },
      'b-12': { size: 'b-12', product: 'a' },
      'b-8': { size: 'a-8', product: 'a' },
      'b-other': { size: 'b-other', product: 'b-other' },
    });
  });

  it('merges nothing across colours when a store gives two colours one MPN', async () => {
    await load('aster', [
      { id: 'a-black', group: 'a', size: 'M', mpn: 'AM-2002', colour: 'Black' },
      { id: 'a-navy', group: 'a', size: 'M', mpn: 'AM-2002', colour: 'Navy' },
    ]);
    await load('birch', [{ id: 'b-navy', group: 'b', size: 'M', mpn: 'AM-2002', colour: 'Navy' }]);
    expect(await matches()).toEqual({
      'a-black': { size: 'a-black', product: 'a' },
      'a-navy': { size: 'a-navy', product: 'a' },
      'b-navy': { size: 'a-navy', product: 'a' },
    });
  });

  it('does not merge a GTIN another brand reuses, and reports it with the brands and stores', async () => {
    await load('aster', dress('aster'));
    const birch = await load('birch', [{ id: 'b-bag', group: 'b-bag', size: 'One Size', gtin: DRESS_S, brand: 'Northlane', title: 'Leather Tote' }]);
    const conflict = { gtin: stored(DRESS_S), brands: ['Ava Marlowe', 'Northlane'], stores: ['aster', 'birch'] };
    expect(birch.matching).toEqual({ matched: 0, left: 0, conflicts: [conflict], partnerStores: [] });
    expect(formatImportReport(birch)).toContain(
      `  gtin ${stored(DRESS_S)} is claimed by brands Ava Marlowe, Northlane (stores aster, birch): not matched across brands`,
    );
    // A third store's copy of the dress still joins the dress, not the bag.
    const cedar = await load('cedar', dress('cedar'));
    expect(cedar.matching.conflicts).toEqual([{ ...conflict, stores: ['aster', 'birch', 'cedar'] }]);
    expect((await matches())['b-bag']).toEqual({ size: 'b-bag', product: 'b-bag' });
    expect((await matches())['cedar-S']).toEqual({ size: 'aster-S', product: 'aster-dress' });
  });

  it('loads an item whose gtin has a wrong check digit without it, and warns with the line and the value', async () => {
    await load('aster', dress('aster'));
    const wrong = DRESS_S.slice(0, -1) + String((Number(DRESS_S.at(-1)) + 1) % 10);
    const birch = await load('birch', [
      { id: 'b-S', group: 'b', size: 'S', gtin: wrong },
      { id: 'b-M', group: 'b', size: 'M', gtin: DRESS_M, exists: 'maybe' },
      { id: 'b-L', group: 'b', size: 'L', mpn: 'M'.repeat(71) },
    ]);
    expect(birch).toMatchObject({ imported: 3, rejected: [] });
    expect(birch.warnings).toEqual([
      { line: 2, attribute: 'gtin', value: wrong, reason: `item b-S: gtin "${wrong}" has a wrong check digit (${DRESS_S.at(-1)} expected); loaded without it` },
      { line: 3, attribute: 'identifier_exists', value: 'maybe', reason: 'item b-M: identifier_exists "maybe" is not one of yes, no, true, false; loaded without it' },
      { line: 4, attribute: 'mpn', value: 'M'.repeat(71), reason: `item b-L: mpn "${'M'.repeat(71)}" is longer than 70 characters; loaded without it` },
    ]);
    expect(formatImportReport(birch)).toContain(`  line 2: warning: item b-S: gtin "${wrong}" has a wrong check digit (${DRESS_S.at(-1)} expected); loaded without it`);
    expect(await db.query(`SELECT item_id, gtin, mpn, identifier_exists FROM size_variants WHERE store_id = (SELECT id FROM stores WHERE slug = 'birch') ORDER BY item_id`)).toEqual([
      { item_id: 'b-L', gtin: null, mpn: null, identifier_exists: null },
      { item_id: 'b-M', gtin: stored(DRESS_M), mpn: null, identifier_exists: null },
      { item_id: 'b-S', gtin: null, mpn: null, identifier_exists: null },
    ]);
    // The size with a good GTIN still matches; the other stands alone.
    expect((await matches())['b-M']!.size).toBe('aster-M');
    expect((await matches())['b-S']!.size).toBe('b-S');
  });

  it('never matches an item that says identifier_exists no, even on the same GTIN', async () => {
    await load('aster', dress('aster'));
    const birch = await load('birch', dress('birch', { exists: 'no' }));
    expect(birch.matching.matched).toBe(0);
    expect((await matches())['birch-S']).toEqual({ size: 'birch-S', product: 'birch-dress' });
    expect((await db.query(`SELECT identifier_exists FROM size_variants WHERE item_id = 'birch-S'`))[0]).toEqual({ identifier_exists: false });
  });

  it('joins a later store to the match, and changes nothing when the same feed comes again', async () => {
    await load('aster', dress('aster'));
    await load('birch', dress('birch'));
    await load('cedar', dress('cedar'));
    const before = await links();
    const generation = await readCatalogGeneration(db);
    const again = await load('cedar', dress('cedar'));
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
    expect(again.matching).toEqual({ matched: 0, left: 0, conflicts: [], partnerStores: [] });
    expect(await links()).toEqual(before);
    expect(await readCatalogGeneration(db)).toBe(generation);
  });

  it('takes an item whose GTIN the merchant fixed out of the match; when the canonical leaves, the oldest left names the rest', async () => {
    await load('aster', dress('aster'));
    await load('birch', dress('birch'));
    await load('cedar', dress('cedar'));
    const fixed = await load('cedar', [
      { id: 'cedar-S', group: 'cedar-dress', size: 'S', gtin: OTHER },
      { id: 'cedar-M', group: 'cedar-dress', size: 'M', gtin: DRESS_M },
    ]);
    expect(fixed).toMatchObject({ updated: 1, unchanged: 1 });
    expect(fixed.matching).toEqual({ matched: 0, left: 1, conflicts: [], partnerStores: [] });
    expect((await matches())['cedar-S']).toEqual({ size: 'cedar-S', product: 'aster-dress' });
    // The canonical copy's store fixes its M: Birch's M, the oldest left, now names the size.
    const asterFixed = await load('aster', [
      { id: 'aster-S', group: 'aster-dress', size: 'S', gtin: DRESS_S },
      { id: 'aster-M', group: 'aster-dress', size: 'M', gtin: ean('501234500003') },
    ]);
    expect(asterFixed.matching).toEqual({ matched: 0, left: 1, conflicts: [], partnerStores: ['birch', 'cedar'] });
    expect(await matches()).toMatchObject({
      'aster-M': { size: 'aster-M', product: 'aster-dress' },
      'birch-M': { size: 'birch-M', product: 'aster-dress' },
      'cedar-M': { size: 'birch-M', product: 'aster-dress' },
    });
    // Cedar's product now shares no size with the others: it leaves the product match too.
    await load('cedar', [
      { id: 'cedar-S', group: 'cedar-dress', size: 'S', gtin: OTHER },
      { id: 'cedar-M', group: 'cedar-dress', size: 'M', gtin: ean('501234500004') },
    ]);
    expect(await matches()).toMatchObject({
      'cedar-M': { size: 'cedar-M', product: 'cedar-dress' },
      'cedar-S': { size: 'cedar-S', product: 'cedar-dress' },
      'birch-S': { size: 'aster-S', product: 'aster-dress' },
    });
  });

  it('takes a product whose brand changed out of the match, its GTINs now claimed by two brands', async () => {
    await load('aster', dress('aster'));
    await load('birch', dress('birch'));
    const rebranded = await load('birch', dress('birch', { brand: 'Northlane' }));
    expect(rebranded.matching).toEqual({
      matched: 0,
      left: 2,
      conflicts: [DRESS_S, DRESS_M].map((gtin) => ({ gtin: stored(gtin), brands: ['Ava Marlowe', 'Northlane'], stores: ['aster', 'birch'] })),
      partnerStores: [],
    });
    expect((await matches())['birch-M']).toEqual({ size: 'birch-M', product: 'birch-dress' });
  });

  it('keeps a withdrawn offer in its match, so the product keeps its identity when it returns', async () => {
    await load('aster', dress('aster'));
    const blouse: Row = { id: 'birch-blouse', group: 'birch-blouse', size: 'M', title: 'Silk Blouse' };
    await load('birch', [...dress('birch'), blouse]);
    const before = await matches();
    const gone = await load('birch', [blouse], { shrinkGuard: 0 });
    expect(gone).toMatchObject({ withdrawn: 2 });
    expect(await matches()).toEqual(before);
    const back = await load('birch', [...dress('birch'), blouse]);
    expect(back).toMatchObject({ returned: 2 });
    expect(back.matching.matched).toBe(0);
    expect(await matches()).toEqual(before);
  });

  it('joins two matches when a later feed links them, the older canonical absorbing the younger, and tells the moved stores', async () => {
    // aster and birch sell the S (one match); cedar and dahlia sell the M (another).
    await load('aster', [{ id: 'aster-S', group: 'aster-dress', size: 'S', gtin: DRESS_S }]);
    await load('birch', [{ id: 'birch-S', group: 'birch-dress', size: 'S', gtin: DRESS_S }]);
    await load('cedar', [{ id: 'cedar-M', group: 'cedar-dress', size: 'M', gtin: DRESS_M }]);
    await load('dahlia', [{ id: 'dahlia-M', group: 'dahlia-dress', size: 'M', gtin: DRESS_M }]);
    expect((await matches())['dahlia-M']).toEqual({ size: 'cedar-M', product: 'cedar-dress' });

    const notices: unknown[] = [];
    let arrived = () => {};
    const unlisten = await db.listen(CATALOG_CHANGED_CHANNEL, (payload) => {
      notices.push(JSON.parse(payload));
      arrived();
    });
    const generation = await readCatalogGeneration(db);
    const dahlia = await load('dahlia', dress('dahlia'));
    expect(dahlia.matching).toEqual({ matched: 1, left: 0, conflicts: [], partnerStores: ['cedar'] });
    while (notices.length < 2) await new Promise<void>((resolve) => (arrived = resolve));
    await unlisten();
    expect(notices).toEqual([{ store: 'dahlia', country: 'GB', imported: 1, updated: 0, withdrawn: 0 }, { store: 'cedar' }]);
    expect(await readCatalogGeneration(db)).toBe(generation + 1);
    expect(await matches()).toEqual({
      'aster-S': { size: 'aster-S', product: 'aster-dress' },
      'birch-S': { size: 'aster-S', product: 'aster-dress' },
      'cedar-M': { size: 'cedar-M', product: 'aster-dress' },
      'dahlia-M': { size: 'cedar-M', product: 'aster-dress' },
      'dahlia-S': { size: 'aster-S', product: 'aster-dress' },
    });
  });

  it('stores the feed’s shipping price to its country and the manifest’s delivery prices, refusing bad ones by store and country', async () => {
    await load('aster', [
      { id: 'a-1', group: 'a-1', size: 'M', shipping: 'GB::Express:6.95 GBP,GB::Standard:3.95 GBP,US::Standard:2.00 USD' },
      { id: 'a-2', group: 'a-2', size: 'M', shipping: ':::0.00 GBP' },
      { id: 'a-3', group: 'a-3', size: 'M', shipping: 'US::Standard:9.00 USD' },
      { id: 'a-4', group: 'a-4', size: 'M' },
    ]);
    expect(
      await db.query(
        `SELECT sv.item_id, pr.shipping_price::text AS shipping FROM size_variant_prices pr JOIN size_variants sv ON sv.id = pr.size_variant_id ORDER BY sv.item_id`,
      ),
    ).toEqual([
      { item_id: 'a-1', shipping: '3.95' },
      { item_id: 'a-2', shipping: '0.00' },
      { item_id: 'a-3', shipping: null },
      { item_id: 'a-4', shipping: null },
    ]);
    expect(await db.query(`SELECT slug, delivery_prices FROM stores WHERE slug IN ('aster', 'birch') ORDER BY slug`)).toEqual([
      { slug: 'aster', delivery_prices: { GB: 4.95, US: 7 } },
      { slug: 'birch', delivery_prices: {} },
    ]);
    const withPrices = (deliveryPrices: unknown) => ({ stores: [{ slug: 'aster', name: 'Aster', countryCode: 'GB', deliveryPrices }] });
    await expect(importStores(db, withPrices({ GB: -1 }))).rejects.toThrow(
      new ManifestError('the stores manifest is invalid: stores.0.deliveryPrices.GB: store aster: the delivery price for GB must be an amount of 0 or more in GBP, like 4.95, not -1'),
    );
    await expect(importStores(db, withPrices({ US: '4.95' }))).rejects.toThrow(/store aster: the delivery price for US must be an amount of 0 or more in USD, like 4\.95, not "4\.95"/);
    await expect(importStores(db, withPrices({ FR: 3 }))).rejects.toThrow(/store aster: "FR" is not one of our countries/);
  });

  it('reads the identifiers and shipping from an XML feed as from TSV, and matches across the two', async () => {
    await load('aster', dress('aster', { mpn: 'AM-3003' }));
    const xml = `<?xml version="1.0"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
<item>
  <g:id>birch-S</g:id><g:item_group_id>birch-dress</g:item_group_id><g:title>Ruched Satin Midi Dress</g:title>
  <g:link>https://shop.example/birch-S</g:link><g:image_link>/images/v1/product/dress/black/1/full.svg</g:image_link>
  <g:price>79.00 GBP</g:price><g:brand>Ava Marlowe</g:brand><g:color>Black</g:color><g:gender>female</g:gender>
  <g:age_group>adult</g:age_group><g:size>S</g:size><g:availability>in_stock</g:availability>
  <g:product_type>Women &gt; Clothing &gt; Dresses &gt; Midi Dresses</g:product_type>
  <g:gtin>${DRESS_S}</g:gtin><g:mpn> AM-3003 </g:mpn><g:identifier_exists>yes</g:identifier_exists>
  <g:shipping><g:country>GB</g:country><g:service>Standard</g:service><g:price>2.50 GBP</g:price></g:shipping>
</item>
</channel></rss>`;
    const birch = await importFeed(db, { store: 'birch', country: 'GB', text: xml });
    expect(birch).toMatchObject({ format: 'xml', imported: 1, rejected: [], warnings: [] });
    expect(birch.matching.matched).toBe(1);
    expect(
      await db.query(
        `SELECT sv.item_id, sv.gtin, sv.mpn, sv.identifier_exists, pr.shipping_price::text AS shipping
           FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id WHERE sv.item_id IN ('aster-S', 'birch-S') ORDER BY sv.item_id`,
      ),
    ).toEqual([
      { item_id: 'aster-S', gtin: stored(DRESS_S), mpn: 'AM-3003', identifier_exists: null, shipping: null },
      { item_id: 'birch-S', gtin: stored(DRESS_S), mpn: 'AM-3003', identifier_exists: true, shipping: '2.50' },
    ]);
    expect((await matches())['birch-S']).toEqual({ size: 'aster-S', product: 'aster-dress' });
  });
});
