import { COUNTRIES, type CountryCode } from './countries';

// Free delivery (spec section 9): "when the sale price is at or above the country threshold
// (GB for gb, US for us) or the INTERNATIONAL threshold when not null". The one rule behind
// the size variant's free_delivery, the card's badge, the Free Delivery deal count and the
// freedelivery filter, so none of them can disagree with another.
//
// A store states its thresholds in its own currency (the manifest, spec section 3
// "Product"), while a site prices in the site's currency. We hold no exchange rates, and
// comparing 93.99 GBP with 95 AUD would be a guess either way; so a threshold decides only
// on a site that prices in the store's currency, and elsewhere the store's threshold is not
// known there (null), which never promises free delivery a shopper might not get.

export type FreeDeliveryThresholds = { GB: number | null; US: number | null; INTERNATIONAL: number | null };

const NONE: FreeDeliveryThresholds = { GB: null, US: null, INTERNATIONAL: null };

/** The store's thresholds as they hold on this country's site: all null where it prices in another currency. */
export function thresholdsOnSite(thresholds: FreeDeliveryThresholds, storeCountry: CountryCode, country: CountryCode): FreeDeliveryThresholds {
  return COUNTRIES[storeCountry].info.currencyCode === COUNTRIES[country].info.currencyCode
    ? { GB: thresholds.GB, US: thresholds.US, INTERNATIONAL: thresholds.INTERNATIONAL }
    : NONE;
}

/** The sale price (in the site's currency) reaches the threshold that applies on this country's site. */
export function hasFreeDelivery(siteThresholds: FreeDeliveryThresholds, salePrice: number, country: CountryCode): boolean {
  const threshold = siteThresholds[COUNTRIES[country].freeDeliveryThreshold];
  return threshold !== null && salePrice >= threshold;
}

/**
 * What delivery costs for one offer on a country's site (issue 28, decision 0079): the feed's
 * own shipping price to that country when it gave one; else free when the sale price reaches
 * the store's threshold there; else the store's delivery price for that country (stores.json
 * `deliveryPrices`); else unknown (`null`: "delivery not shown").
 */
export function deliveryPrice(
  offer: { salePrice: number; shippingPrice: number | null },
  siteThresholds: FreeDeliveryThresholds,
  storeDeliveryPrice: number | null,
  country: CountryCode,
): number | null {
  if (offer.shippingPrice !== null) return offer.shippingPrice;
  if (hasFreeDelivery(siteThresholds, offer.salePrice, country)) return 0;
  return storeDeliveryPrice;
}

/** What the shopper pays in all: the sale price and its delivery, an unknown delivery counted as 0 (and shown as unknown). */
export function offerTotal(salePrice: number, delivery: number | null): number {
  return Math.round((salePrice + (delivery ?? 0)) * 100) / 100;
}
