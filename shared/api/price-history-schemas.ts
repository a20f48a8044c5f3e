import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';

// Its path and limits: price-history-paths.ts.

// A size variant's price history on one country's site (honest prices: shared/reference-price.ts
// is the rule). Amounts are in the site's currency, two decimals at most; dates are UTC days.
//
//   GET /api/products/price-history/{guid}?country=&days=            PriceHistorySchema
//        days: 1 to PRICE_HISTORY_MAX_DAYS (price-history-paths.ts), PRICE_HISTORY_DEFAULT_DAYS when absent. One point per
//        day from the first day it was priced here (at most `days` back) to today: the last
//        price of that day. Unknown guid, or not priced in the country: 404.

const amount = z.number().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PricePointSchema = z.object({
  date: day,
  salePrice: amount,
  msrp: amount,
  /** False when it could not be bought at the end of that day (out of stock): a gap in the chart. */
  available: z.boolean(),
});

/** A low and the last day it was seen at. */
export const PriceLowSchema = z.object({ price: amount, date: day });

export const PriceHistorySchema = z.object({
  guid: z.string(),
  country: z.enum(COUNTRY_CODES),
  currencyCode: z.string(),
  days: z.number().int(),
  points: z.array(PricePointSchema),
  current: PricePointSchema,
  /** The lowest buyable price of the last 30 days (today included), null if none was buyable. */
  lowest30: PriceLowSchema.nullable(),
  /** The same over 90 days: the alert dialog's suggestion. Null unless history reaches back 90 days. */
  lowest90: PriceLowSchema.nullable(),
  /** Today's price is the lowest of the last 90 days, and the history reaches back that far. */
  lowestIn90Days: z.boolean(),
  /** What discounts are measured against (shared/reference-price.ts). */
  reference: z.object({
    price: amount,
    basis: z.enum(['history', 'partial', 'msrp']),
    /** When today's price took effect. */
    since: day,
    /** The first day of comparable history. */
    known: day,
    discount: z.number().int(),
    msrpDiscount: z.number().int(),
  }),
});

export type PricePoint = z.infer<typeof PricePointSchema>;
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
