import { describe, expect, it } from 'vitest';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { ALERT_MESSAGES } from '../../../shared/validation/alert-rules';
import { alertFormState, alertRequest, anyStoreChoice, scopeLabel, scopesFor, suggestedAlertPrice, type AlertProduct } from '../../../client/components/alerts/alert-rules';
import { isOneClickUnsubscribe } from '../../../server/web/http/xsrf';
import { testTranslator } from '../../support/i18n';

const { t } = testTranslator();

// The Alert dialog's form (spec sections 4 "Alert dialog", 5 "Alert email", "Alert price"),
// what it sends, and the one path whose POST the XSRF check lets through (the one-click
// unsubscribe of RFC 8058).

const dress: AlertProduct = { name: 'Ruched Satin Midi Dress', salePrice: 59.4, brand: { id: 7, name: 'Ava Marlowe' }, store: { id: 3, name: 'Northlane' } };

describe("the Alert dialog's form", () => {
  it('waits for a scope: the price field and Alert Me are off until one of the three is chosen', () => {
    expect(alertFormState({ kind: 'price', scope: '', price: '40', email: undefined, salePrice: 59.4 })).toEqual({ priceEnabled: false, priceProblem: undefined, emailProblem: undefined, canSubmit: false });
    for (const scope of ['item', 'brand', 'store'] as const) {
      expect(alertFormState({ kind: 'price', scope, price: '40', email: undefined, salePrice: 59.4 })).toEqual({ priceEnabled: true, priceProblem: undefined, emailProblem: undefined, canSubmit: true });
    }
    expect(alertFormState({ kind: 'sale', scope: '', price: '', email: undefined, salePrice: 59.4 }).canSubmit).toBe(false);
    expect(alertFormState({ kind: 'sale', scope: 'store', price: '', email: undefined, salePrice: 59.4 })).toEqual({ priceEnabled: false, priceProblem: undefined, emailProblem: undefined, canSubmit: true });
  });

  it('says each price message of spec section 5 and keeps Alert Me off with it', () => {
    const price = (typed: string) => alertFormState({ kind: 'price', scope: 'item', price: typed, email: undefined, salePrice: 59.4 });
    expect(price('')).toMatchObject({ priceProblem: ALERT_MESSAGES.priceRequired, canSubmit: false });
    expect(price('4 0')).toMatchObject({ priceProblem: ALERT_MESSAGES.priceInvalid, canSubmit: false });
    expect(price('-5')).toMatchObject({ priceProblem: ALERT_MESSAGES.priceInvalid, canSubmit: false });
    expect(price('59')).toMatchObject({ priceProblem: ALERT_MESSAGES.priceTooHigh(59), canSubmit: false });
    expect(price('59.9')).toMatchObject({ priceProblem: ALERT_MESSAGES.priceTooHigh(59), canSubmit: false });
    expect(price('5.85e1')).toMatchObject({ priceProblem: undefined, canSubmit: true });
  });

  it("asks a guest's address with the spec's message; a shopper has none to give", () => {
    const guest = (email: string) => alertFormState({ kind: 'sale', scope: 'item', price: '', email, salePrice: 59.4 });
    expect(guest('')).toMatchObject({ emailProblem: ALERT_MESSAGES.email, canSubmit: false });
    expect(guest('Ann@Example.com')).toMatchObject({ emailProblem: ALERT_MESSAGES.email, canSubmit: false });
    expect(guest('ann@example.com')).toMatchObject({ emailProblem: undefined, canSubmit: true });
  });

  it('is off while the product is not known yet', () => {
    expect(alertFormState({ kind: 'sale', scope: 'item', price: '', email: undefined, salePrice: undefined }).canSubmit).toBe(false);
  });

  it('offers the brand only for a product that has one, in words', () => {
    expect(scopesFor('Ava Marlowe')).toEqual(['item', 'brand', 'store']);
    expect(scopesFor(null)).toEqual(['item', 'store']);
    expect(['item', 'brand', 'store'].map((scope) => scopeLabel(t, scope as 'item', 'Ava Marlowe', 'Northlane'))).toEqual(['This item', 'Any item of Ava Marlowe', 'Any item of Northlane']);
  });
});

