import { describe, expect, it } from 'vitest';
import { groupByLetter } from '../../../client/components/product/AlphabetDirectory';
import { availabilityLabel, productStructuredData, schemaAvailability, selectedOf } from '../../../client/components/product/product-view';
import { retailerDestination } from '../../../client/components/product/retailer-destination';
import { clickSource } from '../../../client/routes/retailer.route';
import type { ProductDetail, SizeVariant } from '../../../shared/api/product-schemas';
import { escapeXml } from '../../../server/web/lib/xml';
import { robotsTxt, sitemapFileName } from '../../../server/web/seo/sitemaps';
import type { ProductLd } from '../../support/page';

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

const size = (over: Partial<SizeVariant>): SizeVariant => ({
  guid: '00000000-0000-4000-8000-000000000001',
  url: 'https://www.shop.example/p/1',
  slug: 'satin-dress-8',
  size: '8',
  msrp: 100,
  saleprice: 80,
  status: 1,
  offers: 20,
  free_delivery: true,
  coupon: null,
  ...over,
});

function detail(sizes: SizeVariant[], selectedGuid = sizes[0]!.guid): ProductDetail {
  return {
    product: {
      id: 7,
      affiliate_id: 1,
      brand: 'Lena Calloway',
      brand_id: 1,
      brand_slug: 'lena-calloway',
      storename: 'Maison Harlow',
      store_id: 1,
      store_slug: 'maison-harlow',
      category_slug: 'clothing',
      subcategory_slug: 'midi-dresses',
      department: 'women',
      saleprice: 80,
      msrp: 100,
      sales: [],
      variant_index: 0,
      GB: 50,
      US: null,
      INTERNATIONAL: null,
      title: 'Satin Dress',
      description: 'A dress.',
      variants: [
        {
          title: 'Satin Dress',
          description: 'A dress.',
          colour: 'red',
          colour_name: 'Cherry',
          images: { productimage: '/images/a/full.svg', productimage80_png: '/images/a/80.svg', productimage180_jpg: '/images/a/180.svg' },
          additional_images: ['/images/b/full.svg', '/images/a/full.svg'],
          size_variants: sizes,
        },
      ],
    },
    selected: { variant_index: 0, guid: selectedGuid },
    canonicalUrl: `clothing/midi-dresses/${sizes[0]!.slug}`,
    breadCrumb: [
      { filterName: 'category', key: 'Clothing', slug: 'clothing' },
      { filterName: 'subcategory', key: 'Midi Dresses', slug: 'midi-dresses' },
    ],
    countryCode: 'GB',
    currencyCode: 'GBP',
    currencySymbol: '£',
    priceAge: { checkedAt: '2026-11-28T09:40:00.000Z', mayBeOutOfDate: false },
    sizeOffers: [],
  };
}

describe('the product page structured data (product snippets)', () => {
  const url = (p: string) => `https://www.vitrine.example${p}`;

  it('marks up one offer per size, sold by the store, with availability', () => {
    const sizes = [size({}), size({ guid: '00000000-0000-4000-8000-000000000002', slug: 'satin-dress-10', size: '10', saleprice: 85.5, status: 0 })];
    const d = detail(sizes, sizes[1]!.guid);
    const ld = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url }) as ProductLd;
    expect(ld['@type']).toBe('Product');
    expect(ld.sku).toBe(sizes[1]!.guid);
    expect(ld.url).toBe('https://www.vitrine.example/clothing/midi-dresses/satin-dress-10');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Lena Calloway' });
    expect(ld.image).toEqual(['https://www.vitrine.example/images/a/full.svg', 'https://www.vitrine.example/images/b/full.svg']);
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '80.00', highPrice: '85.50', offerCount: 2 });
    const offers = ld.offers['@type'] === 'AggregateOffer' ? ld.offers.offers : [ld.offers];
    expect(offers.map((o) => o.availability)).toEqual(['https://schema.org/InStock', 'https://schema.org/OutOfStock']);
    expect(ld.aggregateRating).toBeUndefined();
  });

  it('adds ratings only when there are some', () => {
    const d = detail([size({})]);
    const none = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url, rating: { ratingValue: 0, ratingCount: 0 } });
    expect(none.aggregateRating).toBeUndefined();
    const rated = productStructuredData({ detail: d, selection: selectedOf(d)!, url, image: url, rating: { ratingValue: 4.5, ratingCount: 12 } }) as ProductLd;
    expect(rated.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12 });
    expect(rated.offers['@type']).toBe('Offer');
  });

  it('reads size variant statuses in words and in schema.org terms', () => {
    expect([0, 1, 2, 3, 9].map(availabilityLabel)).toEqual(['Out of stock', 'In stock', 'Pre-order', 'Back-order', 'Check availability']);
    expect(schemaAvailability(9)).toBeUndefined();
  });
});

describe('sitemaps and robots.txt', () => {
  it('points robots.txt at the sitemap index and keeps crawlers off the click-through on every country site', () => {
    const text = robotsTxt('https://www.vitrine.example');
    expect(text).toContain('Sitemap: https://www.vitrine.example/sitemap.xml');
    for (const prefix of ['', '/us', '/in', '/ae', '/ca', '/au', '/hk', '/sg']) {
      expect(text).toContain(`Disallow: ${prefix}/products/loadRetailerProductPage/`);
      expect(text).toContain(`Disallow: ${prefix}/shop/products/loadRetailerProductPage/`);
    }
  });

  it('names files per country, kind and page and escapes XML', () => {
    expect(sitemapFileName('HK', 'products', 3)).toBe('sitemap-hk-products-3.xml');
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
