import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/countries';
import { formatPrice } from '../../../shared/price';

describe('formatPrice (spec section 5: integer if whole, otherwise 2 decimals)', () => {
  it('prints whole prices without decimals and others with two, in the country currency', () => {
    expect(formatPrice(49, COUNTRIES.GB)).toBe('£49');
    expect(formatPrice(49.5, COUNTRIES.GB)).toBe('£49.50');
    expect(formatPrice(1250, COUNTRIES.HK)).toBe('HK$1,250');
    expect(formatPrice(125000, COUNTRIES.IN)).toBe('₹1,25,000');
    expect(formatPrice(19.999, COUNTRIES.US)).toBe('$20');
  });
});
