// The price history call's path and limits, without zod: the product page's code in the
// browser imports these (its answer's schema stays on the server, price-history-schemas.ts).

import { pathTo } from './api-paths';

export const priceHistoryPath = pathTo('/api/products/price-history/:guid');

/** The spans the product page offers. */
export const PRICE_HISTORY_SPANS = [30, 90, 365] as const;
export const PRICE_HISTORY_DEFAULT_DAYS = 90;
export const PRICE_HISTORY_MAX_DAYS = 365;
