import { describe, expect, it } from 'vitest';
import { compareTitle, deliveryWords, offerRows } from '../../../client/components/product/offers-view';
import type { Offer, SizeOffers } from '../../../shared/api/offer-schemas';
import { COUNTRIES } from '../../../shared/countries';
import { formatPrice } from '../../../shared/price';
import { testTranslator } from '../../support/i18n';

// "Compare N offers" (issue 28): what each row of the product page's table says, apart from its
// markup: price with the honest discount as the page shows it, delivery in words, the total, the
// stock, the cheapest mark and the row's Buy control.

const GB = COUNTRIES.GB;
const money = (n: number) => formatPrice(n, GB);
const { t } = testTranslator();

const offer = (over: Partial<Offer>): Offer => ({
  guid: '00000000-0000-4000-8000-000000000001',
  path: 'clothing/midi-dresses/linen-midi-dress-s',
  storename: 'Alder & Ash',
  store_slug: 'alder-ash',
  affiliate_id: 1,
  saleprice: 80,
  msrp: 80,
  offers: 0,
  status: 1,
  delivery: 4.95,
  total: 84.95,
  priceAge: { checkedAt: '2026-11-28T09:40:00.000Z', mayBeOutOfDate: false },
  ...over,
});

const sized = (offers: Offer[]): SizeOffers => ({ guid: offers[0]!.guid, gtin: null, mpn: null, canonicalUrl: offers[0]!.path, offers });

describe('the offers table of a size', () => {
  it('reads delivery as free, a price, or not shown', () => {
    expect([0, 4.95, null].map((d) => deliveryWords(t, d, money))).toEqual(['Free delivery', '£4.95', 'Delivery not shown']);
  });

  it('says each offer in the order given, marks the first cheapest, and says the total of an unknown delivery is without it', () => {
    const rows = offerRows(
      t,
      sized([
        offer({ storename: 'Birch Row', saleprice: 79, msrp: 79, delivery: null, total: 79 }),
        offer({ storename: 'Cedar Lane', saleprice: 84, msrp: 105, offers: 20, delivery: 0, total: 84 }),
        offer({ storename: 'Alder & Ash', saleprice: 82, msrp: 82, status: 0, delivery: 4.95, total: 86.95 }),
      ]),
      money,
    );
    expect(rows.map((r) => [r.store, r.cheapest, r.price, r.was, r.discount, r.delivery, r.total, r.stock])).toEqual([
      ['Birch Row', true, '£79', null, null, 'Delivery not shown', '£79 + delivery', 'In stock'],
      ['Cedar Lane', false, '£84', '£105', '20% OFF', 'Free delivery', '£84', 'In stock'],
      ['Alder & Ash', false, '£82', null, null, '£4.95', '£86.95', 'Out of stock'],
    ]);
    expect(compareTitle(t, rows.length)).toBe('Compare 3 offers');
  });

  it('shows the list price only when the honest discount tells the same story', () => {
    // The feed claims 50% off, the price history says 10%: the page shows 10% and no "was" price.
    const [row] = offerRows(t, sized([offer({ saleprice: 90, msrp: 180, offers: 10, total: 94.95 }), offer({ storename: 'Birch Row' })]), money);
    expect([row!.was, row!.discount]).toEqual([null, '10% OFF']);
  });

  it('marks no offer cheapest when none of them can be bought', () => {
    const rows = offerRows(t, sized([offer({ status: 0 }), offer({ storename: 'Birch Row', status: 0, total: 90 })]), money);
    expect(rows.map((r) => r.cheapest)).toEqual([false, false]);
  });

  it('compares nothing for a size only one store sells, or a size the api named no offers for', () => {
    expect(offerRows(t, sized([offer({})]), money)).toEqual([]);
    expect(offerRows(t, undefined, money)).toEqual([]);
  });
});
