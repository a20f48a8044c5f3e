import words from './i18n/catalogs/en/giveaway.json' with { type: 'json' };

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
 * What the api answers about entries, in English: read from the giveaway catalogue, where each
 * language has them (issue 29; the page says them with t('giveaway.message.…')).
 */
export const GIVEAWAY_MESSAGES = {
  entered: words['giveaway.message.entered'],
  alreadyEntered: words['giveaway.message.alreadyEntered'],
  closed: words['giveaway.message.closed'],
  adminsOnly: words['giveaway.message.adminsOnly'],
} as const;

/** The giveaway cookie lives until the giveaway closes, and at most this long (the help page says so). */
export const GIVEAWAY_COOKIE_MAX_DAYS = 90;
