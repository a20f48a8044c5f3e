import { describe, expect, it } from 'vitest';
import { groupByLetter } from '../../../client/components/product/AlphabetDirectory';
import { availabilityLabel, canonicalPath, productStructuredData, schemaAvailability, selectedOf } from '../../../client/components/product/product-view';
import { retailerDestination } from '../../../client/components/product/retailer-destination';
import { clickSource } from '../../../client/routes/retailer.route';
import type { Offer, SizeOffers } from '../../../shared/api/offer-schemas';
import { escapeXml } from '../../../server/web/lib/xml';
import { robotsTxt, sitemapFileName } from '../../../server/web/seo/sitemaps';
import { testTranslator } from '../../support/i18n';
import { offersOf, type ProductLd } from '../../support/page';
import { detail, ownOffer, size } from '../../support/product-detail';

// The catalogue pages beside the listing (spec section 2: the product landing page, the
// click-through to a retailer, sitemaps): the decisions behind them, read like the spec.

describe('where the click-through sends the shopper (spec section 9)', () => {
  const url = 'https://www.northlane.example/p/coat-123?colour=navy&size=10';

  it('opens the stored url directly for affiliate 5 and any other ordinary affiliate', () => {
    expect(retailerDestination({ url, affiliate_id: 5, currencyCode: 'GBP' })).toBe(url);
    expect(retailerDestination({ url, affiliate_id: 1, currencyCode: 'GBP' })).toBe(url);
  });

  it('goes through the retailer currency switch with the encoded url for affiliate 6', () => {
    const target = retailerDestination({ url, affiliate_id: 6, currencyCode: 'INR' })!;
    expect(target).toBe(`https://www.northlane.example/currency/switch?currency=INR&return_url=${encodeURIComponent(url)}`);
    expect(new URL(target).searchParams.get('return_url')).toBe(url);
  });

  it('refuses anything but an absolute http(s) address', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example/', '/relative', 'data:text/html,hi', 'not a url']) {
      expect(retailerDestination({ url: bad, affiliate_id: 5, currencyCode: 'GBP' })).toBeNull();
      expect(retailerDestination({ url: bad, affiliate_id: 6, currencyCode: 'GBP' })).toBeNull();
    }
  });

  it('keeps only our own page paths as the click source', () => {
    const own = ['https://www.vitrine.example', 'http://localhost:3000/x'];
    expect(clickSource('https://www.vitrine.example/clothing/dresses/a-dress?x=1', own)).toBe('/clothing/dresses/a-dress?x=1');
    expect(clickSource('https://elsewhere.example/page', own)).toBe('');
    expect(clickSource(null, own)).toBe('');
    expect(clickSource('::nonsense::', own)).toBe('');
  });
});

