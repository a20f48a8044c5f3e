import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, readGtin } from '../../../shared/gtin';

// Issue 28: a gtin is stored as GTIN-14 with its check digit verified; anything else is left out.

describe('GTIN check digits', () => {
  it('computes the GS1 check digit, weights 3 and 1 from the right', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
  });

  it('reads GTIN-8, -12, -13 and -14 with a right check digit, padded to 14 digits', () => {
    expect(readGtin('96385074')).toEqual({ gtin: '00000096385074' });
    expect(readGtin('036000291452')).toEqual({ gtin: '00036000291452' });
    expect(readGtin('4006381333931')).toEqual({ gtin: '04006381333931' });
    expect(readGtin('10036000291459')).toEqual({ gtin: '10036000291459' });
  });

  it('takes a UPC-A and its EAN-13 form for the same GTIN', () => {
    expect(readGtin('036000291452')).toEqual(readGtin('0036000291452'));
  });

  it('allows spaces and hyphens between the digits, as merchants print them', () => {
    expect(readGtin(' 4 006381 333931 ')).toEqual({ gtin: '04006381333931' });
    expect(readGtin('400-6381-333931')).toEqual({ gtin: '04006381333931' });
  });

  it('refuses a wrong check digit, saying which one is right', () => {
    expect(readGtin('4006381333932')).toEqual({ error: 'has a wrong check digit (1 expected)' });
  });

  it('refuses letters, other lengths and all zeros', () => {
    expect(readGtin('40063813339A1')).toEqual({ error: 'is not a number of 8, 12, 13 or 14 digits' });
    expect(readGtin('123456789')).toEqual({ error: 'has 9 digits, not 8, 12, 13 or 14' });
    expect(readGtin('00000000')).toEqual({ error: 'is all zeros' });
  });
});
