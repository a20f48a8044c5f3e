import { describe, expect, it } from 'vitest';
import {
  careFromDetails,
  discountPercent,
  hasFreeDelivery,
  minorToDecimal,
  parseAvailability,
  parseMoney,
  parseProductDetail,
  parseShipping,
  shippingPriceTo,
} from '../../../server/api/catalog/feed-values';

describe('feed values', () => {
  it('reads prices in Google form, with the currency before or after', () => {
    expect(parseMoney('49.99 GBP')).toEqual({ minor: 4999, currency: 'GBP' });
    expect(parseMoney('USD 15')).toEqual({ minor: 1500, currency: 'USD' });
    expect(parseMoney('1,299.00 INR')).toEqual({ minor: 129900, currency: 'INR' });
    expect(parseMoney('0.5 aed')).toEqual({ minor: 50, currency: 'AED' });
  });

  it('refuses prices without exactly one currency or with a malformed amount', () => {
    for (const text of ['49.99', 'GBP 49.99 GBP', 'abc', '49.999 GBP', '12,34 EUR', '-5.00 GBP', '']) {
      expect(parseMoney(text), text).toBeUndefined();
    }
  });

  it('writes minor units back as the decimal PostgreSQL takes', () => {
    expect(minorToDecimal(4999)).toBe('49.99');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(129900)).toBe('1299.00');
  });

  it('maps availability onto the spec statuses, old spellings included', () => {
    expect(parseAvailability('in_stock')).toBe('in_stock');
    expect(parseAvailability('In Stock')).toBe('in_stock');
    expect(parseAvailability('out of stock')).toBe('out_of_stock');
    expect(parseAvailability('pre-order')).toBe('preorder');
    expect(parseAvailability('backorder')).toBe('backorder');
    expect(parseAvailability('available soon')).toBeUndefined();
  });

  it('reads shipping entries and finds free delivery for the feed country only', () => {
    const free = parseShipping('GB:::0.00 GBP')!;
    const paid = parseShipping('US::Express:9.95 USD')!;
    expect(free).toEqual({ country: 'GB', region: '', service: '', price: { minor: 0, currency: 'GBP' } });
    expect(paid.service).toBe('Express');
    expect(hasFreeDelivery([free], 'GB')).toBe(true);
    expect(hasFreeDelivery([free], 'US')).toBe(false);
    expect(hasFreeDelivery([paid], 'US')).toBe(false);
    // A rate without a country applies everywhere.
    expect(hasFreeDelivery([parseShipping(':::0 AUD')!], 'AU')).toBe(true);
    expect(parseShipping('GB:free')).toBeUndefined();
  });

  it('prices delivery to the feed’s country by its cheapest service there or anywhere, in the site’s currency (issue 28)', () => {
    const rates = ['GB::Express:6.95 GBP', 'GB::Standard:3.95 GBP', 'US::Standard:1.00 USD', 'GB::Abroad:0.50 EUR'].map((r) => parseShipping(r)!);
    expect(shippingPriceTo(rates, 'GB', 'GBP')).toBe(395);
    expect(shippingPriceTo([...rates, parseShipping(':::2.50 GBP')!], 'GB', 'GBP')).toBe(250);
    expect(shippingPriceTo(rates, 'AU', 'AUD')).toBeNull();
    expect(shippingPriceTo([], 'GB', 'GBP')).toBeNull();
  });

  it('takes care instructions from product details, colons and all', () => {
    const details = ['General:Care:Dry clean only', 'General:Fabric:100% silk', 'Care:Washing care:30°C: gentle'].map(
      (d) => parseProductDetail(d)!,
    );
    expect(careFromDetails(details)).toBe('Dry clean only; 30°C: gentle');
    expect(careFromDetails([parseProductDetail('General:Fabric:Cotton')!])).toBeUndefined();
    expect(parseProductDetail('no colons')).toBeUndefined();
  });

  it('rounds the discount to a whole percent, and never calls a real reduction 0', () => {
    expect(discountPercent(8900, 5900)).toBe(34);
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(100000, 99900)).toBe(1);
    expect(discountPercent(10000, 2500)).toBe(75);
  });
});