describe('the product page structured data (product snippets)', () => {
  const url = (p: string) => `https://www.vitrine.example${p}`;

  it("marks up the colour as a ProductGroup varying by size, each size its own Product with its store's offer", () => {
    const sizes = [size({}), size({ guid: '00000000-0000-4000-8000-000000000002', slug: 'satin-dress-10', size: '10', saleprice: 85.5, status: 0 })];
    const d = detail(sizes, sizes[1]!.guid);
    const ld = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url }) as ProductLd;
    expect(ld['@type']).toBe('ProductGroup');
    expect(ld.productGroupID).toBe('7');
    expect(ld.variesBy).toEqual(['https://schema.org/size']);
    expect(ld.url).toBe('https://www.vitrine.example/clothing/midi-dresses/satin-dress-10');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Lena Calloway' });
    expect(ld.image).toEqual(['https://www.vitrine.example/images/a/full.svg', 'https://www.vitrine.example/images/b/full.svg']);
    // The page's size no longer mixed with the others: each size carries its own offer.
    expect(ld.hasVariant.map((v) => [v.sku, v.size, v.offers['@type'], offersOf(v).map((o) => [o.price, o.availability])])).toEqual([
      [sizes[0]!.guid, '8', 'Offer', [['80.00', 'https://schema.org/InStock']]],
      [sizes[1]!.guid, '10', 'Offer', [['85.50', 'https://schema.org/OutOfStock']]],
    ]);
    expect(ld.hasVariant.map((v) => 'gtin' in v || 'mpn' in v)).toEqual([false, false]);
    expect(ld.aggregateRating).toBeUndefined();
  });

  it("gives a size sold by several stores an AggregateOffer across them, its GTIN and MPN, and the canonical copy's page as its URL", () => {
    const sizes = [size({})];
    const elsewhere: Offer = { ...ownOffer(sizes[0]!), guid: '00000000-0000-4000-8000-000000000009', path: 'clothing/midi-dresses/satin-dress-8-2', storename: 'Birch Row', saleprice: 72.5, total: 72.5 };
    const sized: SizeOffers = { guid: sizes[0]!.guid, gtin: '05012345678900', mpn: 'LC-SATIN', canonicalUrl: 'clothing/midi-dresses/satin-dress-8-2', offers: [elsewhere, ownOffer(sizes[0]!)] };
    const d = detail(sizes, sizes[0]!.guid, [sized]);
    expect(canonicalPath(d, selectedOf(d)!)).toBe('/clothing/midi-dresses/satin-dress-8-2');
    const ld = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url }) as ProductLd;
    expect(ld.url).toBe('https://www.vitrine.example/clothing/midi-dresses/satin-dress-8-2');
    const [variant] = ld.hasVariant;
    expect(variant).toMatchObject({ gtin: '05012345678900', mpn: 'LC-SATIN', url: 'https://www.vitrine.example/clothing/midi-dresses/satin-dress-8-2' });
    expect(variant!.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '72.50', highPrice: '80.00', offerCount: 2 });
    expect(offersOf(variant!).map((o) => [o.seller, o.url])).toEqual([
      [{ '@type': 'Organization', name: 'Birch Row' }, 'https://www.vitrine.example/clothing/midi-dresses/satin-dress-8-2'],
      [{ '@type': 'Organization', name: 'Maison Harlow' }, 'https://www.vitrine.example/clothing/midi-dresses/satin-dress-8'],
    ]);
  });

  it('adds ratings only when there are some', () => {
    const d = detail([size({})]);
    const none = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url, rating: { ratingValue: 0, ratingCount: 0 } });
    expect(none.aggregateRating).toBeUndefined();
    const rated = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url, rating: { ratingValue: 4.5, ratingCount: 12 } }) as ProductLd;
    expect(rated.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12 });
    expect(rated.hasVariant[0]!.offers['@type']).toBe('Offer');
  });

  it('reads size variant statuses in words and in schema.org terms', () => {
    expect([0, 1, 2, 3, 9].map((status) => availabilityLabel(testTranslator().t, status))).toEqual(['Out of stock', 'In stock', 'Pre-order', 'Back-order', 'Check availability']);
    expect(schemaAvailability(9)).toBeUndefined();
  });
});

describe('sitemaps and robots.txt', () => {
  it('points robots.txt at the sitemap index and keeps crawlers off the click-through on every country site', () => {
    const text = robotsTxt('https://www.vitrine.example');
    expect(text).toContain('Sitemap: https://www.vitrine.example/sitemap.xml');
    for (const prefix of ['', '/us', '/in', '/ae', '/ca', '/ca/fr', '/au', '/hk', '/hk/zh', '/sg', '/sg/zh', '/sg/ms', '/sg/ta']) {
      expect(text).toContain(`Disallow: ${prefix}/products/loadRetailerProductPage/`);
      expect(text).toContain(`Disallow: ${prefix}/shop/products/loadRetailerProductPage/`);
    }
  });

  it('names files per country, kind and page and escapes XML', () => {
    expect(sitemapFileName('HK', 'products', 3)).toBe('sitemap-hk-products-3.xml');
    expect(sitemapFileName('HK', 'products', 3, 'zh')).toBe('sitemap-hk-zh-products-3.xml');
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;');
  });
});

describe('the A–Z directory', () => {
  it('groups by letter in alphabet order, digits and others first', () => {
    const groups = groupByLetter([
      { name: 'Zed', to: '/brand/zed', letter: 'Z' },
      { name: '2nd Day', to: '/brand/2nd-day', letter: '#' },
      { name: 'Arket', to: '/brand/arket', letter: 'A' },
      { name: 'Éclat', to: '/brand/eclat', letter: 'E' },
    ]);
    expect(groups.map(([letter, entries]) => [letter, entries.map((e) => e.name)])).toEqual([
      ['#', ['2nd Day']],
      ['A', ['Arket']],
      ['E', ['Éclat']],
      ['Z', ['Zed']],
    ]);
  });
});
