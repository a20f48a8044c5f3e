import { describe, expect, it } from 'vitest';
import { cardCompare, cardProduct, compareLine, type CardProduct } from '../../../client/components/listing/product-card-rules';
import { decodeListing, type ListingWire } from '../../../client/data/listing/listing-wire';
import { emptyListingState } from '../../../shared/listing/listing-state';
import { FACET_FILTER_TYPES } from '../../../shared/listing/vocabulary';
import { encodeListing } from '../../../client/data/listing/listing-wire-encode';
import type { ListingData } from '../../../client/data/listing/listing-data';
import { COUNTRIES } from '../../../shared/countries';
import { formatPrice } from '../../../shared/price';
import { cheapestTotal } from '../../../server/api/search-engine/card-total';
import { testTranslator } from '../../support/i18n';

// Issue 28: a card stands for every store's copy of a product. The copy is picked by its
// cheapest total (sale price and delivery) among the sizes a shopper can buy, and the card
// says "from £X at N stores" only when more than one store has the product in stock.

const GB = COUNTRIES.GB;
const price = (n: number) => formatPrice(n, { locale: GB.locale, info: GB.info });
const NO_THRESHOLDS = { GB: null, US: null, INTERNATIONAL: null };

describe("a store copy's cheapest total", () => {
  it('adds delivery to each size and takes the cheapest size a shopper can buy', () => {
    const sizes = [
      { salePrice: 40, shippingPrice: null, status: 0 },
      { salePrice: 45, shippingPrice: 6, status: 1 },
      { salePrice: 48, shippingPrice: null, status: 1 },
    ];
    // 40 is sold out; 45 + 6 = 51 against 48 + the store's 2.50 = 50.50.
    expect(cheapestTotal(sizes, NO_THRESHOLDS, 2.5, 'GB')).toEqual({ total: 50.5, inStock: true });
    // Free from the threshold: 48 reaches 47.
    expect(cheapestTotal(sizes, { GB: 47, US: null, INTERNATIONAL: null }, 2.5, 'GB')).toEqual({ total: 48, inStock: true });
  });

  it('falls back to the cheapest of all sizes when none can be bought, and counts an unknown delivery as 0', () => {
    const sizes = [
      { salePrice: 40, shippingPrice: null, status: 0 },
      { salePrice: 30, shippingPrice: null, status: 0 },
    ];
    expect(cheapestTotal(sizes, NO_THRESHOLDS, null, 'GB')).toEqual({ total: 30, inStock: false });
    expect(cheapestTotal([], NO_THRESHOLDS, null, 'GB')).toBeUndefined();
  });
});

describe("the card's comparison line", () => {
  it('says "from £X at N stores" only when more than one store has the product in stock', () => {
    expect(cardCompare({ offersCount: 3, fromPrice: 93 })).toEqual({ stores: 3, fromPrice: 93 });
    expect(compareLine(testTranslator().t, { stores: 3, fromPrice: 93 }, price)).toBe('from £93 at 3 stores');
    expect(cardCompare({ offersCount: 1, fromPrice: 33 })).toBeUndefined();
    expect(cardCompare({ offersCount: 0, fromPrice: null })).toBeUndefined();
  });

  it('travels to the browser with the card and back unchanged', () => {
    const card = (id: number, offersCount: number, fromPrice: number | null): CardProduct =>
      cardProduct({
        id,
        affiliate_id: 1,
        brand: 'Ava Marlowe',
        storename: 'Ash Atelier',
        store_slug: 'ash-atelier',
        category_slug: 'clothing',
        subcategory_slug: 'midi-dresses',
        variant_index: 0,
        GB: null,
        US: null,
        INTERNATIONAL: null,
        variants: [
          {
            title: 'Rosa Midi Dress',
            colour: 'black',
            images: { productimage80_png: 'https://img.example/80.png', productimage180_jpg: 'https://img.example/180.jpg' },
            size_variants: [{ guid: 'g-1', slug: 'rosa-midi-dress', msrp: 90, saleprice: 90, status: 1, offers: 0 }],
          },
        ],
        offersCount,
        fromPrice,
      });
    const cards = [card(1, 2, 93), card(2, 1, 33)];
    expect(cards.map((c) => c.compare)).toEqual([{ stores: 2, fromPrice: 93 }, undefined]);
    const view: ListingData = {
      path: '/midi-dresses',
      isSearch: false,
      state: emptyListingState(),
      link: '/midi-dresses',
      country: 'GB',
      perPage: 20,
      pages: [{ totalCount: 2, description: '', key: 'Midi Dresses', products: cards }],
      error500: false,
      filters: Object.fromEntries(FACET_FILTER_TYPES.map((type) => [type, null])) as ListingData['filters'],
      price: null,
      deals: null,
      breadcrumb: null,
      links: null,
      countryTotals: null,
      recommended: [],
      debug: null,
    };
    expect(decodeListing(JSON.parse(JSON.stringify(encodeListing(view))) as ListingWire)).toEqual(view);
  });
});
