// The current giveaway's facts that the api enforces and the page shows (spec sections 1, 2
// "giveaway"): its key (entries are stored under it, so the next giveaway starts with none)
// and when it closes. The prize and the rules are the page's content
// (client/content/giveaway.tsx); its endpoints, shared/api/giveaway-paths.ts. No zod here: the
// page imports it.

export const GIVEAWAY = {
  key: 'winter-wardrobe-2027',
  /** Entries are taken until this instant (UTC); after it the giveaway is closed. */
  closesAt: '2027-02-28T23:59:59Z',
} as const;

/**
 * What the api answers about entries, in English; the page says them in its language
 * (t('giveaway.message.…'), issue 29), and a unit test holds them equal to the English
 * catalogue's. Literals: the bundles carry short ids (decision 0080).
 */
export const GIVEAWAY_MESSAGES = {
  entered: 'You have entered the giveaway. Good luck!',
  alreadyEntered: 'You have already entered this giveaway: one entry per shopper, and yours is in. Good luck!',
  closed: 'This giveaway has closed and takes no more entries.',
  adminsOnly: 'Only an admin can see the giveaway entries.',
} as const;

/** The giveaway cookie lives until the giveaway closes, and at most this long (the help page says so). */
export const GIVEAWAY_COOKIE_MAX_DAYS = 90;
