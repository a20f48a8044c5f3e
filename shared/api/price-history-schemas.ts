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
//        Issue 28: `stores` holds a line per store selling the same size here (the size
//        variants sharing its canonical_id, this one first) and `lowest` the lowest total
//        across them per day; the fields before them are this size variant's, as they were.

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

/** A day of one store's line: its price and total (price plus delivery, an unknown delivery counted as 0). */
export const StorePointSchema = z.object({ date: day, salePrice: amount, total: amount, available: z.boolean() });

/** One store's offer of the size on this site, as a line of the chart. */
export const StoreLineSchema = z.object({
  /** That store's size variant. */
  guid: z.string(),
  store: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /**
   * Today's delivery for today's price (shared/free-delivery.ts deliveryPrice), null when
   * unknown ("delivery not shown"). The totals of past days apply today's delivery facts to
   * that day's price: the change log keeps prices, not the shipping a feed gave then.
   */
  delivery: amount.nullable(),
  /** One per day, as `points`; a withdrawn offer's line ends the day it was withdrawn. */
  points: z.array(StorePointSchema),
  /** The day its offer left this site, null while on offer. */
  withdrawn: day.nullable(),
});

/** The lowest total any store asked that day; null (with no guid) when no store had it to buy. */
export const LowestPointSchema = z.object({ date: day, total: amount.nullable(), guid: z.string().nullable() });

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
  /** Every store selling this size on this site (issue 28), this size variant's store first; one when no other does. */
  stores: z.array(StoreLineSchema),
  /** Per day from the first day any line starts to today: the lowest total across `stores`. */
  lowest: z.array(LowestPointSchema),
});

export type PricePoint = z.infer<typeof PricePointSchema>;
export type StorePoint = z.infer<typeof StorePointSchema>;
export type StoreLine = z.infer<typeof StoreLineSchema>;
export type LowestPoint = z.infer<typeof LowestPointSchema>;
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
