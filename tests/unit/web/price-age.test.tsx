import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceAge } from '../../../client/components/product/PriceAge';
import { checkedAgo, checkedOn, PRICES_MAY_BE_OUT_OF_DATE } from '../../../client/components/product/price-age-view';
import { COUNTRIES } from '../../../shared/countries';

// "Price checked 3 hours ago" (issue 27): the words for a price's age, and why they cannot break
// hydration: the server and the browser's hydrating render write the same absolute time
// whatever their clocks say; the relative words come only once hydrated.

const AT = '2026-11-28T09:40:00.000Z';
const at = Date.parse(AT);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the words for how long ago a price was checked', () => {
  it('reads minutes, hours, yesterday and days, rounded down', () => {
    const cases: [number, string][] = [
      [0, 'just now'],
      [59_999, 'just now'],
      [MINUTE, 'a minute ago'],
      [5 * MINUTE, '5 minutes ago'],
      [59 * MINUTE + 59_999, '59 minutes ago'],
      [HOUR, 'an hour ago'],
      [3 * HOUR + 59 * MINUTE, '3 hours ago'],
      [23 * HOUR + 59 * MINUTE, '23 hours ago'],
      [24 * HOUR, 'yesterday'],
      [47 * HOUR, 'yesterday'],
      [48 * HOUR, '2 days ago'],
      [145 * HOUR, '6 days ago'],
    ];
    expect(cases.map(([elapsed]) => checkedAgo(AT, at + elapsed))).toEqual(cases.map(([, words]) => words));
  });

  it('says "just now" of a check its clock sees a little in the future', () => {
    expect(checkedAgo(AT, at - 90_000)).toBe('just now');
  });

  it('writes the absolute time in the site\'s locale and time zone, on a 24-hour clock', () => {
    expect(checkedOn(AT, COUNTRIES.GB)).toBe('on 28 Nov 2026, 09:40');
    expect(checkedOn(AT, COUNTRIES.IN)).toBe('on 28 Nov 2026, 15:10');
    expect(checkedOn(AT, COUNTRIES.US)).toBe('on Nov 28, 2026, 04:40');
  });
});

describe('the price age beside the price', () => {
  afterEach(() => vi.useRealTimers());

  const render = (checkedAt: string | null, mayBeOutOfDate: boolean) =>
    renderToString(<PriceAge age={{ checkedAt, mayBeOutOfDate }} country={COUNTRIES.GB} />);

  it('renders the same markup whatever the clock of the side rendering it, so hydration matches', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at + 3 * HOUR);
    const server = render(AT, false);
    vi.setSystemTime(at + 50 * HOUR);
    expect(render(AT, false)).toBe(server);
    expect(server).toBe(`<p class="product-price-age">Price checked <time dateTime="${AT}">on 28 Nov 2026, 09:40</time></p>`);
  });

  it('adds the note when the api says the prices may be out of date', () => {
    expect(render(AT, true)).toContain(`<p class="product-price-stale" role="note">${PRICES_MAY_BE_OUT_OF_DATE}</p>`);
    expect(render(AT, false)).not.toContain(PRICES_MAY_BE_OUT_OF_DATE);
  });

  it('says nothing of a price no feed has confirmed yet', () => {
    expect(render(null, false)).toBe('');
  });
});