describe('what the dialog sends (spec section 3 "Sale alert")', () => {
  it("sends a shopper's alert without an address, the scope as the item's own brand or store", () => {
    expect(alertRequest({ kind: 'price', scope: 'brand', price: '45.5', email: undefined, guid: 'g', product: dress, country: 'GB' })).toEqual({
      path: ALERT_API.setUser,
      body: { id: 'g', alertPrice: 45.5, brandId: 7, storeId: null, country: 'gb' },
    });
    expect(alertRequest({ kind: 'sale', scope: 'item', price: '', email: undefined, guid: 'g', product: dress, country: 'US' }).body).toEqual({ id: 'g', alertPrice: null, brandId: null, storeId: null, country: 'us' });
  });

  it("sends a guest's alert with the address to set-alerts", () => {
    expect(alertRequest({ kind: 'sale', scope: 'store', price: '', email: 'ann@example.com', guid: 'g', product: dress, country: 'GB' })).toEqual({
      path: ALERT_API.setGuest,
      body: { id: 'g', alertPrice: null, brandId: null, storeId: 3, country: 'gb', email: 'ann@example.com' },
    });
  });

  it('offers "at any store" on a price alert on this item when more than one store sells the size, and sends it ticked (issue 28)', () => {
    const stores = (n: number) => ({ stores: Array.from({ length: n }, () => ({}) as never) });
    expect(anyStoreChoice(t, 'price', 'item', stores(3))).toBe('Tell me at any store (3 stores sell this size)');
    expect([anyStoreChoice(t, 'price', 'item', stores(1)), anyStoreChoice(t, 'price', 'item', null), anyStoreChoice(t, 'price', 'brand', stores(3)), anyStoreChoice(t, 'sale', 'item', stores(3))]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(alertRequest({ kind: 'price', scope: 'item', price: '40', email: undefined, guid: 'g', product: dress, country: 'GB', anyStore: true }).body).toEqual({
      id: 'g',
      alertPrice: 40,
      brandId: null,
      storeId: null,
      country: 'gb',
      anyStore: true,
    });
  });
});

describe('the one-click unsubscribe path', () => {
  it('is a POST to /alerts/unsubscribe/{token}, with a country site’s prefix or none, and nothing else', () => {
    expect(isOneClickUnsubscribe('POST', '/alerts/unsubscribe/v1.2.u3.abc')).toBe(true);
    expect(isOneClickUnsubscribe('POST', '/us/alerts/unsubscribe/v1.2.u3.abc')).toBe(true);
    expect(isOneClickUnsubscribe('POST', '/ALERTS/Unsubscribe/abc/')).toBe(true);
    expect(isOneClickUnsubscribe('PUT', '/alerts/unsubscribe/abc')).toBe(false);
    expect(isOneClickUnsubscribe('DELETE', '/alerts/unsubscribe/abc')).toBe(false);
    for (const path of ['/alerts/unsubscribe/', '/alerts/unsubscribe/a/b', '/gb/alerts/unsubscribe/a', '/zz/alerts/unsubscribe/a', '/alerts/confirm/a', ALERT_API.unsubscribe, '/x/alerts/unsubscribe/a', '/alerts/unsubscribe']) {
      expect(isOneClickUnsubscribe('POST', path), path).toBe(false);
    }
  });
});

describe('suggestedAlertPrice', () => {
  const low = (price: number) => ({ price, date: '2026-11-01' });
  it('suggests the 90-day low, else the 30-day low, only when it is below today and the form would take it', () => {
    expect(suggestedAlertPrice({ lowest90: low(40), lowest30: low(45) }, 60)).toEqual({ price: 40, label: 'alerts.suggestion.lowest90' });
    expect(t('alerts.suggestion.lowest90')).toBe('Lowest in 90 days');
    expect(suggestedAlertPrice({ lowest90: null, lowest30: low(45) }, 60)).toEqual({ price: 45, label: 'alerts.suggestion.lowest30' });
    expect(t('alerts.suggestion.lowest30')).toBe('Lowest in 30 days');
    // Today is the low: nothing to suggest (104.99 would pass the whole-number check against itself).
    expect(suggestedAlertPrice({ lowest90: null, lowest30: low(104.99) }, 104.99)).toBeUndefined();
    // Below today, but the same whole number: the form would refuse it, so the 30-day low is tried.
    expect(suggestedAlertPrice({ lowest90: low(60.2), lowest30: low(55) }, 60.4)).toEqual({ price: 55, label: 'alerts.suggestion.lowest30' });
    expect(suggestedAlertPrice({ lowest90: null, lowest30: null }, 60)).toBeUndefined();
  });
});
