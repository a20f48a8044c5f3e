import { describe, expect, it } from 'vitest';
import { rearmed } from '../../../server/api/alerts/alert-evaluator';
import { alertMailRulesText, alertsFiredMail, type FiredItem } from '../../../server/api/alerts/alert-mails';
import { loadApiConfig } from '../../../server/api/config';
import { testTranslator } from '../../support/i18n';

// Issue 27's pure parts: the re-arm rule, the e-mail's back-in-stock line and its footer's two
// rules, and their settings (what brings a size back in stock: alert-links.test.ts).

describe('re-arm', () => {
  it('fires an alert that never fired; one that fired only at least the percent below its price, in cents', () => {
    expect(rearmed(99, null, 5)).toBe(true);
    expect(rearmed(47.5, 50, 5)).toBe(true);
    expect(rearmed(47.51, 50, 5)).toBe(false);
    expect(rearmed(37, 39, 5)).toBe(true); // 39 × 0.95 = 37.05
    expect(rearmed(44.65, 47, 5)).toBe(true); // exactly 5 %
    expect(rearmed(49.99, 50, 0)).toBe(true);
    expect(rearmed(50, 50, 0)).toBe(false);
  });
});

describe('the alert e-mail', () => {
  const english = testTranslator();
  const item = (over: Partial<FiredItem>): FiredItem => ({
    kind: 'stock',
    productName: 'Ruched Satin Midi Dress',
    image: 'https://shop.test/i.jpg',
    link: 'https://shop.test/women/dresses/d',
    oldPrice: null,
    newPrice: '£59',
    size: 'M',
    unsubscribe: 'https://shop.test/alerts/unsubscribe/v1.1.u1.x',
    ...over,
  });

  it('says a size is back, and the subject says what fired', () => {
    const one = alertsFiredMail(english, { items: [item({})], unsubscribeAll: 'https://shop.test/u', rules: { digestHours: 24, rearmPercent: 5 } });
    expect(one.subject).toBe('Back in stock: Ruched Satin Midi Dress');
    expect(one.text).toContain('Back in stock in size M, now £59');
    expect(one.html).toContain('Back in stock in size M, now £59');
    const two = alertsFiredMail(english, { items: [item({}), item({ kind: 'price', oldPrice: '£70', size: undefined })], unsubscribeAll: 'https://shop.test/u', rules: { digestHours: 24, rearmPercent: 5 } });
    expect(two.subject).toBe('2 of your Vitrine alerts have fired');
    expect(two.text).toContain('Was £70, now £59');
  });

  it('states both rules in its footer, in the words of the settings', () => {
    expect(alertMailRulesText(english, { digestHours: 24, rearmPercent: 5 })).toEqual([
      'We send you at most one alert e-mail every 24 hours: alerts that fire in between wait and come together in the next one.',
      'A sale or price alert that has fired tells you again only when the price falls at least 5% below the price it told you about. A back-in-stock alert tells you once.',
    ]);
    expect(alertMailRulesText(english, { digestHours: 1, rearmPercent: 0 })).toEqual([
      'We send you at most one alert e-mail every hour: alerts that fire in between wait and come together in the next one.',
      'A sale or price alert that has fired tells you again only when the price falls below the price it told you about. A back-in-stock alert tells you once.',
    ]);
    const mail = alertsFiredMail(english, { items: [item({})], unsubscribeAll: 'https://shop.test/u', rules: { digestHours: 12, rearmPercent: 10 } });
    for (const line of alertMailRulesText(english, { digestHours: 12, rearmPercent: 10 })) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(line);
    }
  });
});

describe('the digest and re-arm settings', () => {
  it('default to 24 hours and 5 %', () => {
    expect(loadApiConfig({}).alerts).toMatchObject({ digestHours: 24, rearmPercent: 5 });
    expect(loadApiConfig({ ALERT_DIGEST_HOURS: '6', ALERT_REARM_PERCENT: '2.5' }).alerts).toMatchObject({ digestHours: 6, rearmPercent: 2.5 });
  });

  it('refuse what they cannot mean, saying what to write', () => {
    expect(() => loadApiConfig({ ALERT_DIGEST_HOURS: '0' })).toThrow('ALERT_DIGEST_HOURS: ALERT_DIGEST_HOURS must be at least 1 (one e-mail an hour at most)');
    expect(() => loadApiConfig({ ALERT_DIGEST_HOURS: '1.5' })).toThrow('ALERT_DIGEST_HOURS must be a whole number of hours, such as 24');
    expect(() => loadApiConfig({ ALERT_DIGEST_HOURS: 'daily' })).toThrow(/ALERT_DIGEST_HOURS: /);
    expect(() => loadApiConfig({ ALERT_REARM_PERCENT: '95' })).toThrow('ALERT_REARM_PERCENT must be from 0 to 90 (0: any further fall fires again)');
  });
});
