import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceAge } from '../../../client/components/product/PriceAge';
import { checkedAgo, checkedOn } from '../../../client/components/product/price-age-view';
import { compiledCatalog } from '../../../server/lib/catalogs';
import { COUNTRIES } from '../../../shared/countries';
import { testTranslator, withI18n } from '../../support/i18n';

// "Price checked 3 hours ago" (issue 27): the words for a price's age, and why they cannot break
// hydration: the server and the browser's hydrating render write the same absolute time
// whatever their clocks say; the relative words come only once hydrated. In the page's language
// (issue 29): Intl's dates; the relative words the catalogue's, as Intl.RelativeTimeFormat words
// them, without one (issue 31).

const AT = '2026-11-28T09:40:00.000Z';
const at = Date.parse(AT);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t } = testTranslator();
const STALE = 'Prices may be out of date';

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
    expect(cases.map(([elapsed]) => checkedAgo(t, AT, at + elapsed))).toEqual(cases.map(([, words]) => words));
  });

  it('says "just now" of a check its clock sees a little in the future', () => {
    expect(checkedAgo(t, AT, at - 90_000)).toBe('just now');
  });

  it('writes the absolute time in the site\'s locale and time zone, on a 24-hour clock', () => {
    expect(checkedOn(t, AT, COUNTRIES.GB)).toBe('on 28 Nov 2026, 09:40');
    expect(checkedOn(t, AT, COUNTRIES.IN)).toBe('on 28 Nov 2026, 15:10');
    expect(checkedOn(t, AT, COUNTRIES.US)).toBe('on Nov 28, 2026, 04:40');
  });
});

describe('the price age beside the price', () => {
  afterEach(() => vi.useRealTimers());

  const render = (checkedAt: string | null, mayBeOutOfDate: boolean) =>
    renderToString(withI18n(<PriceAge age={{ checkedAt, mayBeOutOfDate }} country={COUNTRIES.GB} />));

  it('renders the same markup whatever the clock of the side rendering it, so hydration matches', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at + 3 * HOUR);
    const server = render(AT, false);
    vi.setSystemTime(at + 50 * HOUR);
    expect(render(AT, false)).toBe(server);
    expect(server).toBe(`<p class="product-price-age">Price checked <time dateTime="${AT}">on 28 Nov 2026, 09:40</time></p>`);
  });

  it('adds the note when the api says the prices may be out of date', () => {
    expect(render(AT, true)).toContain(`<p class="product-price-stale" role="note">${STALE}</p>`);
    expect(render(AT, false)).not.toContain(STALE);
  });

  it('says nothing of a price no feed has confirmed yet', () => {
    expect(render(null, false)).toBe('');
  });
});

describe('the price age in the page\'s language (issue 29)', () => {
  const sites = [
    { locale: 'fr-CA', country: { ...COUNTRIES.CA, locale: 'fr-CA' } },
    { locale: 'zh-HK', country: { ...COUNTRIES.HK, locale: 'zh-HK' } },
    { locale: 'ta-SG', country: { ...COUNTRIES.SG, locale: 'ta-SG' } },
  ];
  const ago = (locale: string, elapsed: number) => checkedAgo(testTranslator(locale).t, AT, at + elapsed);

  it('says how long ago in Intl\'s words for the locale, and the catalogue\'s where Intl has none', () => {
    const elapsed = [30_000, MINUTE, 5 * MINUTE, HOUR, 3 * HOUR, 30 * HOUR, 50 * HOUR, 4 * 24 * HOUR];
    expect(elapsed.map((e) => ago('fr-CA', e))).toEqual(["à l'instant", 'il y a une minute', 'il y a 5 minutes', 'il y a une heure', 'il y a 3 heures', 'hier', 'avant-hier', 'il y a 4 jours']);
    expect(elapsed.map((e) => ago('zh-HK', e))).toEqual(['剛剛', '1 分鐘前', '5 分鐘前', '1 小時前', '3 小時前', '昨日', '前日', '4 日前']);
    expect(elapsed.map((e) => ago('ta-SG', e))).toEqual([
      'இப்போதுதான்',
      'ஒரு நிமிடத்திற்கு முன்',
      '5 நிமிடங்களுக்கு முன்',
      'ஒரு மணிநேரத்திற்கு முன்',
      '3 மணிநேரம் முன்',
      'நேற்று',
      'நேற்று முன்தினம்',
      '4 நாட்களுக்கு முன்',
    ]);
  });

  it('words every count from 2 minutes to 999 days as Intl.RelativeTimeFormat does (numeric "auto") in every site locale', () => {
    for (const locale of ['en-GB', 'en-US', 'en-IN', 'fr-CA', 'zh-HK', 'zh-SG', 'ms-SG', 'ta-SG']) {
      const { t } = testTranslator(locale);
      const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const counts = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const words = (step: number, unit: Intl.RelativeTimeFormatUnit, from: number, to: number) => [
        counts(from, to).map((n) => checkedAgo(t, AT, at + n * step)),
        counts(from, to).map((n) => intl.format(-n, unit)),
      ];
      const [minutes, intlMinutes] = words(MINUTE, 'minute', 2, 59);
      const [hours, intlHours] = words(HOUR, 'hour', 2, 23);
      const [days, intlDays] = words(24 * HOUR, 'day', 1, 999);
      expect({ locale, minutes, hours, days }).toEqual({ locale, minutes: intlMinutes, hours: intlHours, days: intlDays });
    }
  });

  it('makes no Intl formatter in the browser: its plural rules alone (a page\'s first formatter costs 12-26 ms of ICU data)', async () => {
    const made: string[] = [];
    for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        made.push(name);
        return new Original(...args);
      } as never);
    }
    try {
      // Modules of their own: the formatters another test of this worker made are kept by intl-answers.ts.
      vi.resetModules();
      const { browserTranslator } = await import('../../../client/app/i18n');
      const { t } = browserTranslator('fr-CA', compiledCatalog('fr'));
      expect([MINUTE, 5 * MINUTE, HOUR, 3 * HOUR, 30 * HOUR, 50 * HOUR, 4 * 24 * HOUR].map((e) => checkedAgo(t, AT, at + e))).toEqual([
        'il y a une minute',
        'il y a 5 minutes',
        'il y a une heure',
        'il y a 3 heures',
        'hier',
        'avant-hier',
        'il y a 4 jours',
      ]);
      expect(made).toEqual(['PluralRules']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('writes the server\'s absolute time and the stale note in the language, the words around the time in its order', () => {
    const html = sites.map(({ locale, country }) => renderToString(withI18n(<PriceAge age={{ checkedAt: AT, mayBeOutOfDate: true }} country={country} />, locale)));
    expect(html).toEqual([
      `<p class="product-price-age">Prix vérifié <time dateTime="${AT}">le 28 nov. 2026, 04 h 40</time></p><p class="product-price-stale" role="note">Les prix ne sont peut-être pas à jour</p>`,
      `<p class="product-price-age"><time dateTime="${AT}">於2026年11月28日 17:40</time>核實價格</p><p class="product-price-stale" role="note">價格可能已過時</p>`,
      `<p class="product-price-age">விலை <time dateTime="${AT}">28 நவ., 2026, 17:40 அன்று</time> சரிபார்க்கப்பட்டது</p><p class="product-price-stale" role="note">விலைகள் காலாவதியாகியிருக்கலாம்</p>`,
    ]);
  });
});
