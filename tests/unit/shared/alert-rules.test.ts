import { describe, expect, it } from 'vitest';
import { AlertUnsubscribeBody, SetGuestAlertBody, SetUserAlertBody } from '../../../shared/api/alert-schemas';
import { ALERT_MESSAGES, alertPriceProblem, roundedSalePrice } from '../../../shared/validation/alert-rules';
import { issueWording } from '../../../shared/validation/message';
import { inEnglish } from '../../support/i18n';

// Spec section 5 "Alert price": the rule the Alert dialog checks in the browser and the api
// checks again, and the request schemas built around it.

describe('the alert price', () => {
  it('is compared as whole numbers against the rounded sale price', () => {
    expect(roundedSalePrice(59.49)).toBe(59);
    expect(roundedSalePrice(59.5)).toBe(60);
    expect(alertPriceProblem('58.99', 59)).toEqual({ price: 58.99 });
    expect(alertPriceProblem('59', 59)).toEqual({ problem: ALERT_MESSAGES.priceTooHigh(59) });
    expect(alertPriceProblem('59.99', 59.2)).toEqual({ problem: ALERT_MESSAGES.priceTooHigh(59) });
    expect(inEnglish(ALERT_MESSAGES.priceTooHigh(59))).toBe('Price should be less than 59');
    expect(alertPriceProblem('59.99', 59.5)).toEqual({ price: 59.99 });
  });

  it('takes decimals and exponents, and refuses spaces, signs, zero and words with the spec’s message', () => {
    expect(alertPriceProblem('4.5e1', 59)).toEqual({ price: 45 });
    expect(alertPriceProblem('.5', 59)).toEqual({ price: 0.5 });
    expect(alertPriceProblem('40.', 59)).toEqual({ price: 40 });
    for (const typed of ['4 0', ' 40', '40 ', '-5', '+5', '0', '0.0', 'abc', '1e', 'e1', '1e400']) {
      expect(alertPriceProblem(typed, 59), typed).toEqual({ problem: ALERT_MESSAGES.priceInvalid });
    }
    expect(alertPriceProblem('', 59)).toEqual({ problem: ALERT_MESSAGES.priceRequired });
  });
});

describe('the set-alert request', () => {
  const guid = '2f90d73d-0000-5000-8000-000000000000';

  it('reads absent, null and empty price and scope as none, and numbers as the price typed', () => {
    // anyStore (issue 28's "at any store"): absent reads false, so an old request is this store's alert.
    expect(SetUserAlertBody.parse({ id: guid, country: 'gb' })).toEqual({
      id: { guid: guid.toLowerCase() },
      alertPrice: null,
      brandId: null,
      storeId: null,
      country: 'GB',
      anyStore: false,
    });
    expect(SetUserAlertBody.parse({ id: guid, country: 'US', alertPrice: '', brandId: '', storeId: null })).toEqual({
      id: { guid: guid.toLowerCase() },
      alertPrice: null,
      brandId: null,
      storeId: null,
      country: 'US',
      anyStore: false,
    });
    expect(SetUserAlertBody.parse({ id: guid, country: 'gb', alertPrice: 45.5, brandId: 3 })).toMatchObject({ alertPrice: '45.5', brandId: 3 });
  });

  it('words a bad e-mail and a bad price with the alert messages', () => {
    const email = SetGuestAlertBody.safeParse({ id: guid, country: 'gb' });
    expect(email.success ? [] : email.error.issues.map(issueWording)).toEqual([ALERT_MESSAGES.email]);
    const price = SetUserAlertBody.safeParse({ id: guid, country: 'gb', alertPrice: { n: 1 } });
    expect(price.success ? [] : price.error.issues.map(issueWording)).toEqual([ALERT_MESSAGES.priceInvalid]);
  });

  it('reads unsubscribe’s all as true only when asked', () => {
    expect(AlertUnsubscribeBody.parse({ token: 't' }).all).toBe(false);
    expect([true, 1, '1', 'true'].map((all) => AlertUnsubscribeBody.parse({ token: 't', all }).all)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false'].map((all) => AlertUnsubscribeBody.parse({ token: 't', all }).all)).toEqual([false, false, false, false]);
  });
});
