import { describe, expect, it } from 'vitest';
import { filterSearchText } from '../../../shared/validation/filter-search';
import { parsePageNumber } from '../../../shared/validation/page-number';
import { acceptPriceRange, canApplyPrice, hasPriceRange, priceFilterErrors, typedPriceInput } from '../../../shared/validation/price-filter';
import { testTranslator } from '../../support/i18n';
import { cleanSearchText, showsZeroResultMessage, typedSearchText } from '../../../shared/validation/search-text';

const bounds = { rangeMin: 10, rangeMax: 500 };
const { t } = testTranslator();

describe('price filter (spec section 5)', () => {
  it('keeps only digits in the inputs', () => {
    expect(typedPriceInput(' 1 2a3.5')).toBe('1235');
    expect(typedPriceInput('-4')).toBe('4');
  });

  it("says Min can't be blank and Max can't be blank", () => {
    expect(priceFilterErrors('', '100', bounds, t)).toEqual(["Min can't be blank."]);
    expect(priceFilterErrors('20', '', bounds, t)).toEqual(["Max can't be blank."]);
    expect(priceFilterErrors(' ', ' ', bounds, t)).toEqual(["Min can't be blank.", "Max can't be blank."]);
  });

  it("refuses equal bounds and a min above the max", () => {
    expect(priceFilterErrors('50', '50', bounds, t)).toEqual(["Min-Max can't be equal."]);
    expect(priceFilterErrors('60', '50', bounds, t)).toEqual(["Min can't be greater than Max."]);
  });

  it('names where the range starts and ends', () => {
    expect(priceFilterErrors('5', '100', bounds, t)).toEqual(['Price range starts at 10.']);
    expect(priceFilterErrors('20', '600', bounds, t)).toEqual(['Price range ends at 500.']);
  });

  it('keeps the max input within rangeMin+1 and the min input within rangeMax-1', () => {
    expect(priceFilterErrors('10', '10', bounds, t)).toContain("Max price can't be less than 11.");
    expect(priceFilterErrors('500', '500', bounds, t)).toContain("Max price can't be more than 499.");
    expect(priceFilterErrors('10', '11', bounds, t)).toEqual([]);
    expect(priceFilterErrors('499', '500', bounds, t)).toEqual([]);
  });

  // Issue 29: the messages in the page's language, with the same bounds.
  it('words its messages in the page’s language', () => {
    expect(priceFilterErrors('', '600', bounds, testTranslator('fr-CA').t)).toEqual(['Le min ne peut pas être vide.', 'La fourchette de prix se termine à 500.']);
    expect(priceFilterErrors('60', '50', bounds, testTranslator('zh-HK').t)).toEqual(['最低價不可高於最高價。']);
    expect(priceFilterErrors('10', '10', bounds, testTranslator('ta-SG').t)).toContain('அதிகபட்ச விலை 11 ஐ விடக் குறைவாக இருக்கக்கூடாது.');
  });

  it('enables Apply only for a valid pair with no bound 0 or empty', () => {
    expect(canApplyPrice('20', '100', bounds)).toBe(true);
    expect(canApplyPrice('20', '', bounds)).toBe(false);
    expect(canApplyPrice('0', '0', { rangeMin: 0, rangeMax: 10 })).toBe(false);
    expect(canApplyPrice('100', '20', bounds)).toBe(false);
  });

  it('accepts a navigation range only when min >= 0, min < max and both inside the available range', () => {
    expect(acceptPriceRange(20, 100, bounds)).toEqual({ ok: true, min: 20, max: 100 });
    expect(acceptPriceRange(20, 100, { rangeMin: 20.4, rangeMax: 99.2 })).toEqual({ ok: true, min: 20, max: 100 });
    expect(acceptPriceRange(undefined, 100, bounds)).toEqual({ ok: false, wrongRange: true });
    expect(acceptPriceRange(-1, 100, bounds)).toEqual({ ok: false, wrongRange: true });
    expect(acceptPriceRange(100, 100, bounds)).toEqual({ ok: false, wrongRange: true });
    expect(acceptPriceRange(5, 100, bounds)).toEqual({ ok: false, wrongRange: true });
    expect(acceptPriceRange(20, 501, bounds)).toEqual({ ok: false, wrongRange: true });
  });

  it('shows the filter only when a price range exists and min differs from max', () => {
    expect(hasPriceRange(10, 500)).toBe(true);
    expect(hasPriceRange(10, 10)).toBe(false);
    expect(hasPriceRange(null, null)).toBe(false);
  });
});

describe('search text (spec section 5)', () => {
  it('removes other characters (not turning them into spaces), collapses spaces and trims', () => {
    expect(cleanSearchText('  red   <b>dress</b>! ')).toBe('red bdressb');
    expect(cleanSearchText('t-shirt')).toBe('tshirt');
    expect(cleanSearchText("levi's 501")).toBe('levis 501');
    expect(cleanSearchText('   ')).toBe('');
  });

  it('reads any white space as a space and keeps letters of every script whole', () => {
    expect(cleanSearchText('red\tdress\u00a0midi')).toBe('red dress midi');
    // Hindi vowel signs are combining marks of their letter; an accent typed apart composes.
    expect(cleanSearchText('साड़ी')).toBe('साड़ी');
    expect(cleanSearchText('cafe\u0301')).toBe('café');
  });

  it('refuses a leading space while typing', () => {
    expect(typedSearchText('  red  dress')).toBe('red dress');
  });

  it('shows the zero-result message only when the text is not purely numeric', () => {
    expect(showsZeroResultMessage('red dress')).toBe(true);
    expect(showsZeroResultMessage('12345')).toBe(false);
    expect(showsZeroResultMessage('501 jeans')).toBe(true);
  });
});

describe('brand and store search boxes (spec section 5)', () => {
  it('rejects whitespace-only searches', () => {
    expect(filterSearchText('   ')).toBeUndefined();
    expect(filterSearchText('')).toBeUndefined();
    expect(filterSearchText('  maison  harlow ')).toBe('maison harlow');
  });
});

describe('page number (spec section 5)', () => {
  it('is numeric from the page parameter, default 1', () => {
    expect(parsePageNumber('4')).toBe(4);
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber('four')).toBe(1);
    expect(parsePageNumber('0')).toBe(1);
    expect(parsePageNumber('2e3')).toBe(1);
  });
});
