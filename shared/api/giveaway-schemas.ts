import { z } from 'zod';

// The giveaway on the api (paths and messages in shared/giveaway.ts):
//
//   GET  /api/account/giveaway           GiveawayStatusSchema (shared)
//   GET  /api/account/giveaway-entry     GiveawayEntrySchema (personal)
//   POST /api/account/giveaway-entry     GiveawayEntrySchema (personal): enters the shopper;
//        409 when they already have (nothing changes), 403 once the giveaway has closed
//   GET  /api/account/giveaway-entries   GiveawayEntriesSchema (personal, admins: else 403)
//
// 401 'UnAuthorized Access!' without a session on the personal routes.

export const GiveawayStatusSchema = z.object({ giveaway: z.string(), closesAt: z.string(), open: z.boolean() });
export type GiveawayStatus = z.infer<typeof GiveawayStatusSchema>;

/** Whether the shopper entered the current giveaway, and when (ISO 8601). */
export const GiveawayEntrySchema = z.object({ giveaway: z.string(), entered: z.boolean(), enteredAt: z.string().nullable() });
export type GiveawayEntry = z.infer<typeof GiveawayEntrySchema>;

export const GiveawayEntriesSchema = z.object({
  giveaway: z.string(),
  total: z.number(),
  /** Oldest first: who entered and how to reach them. */
  entries: z.array(z.object({ userName: z.string(), name: z.string(), email: z.string().nullable(), enteredAt: z.string() })),
});
export type GiveawayEntries = z.infer<typeof GiveawayEntriesSchema>;
