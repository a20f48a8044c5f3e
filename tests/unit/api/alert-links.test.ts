import { describe, expect, it } from 'vitest';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import { eventOf } from '../../../server/api/alerts/alert-evaluator';
import type { CatalogChange } from '../../../server/api/catalog/catalog-changes';
import type { Queryable } from '../../../server/api/db/database';

// The unsubscribe links' tokens (signed, not stored) and what a change-log entry can fire.

/** A database that must not be asked: a configured secret needs none. */
const noDatabase: Queryable = {
  query: () => Promise.reject(new Error('the configured secret needs no database')),
  exec: () => Promise.reject(new Error('the configured secret needs no database')),
};

describe('unsubscribe tokens', () => {
  const links = new AlertLinks(noDatabase, 'a-secret-of-at-least-thirty-two-characters');

  it('name the alert and the owner, and verify', async () => {
    const token = await links.sign({ alertId: 42, owner: { kind: 'guest', id: 7 } });
    expect(token).toMatch(/^v1\.42\.g7\.[A-Za-z0-9_-]{43}$/);
    expect(await links.verify(token)).toEqual({ alertId: 42, owner: { kind: 'guest', id: 7 } });
  });

  it('refuse another alert, another owner, another secret, a changed signature and a padded number', async () => {
    const token = await links.sign({ alertId: 42, owner: { kind: 'user', id: 7 } });
    const signature = token.split('.')[3]!;
    const other = await new AlertLinks(noDatabase, 'another-secret-of-at-least-thirty-two-chars').sign({ alertId: 42, owner: { kind: 'user', id: 7 } });
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const bad of [`v1.43.u7.${signature}`, `v1.42.u8.${signature}`, `v1.42.g7.${signature}`, other, `v1.42.u7.${flipped}`, `v1.042.u7.${signature}`, `v2.42.u7.${signature}`, '']) {
      expect(await links.verify(bad), bad).toBeUndefined();
    }
  });
});

describe('what a change-log entry fires', () => {
  const change = (over: Partial<CatalogChange>): CatalogChange => ({
    cursor: 1,
    sizeVariantId: 1,
    guid: 'g',
    country: 'GB',
    currency: 'GBP',
    msrp: 100,
    salePrice: 100,
    availability: 'in_stock',
    recordedAt: new Date(0),
    firstSeen: false,
    previous: { msrp: 100, salePrice: 100, availability: 'in_stock' },
    ...over,
  });
  const kinds = (c: CatalogChange) => {
    const e = eventOf(c);
    return e && { priceDrop: e.priceDrop, saleEvent: e.saleEvent };
  };

  it('a price cut that newly puts the item on sale is both events', () => {
    expect(kinds(change({ salePrice: 80 }))).toEqual({ priceDrop: true, saleEvent: true });
  });

  it('a deeper discount is a sale event; a shallower one, a rise or no move is nothing', () => {
    expect(kinds(change({ salePrice: 70, previous: { msrp: 100, salePrice: 80, availability: 'in_stock' } }))).toEqual({ priceDrop: true, saleEvent: true });
    expect(kinds(change({ salePrice: 90, previous: { msrp: 100, salePrice: 80, availability: 'in_stock' } }))).toBeNull();
    expect(kinds(change({ salePrice: 100 }))).toBeNull();
    expect(kinds(change({ msrp: 120, salePrice: 120 }))).toBeNull();
  });

  it('a list price cut without a sale is a price drop only', () => {
    expect(kinds(change({ msrp: 90, salePrice: 90 }))).toEqual({ priceDrop: true, saleEvent: false });
  });

  it('a first sighting and an item out of stock fire nothing', () => {
    expect(kinds(change({ salePrice: 50, firstSeen: true, previous: null }))).toBeNull();
    expect(kinds(change({ salePrice: 50, availability: 'out_of_stock' }))).toBeNull();
  });

  // Issue 27: back in stock.
  const wasOut = (availability: CatalogChange['availability']) => ({ msrp: 100, salePrice: 100, availability });

  it('a size out of stock that comes back in stock, on preorder or backorder, at any price, is back in stock', () => {
    for (const availability of ['in_stock', 'preorder', 'backorder'] as const) {
      expect(eventOf(change({ availability, previous: wasOut('out_of_stock') }))).toMatchObject({ backInStock: true, priceDrop: false, saleEvent: false });
    }
    expect(eventOf(change({ msrp: 120, salePrice: 120, previous: wasOut('out_of_stock') }))).toMatchObject({ backInStock: true });
  });

  it('a size still out of stock, one that was not, or one whose earlier availability is unknown, is not back in stock', () => {
    expect(eventOf(change({ availability: 'out_of_stock', previous: wasOut('out_of_stock') }))).toBeNull();
    expect(eventOf(change({ previous: wasOut('backorder') }))).toBeNull();
    expect(eventOf(change({ previous: wasOut(null) }))).toBeNull();
  });
});
