import { describe, expect, it } from 'vitest';
import { buyControl, hasFreeDelivery, productPath, showsListPrice } from '../../../client/components/listing/product-card-rules';
import { testTranslator } from '../../support/i18n';

// Spec section 2 "Product card" and section 9 (affiliates, free delivery thresholds).

const store = { storename: 'Maison Harlow', store_slug: 'maison-harlow' };
const size = (status: number) => ({ status, guid: '1296d1ff-d3eb-590e-b84b-1bde8448da32' });
const { t } = testTranslator();

describe('the Buy control', () => {
  it("is 'Buy at {store}' through the click-through for status 1 and an affiliate other than 5 or 6", () => {
    expect(buyControl({ ...store, affiliate_id: 1 }, size(1), t)).toEqual({
      kind: 'buy',
      label: 'Buy at Maison Harlow',
      to: '/products/loadRetailerProductPage/1296d1ff-d3eb-590e-b84b-1bde8448da32',
    });
  });

  it("is 'Browse {store}' to the store's listing for status 0, whatever the affiliate", () => {
    for (const affiliate of [1, 5, 6]) {
      expect(buyControl({ ...store, affiliate_id: affiliate }, size(0), t)).toEqual({ kind: 'browse', label: 'Browse Maison Harlow', to: '/store/maison-harlow' });
    }
  });

  it("is 'Add to Cart' for a status other than 0 with affiliate 5 or 6", () => {
    for (const affiliate of [5, 6]) {
      for (const status of [1, 2, 3]) expect(buyControl({ ...store, affiliate_id: affiliate }, size(status), t).label).toBe('Add to Cart');
    }
  });

  // Issue 29: the control speaks the page's language; the store's name stays the feed's.
  it('is worded in the page’s language', () => {
    expect(buyControl({ ...store, affiliate_id: 1 }, size(1), testTranslator('fr-CA').t).label).toBe('Acheter chez Maison Harlow');
    expect(buyControl({ ...store, affiliate_id: 1 }, size(0), testTranslator('zh-HK').t).label).toBe('瀏覽 Maison Harlow');
    expect(buyControl({ ...store, affiliate_id: 5 }, size(1), testTranslator('ta-SG').t).label).toBe('கூடையில் சேர்');
  });
});

describe('the free-delivery badge', () => {
  const thresholds = { GB: 50, US: 75, INTERNATIONAL: 100 };
  it('shows when the sale price reaches the threshold of the country', () => {
    expect(hasFreeDelivery(thresholds, 50, 'GB')).toBe(true);
    expect(hasFreeDelivery(thresholds, 49.99, 'GB')).toBe(false);
    expect(hasFreeDelivery(thresholds, 75, 'US')).toBe(true);
    expect(hasFreeDelivery(thresholds, 99, 'IN')).toBe(false);
    expect(hasFreeDelivery(thresholds, 100, 'AE')).toBe(true);
  });

  it('never shows when the store has no threshold there', () => {
    expect(hasFreeDelivery({ GB: null, US: null, INTERNATIONAL: null }, 10_000, 'GB')).toBe(false);
  });
});

describe('the product link', () => {
  it('is /{category_slug}/{subcategory_slug}/{size variant slug}', () => {
    expect(productPath({ category_slug: 'clothing', subcategory_slug: 'midi-dresses' }, { slug: 'ruched-satin-midi-dress-8' })).toBe('/clothing/midi-dresses/ruched-satin-midi-dress-8');
  });
});

describe('showsListPrice', () => {
  it('strikes the list price through only when it tells the same story as the honest discount', () => {
    expect(showsListPrice({ msrp: 89, saleprice: 59, offers: 34 })).toBe(true);
    // The feed says "was 120", the history says 2 %: no "was £120" beside "2% OFF".
    expect(showsListPrice({ msrp: 120, saleprice: 59, offers: 2 })).toBe(false);
    // Reduced by the feed's word, no reduction in truth.
    expect(showsListPrice({ msrp: 120, saleprice: 59, offers: 0 })).toBe(false);
    expect(showsListPrice({ msrp: 59, saleprice: 59, offers: 0 })).toBe(false);
  });
});
