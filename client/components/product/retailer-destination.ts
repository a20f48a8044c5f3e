import type { RetailerLink } from '../../../shared/api/product-schemas';

// Where products/loadRetailerProductPage/{guid} sends the shopper (spec section 9:
// "Affiliate ids 5 and 6: 5 opens the direct url; 6 goes through a currency switch with an
// encoded url"). The destination is always built from the size variant's stored retailer
// URL, as the api gave it for the guid: the page never takes an address from the request,
// so it cannot be made to redirect anywhere else (no open redirect).

/** Affiliate 6 stores sell in several currencies from one shop: switch first, then land. */
export const CURRENCY_SWITCH_AFFILIATE = 6;

/**
 * The retailer's currency switch: a path on the retailer's own origin that sets the
 * shopper's currency and then goes on to `return_url` (the product, URL-encoded). The spec
 * does not draw the endpoint; this shape keeps the hop on the retailer's own host.
 */
export const CURRENCY_SWITCH_PATH = '/currency/switch';

/** The stored URL when it is an absolute http(s) address, else null (never a javascript: URL). */
export function retailerUrl(stored: string): URL | null {
  try {
    const url = new URL(stored);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The address to send the shopper on to, or null when the stored one is unusable. */
export function retailerDestination(link: Pick<RetailerLink, 'url' | 'affiliate_id' | 'currencyCode'>): string | null {
  const url = retailerUrl(link.url);
  if (!url) return null;
  if (link.affiliate_id !== CURRENCY_SWITCH_AFFILIATE) return url.href;
  return `${url.origin}${CURRENCY_SWITCH_PATH}?currency=${encodeURIComponent(link.currencyCode)}&return_url=${encodeURIComponent(url.href)}`;
}
