import type { Offer, SizeOffers } from '../../../shared/api/offer-schemas';
import { showsListPrice } from '../listing/product-card-rules';
import { availabilityLabel } from './product-view';

// "Compare N offers" on the product page (issue 28): every store's offer of the chosen size on
// this country's site, as the api sorted them (what can be bought first, each by total). What
// the table says, apart from its markup.

/** What the delivery cell says when the store has not told us (decision 0079: counted as 0 in the total). */
export const DELIVERY_NOT_SHOWN = 'Delivery not shown';
export const FREE_DELIVERY = 'Free delivery';
/** The mark of the offer a shopper pays least for, all in. */
export const CHEAPEST = 'Cheapest';

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
export function compareTitle(count: number): string {
  return `Compare ${count} offers`;
}

/** What delivery costs, in words: free, the price, or not shown. */
export function deliveryWords(delivery: number | null, money: (n: number) => string): string {
  if (delivery === null) return DELIVERY_NOT_SHOWN;
  return delivery === 0 ? FREE_DELIVERY : money(delivery);
}

/** The total, marked when the delivery in it is unknown. */
function totalWords(offer: Offer, money: (n: number) => string): string {
  return offer.delivery === null ? `${money(offer.total)} + delivery` : money(offer.total);
}

/** The rows of a size's offers, in the api's order; none when there is nothing to compare. The first is the cheapest when it can be bought. */
export function offerRows(size: SizeOffers | undefined, money: (n: number) => string): OfferRow[] {
  if (!size || size.offers.length < MIN_OFFERS_COMPARED) return [];
  return size.offers.map((offer, index) => ({
    offer,
    store: offer.storename,
    price: money(offer.saleprice),
    was: showsListPrice({ msrp: offer.msrp, saleprice: offer.saleprice, offers: offer.offers }) ? money(offer.msrp) : null,
    discount: offer.offers > 0 ? `${offer.offers}% OFF` : null,
    delivery: deliveryWords(offer.delivery, money),
    total: totalWords(offer, money),
    stock: availabilityLabel(offer.status),
    cheapest: index === 0 && offer.status !== 0,
  }));
}
