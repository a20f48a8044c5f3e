import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/countries';
import { formatCompiled } from '../../../shared/i18n/compiled-format';
import { recordIntlAnswers, takeIntlAnswers } from '../../../shared/i18n/intl-answers';
import { formatPrice } from '../../../shared/price';

// Issue 31: a whole page's render keeps what Intl answered it; the browser formats from those
// answers before making an Intl object (the first costs a renderer 18-34 ms).

const CANADA_FR = { ...COUNTRIES.CA, locale: 'fr-CA' };
// "{count, plural, one {# article} other {# articles}}", compiled.
const ITEMS = [['count', 'plural', { one: ['#', ' article'], other: ['#', ' articles'] }]] as Parameters<typeof formatCompiled>[0];

afterEach(() => takeIntlAnswers(undefined));

// What Intl itself writes (its spaces are narrow and non-breaking, as this runtime's ICU has them).
const cad = (amount: number) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
const frenchNumber = (value: number) => new Intl.NumberFormat(['fr-CA', 'en']).format(value);

describe('Intl answers', () => {
  it('keeps, per formatter, what a render asked and what Intl answered', () => {
    const { result, answers } = recordIntlAnswers(() => [
      formatPrice(1234.5, CANADA_FR),
      formatPrice(49, COUNTRIES.GB),
      formatCompiled(ITEMS, 'fr-CA', { count: 1200 }),
    ]);
    expect(result).toEqual([cad(1234.5), '£49', `${frenchNumber(1200)} articles`]);
    expect(answers).toEqual({
      'afr-CA2CAD': { '1234.5': cad(1234.5) },
      // An answer that is the value as written travels as 0.
      'aen-GB0': { '49': 0 },
      'pfr-CAplural': { '1200': 'other' },
      'nfr-CAundefined': { '1200': frenchNumber(1200) },
    });
  });

  it('answers from the page’s answers first, and asks Intl what they lack', () => {
    takeIntlAnswers({ 'afr-CA2CAD': { '1234.5': 'as the server said' }, 'pfr-CAplural': { '1': 'other' }, 'nfr-CAundefined': { '1': 'one' }, 'aen-GB2': { '88.99': 0 } });
    expect(formatPrice(1234.5, CANADA_FR)).toBe('as the server said');
    expect(formatPrice(88.99, COUNTRIES.GB)).toBe('£88.99');
    expect(formatCompiled(ITEMS, 'fr-CA', { count: 1 })).toBe('one articles');
    expect(formatPrice(99.5, CANADA_FR)).toBe(cad(99.5));
    // Outside a recorded render nothing is kept.
    expect(recordIntlAnswers(() => undefined).answers).toEqual({});
  });
});
