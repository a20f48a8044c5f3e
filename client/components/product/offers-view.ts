import type { Offer, SizeOffers } from '../../../shared/api/offer-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { showsListPrice } from '../listing/product-card-rules';
import { availabilityLabel } from './product-view';

// "Compare N offers" on the product page (issue 28): every store's offer of the chosen size on
// this country's site, as the api sorted them (what can be bought first, each by total). What
// the table says, apart from its markup, in the page's language (issue 29).

/**
 * The table is shown from two offers on: one offer compares with nothing, and the page above
 * already shows its price, its age and its Buy control (a shopper reading "Compare 1 offer"
 * looks for the others).
 */
export const MIN_OFFERS_COMPARED = 2;

export type OfferRow = {
  /** The offer itself: its store and size variant make the row's Buy control (BuyControl, tracked as the page's own). */
  offer: Offer;
  store: string;
  price: string;
  /** The list price struck through, when the honest discount tells the same story (showsListPrice). */
  was: string | null;
  /** "20% OFF", as the page's own price says it; null when not reduced. */
  discount: string | null;
  delivery: string;
  total: string;
  stock: string;
  cheapest: boolean;
};

/** The heading: "Compare 3 offers". */
export function compareTitle(t: Translate, count: number): string {
  return t('product.offers.title', { count });
}

/** What delivery costs, in words: free, the price, or not shown (decision 0079: counted as 0 in the total). */
export function deliveryWords(t: Translate, delivery: number | null, money: (n: number) => string): string {
  if (delivery === null) return t('product.offers.deliveryNotShown');
  return delivery === 0 ? t('product.offers.freeDelivery') : money(delivery);
}

/** The total, marked when the delivery in it is unknown. */
function totalWords(t: Translate, offer: Offer, money: (n: number) => string): string {
  return offer.delivery === null ? t('product.offers.plusDelivery', { total: money(offer.total) }) : money(offer.total);
}

/** "20% OFF", as the page's own price and each offer say a reduction. */
export function discountWords(t: Translate, percent: number): string {
  return t('product.price.off', { percent });
}

/** The rows of a size's offers, in the api's order; none when there is nothing to compare. The first is the cheapest when it can be bought. */
export function offerRows(t: Translate, size: SizeOffers | undefined, money: (n: number) => string): OfferRow[] {
  if (!size || size.offers.length < MIN_OFFERS_COMPARED) return [];
  return size.offers.map((offer, index) => ({
    offer,
    store: offer.storename,
    price: money(offer.saleprice),
    was: showsListPrice({ msrp: offer.msrp, saleprice: offer.saleprice, offers: offer.offers }) ? money(offer.msrp) : null,
    discount: offer.offers > 0 ? discountWords(t, offer.offers) : null,
    delivery: deliveryWords(t, offer.delivery, money),
    total: totalWords(t, offer, money),
    stock: availabilityLabel(t, offer.status),
    cheapest: index === 0 && offer.status !== 0,
  }));
}
