import { z } from 'zod';

// The mailing list (spec section 7: POST /api/account/subscribe {email}), double opt-in: the
// subscribe call sends the address one e-mail with a single-use link to
// /mailing-list/confirm/{token} on the web, whose button confirms it through
// PUT /api/account/confirm-subscription {token}. Nothing else is sent to an address until then.

// The paths are read by page scripts too: subscription-paths.ts imports no zod.
export { SUBSCRIPTION_API, confirmSubscriptionPath } from './subscription-paths';

/** Which form asked: the dialog and the footer word a bad address differently (spec section 5). */
export const SUBSCRIBE_SOURCES = ['dialog', 'footer'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];

/** How long a confirmation link works; a new one is sent at most once an hour per address. */
export const SUBSCRIPTION_CONFIRM_VALID_HOURS = 48;
export const SUBSCRIPTION_MAIL_INTERVAL_MINUTES = 60;

export const SUBSCRIPTION_MESSAGES = {
  // The same words whether the address was new, pending or confirmed already: the answer must
  // not tell anyone who is on the list.
  requested: 'Thank you! Unless this address is on our mailing list already, we have e-mailed it a link to confirm.',
  confirmed: 'Your subscription is confirmed. Welcome to our mailing list!',
  linkInvalid: 'This confirmation link is invalid, used or expired. Please subscribe again for a new one.',
} as const;

/** The answer of both calls: a sentence to show. */
export const SubscriptionResponseSchema = z.object({ message: z.string() });
