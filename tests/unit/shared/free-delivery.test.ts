import { describe, expect, it } from 'vitest';
import { deliveryPrice, hasFreeDelivery, offerTotal, thresholdsOnSite } from '../../../shared/free-delivery';

// Spec section 9: the threshold of the site's kind, reached by the sale price; a store's
// thresholds are in its own currency and decide only where prices are in that currency.

const stated = { GB: 95, US: 120, INTERNATIONAL: 150 };

describe('free delivery', () => {
  it('takes GB on gb, US on us and INTERNATIONAL elsewhere, at or above the threshold', () => {
    expect(hasFreeDelivery(stated, 95, 'GB')).toBe(true);
    expect(hasFreeDelivery(stated, 94.99, 'GB')).toBe(false);
    expect(hasFreeDelivery(stated, 119.99, 'US')).toBe(false);
    expect(hasFreeDelivery(stated, 120, 'US')).toBe(true);
    expect(hasFreeDelivery(stated, 149.99, 'AU')).toBe(false);
    expect(hasFreeDelivery(stated, 150, 'AU')).toBe(true);
    expect(hasFreeDelivery({ GB: null, US: 10, INTERNATIONAL: 10 }, 1000, 'GB')).toBe(false);
  });

  it('keeps a store’s thresholds on sites in its currency and none elsewhere', () => {
    expect(thresholdsOnSite(stated, 'GB', 'GB')).toEqual(stated);
    expect(thresholdsOnSite(stated, 'AU', 'AU')).toEqual(stated);
    expect(thresholdsOnSite(stated, 'AU', 'GB')).toEqual({ GB: null, US: null, INTERNATIONAL: null });
    expect(thresholdsOnSite(stated, 'GB', 'US')).toEqual({ GB: null, US: null, INTERNATIONAL: null });
    // An AU store's 95 AUD is never compared with a GBP price, however high.
    expect(hasFreeDelivery(thresholdsOnSite(stated, 'AU', 'GB'), 200, 'GB')).toBe(false);
  });

  it('prices an offer’s delivery from the feed’s shipping, else the threshold, else the store’s price, else unknown', () => {
    // The feed's own shipping price wins, free (0) included, even under the threshold.
    expect(deliveryPrice({ salePrice: 20, shippingPrice: 3.5 }, stated, 4.95, 'GB')).toBe(3.5);
    expect(deliveryPrice({ salePrice: 20, shippingPrice: 0 }, stated, 4.95, 'GB')).toBe(0);
    // Without it: free at the threshold, the store's price under it, unknown without one.
    expect(deliveryPrice({ salePrice: 95, shippingPrice: null }, stated, 4.95, 'GB')).toBe(0);
    expect(deliveryPrice({ salePrice: 94.99, shippingPrice: null }, stated, 4.95, 'GB')).toBe(4.95);
    expect(deliveryPrice({ salePrice: 94.99, shippingPrice: null }, stated, null, 'GB')).toBeNull();
    expect(offerTotal(94.99, 4.95)).toBe(99.94);
    expect(offerTotal(94.99, null)).toBe(94.99);
  });
});
