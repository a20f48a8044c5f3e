import type { CountryCode } from '../../../shared/countries';
import { deliveryPrice, offerTotal, type FreeDeliveryThresholds } from '../../../shared/free-delivery';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';

// What one store's copy of a product costs a shopper in a country (issue 28): the cheapest
// total (sale price and delivery, shared/free-delivery.ts) of its sizes a shopper can buy
// there, else of all its sizes (a sold-out copy). The index picks a product's card by it
// (documents.ts) and the card says "from" it (product-reader.ts), so both read one rule.

export type PricedSize = { salePrice: number; shippingPrice: number | null; status: number };

/** The copy's cheapest total there, and whether a size of it can be bought; undefined without sizes. */
export function cheapestTotal(
  sizes: readonly PricedSize[],
  siteThresholds: FreeDeliveryThresholds,
  storeDeliveryPrice: number | null,
  country: CountryCode,
): { total: number; inStock: boolean } | undefined {
  let inStockTotal = Infinity;
  let anyTotal = Infinity;
  for (const size of sizes) {
    const total = offerTotal(size.salePrice, deliveryPrice(size, siteThresholds, storeDeliveryPrice, country));
    if (total < anyTotal) anyTotal = total;
    if (size.status !== AVAILABILITY_STATUS.out_of_stock && total < inStockTotal) inStockTotal = total;
  }
  if (anyTotal === Infinity) return undefined;
  return inStockTotal < Infinity ? { total: inStockTotal, inStock: true } : { total: anyTotal, inStock: false };
}
